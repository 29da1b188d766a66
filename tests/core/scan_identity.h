#pragma once
// Bitwise comparison of two distance scans (the wall time aside), for the tests that prove a
// scan split over shares or MPI ranks equals the one-process scan. Bitwise, so NaN heat cells
// compare equal to themselves and no tolerance can hide a difference.
#include <cstring>
#include <string>
#include <vector>

#include "fatgraph/core/graph/distance_matrix.h"

namespace fatgraph::test {

template <typename T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

/// Empty when identical, else the first field that differs.
inline std::string scanDifference(const DistanceScan& a, const DistanceScan& b) {
  if (a.frames != b.frames) return "frames";
  if (a.window != b.window) return "window";
  if (a.heatSize != b.heatSize || a.heatStride != b.heatStride) return "heat map size";
  if (!sameBits(a.minimaBins, b.minimaBins)) return "minimaBins";
  if (!sameBits(a.allBins, b.allBins)) return "allBins";
  if (!sameBits(a.rowMinima, b.rowMinima)) return "rowMinima";
  if (!sameBits(a.heat, b.heat)) return "heat";
  return {};
}

}  // namespace fatgraph::test
