#include "play/preview_graph.h"

#include <QCoreApplication>

#include <Eigen/Geometry>
#include <exception>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/core/locomotion/character_heading.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/param/runtime_graph_builder.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("PreviewGraph", text); }

}  // namespace

QString buildPreviewGraph(const Project& project, RuntimeGraph& graph) {
  graph = RuntimeGraph{};
  if (project.graph.fatEdges.empty()) return tr("No fat edges: build the graph first");
  try {
    graph = buildRuntimeGraph(project);
  } catch (const std::exception& e) {
    graph = RuntimeGraph{};
    return tr("No preview: %1").arg(QString::fromStdString(e.what()));
  }
  if (graph.edges.empty()) return tr("No fat edges: build the graph first");
  return {};
}

std::shared_ptr<const PreviewGraph> makePreviewGraph(const Project& project, QString& why) {
  auto preview = std::make_shared<PreviewGraph>();
  why = buildPreviewGraph(project, preview->graph);
  if (!why.isEmpty()) return nullptr;
  preview->skeleton = project.skeleton;
  for (const RuntimeEdge& edge : preview->graph.edges) {
    preview->edgeStarts.push_back(edgeStartFrame(project, edge));
  }
  return preview;
}

CharacterFrame edgeStartFrame(const Project& project, const RuntimeEdge& edge) {
  if (edge.referenceSegment < 0 ||
      edge.referenceSegment >= static_cast<int>(edge.segments.size())) {
    return {};
  }
  const RuntimeSegment& reference = edge.segments[static_cast<size_t>(edge.referenceSegment)];
  const int clip = project.findClip(reference.clip);
  if (clip < 0) return {};
  const Clip& c = project.clips[static_cast<size_t>(clip)];
  if (reference.firstFrame < 0 || reference.firstFrame >= c.frameCount() || c.jointCount == 0) {
    return {};
  }
  // The motion root's ground position and yaw (a still reference bone above the hips never
  // moves), turned by the rig's facing so a rig whose rest pose faces -Z starts the right way.
  const int m = project.skeleton.motionRoot;
  std::vector<Quat> rotations(static_cast<size_t>(c.jointCount));
  std::vector<Vec3> positions(static_cast<size_t>(c.jointCount));
  clipFrameToModel(project.skeleton, c, reference.firstFrame, rotations, positions);
  const Vec3& root = positions[static_cast<size_t>(m)];
  CharacterFrame frame;
  frame.position = Float3{static_cast<float>(root.x()), 0.0f, static_cast<float>(root.z())};
  frame.yaw = static_cast<float>(headingYaw(rotations[static_cast<size_t>(m)]) +
                                 rootFacingOffset(project.skeleton, c, project.legs, reference.firstFrame,
                                                  reference.firstFrame + reference.frameCount - 1));
  return frame;
}

PreviewFootprints legLayerFootprints(Span<const LegReport> reports,
                                     const std::vector<RuntimeLeg>& legs, double yaw) {
  PreviewFootprints out;
  const Eigen::Vector3f forward =
      Eigen::AngleAxisf(static_cast<float>(yaw), Eigen::Vector3f::UnitY()) *
      Eigen::Vector3f::UnitZ();
  auto qt = [](const Eigen::Vector3f& v) { return QVector3D(v.x(), v.y(), v.z()); };
  for (size_t l = 0; l < reports.size() && l < legs.size(); ++l) {
    out.legNames.push_back(QString::fromStdString(legs[l].name));
    const Eigen::Vector3f foot = forward * legs[l].footLength;
    for (const Float3& footprint : {reports[l].previousFootprint, reports[l].nextFootprint}) {
      const Eigen::Vector3f p = toEigen(footprint);
      if (p.isZero()) continue;  // the layer has not placed this footprint yet
      out.footprints.push_back({static_cast<int>(l), 0, qt(p), qt(p + foot)});
    }
  }
  return out;
}

}  // namespace fatgraph::editor
