#pragma once
// What the parts of a project hold on the heap, in bytes: the cost the undo stack counts for
// each step against its budget (Document::undoBudget). Each figure adds the buffers a value
// owns (vectors at their capacity, strings past the small-string buffer) to nothing for the
// value itself, so a step that holds a part reports that part's size and a step that holds
// none reports zero. Estimates, within allocator overhead: they match what freeing the value
// gives back to within a few per cent on large parts.
#include <cstddef>
#include <string>
#include <vector>

#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {

std::size_t heldBytes(const std::string& text);
std::size_t heldBytes(const std::vector<std::string>& texts);
std::size_t heldBytes(const Clip& clip);
std::size_t heldBytes(const Skeleton& skeleton);
std::size_t heldBytes(const GraphSettings& settings);
std::size_t heldBytes(const LegSetup& legs);
std::size_t heldBytes(const DistanceCache& distances);
std::size_t heldBytes(const Hub& hub);
std::size_t heldBytes(const FatEdge& edge);
std::size_t heldBytes(const EdgeParameterization& parameterization);
std::size_t heldBytes(const GroupedSegmentDistances& distances);
std::size_t heldBytes(const MotionGraph& graph);
std::size_t heldBytes(const ProjectCharacter& character);
std::size_t heldBytes(const Project& project);

/// The buffer of a vector of plain values, at its capacity.
template <class T>
std::size_t bufferBytes(const std::vector<T>& values) {
  return values.capacity() * sizeof(T);
}

/// A vector's buffer plus what each of its elements holds.
template <class T>
std::size_t heldBytes(const std::vector<T>& values) {
  std::size_t bytes = bufferBytes(values);
  for (const T& value : values) bytes += heldBytes(value);
  return bytes;
}

}  // namespace fatgraph::editor
