#include "play_terrain.h"

#include <filesystem>
#include <stdexcept>

#include "fatgraph/core/model/error.h"
#include "fatgraph/runtime_io/heightfield_file.h"

namespace fatgraph::cli {

Heightfield loadPlayTerrain(const std::string& spec) {
  if (std::optional<Heightfield> preset = terrainFromSpec(spec)) return std::move(*preset);
  std::error_code ec;
  if (spec.empty() || !std::filesystem::is_regular_file(spec, ec)) {
    throw Error("--terrain '" + spec + "' is neither a terrain preset (" + std::string(kTerrainPresetNames) +
                ") nor a heightfield file");
  }
  try {
    return loadHeightfield(spec);
  } catch (const std::runtime_error& e) {
    throw Error(std::string("--terrain: ") + e.what());
  }
}

}  // namespace fatgraph::cli
