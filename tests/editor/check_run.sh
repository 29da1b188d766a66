#!/usr/bin/env bash
# Runs one of the editor program's smoke tests for ctest and checks how it ended, because
# ctest alone cannot: PASS_REGULAR_EXPRESSION ignores the exit code, WILL_FAIL accepts any
# failure (a crash, or the wrong error).
#   check_run.sh [--xvfb] --fails CODE -- COMMAND...
#       COMMAND must exit with CODE (1 or 2, docs/EDITOR.md) without crashing; ctest's
#       PASS_REGULAR_EXPRESSION then checks the message. Anything else prints
#       "check_run: FAILED" (the entries' FAIL_REGULAR_EXPRESSION).
#   check_run.sh [--xvfb] --image PNG CHECKER -- COMMAND...
#       COMMAND must succeed and write PNG, which CHECKER (screenshot_check) must accept.
#   check_run.sh [--xvfb] -- COMMAND...
#       COMMAND's own exit code (a Qt Test program's, 77 when it skips).
#   --xvfb runs COMMAND under xvfb-run; without xvfb-run the test reports SKIPPED (exit 77).
set -uo pipefail
xvfb=0 mode="" png="" checker="" code=""
while [ $# -gt 0 ]; do
  case "$1" in
    --xvfb) xvfb=1; shift ;;
    --fails) mode=fails; code="$2"; shift 2 ;;
    --image) mode=image; png="$2"; checker="$3"; shift 3 ;;
    --) shift; break ;;
    *) echo "check_run: FAILED: unknown option $1" >&2; exit 2 ;;
  esac
done
run=("$@")
if [ "$xvfb" = 1 ]; then
  if ! command -v xvfb-run > /dev/null; then
    echo "SKIPPED: xvfb-run is missing (apt-get install xvfb xauth)"
    exit 77
  fi
  run=(xvfb-run -a -s "-screen 0 1280x800x24" "${run[@]}")
fi
[ -z "$mode" ] && exec "${run[@]}"
[ "$mode" = image ] && rm -f "$png"
"${run[@]}"
rc=$?
if [ "$mode" = fails ]; then
  if [ "$rc" = 0 ]; then
    echo "check_run: FAILED: the command succeeded but must fail"
    exit 1
  elif [ "$rc" -ge 128 ]; then
    echo "check_run: FAILED: the command crashed (exit $rc) instead of failing with its message"
    exit 1
  elif [ "$rc" != "$code" ]; then
    echo "check_run: FAILED: the command exited with $rc, expected $code"
    exit 1
  fi
  exit 0
fi
if [ "$rc" != 0 ]; then
  echo "check_run: FAILED: the command exited with $rc"
  exit 1
fi
"$checker" "$png" || { echo "check_run: FAILED: $png is not a picture of the view"; exit 1; }
