#pragma once
// The player's update as jobs a game can call one by one, putting its own layers between them
// (a head look-at, a ragdoll blend, an aim offset), as ozz-animation's runtime does. Player
// (player.h) composes the same jobs and stays the one-call path.
//
//   LocomotionControl (locomotion_control.h)   the weights, the cycle rate, the edge at a hub
//     -> AdvanceEdgeClockJob  the edge clock (edge_clock.h): T by eq. 2, the root delta
//     -> StartTransitionJob   at a hub, the transition's offset (transition.h)
//     -> SampleEdgeClockJob   local pose at the clock, structure of arrays (SoA); or
//        SampleEdgeJob        the same from an edge, a T and weights alone
//     -> ApplyTransitionJob   the decaying offset on that pose (transition.h)
//     -> LocalToModelJob      model-space pose (character space)
//     -> LegLayerJob          feet planted on the terrain (leg_layer.h), in place
//     -> SkinningPaletteJob   one matrix per joint (skinning.h)
//     -> SkinVerticesJob      skinned vertices on the CPU (skinning.h)
//
// Every job is a struct of inputs and outputs: the caller owns every span (sized once, reused
// each frame), validate() says whether they fit, and run() does nothing but return false when
// they do not. No job allocates, throws or keeps state between runs (the leg layer keeps its
// footprints in the LegLayer it is given). A job reads its graph unchecked, so the graph must
// have passed RuntimeGraph::validate(), as every loaded graph has.
//
// Pose layouts. A local pose is structure of arrays: rotations 4J floats x[J] y[J] z[J] w[J],
// translations 3J floats x[J] y[J] z[J] (the rest offset for a joint whose translation is not
// animated). Model-space poses are arrays of J Quaternion and J Float3.
#include <vector>

#include "fatgraph/runtime/leg_layer.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime/skinning.h"

namespace fatgraph {

/// The local pose of edge `edge` at reference time T with blend weights (Fat Graph §5): every
/// weighted segment sampled at its own time F_i(T) (linear between its two frames), the
/// weighted sum of the sign-aligned quaternions normalized once per joint. Weights need not be
/// normalized; non-finite or negative ones count as 0, and with none left the reference segment
/// plays alone. The root comes out in its heading frame (RuntimeGraph: heading and ground
/// position removed). The same kernel the player runs, so its output is bitwise the player's
/// for the same clock (before the player's transition offsets).
struct SampleEdgeJob {
  const RuntimeGraph* graph = nullptr;
  int edge = -1;
  float referenceTime = 0;       ///< T, seconds, clamped to [0, the edge's reference duration]
  Span<const float> weights;     ///< one per segment of the edge
  Span<float> rotations;         ///< output, 4J floats (SoA)
  Span<float> translations;      ///< output, 3J floats (SoA)

  /// A graph, an edge of it, a weight per segment, output spans of the sizes above.
  bool validate() const;
  bool run() const;
};

/// Forward kinematics from a local SoA pose (SampleEdgeJob's output, or a game's layer on it):
///   R_model(j) = R_model(p) R_local(j),   x_model(j) = x_model(p) + R_model(p) t_local(j).
struct LocalToModelJob {
  Span<const int> parents;              ///< the skeleton's parent table (J entries, parents first)
  /// Optional: the joints in the order to visit them, each after its parent (depthOrder():
  /// joints of one depth together, which lets the CPU overlap independent limbs). Empty: file
  /// order.
  Span<const int> order;
  Span<const float> localRotations;     ///< 4J floats (SoA), unit quaternions
  Span<const float> localTranslations;  ///< 3J floats (SoA)
  Span<float> scratch;                  ///< working memory, at least 7J floats
  Span<Quaternion> modelRotations;      ///< output, J
  Span<Float3> modelPositions;          ///< output, J

  /// Spans of the sizes above, parents before their children, an order (when given) that
  /// lists every joint once, each after its parent.
  bool validate() const;
  /// Checks what memory safety needs (the sizes; order entries in range) and runs: a per-frame
  /// call does not pay for the order's full check, which validate() makes once.
  bool run() const;
};

/// The joints of `skeleton` by depth (roots first, then their children, ...), file order within
/// one depth: LocalToModelJob's order. Allocates; call it once at load.
std::vector<int> depthOrder(const RuntimeSkeleton& skeleton);

/// The leg layer as a job: plants the feet of a model-space pose on the layer's terrain
/// (LegLayer::apply, leg_layer.h). The LegLayer carries footprints from update to update, so
/// one serves one character.
struct LegLayerJob {
  LegLayer* layer = nullptr;
  LegLayer::Input input;            ///< the clock and character frame of this update
  Span<const int> parents;          ///< the skeleton's parent table
  Span<Quaternion> modelRotations;  ///< in and out, J
  Span<Float3> modelPositions;      ///< in and out, J

  /// A layer, spans of the graph's joint count. Odd values inside `input` (NaN, an unknown
  /// edge) are the layer's to report: it passes the pose through and counts a warning.
  bool validate() const;
  bool run() const;
};

}  // namespace fatgraph
