// libFuzzer target: the edits file of `fatgraph edit PROJECT EDITS.json` (applyGraphEdits:
// a JSON array of edit objects, each read by graphEditFromJson's reader), from memory,
// applied to an empty project. Every input must either apply or raise fatgraph::Error;
// anything else (a crash, a sanitizer report, another exception) is a finding. With no clips
// an edit that names a hub, a segment, a clip or an edge fails its argument checks and the
// others apply to an empty graph, so the target covers the reader of every op and those
// checks, not the re-derivations of a real project (the tests cover those), and stays fast.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/model/project.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fatgraph::Project project;
  try {
    (void)fatgraph::applyGraphEdits(project, std::string(reinterpret_cast<const char*>(data), size));
  } catch (const fatgraph::Error&) {
    // A clean, reported error: the expected outcome for malformed or unfitting edits.
  }
  return 0;
}
