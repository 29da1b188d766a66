#pragma once
// The ground `fatgraph play --terrain SPEC` walks on (docs/PLAY.md): a built-in preset by name
// (terrain.h: flat, slope15, slope25, stairs15cm, bumps) or a heightfield file
// (runtime_io heightfield_file.h).
#include <string>

#include "fatgraph/runtime/terrain.h"

namespace fatgraph::cli {

/// The heightfield SPEC names. A preset name wins over a file of the same name in the working
/// directory (write ./flat to mean the file). Throws fatgraph::Error with one line naming the
/// spec and the presets when SPEC is neither a preset nor an existing file, or the file's own
/// "<file>:<line>: ..." reason when it does not load.
Heightfield loadPlayTerrain(const std::string& spec);

}  // namespace fatgraph::cli
