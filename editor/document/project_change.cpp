#include "document/project_change.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "document/held_bytes.h"

namespace fatgraph::editor {
namespace {

// --- equality of the parts core gives no operator== -------------------------------------------
// Every member is compared; a member added to these structs must be added here, or a change of
// it alone would be taken for no change (and undo would leave it as it is).

// Byte for byte, so NaN (a pair never measured, a heat map cell with no distance) equals itself.
template <class T>
bool sameBytes(const std::vector<T>& a, const std::vector<T>& b) {
  static_assert(std::is_trivially_copyable_v<T>);
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

bool same(const GroupedSegmentDistances& a, const GroupedSegmentDistances& b) {
  if (a.segmentCount() != b.segmentCount() || a.groupCount() != b.groupCount() ||
      a.memberOffsets() != b.memberOffsets() || a.memberList() != b.memberList()) {
    return false;
  }
  for (int g = 0; g < a.groupCount(); ++g) {
    if (a.hubs(g) != b.hubs(g)) return false;
  }
  for (int s = 0; s < a.segmentCount(); ++s) {
    if (a.groupOf(s) != b.groupOf(s) || a.positionOf(s) != b.positionOf(s)) return false;
  }
  return sameBytes(a.pairValues(), b.pairValues());
}

bool same(const DistanceCache& a, const DistanceCache& b) {
  const DistanceScan& x = a.scan;
  const DistanceScan& y = b.scan;
  return a.fingerprint == b.fingerprint && x.frames == y.frames && x.window == y.window && x.heatSize == y.heatSize &&
         x.heatStride == y.heatStride && x.seconds == y.seconds && sameBytes(x.minimaBins, y.minimaBins) &&
         sameBytes(x.rowMinima, y.rowMinima) && sameBytes(x.allBins, y.allBins) && sameBytes(x.heat, y.heat);
}

bool same(const Eigen::VectorXd& a, const Eigen::VectorXd& b) { return a.size() == b.size() && (a.size() == 0 || a == b); }

bool same(const std::vector<Eigen::VectorXd>& a, const std::vector<Eigen::VectorXd>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Eigen::VectorXd& x, const Eigen::VectorXd& y) { return same(x, y); });
}

bool same(const ThresholdChoice& a, const ThresholdChoice& b) {
  return a.rms == b.rms && a.automatic == b.automatic && a.method == b.method;
}

bool same(const WarpMap& a, const WarpMap& b) { return a.from == b.from && a.to == b.to; }

bool same(const ParameterPlane& a, const ParameterPlane& b) {
  return a.dimension == b.dimension && a.reason == b.reason && a.centroid == b.centroid && a.normal == b.normal &&
         a.xAxis == b.xAxis && a.yAxis == b.yAxis && a.tiltDegrees == b.tiltDegrees && a.steep == b.steep &&
         a.spread == b.spread && a.projected == b.projected;
}

bool same(const WeightTriangulation& a, const WeightTriangulation& b) {
  return a.dimension == b.dimension && a.reason == b.reason && a.segmentCount == b.segmentCount &&
         a.sites == b.sites && same(a.weights, b.weights) && a.siteOfPoint == b.siteOfPoint &&
         a.triangles == b.triangles && a.hull == b.hull;
}

bool same(const WeightGrid& a, const WeightGrid& b) {
  return a.resolution == b.resolution && a.segmentCount == b.segmentCount && a.minCorner == b.minCorner &&
         a.maxCorner == b.maxCorner && a.weights == b.weights;
}

bool same(const ParameterAccuracy& a, const ParameterAccuracy& b) {
  return a.targets == b.targets && a.median3d == b.median3d && a.p95_3d == b.p95_3d &&
         a.medianPlane == b.medianPlane && a.p95Plane == b.p95Plane;
}

bool same(const ParameterizationSettings& a, const ParameterizationSettings& b) {
  return a.samples == b.samples && a.grid == b.grid && a.refine == b.refine && a.seed == b.seed;
}

// Whether two elements are the same but for their names (nameOf).
bool sameButName(const Hub& a, const Hub& b) { return a.frame == b.frame && a.matchSet == b.matchSet; }

bool sameButName(const FatEdge& a, const FatEdge& b) {
  return a.fromHub == b.fromHub && a.toHub == b.toHub && a.segments == b.segments && a.reference == b.reference &&
         std::equal(a.warps.begin(), a.warps.end(), b.warps.begin(), b.warps.end(),
                    [](const WarpMap& x, const WarpMap& y) { return same(x, y); });
}

bool sameButName(const EdgeParameterization& a, const EdgeParameterization& b) {
  return a.joint == b.joint && a.referenceTime == b.referenceTime && a.jointAutomatic == b.jointAutomatic &&
         a.timeAutomatic == b.timeAutomatic && a.jointReason == b.jointReason && same(a.sampleWeights, b.sampleWeights) &&
         a.samplePositions == b.samplePositions && same(a.plane, b.plane) && same(a.triangulation, b.triangulation) &&
         same(a.grid, b.grid) && a.refined == b.refined && same(a.plain, b.plain) && same(a.achieved, b.achieved) &&
         a.vertexError == b.vertexError && a.notes == b.notes && same(a.settings, b.settings);
}

bool sameButName(const Clip& a, const Clip& b) {
  return a.source == b.source && a.fps == b.fps && a.sourceFps == b.sourceFps &&
         a.sourceFirstFrame == b.sourceFirstFrame && a.jointCount == b.jointCount && a.translations == b.translations &&
         std::equal(a.rotations.begin(), a.rotations.end(), b.rotations.begin(), b.rotations.end(),
                    [](const Quat& x, const Quat& y) { return x.coeffs() == y.coeffs(); });
}

std::string& nameOf(Hub& h) { return h.name; }
std::string& nameOf(FatEdge& e) { return e.name; }
std::string& nameOf(EdgeParameterization& p) { return p.edge; }
std::string& nameOf(Clip& c) { return c.name; }
const std::string& nameOf(const Hub& h) { return h.name; }
const std::string& nameOf(const FatEdge& e) { return e.name; }
const std::string& nameOf(const EdgeParameterization& p) { return p.edge; }
const std::string& nameOf(const Clip& c) { return c.name; }

// --- one list of named elements -----------------------------------------------------------------

template <class T>
std::optional<ElementChanges<T>> changesOf(std::vector<T>&& other, const std::vector<T>& current) {
  ElementChanges<T> changes;
  if (other.size() != current.size()) {
    changes.whole = std::move(other);
    return changes;
  }
  for (std::size_t i = 0; i < other.size(); ++i) {
    if (!sameButName(other[i], current[i])) {
      changes.elements.emplace_back(i, std::move(other[i]));
    } else if (nameOf(other[i]) != nameOf(current[i])) {
      changes.names.emplace_back(i, std::move(nameOf(other[i])));
    }
  }
  if (changes.elements.empty() && changes.names.empty()) return std::nullopt;
  return changes;
}

template <class T>
void exchangeElements(ElementChanges<T>& changes, std::vector<T>& current) {
  if (changes.whole) {
    std::swap(current, *changes.whole);
    return;
  }
  for (auto& [i, element] : changes.elements) std::swap(current.at(i), element);
  for (auto& [i, name] : changes.names) std::swap(nameOf(current.at(i)), name);
}

template <class T>
std::size_t elementBytes(const ElementChanges<T>& changes) {
  std::size_t bytes = changes.whole ? heldBytes(*changes.whole) : 0;
  bytes += changes.elements.capacity() * sizeof(changes.elements[0]) + changes.names.capacity() * sizeof(changes.names[0]);
  for (const auto& [i, element] : changes.elements) bytes += heldBytes(element);
  for (const auto& [i, name] : changes.names) bytes += heldBytes(name);
  return bytes;
}

template <class T>
void swapIfHeld(std::optional<T>& held, T& current) {
  if (held) std::swap(*held, current);
}

std::size_t cycleRecordBytes(const std::vector<EdgeCycleRecord>& records) {
  std::size_t bytes = bufferBytes(records);
  for (const EdgeCycleRecord& r : records) bytes += heldBytes(r.edge) + bufferBytes(r.segments);
  return bytes;
}

}  // namespace

