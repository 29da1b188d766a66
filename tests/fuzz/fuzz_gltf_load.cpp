// libFuzzer target: the glTF importer on arbitrary bytes, from memory (parseGltf). Every input
// must either import or raise fatgraph::Error; anything else (a crash, a sanitizer report,
// another exception, an allocation beyond -malloc_limit_mb) is a finding. Binary (.glb) and
// JSON (.gltf) inputs both reach the importer: it tells them apart by their first bytes.
//
// tinygltf itself is Debian's shared library, not instrumented: coverage guides the fuzzer
// through fatgraph's checks of what tinygltf hands over (skins, nodes, accessors, samplers,
// meshes: every input is read as a character too, its primitives, weights and bind matrices).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/gltf_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fatgraph::GltfImportOptions options;
  // Small limits keep each run fast; the importer must still reject what exceeds them cleanly.
  options.maxJoints = 512;
  options.maxFrames = 100'000;
  options.maxVertices = 200'000;
  options.readMeshes = true;
  options.requireAnimation = false;
  // A directory that does not exist: relative buffer URIs in the input resolve to nothing.
  const std::string name = "/nonexistent-fatgraph-fuzz/fuzz.gltf";
  try {
    const fatgraph::GltfImport g =
        fatgraph::parseGltf(std::string(reinterpret_cast<const char*>(data), size), name, options);
    (void)g;
  } catch (const fatgraph::Error&) {
    // A clean, reported error: the expected outcome for malformed input.
  }
  return 0;
}
