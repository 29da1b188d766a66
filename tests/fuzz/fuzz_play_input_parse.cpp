// libFuzzer target: the stick-input CSV of `fatgraph play --input` (parsePlayInput), from
// memory, against a graph whose edges have the names below. Every input must either parse or
// raise fatgraph::Error; anything else (a crash, a sanitizer report, another exception) is a
// finding. An input that parses is then scheduled as `play` schedules it, so the rows the
// reader accepted (times, clamped sticks, actions, the optional column groups) must make a
// valid schedule too.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "play_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Names as `build` makes them, one with a comma and one with a quote (quoted in the CSV).
  static const std::vector<std::string> edgeNames = {"edge0", "edge1", "walk_left", "turn, sharp",
                                                     "say \"hi\""};
  try {
    const fatgraph::cli::PlayInput in = fatgraph::cli::parsePlayInput(
        std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.csv", edgeNames);
    // At most an hour of input: 10 fps and 2 substeps keep that to 72,001 updates.
    const std::vector<fatgraph::cli::PlayUpdate> updates = fatgraph::cli::schedulePlayUpdates(in, 10.0, 2);
    (void)updates;
  } catch (const fatgraph::Error&) {
    // A clean, reported error: the expected outcome for malformed input.
  }
  return 0;
}
