#pragma once
// What one undo step changed in the project, and nothing more (issue 49 item 4). A step used
// to keep a whole copy of the graph state (a build, of the whole project): at three and a half
// hours of mocap the segment pair distances alone are 146 MB, and every rename kept another
// copy. A ProjectChange is built by comparing another version of the project (the state after
// an edit, or before it) with the document's, part by part, and keeps only the parts that
// differ; in a list of fat edges, hubs, parameterizations or clips of the same length, only the
// elements that differ, and of an element whose name alone changed, the name. What an edit
// leaves alone (the pair distances and the parameter planes under a rename, the clips under a
// build at the same rate) stays in the document only, in one copy shared by every step.
//
// The change is exact, not a recipe: undo and redo exchange the held parts with the
// document's (exchange), so the document goes from one side of the edit to the other bit for
// bit, and the step then holds the side the document left. This needs the document to be on
// the other side when a step is exchanged, which the undo stack guarantees (steps are undone
// and redone in order); absorb() folds a later change into an earlier one for drags.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {

/// The parts of a project a change compares and holds, as bits of a ProjectParts mask.
enum ProjectPart : unsigned {
  kSettingsPart = 1u << 0,           // GraphSettings (always held when compared: a few KB)
  kLegsPart = 1u << 1,               // LegSetup (always held when compared: small)
  kEditsPart = 1u << 2,              // the edit history: only the entries past the common start
  kThresholdsPart = 1u << 3,         // the hub and edge thresholds
  kHubsPart = 1u << 4,               // by element
  kCutsPart = 1u << 5,               // segments, entries, exits and the cut notes, together
  kFatEdgesPart = 1u << 6,           // by element (their warps are the DTW paths)
  kSegmentDistancesPart = 1u << 7,   // the pair values: whole or nothing
  kParameterizationsPart = 1u << 8,  // by element
  kDistancesPart = 1u << 9,          // the distance scan cache: whole or nothing
  kSkeletonPart = 1u << 10,          // always held when compared (small)
  kClipsPart = 1u << 11,             // by element
  kCharacterPart = 1u << 12,         // always held when compared (the user's mesh)
  kLocomotionRecordsPart = 1u << 13,  // always held when compared
};
using ProjectParts = unsigned;

/// What a graph edit may change (core graph_edits.h). The distance cache is left to the
/// caller: an edit applied in place leaves its new cache in place, which stays correct across
/// undo (it is keyed by its fingerprint).
inline constexpr ProjectParts kGraphEditParts = kSettingsPart | kLegsPart | kEditsPart | kThresholdsPart | kHubsPart |
                                                kCutsPart | kFatEdgesPart | kSegmentDistancesPart |
                                                kParameterizationsPart;
/// Everything a Project holds.
inline constexpr ProjectParts kWholeProject = kGraphEditParts | kDistancesPart | kSkeletonPart | kClipsPart |
                                              kCharacterPart | kLocomotionRecordsPart;

/// The changes of one list of named things (hubs, fat edges, parameterizations, clips): the
/// whole other list when the lengths differ, else the elements that differ by index, an
/// element whose name alone differs by its name.
template <class T>
struct ElementChanges {
  std::optional<std::vector<T>> whole;
  std::vector<std::pair<std::size_t, T>> elements;
  std::vector<std::pair<std::size_t, std::string>> names;
};

class ProjectChange {
 public:
  ProjectChange() = default;

  /// The parts in `parts` where `other` (the project on the other side of a step: after an
  /// edit, or before it) differs from `current` (the document's), moved out of `other`. The
  /// rest of `other` is not read and may be anything (e.g. a project holding only the parts
  /// in `parts`).
  static ProjectChange between(Project&& other, const Project& current, ProjectParts parts);

  /// Exchanges the held parts with `project`'s: `project` goes to the other side of the step
  /// and this change holds the side it left.
  void exchange(Project& project);

  /// Folds `next`, a change that follows this one (both applied: `current` is after `next`),
  /// into this one, which then takes `current` back to where this one started. Copies only
  /// the parts either holds.
  void absorb(ProjectChange&& next, const Project& current);

  /// The parts held (a part of kSettingsPart etc. even when only some of its elements are).
  ProjectParts parts() const;
  bool holds(ProjectPart part) const { return (parts() & part) != 0; }
  bool empty() const { return parts() == 0; }
  /// What the held parts hold on the heap (document/held_bytes.h).
  std::size_t heldBytes() const;

 private:
  struct HistoryTail {
    std::size_t kept = 0;            // entries both sides share, from the start
    std::vector<std::string> tail;   // the other side's entries after them
  };
  struct Thresholds {
    ThresholdChoice hub, edge;
  };
  struct Cuts {
    std::vector<Segment> segments, entries, exits;
    std::vector<std::string> cutNotes;
  };

  std::optional<GraphSettings> settings_;
  std::optional<LegSetup> legs_;
  std::optional<HistoryTail> edits_;
  std::optional<Thresholds> thresholds_;
  std::optional<ElementChanges<Hub>> hubs_;
  std::optional<Cuts> cuts_;
  std::optional<ElementChanges<FatEdge>> fatEdges_;
  std::optional<GroupedSegmentDistances> segmentDistances_;
  std::optional<ElementChanges<EdgeParameterization>> parameterizations_;
  std::optional<DistanceCache> distances_;
  std::optional<Skeleton> skeleton_;
  std::optional<ElementChanges<Clip>> clips_;
  std::optional<ProjectCharacter> character_;
  std::optional<std::vector<EdgeCycleRecord>> locomotionRecords_;
};

}  // namespace fatgraph::editor
