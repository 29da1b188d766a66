// libFuzzer target: the project loader (loadProject, HDF5 .fgproj) and the cheap file check
// (isProjectFile) on arbitrary bytes. The loader reads paths only, so every input is written
// to one file in a private temporary directory first. loadProject must either return a
// project or raise fatgraph::Error; isProjectFile must never throw. Anything else is a
// finding.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fatgraph/core/error.h"
#include "fatgraph/core/project_store.h"

namespace {

// A private directory holding the one input file, removed at exit.
struct InputFile {
  std::string dir, path;
  InputFile() {
    const char* tmp = std::getenv("TMPDIR");
    dir = std::string(tmp != nullptr ? tmp : "/tmp") + "/fatgraph-fuzz-XXXXXX";
    if (::mkdtemp(dir.data()) == nullptr) std::abort();
    path = dir + "/input.fgproj";
  }
  ~InputFile() {
    std::remove(path.c_str());
    ::rmdir(dir.c_str());
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const InputFile input;
  const std::string& path = input.path;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) std::abort();
  if (size > 0 && std::fwrite(data, 1, size, f) != size) std::abort();
  std::fclose(f);
  (void)fatgraph::isProjectFile(path);
  try {
    const fatgraph::Project p = fatgraph::loadProject(path);
    (void)p;
  } catch (const fatgraph::Error&) {
    // A clean, reported error: the expected outcome for a corrupt file.
  }
  return 0;
}
