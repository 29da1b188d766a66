#include "document/held_bytes.h"

namespace fatgraph::editor {
namespace {

// A string's characters live in the object itself up to this length (libstdc++: 15).
constexpr std::size_t kInlineString = sizeof(std::string) - sizeof(std::size_t) - sizeof(char*) - 1;

std::size_t heldBytes(const Eigen::VectorXd& v) { return static_cast<std::size_t>(v.size()) * sizeof(double); }

std::size_t heldBytes(const EdgeParameterChoice& c) { return editor::heldBytes(c.edge); }
std::size_t heldBytes(const EdgeLocomotionChoice& c) { return editor::heldBytes(c.edge); }
std::size_t heldBytes(const EdgeJoystickChoice& c) { return editor::heldBytes(c.edge); }
std::size_t heldBytes(const ActionBinding& b) { return editor::heldBytes(b.input) + editor::heldBytes(b.edge); }
std::size_t heldBytes(const HubRejection& r) { return editor::heldBytes(r.clip); }
std::size_t heldBytes(const Leg& leg) { return bufferBytes(leg.chain) + editor::heldBytes(leg.name); }
std::size_t heldBytes(const WarpMap& w) { return bufferBytes(w.from) + bufferBytes(w.to); }

}  // namespace

std::size_t heldBytes(const std::string& text) { return text.size() > kInlineString ? text.capacity() + 1 : 0; }

std::size_t heldBytes(const std::vector<std::string>& texts) {
  std::size_t bytes = bufferBytes(texts);
  for (const std::string& t : texts) bytes += heldBytes(t);
  return bytes;
}

std::size_t heldBytes(const Clip& clip) {
  return heldBytes(clip.name) + heldBytes(clip.source) + bufferBytes(clip.rotations) + bufferBytes(clip.translations);
}

std::size_t heldBytes(const Skeleton& s) {
  return heldBytes(s.names) + bufferBytes(s.parents) + bufferBytes(s.restOffsets) + s.animatedTranslation.capacity() / 8 +
         bufferBytes(s.endSites);
}

std::size_t heldBytes(const GraphSettings& s) {
  std::size_t bytes = bufferBytes(s.jointWeights);
  for (const auto& c : s.edgeParameterChoices) bytes += heldBytes(c);
  for (const auto& c : s.edgeLocomotionChoices) bytes += heldBytes(c);
  for (const auto& c : s.edgeJoystickChoices) bytes += heldBytes(c);
  for (const auto& b : s.actionBindings) bytes += heldBytes(b);
  for (const auto& r : s.hubRejections) bytes += heldBytes(r);
  return bytes + bufferBytes(s.edgeParameterChoices) + bufferBytes(s.edgeLocomotionChoices) +
         bufferBytes(s.edgeJoystickChoices) + bufferBytes(s.actionBindings) + bufferBytes(s.hubRejections);
}

std::size_t heldBytes(const LegSetup& legs) {
  std::size_t bytes = bufferBytes(legs.legs) + heldBytes(legs.method) + heldBytes(legs.notes);
  for (const Leg& leg : legs.legs) bytes += heldBytes(leg);
  return bytes;
}

std::size_t heldBytes(const DistanceCache& d) {
  const DistanceScan& s = d.scan;
  return heldBytes(d.fingerprint) + bufferBytes(s.minimaBins) + bufferBytes(s.rowMinima) + bufferBytes(s.allBins) +
         bufferBytes(s.heat);
}

std::size_t heldBytes(const Hub& hub) { return heldBytes(hub.name) + bufferBytes(hub.matchSet); }

std::size_t heldBytes(const FatEdge& edge) {
  std::size_t bytes = heldBytes(edge.name) + bufferBytes(edge.segments) + bufferBytes(edge.warps);
  for (const WarpMap& w : edge.warps) bytes += heldBytes(w);
  return bytes;
}

std::size_t heldBytes(const EdgeParameterization& p) {
  std::size_t bytes = heldBytes(p.edge) + heldBytes(p.jointReason) + bufferBytes(p.sampleWeights) +
                      bufferBytes(p.samplePositions) + heldBytes(p.plane.reason) + bufferBytes(p.plane.projected) +
                      heldBytes(p.triangulation.reason) + bufferBytes(p.triangulation.sites) +
                      bufferBytes(p.triangulation.weights) + bufferBytes(p.triangulation.siteOfPoint) +
                      bufferBytes(p.triangulation.triangles) + bufferBytes(p.triangulation.hull) +
                      bufferBytes(p.grid.weights) + bufferBytes(p.vertexError) + heldBytes(p.notes);
  for (const Eigen::VectorXd& w : p.sampleWeights) bytes += heldBytes(w);
  for (const Eigen::VectorXd& w : p.triangulation.weights) bytes += heldBytes(w);
  return bytes;
}

std::size_t heldBytes(const GroupedSegmentDistances& d) { return d.heldBytes(); }

std::size_t heldBytes(const MotionGraph& g) {
  return heldBytes(g.hubThreshold.method) + heldBytes(g.edgeThreshold.method) + heldBytes(g.hubs) +
         bufferBytes(g.segments) + bufferBytes(g.entries) + bufferBytes(g.exits) + heldBytes(g.cutNotes) +
         heldBytes(g.fatEdges) + heldBytes(g.segmentDistances) + heldBytes(g.parameterizations);
}

std::size_t heldBytes(const ProjectCharacter& c) {
  const CharacterMesh& m = c.mesh;
  std::size_t bytes = heldBytes(c.source) + bufferBytes(m.positions) + bufferBytes(m.normals) + bufferBytes(m.joints) +
                      bufferBytes(m.weights) + bufferBytes(m.triangles) + bufferBytes(m.inverseBind) +
                      bufferBytes(m.parts) + bufferBytes(m.materials) + bufferBytes(m.uvs) + bufferBytes(m.textures) +
                      heldBytes(c.follows) + bufferBytes(c.matchedBy) + bufferBytes(c.jointMapChoices) +
                      heldBytes(c.sourceClips);
  for (const CharacterTexture& t : m.textures) bytes += bufferBytes(t.rgba);
  return bytes;
}

std::size_t heldBytes(const Project& p) {
  std::size_t bytes = heldBytes(p.skeleton) + heldBytes(p.clips) + heldBytes(p.settings) + heldBytes(p.distances) +
                      heldBytes(p.graph) + heldBytes(p.edits) + heldBytes(p.legs) + heldBytes(p.character) +
                      bufferBytes(p.locomotionRecords);
  for (const EdgeCycleRecord& r : p.locomotionRecords) bytes += bufferBytes(r.segments);
  return bytes;
}

}  // namespace fatgraph::editor
