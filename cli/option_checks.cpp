#include "option_checks.h"

#include <charconv>
#include <cmath>
#include <sstream>

namespace fatgraph::cli {
namespace {

// A bound as --help and the messages show it: no trailing zeros.
std::string boundText(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// A CLI11 check that passes what `accepts` takes (which may rewrite the value, and only when it
// takes it) and otherwise says "expects <what>, got '<value>'"; --help shows `what` when
// `described`.
CLI::Validator expecting(const std::string& what, std::function<bool(std::string&)> accepts,
                         bool described = true) {
  return CLI::Validator(
      [what, accepts](std::string& value) {
        return accepts(value) ? std::string() : "expects " + what + ", got '" + value + "'";
      },
      described ? what : std::string());
}

template <class T>
bool parseWhole(const std::string& text, T& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

CLI::Validator integerIn(long long lowest, long long highest) {
  const std::string what = highest == std::numeric_limits<int>::max()
                               ? "an integer >= " + std::to_string(lowest)
                               : "an integer in [" + std::to_string(lowest) + ", " + std::to_string(highest) + "]";
  return expecting(what, [lowest, highest](std::string& value) {
    long long n = 0;
    if (!parseWhole(value, n) || n < lowest || n > highest) return false;
    value = std::to_string(n);  // CLI11 would read "010" as octal
    return true;
  });
}

CLI::Validator wholeNumber() {
  const std::string what = "a whole number from 0 to " + std::to_string(std::numeric_limits<std::uint64_t>::max());
  return expecting(what, [](std::string& value) {
    std::uint64_t n = 0;
    if (!parseWhole(value, n)) return false;
    value = std::to_string(n);
    return true;
  });
}

CLI::Validator numberIn(double lowest, double highest, bool openBelow) {
  std::string what = "a number ";
  if (std::isinf(highest)) {
    what += (openBelow ? "> " : ">= ") + boundText(lowest);
  } else {
    what += "in " + std::string(openBelow ? "(" : "[") + boundText(lowest) + ", " + boundText(highest) + "]";
  }
  return expecting(what, [lowest, highest, openBelow](std::string& value) {
    double x = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), x);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || !std::isfinite(x)) return false;
    return (openBelow ? x > lowest : x >= lowest) && x <= highest;
  });
}

CLI::Validator positiveNumber() { return numberIn(0.0, std::numeric_limits<double>::infinity(), true); }

CLI::Validator wordsOr(const std::vector<std::string>& words, const CLI::Validator& number) {
  std::string what;
  for (const std::string& w : words) what += (what.empty() ? "" : ", ") + w;
  what += " or " + number.get_description();
  return expecting(what, [words, number](std::string& value) {
    for (const std::string& w : words)
      if (value == w) return true;
    return number(value).empty();
  });
}

CLI::Validator fileKind(const std::string& what, std::function<bool(const std::string&)> accepts) {
  return expecting(what, [accepts](std::string& value) { return accepts(value); });
}

CLI::Validator notEmpty(const std::string& what) {
  return expecting(what, [](std::string& value) { return !value.empty(); }, false);  // too plain for --help
}

}  // namespace fatgraph::cli
