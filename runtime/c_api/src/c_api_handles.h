#pragma once
// What the C API's opaque handles are: a loaded graph shared by its players, and a player with
// the terrain it stands on and its palette buffers.
#include <memory>
#include <vector>

#include "callback_terrain.h"
#include "fatgraph/fatgraph_runtime_c.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime/terrain.h"

/// The C handle of a loaded graph: one reference to it. Players hold their own, so the graph
/// lives until the handle and every player made from it are freed.
struct fg_graph {
  std::shared_ptr<const fatgraph::RuntimeGraph> graph;
};

struct fg_player {
  fg_player(std::shared_ptr<const fatgraph::RuntimeGraph> g, const fatgraph::PlayerOptions& options);

  std::shared_ptr<const fatgraph::RuntimeGraph> graph;  // declared first: the player refers to it
  fatgraph::Player player;
  /// The terrain the player stands on (a CallbackTerrain or a preset Heightfield); null: flat.
  std::unique_ptr<fatgraph::Terrain> terrain;
  /// The body's inverse bind matrices, or the identity per joint when the graph has no body.
  std::vector<fatgraph::Float4x4> inverseBind;
  mutable std::vector<fatgraph::Float4x4> palette;  // the palette job's output, J matrices
};
