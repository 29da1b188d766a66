#pragma once
// The parameterization's edit operations (graph_edits.h lists them) and the upkeep that keeps
// project.graph.parameterizations parallel to the fat edges after every other edit.
#include <string>
#include <vector>

#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::detail {

/// Stores the edge's choice (empty values = automatic / project default) and parameterizes it
/// anew (the whole graph when it was not parameterized yet). Throws Error naming a bad value;
/// the caller's guard then restores the project.
std::vector<std::string> setEdgeParameters(Project& project, const SetEdgeParameters& edit,
                                           const ProgressCallback& progress);

/// The project-wide defaults (empty = the built-in default); a parameterized graph is updated.
std::vector<std::string> setParameterization(Project& project, const SetParameterization& edit,
                                             const ProgressCallback& progress);

/// The graph's state before an edit, as far as parameterizations depend on it.
struct ParameterizedEdges {
  std::vector<FatEdge> edges;
  std::vector<Segment> segments;
  std::vector<EdgeParameterization> parameterizations;
};

/// After an edit that may have derived the fat edges anew: re-parameterizes the edges that
/// changed when the graph was parameterized before (unchanged edges keep theirs), else leaves
/// the graph unparameterized. Returns a note per edge choice whose edge no longer exists,
/// naming the history edit that set it.
std::vector<std::string> keepParameterizations(Project& project, const ParameterizedEdges& before,
                                               const ProgressCallback& progress);

}  // namespace fatgraph::detail
