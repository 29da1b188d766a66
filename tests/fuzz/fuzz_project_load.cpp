// libFuzzer target: the project loader (loadProject, HDF5 .fgproj) and the cheap file check
// (isProjectFile) on arbitrary bytes, written to a file first (the loader reads paths only).
// loadProject must either return a project or raise fatgraph::Error; isProjectFile must never
// throw. Anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/project_store.h"
#include "fuzz_input_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fatgraph::fuzz::InputFile input("input.fgproj");
  const std::string& path = input.write(data, size);
  (void)fatgraph::isProjectFile(path);
  try {
    const fatgraph::Project p = fatgraph::loadProject(path);
    (void)p;
  } catch (const fatgraph::Error&) {
    // A clean, reported error: the expected outcome for a corrupt file.
  }
  return 0;
}