ProjectChange ProjectChange::between(Project&& other, const Project& current, ProjectParts parts) {
  ProjectChange c;
  MotionGraph& g = other.graph;
  const MotionGraph& now = current.graph;
  if (parts & kSettingsPart) c.settings_ = std::move(other.settings);
  if (parts & kLegsPart) c.legs_ = std::move(other.legs);
  if (parts & kEditsPart) {
    const auto differ = std::mismatch(other.edits.begin(), other.edits.end(), current.edits.begin(), current.edits.end());
    if (differ.first != other.edits.end() || differ.second != current.edits.end()) {
      HistoryTail history{static_cast<std::size_t>(differ.first - other.edits.begin()), {}};
      history.tail.assign(std::make_move_iterator(differ.first), std::make_move_iterator(other.edits.end()));
      c.edits_ = std::move(history);
    }
  }
  if ((parts & kThresholdsPart) && !(same(g.hubThreshold, now.hubThreshold) && same(g.edgeThreshold, now.edgeThreshold))) {
    c.thresholds_ = Thresholds{std::move(g.hubThreshold), std::move(g.edgeThreshold)};
  }
  if (parts & kHubsPart) c.hubs_ = changesOf(std::move(g.hubs), now.hubs);
  if ((parts & kCutsPart) && !(g.segments == now.segments && g.entries == now.entries && g.exits == now.exits &&
                               g.cutNotes == now.cutNotes)) {
    c.cuts_ = Cuts{std::move(g.segments), std::move(g.entries), std::move(g.exits), std::move(g.cutNotes)};
  }
  if (parts & kFatEdgesPart) c.fatEdges_ = changesOf(std::move(g.fatEdges), now.fatEdges);
  if ((parts & kSegmentDistancesPart) && !same(g.segmentDistances, now.segmentDistances)) {
    c.segmentDistances_ = std::move(g.segmentDistances);
  }
  if (parts & kParameterizationsPart) c.parameterizations_ = changesOf(std::move(g.parameterizations), now.parameterizations);
  if ((parts & kDistancesPart) && !same(other.distances, current.distances)) c.distances_ = std::move(other.distances);
  if (parts & kSkeletonPart) c.skeleton_ = std::move(other.skeleton);
  if (parts & kClipsPart) c.clips_ = changesOf(std::move(other.clips), current.clips);
  if (parts & kCharacterPart) c.character_ = std::move(other.character);
  if (parts & kLocomotionRecordsPart) c.locomotionRecords_ = std::move(other.locomotionRecords);
  return c;
}

