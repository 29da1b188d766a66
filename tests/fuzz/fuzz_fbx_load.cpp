// libFuzzer target: the FBX importer on arbitrary bytes, from memory (parseFbx). Every input
// must either import or raise fatgraph::Error; anything else (a crash, a sanitizer report,
// another exception, an allocation beyond -malloc_limit_mb) is a finding. Binary and ASCII
// FBX both reach the importer: it tells them apart from other bytes by their first bytes.
//
// Assimp itself is Debian's shared library, not instrumented: coverage guides the fuzzer
// through fatgraph's checks of what Assimp hands over (global settings, nodes, bones, keys;
// every input is read as a character too: its meshes, weights, offsets and materials).
// Assimp validates its scene (aiProcess_ValidateDataStructure) before fatgraph reads it, and
// its internal assertions throw instead of aborting (fbx_import.cpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/fbx_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fatgraph::SceneImportOptions options;
  // Small limits keep each run fast; the importer must still reject what exceeds them cleanly.
  options.maxJoints = 512;
  options.maxFrames = 100'000;
  options.maxVertices = 200'000;
  options.readMeshes = true;
  options.requireAnimation = false;
  try {
    const fatgraph::FbxImport f =
        fatgraph::parseFbx(std::string(reinterpret_cast<const char*>(data), size), "fuzz.fbx", options);
    (void)f;
  } catch (const fatgraph::Error&) {
    // A clean, reported error: the expected outcome for malformed input.
  }
  return 0;
}
