// libFuzzer target: the BVH parser on arbitrary bytes, from memory (parseBvh). Every input
// must either parse or raise fatgraph::Error; anything else (a crash, a sanitizer report,
// another exception, an allocation beyond -malloc_limit_mb) is a finding.
//
// The first byte, when the input starts with a byte below 0x08 (never in a BVH file), picks
// the options: bit 0 resamples to 30 fps, bit 1 keeps a detected reference pose, bit 2
// forces centimetres; the rest is the text. Other inputs parse with the defaults.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fatgraph::BvhImportOptions options;
  // Small limits keep each run fast; the parser must still reject what exceeds them cleanly.
  options.maxJoints = 512;
  options.maxFrames = 100'000;
  if (size > 0 && data[0] < 0x08) {
    if (data[0] & 1) options.resampleFps = 30.0;
    if (data[0] & 2) options.dropReferencePose = false;
    if (data[0] & 4) options.units = fatgraph::BvhUnits::Centimetres;
    ++data;
    --size;
  }
  try {
    const fatgraph::BvhImport b =
        fatgraph::parseBvh(std::string_view(reinterpret_cast<const char*>(data), size),
                           "fuzz.bvh", options);
    (void)b;
  } catch (const fatgraph::Error&) {
    // A clean, reported error: the expected outcome for malformed input.
  }
  return 0;
}