void ProjectChange::exchange(Project& project) {
  MotionGraph& g = project.graph;
  swapIfHeld(settings_, project.settings);
  swapIfHeld(legs_, project.legs);
  if (edits_) {
    std::vector<std::string>& edits = project.edits;
    const auto kept = edits.begin() + static_cast<std::ptrdiff_t>(edits_->kept);
    std::vector<std::string> mine(std::make_move_iterator(kept), std::make_move_iterator(edits.end()));
    edits.erase(kept, edits.end());
    edits.insert(edits.end(), std::make_move_iterator(edits_->tail.begin()), std::make_move_iterator(edits_->tail.end()));
    edits_->tail = std::move(mine);
  }
  if (thresholds_) {
    std::swap(g.hubThreshold, thresholds_->hub);
    std::swap(g.edgeThreshold, thresholds_->edge);
  }
  if (hubs_) exchangeElements(*hubs_, g.hubs);
  if (cuts_) {
    std::swap(g.segments, cuts_->segments);
    std::swap(g.entries, cuts_->entries);
    std::swap(g.exits, cuts_->exits);
    std::swap(g.cutNotes, cuts_->cutNotes);
  }
  if (fatEdges_) exchangeElements(*fatEdges_, g.fatEdges);
  swapIfHeld(segmentDistances_, g.segmentDistances);
  if (parameterizations_) exchangeElements(*parameterizations_, g.parameterizations);
  swapIfHeld(distances_, project.distances);
  swapIfHeld(skeleton_, project.skeleton);
  if (clips_) exchangeElements(*clips_, project.clips);
  swapIfHeld(character_, project.character);
  swapIfHeld(locomotionRecords_, project.locomotionRecords);
}

