// The automatic hub threshold (hub_suggestions.h, suggestHubThreshold).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <utility>

#include "distance_rows.h"
#include "fatgraph/core/graph/hub_suggestions.h"
#include "row_minima.h"

namespace fatgraph {
namespace {

constexpr int kBins = DistanceHistogram::kBins;

// Otsu's split of a histogram over bin indices: the bin maximizing the between-class
// variance w0 w1 (m0 - m1)^2.
int otsuSplit(const std::vector<double>& counts, int first, int last) {
  double total = 0.0, sAll = 0.0;
  for (int b = first; b <= last; ++b) {
    total += counts[b];
    sAll += b * counts[b];
  }
  double best = -1.0, w0 = 0.0, s0 = 0.0;
  int split = first;
  for (int b = first; b < last; ++b) {
    w0 += counts[b];
    s0 += b * counts[b];
    const double w1 = total - w0;
    if (w0 <= 0 || w1 <= 0) continue;
    const double m0 = s0 / w0, m1 = (sAll - s0) / w1;
    const double between = w0 * w1 * (m0 - m1) * (m0 - m1);
    if (between > best) {
      best = between;
      split = b;
    }
  }
  return split;
}

// The exact smallest row minimum when the scan kept none per row (a cached scan): the rows
// with a minimum in the lowest occupied bin, re-computed. Those are few (the low tail).
double exactSmallestMinimum(const DistanceScan& scan, const PoseFeatures& features, int firstBin) {
  std::vector<int> rows;
  for (int i = 0; i < scan.frames; ++i) {
    if (scan.minimaBins[static_cast<size_t>(i) * kBins + firstBin] > 0) rows.push_back(i);
  }
  double smallest = std::numeric_limits<double>::infinity();
  const int radius = detail::minimumRadius(scan.window);
  for (size_t start = 0; start < rows.size(); start += 64) {
    const std::vector<int> batch(rows.begin() + static_cast<long>(start),
                                 rows.begin() + static_cast<long>(std::min(rows.size(), start + 64)));
    const Eigen::MatrixXd d = detail::distanceRows(features, batch, scan.window);
    for (size_t r = 0; r < batch.size(); ++r) {
      const int i = batch[r];
      auto value = [&](int j) { return d(static_cast<long>(r), j); };
      for (int j = 0; j < scan.frames; ++j) {
        if ((j > i - scan.window && j < i + scan.window) || !(d(static_cast<long>(r), j) < smallest)) continue;
        const FrameRef f = features.frameRef(j);
        const int first = features.clipStart(f.clip), last = features.clipStart(f.clip + 1) - 1;
        if (detail::isLocalMinimum(value, j, first, last, radius)) smallest = d(static_cast<long>(r), j);
      }
    }
  }
  return distanceToRms(smallest, features, scan.window);
}

// A set of single-cycle loops (a game character's idle, walk, run, jump ...) has few
// same-phase matches besides the loops' own repeats: a loop's other cycles, its variants
// (a walk holding a sword). Everything else is another motion, far away, and between the two
// populations the histogram is empty over a wide stretch. The rows' bulk then lies in the
// other population, where the valley rule would split unrelated motions. A gap is a stretch of
// at least kGapBins bins (a factor 1.5 in distance) where at most 2 % of the rows have minima,
// with at least 10 % of the rows matching below it and 10 % above it. The widest such gap
// above `from` (ties: the lowest), as [first, last] bins.
// The minima below must spread over a factor 2 at least (kSpreadBins): natural variation
// does, near-repeats (a loop exported many times, its closing a few millimetres off) do not.
constexpr int kGapBins = 8;
constexpr int kSpreadBins = 13;

std::optional<std::pair<int, int>> sameMotionGap(int from, int last, const DistanceScan& scan) {
  // Rows, not minima: a loop exported many times has as many minima per row as copies.
  std::vector<int> rowsIn(kBins + 1, 0);       // rows with a minimum in bin b
  std::vector<int> rowsFirstAt(kBins + 1, 0);  // rows whose lowest counted minimum is in bin b
  std::vector<int> rowsLastAt(kBins + 1, 0);   // rows whose highest counted minimum is in bin b
  for (int i = 0; i < scan.frames; ++i) {
    const uint16_t* bins = scan.minimaBins.data() + static_cast<size_t>(i) * kBins;
    int first = kBins, lastOfRow = kBins;
    for (int b = kBins - 1; b >= from; --b) {
      if (bins[b] == 0) continue;
      ++rowsIn[b];
      first = b;
      if (lastOfRow == kBins) lastOfRow = b;
    }
    ++rowsFirstAt[first];
    ++rowsLastAt[lastOfRow];
  }
  std::optional<std::pair<int, int>> widest;
  int rowsBelow = 0;
  for (int start = from + 1; start + kGapBins <= last; ++start) {
    rowsBelow += rowsFirstAt[start - 1];
    if (start - from < kSpreadBins || rowsBelow < 0.1 * scan.frames) continue;
    int end = start, rowsInside = 0;
    while (end <= last && rowsInside + rowsIn[end] <= 0.02 * scan.frames) rowsInside += rowsIn[end++];
    if (end - start < kGapBins) continue;
    const int rowsAbove = std::accumulate(rowsLastAt.begin() + end, rowsLastAt.begin() + kBins, 0);
    if (rowsAbove < 0.1 * scan.frames) continue;
    if (!widest || end - 1 - start > widest->second - widest->first) widest = std::make_pair(start, end - 1);
    for (; start + 1 < end; ++start) rowsBelow += rowsFirstAt[start];  // its tail is no wider gap
  }
  return widest;
}

}  // namespace

HubThreshold suggestHubThreshold(const DistanceScan& scan, const PoseFeatures* features) {
  std::vector<double> counts(kBins, 0.0);
  for (int i = 0; i < scan.frames; ++i) {
    for (int b = 0; b < kBins; ++b) counts[b] += scan.minimaBins[static_cast<size_t>(i) * kBins + b];
  }
  HubThreshold out;
  int first = -1, last = -1;
  for (int b = 0; b < kBins; ++b) {
    if (counts[b] > 0) {
      if (first < 0) first = b;
      last = b;
    }
  }
  if (first >= 0) {
    out.largestMinimumRms = DistanceHistogram::upperEdge(last);
    if (!scan.rowMinima.empty()) {
      out.smallestMinimumRms = *std::min_element(scan.rowMinima.begin(), scan.rowMinima.end());
    } else if (features) {
      out.smallestMinimumRms = exactSmallestMinimum(scan, *features, first);
    } else {
      out.smallestMinimumRms = first == 0 ? 0.0 : DistanceHistogram::lowerEdge(first);
    }
  }
  // Exact repeats (a clip given twice, a looped cycle) put their minima near zero, as many per
  // row as there are copies: left in, they outweigh the natural variation and the valley
  // below them collapses the threshold to millimetres. Whole bins below kRepeatRms go.
  for (int b = 0; b < kBins && DistanceHistogram::upperEdge(b) <= kRepeatRms; ++b) {
    out.repeatMinima += static_cast<int>(counts[b]);
    counts[b] = 0.0;
  }
  int from = -1;
  for (int b = 0; b < kBins && from < 0; ++b) {
    if (counts[b] > 0) from = b;
  }
  const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
  const std::string discounted =
      out.repeatMinima > 0 ? "; " + std::to_string(out.repeatMinima) + " row minima below " +
                                 std::to_string(static_cast<int>(kRepeatRms * 1000)) +
                                 " mm discounted as exact repeats"
                           : std::string();
  if (total < 20 || last - from < 2) {
    out.rms = scan.percentile(0.10);
    out.method = "10th percentile of all pose distances (too few row minima to split)" + discounted;
    return out;
  }
  if (const auto gap = sameMotionGap(from, last, scan)) {
    // The gap's geometric middle: as far from either population as the bins allow.
    out.rms = std::sqrt(DistanceHistogram::lowerEdge(gap->first) * DistanceHistogram::upperEdge(gap->second));
    out.method = "middle of the empty stretch above the same-motion row minima (loops and their variants)" +
                 discounted;
    return out;
  }
  // The valley between the first strong peak and the largest peak above it, on a histogram
  // smoothed over +-2 bins (about +-11 % in distance).
  std::vector<double> smooth(kBins, 0.0);
  for (int b = 0; b < kBins; ++b) {
    double sum = 0.0, weight = 0.0;
    for (int d = -2; d <= 2; ++d) {
      if (b + d < 0 || b + d >= kBins) continue;
      const double w = 3.0 - std::abs(d);
      sum += w * counts[b + d];
      weight += w;
    }
    smooth[b] = sum / weight;
  }
  const double highest = *std::max_element(smooth.begin(), smooth.end());
  int peak1 = -1;
  for (int b = 1; b + 1 < kBins && peak1 < 0; ++b) {
    if (smooth[b] >= 0.5 * highest && smooth[b] >= smooth[b - 1] && smooth[b] >= smooth[b + 1]) peak1 = b;
  }
  if (peak1 >= 0) {
    const int peak2 = static_cast<int>(std::max_element(smooth.begin() + peak1 + 1, smooth.end()) - smooth.begin());
    if (peak2 > peak1 + 1) {
      const int valley = static_cast<int>(
          std::min_element(smooth.begin() + peak1 + 1, smooth.begin() + peak2) - smooth.begin());
      if (smooth[valley] < 0.9 * std::min(smooth[peak1], smooth[peak2])) {
        out.rms = 0.5 * (DistanceHistogram::lowerEdge(valley) + DistanceHistogram::upperEdge(valley));
        out.method = "valley between the same-phase and the other row minima" + discounted;
        return out;
      }
    }
  }
  out.rms = DistanceHistogram::upperEdge(otsuSplit(counts, from, last));
  out.method = "Otsu split of the row minima's log-distance histogram (no clear valley)" + discounted;
  return out;
}

}  // namespace fatgraph
