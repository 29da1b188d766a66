// libFuzzer target: the heightfield loader (loadHeightfield, the text ground file of
// `fatgraph play --terrain FILE`) on arbitrary bytes, written to a file first (the loader reads
// paths only). It must either return a heightfield or throw std::runtime_error naming the file.
// A heightfield it returns has passed Heightfield::create's checks, which the leg layer's
// queries rely on, so the target then queries it at its corners, its centre and outside the
// grid, heights, normals and downward rays: a crash or sanitizer report there is a finding
// against those checks as much as the queries.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "fatgraph/runtime_io/heightfield_file.h"
#include "fuzz_input_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fatgraph::fuzz::InputFile input("input.heightfield");
  const std::string& path = input.write(data, size);
  std::optional<fatgraph::Heightfield> loaded;
  try {
    loaded = fatgraph::loadHeightfield(path);
  } catch (const std::runtime_error& e) {
    // A clean, reported error must name the file first ("<file>:<line>: ...").
    if (std::string(e.what()).rfind(path + ":", 0) != 0) std::abort();
    return 0;
  }
  const fatgraph::Heightfield& field = *loaded;
  // Points as fractions of the grid's extent (corners, centre, beyond each side), in double so
  // that a huge grid gives far points rather than infinities; points a float cannot hold are
  // outside every query's contract and skipped.
  const double width = static_cast<double>(field.cellSize()) * (field.cols() - 1);
  const double depth = static_cast<double>(field.cellSize()) * (field.rows() - 1);
  const float top = field.maxHeight() + 1.0f;
  const float drop = top - field.minHeight() + 2.0f;
  const double at[][2] = {{0, 0}, {1, 1}, {0.5, 0.5}, {-0.25, 0.5}, {1.25, -0.25}, {0.3, 0.7}};
  for (const auto& f : at) {
    const double xd = field.originX() + f[0] * width, zd = field.originZ() + f[1] * depth;
    if (std::abs(xd) > std::numeric_limits<float>::max() || std::abs(zd) > std::numeric_limits<float>::max()) {
      continue;
    }
    const float x = static_cast<float>(xd), z = static_cast<float>(zd);
    (void)field.height(x, z);
    (void)field.normal(x, z);
    (void)field.raycast({x, top, z}, {0, -1, 0}, drop);
  }
  // One slanted ray from a corner across the grid (non-finite values give no hit).
  (void)field.raycast({field.originX(), top, field.originZ()}, {0.6f, -0.2f, 0.8f},
                      fatgraph::Heightfield::kMaxRayLength);
  return 0;
}