void ProjectChange::absorb(ProjectChange&& next, const Project& current) {
  // Rebuild the state before this change for the parts either holds (a copy of the document's
  // parts, taken back through `next`, then through this), and compare it with the document.
  const ProjectParts touched = parts() | next.parts();
  Project before;
  const MotionGraph& g = current.graph;
  MotionGraph& b = before.graph;
  if (touched & kSettingsPart) before.settings = current.settings;
  if (touched & kLegsPart) before.legs = current.legs;
  if (touched & kEditsPart) before.edits = current.edits;
  if (touched & kThresholdsPart) {
    b.hubThreshold = g.hubThreshold;
    b.edgeThreshold = g.edgeThreshold;
  }
  if (touched & kHubsPart) b.hubs = g.hubs;
  if (touched & kCutsPart) {
    b.segments = g.segments;
    b.entries = g.entries;
    b.exits = g.exits;
    b.cutNotes = g.cutNotes;
  }
  if (touched & kFatEdgesPart) b.fatEdges = g.fatEdges;
  if (touched & kSegmentDistancesPart) b.segmentDistances = g.segmentDistances;
  if (touched & kParameterizationsPart) b.parameterizations = g.parameterizations;
  if (touched & kDistancesPart) before.distances = current.distances;
  if (touched & kSkeletonPart) before.skeleton = current.skeleton;
  if (touched & kClipsPart) before.clips = current.clips;
  if (touched & kCharacterPart) before.character = current.character;
  if (touched & kLocomotionRecordsPart) before.locomotionRecords = current.locomotionRecords;
  next.exchange(before);
  exchange(before);
  *this = between(std::move(before), current, touched);
}

ProjectParts ProjectChange::parts() const {
  ProjectParts p = 0;
  if (settings_) p |= kSettingsPart;
  if (legs_) p |= kLegsPart;
  if (edits_) p |= kEditsPart;
  if (thresholds_) p |= kThresholdsPart;
  if (hubs_) p |= kHubsPart;
  if (cuts_) p |= kCutsPart;
  if (fatEdges_) p |= kFatEdgesPart;
  if (segmentDistances_) p |= kSegmentDistancesPart;
  if (parameterizations_) p |= kParameterizationsPart;
  if (distances_) p |= kDistancesPart;
  if (skeleton_) p |= kSkeletonPart;
  if (clips_) p |= kClipsPart;
  if (character_) p |= kCharacterPart;
  if (locomotionRecords_) p |= kLocomotionRecordsPart;
  return p;
}

std::size_t ProjectChange::heldBytes() const {
  std::size_t bytes = 0;
  if (settings_) bytes += editor::heldBytes(*settings_);
  if (legs_) bytes += editor::heldBytes(*legs_);
  if (edits_) bytes += editor::heldBytes(edits_->tail);
  if (thresholds_) bytes += editor::heldBytes(thresholds_->hub.method) + editor::heldBytes(thresholds_->edge.method);
  if (hubs_) bytes += elementBytes(*hubs_);
  if (cuts_) {
    bytes += bufferBytes(cuts_->segments) + bufferBytes(cuts_->entries) + bufferBytes(cuts_->exits) +
             editor::heldBytes(cuts_->cutNotes);
  }
  if (fatEdges_) bytes += elementBytes(*fatEdges_);
  if (segmentDistances_) bytes += editor::heldBytes(*segmentDistances_);
  if (parameterizations_) bytes += elementBytes(*parameterizations_);
  if (distances_) bytes += editor::heldBytes(*distances_);
  if (skeleton_) bytes += editor::heldBytes(*skeleton_);
  if (clips_) bytes += elementBytes(*clips_);
  if (character_) bytes += editor::heldBytes(*character_);
  if (locomotionRecords_) bytes += cycleRecordBytes(*locomotionRecords_);
  return bytes;
}

}  // namespace fatgraph::editor
