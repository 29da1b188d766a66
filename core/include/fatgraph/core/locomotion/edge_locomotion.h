#pragma once
// Which fat edges of a project are locomotion and how they blend (locomotion_settings.h), with
// the cycle analyses (cycle_analysis.h) the runtime graph builder turns into the leg layer's
// data (runtime_locomotion.h). One place decides, so `build --json`, the export and the editor
// report the same verdict.
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph {

struct EdgeLocomotionPlan {
  bool locomotion = false;
  /// Why, one line: isLocomotionCycle's reason under --locomotion auto, "set by edit",
  /// "--locomotion all", "--locomotion none", or why the edge cannot be analysed.
  std::string reason;
  EdgeBlendMode blend = EdgeBlendMode::Grid;
  int reference = 0;  // index of the reference segment within `cycles`
  /// One analysis per segment of the edge (segment order), each segment as one gait cycle;
  /// only the reference's when planned with allSegments = false; empty without legs.
  std::vector<CycleAnalysis> cycles;
};

/// The choice stored for fat edge `edge` (by name), or null.
const EdgeLocomotionChoice* findLocomotionChoice(const GraphSettings& settings,
                                                 const std::string& edge);

/// Analyses the edge's segments (the reference's alone unless `allSegments`) on the project's
/// clips at the working rate and decides from the project's selection and the edge's choice.
/// Never throws for motion that cannot be analysed (the reason says so); throws Error when
/// `fatEdge` is out of range.
EdgeLocomotionPlan planEdgeLocomotion(const Project& project, std::size_t fatEdge,
                                      bool allSegments = true);

/// The cycle analyses of every locomotion fat edge (planEdgeLocomotion's verdict), in fat-edge
/// order: what the project file stores under /locomotion.
std::vector<EdgeCycleRecord> locomotionRecords(const Project& project);

}  // namespace fatgraph
