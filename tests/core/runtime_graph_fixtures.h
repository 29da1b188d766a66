#pragma once
// Runtime graphs for the runtime-player tests: hand-made edges over synthetic walks (known
// speeds and turns) and the real 144_03 walk at 30 fps, plus a world-space FK helper.
#include <string>
#include <vector>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/locomotion/character_heading.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph::test {

inline const std::string kWalk14403 = std::string(FATGRAPH_DATA_DIR) + "/cmu-leonardo-ono-roll/144_03.bvh";

/// 144_03 imported through core's admission path, resampled to 30 fps; no graph.
inline Project walk14403Project() {
  ClipSetOptions options;
  options.fps = 30.0;
  return importClipSet({kWalk14403}, options).project;
}

/// 144_03 as the default import admits it, built with one hub and parameterized small (40
/// samples, an 8 x 8 grid: the file, not the fit, is what the .fgraph tests look at), every
/// edge with leg cycles: the graph the file tests export.
inline Project smallParameterizedWalk14403() {
  Project project = importClipSet({kWalk14403}, {}).project;
  BuildOptions options;
  options.hubCount = 1;
  buildMotionGraph(project, options);
  project.settings.parameterization.samples = 40;
  project.settings.parameterization.grid = 8;
  project.settings.locomotion = LocomotionSelection::All;  // leg cycles in the file
  parameterizeGraph(project);
  return project;
}

/// A straight or turning synthetic walk at 30 fps (a whole number of frames per cycle).
inline SyntheticMotion syntheticWalk(double turningRate = 0.0, double cycles = 4.0) {
  SyntheticWalkParams params;
  params.cycles = cycles;
  params.turningRate = turningRate;
  params.period = 32.0 / 30.0;
  params.startHeading = 0.7;
  params.startPosition = Vec3(1.5, 0.0, -2.0);
  return generateBipedWalk(params);
}

/// A runtime graph with one hub whose edges all loop back to it, one edge per entry of
/// `edges` (each a list of [first, last] frame ranges of clip 0, the first the reference).
inline RuntimeGraph loopGraph(const Skeleton& skeleton, const std::vector<Clip>& clips,
                              const std::vector<std::vector<std::pair<int, int>>>& edges) {
  RuntimeGraph graph;
  graph.skeleton = toRuntimeSkeleton(skeleton);
  graph.translatedJoints = runtimeTranslatedJoints(skeleton);
  graph.fps = static_cast<float>(clips.front().fps);
  graph.hubs.resize(1);
  graph.hubs[0].name = "hub0";
  for (std::size_t e = 0; e < edges.size(); ++e) {
    RuntimeEdgeSource source;
    source.name = "edge" + std::to_string(e);
    source.fromHub = source.toHub = 0;
    for (const auto& [first, last] : edges[e]) source.segments.push_back({0, first, last, {}});
    graph.edges.push_back(buildRuntimeEdge(skeleton, clips, clips.front().fps, source));
    graph.hubs[0].outgoing.push_back(static_cast<int>(e));
    if (graph.hubs[0].defaultEdge < 0 ||
        edges[e].size() > graph.edges[graph.hubs[0].defaultEdge].segments.size())
      graph.hubs[0].defaultEdge = static_cast<int>(e);
  }
  graph.startEdge = graph.hubs[0].defaultEdge;
  return graph;
}

/// The character frame a segment starts from so that playing it reproduces the clip in the
/// world: the root's ground position and heading at its first frame.
inline CharacterFrame segmentStartFrame(const Skeleton& skeleton, const Clip& clip, int first) {
  CharacterFrame frame;
  const Vec3 root = clip.frameTranslations(first)[0];
  frame.position = toFloat3(Vec3(root.x(), 0.0, root.z()));
  frame.yaw = static_cast<float>(characterHeadings(skeleton, clip, detectLegs(skeleton, &clip))[first]);
  return frame;
}

/// World-space joint positions of a float local pose placed by a character frame.
inline std::vector<Vec3> worldPositions(const Skeleton& skeleton, const std::vector<Quaternion>& rotations,
                                        const std::vector<Float3>& translations, const CharacterFrame& frame) {
  const int joints = skeleton.jointCount();
  std::vector<Quat> r(joints), modelR(joints);
  std::vector<Vec3> t(joints), modelX(joints);
  for (int j = 0; j < joints; ++j) {
    r[j] = toEigenDouble(rotations[j]);
    t[j] = toEigenDouble(translations[j]);
  }
  localToModel(skeleton, r, t, modelR, modelX);
  modelToWorld({yawRotation(frame.yaw), toEigenDouble(frame.position)}, modelR, modelX);
  return modelX;
}

/// World-space joint positions of a clip frame.
inline std::vector<Vec3> clipPositions(const Skeleton& skeleton, const Clip& clip, int frame) {
  std::vector<Quat> r(skeleton.jointCount());
  std::vector<Vec3> x(skeleton.jointCount());
  clipFrameToModel(skeleton, clip, frame, r, x);
  return x;
}

}  // namespace fatgraph::test
