#include "fatgraph/core/hub_suggestions.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace fatgraph {

namespace {

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

}  // namespace

HubThreshold suggestHubThreshold(const DistanceScan& scan) {
  constexpr int kBins = DistanceHistogram::kBins;
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
  const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
  if (first >= 0) {
    out.smallestMinimumRms = DistanceHistogram::lowerEdge(first);
    out.largestMinimumRms = DistanceHistogram::upperEdge(last);
  }
  if (total < 20 || last - first < 2) {
    out.rms = scan.percentile(0.10);
    out.method = "10th percentile of all pose distances (too few row minima to split)";
    return out;
  }
  // Row minima of repetitive motion form two populations: the same-phase matches (low) and
  // everything else (a walk's opposite-leg phase, unrelated poses). The threshold goes in the
  // valley between the first strong peak and the largest peak above it, on a histogram
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
        out.method = "valley between the same-phase and the other row minima";
        return out;
      }
    }
  }
  out.rms = DistanceHistogram::upperEdge(otsuSplit(counts, first, last));
  out.method = "Otsu split of the row minima's log-distance histogram (no clear valley)";
  return out;
}

namespace {

// Mean joint speed over frame i's window (weighted positions, metres per frame): among frames
// with equally large match sets the stillest is the better hub, a pose held between motions
// (a fighter's ready stance) rather than one passed through.
double windowMotion(const PoseFeatures& f, int i, int window) {
  double sum = 0.0;
  for (int t = -windowBefore(window); t < windowAfter(window); ++t) {
    const int a = i + t;
    sum += ((f.x.row(a + 1) - f.x.row(a)).array().square() + (f.y.row(a + 1) - f.y.row(a)).array().square() +
            (f.z.row(a + 1) - f.z.row(a)).array().square()).sqrt().sum();
  }
  return sum;
}

}  // namespace

std::vector<int> matchSetOf(const PoseFeatures& features, int frame, int window, double thresholdRms) {
  return rowMatches(features, distanceRow(features, frame, window), frame, window, thresholdRms);
}

std::vector<HubSuggestion> suggestHubs(const PoseFeatures& features, const DistanceScan& scan,
                                       double thresholdRms, int count,
                                       const std::vector<int>& acceptedHubs) {
  const int n = features.frameCount();
  const int window = scan.window;
  const double limit = rmsToDistance(thresholdRms, features, window);
  std::vector<char> covered(n, 0);
  // A hub covers its own window, every frame within the threshold of it, and the windows of
  // its matches: a second suggestion there would be the same pose again.
  auto cover = [&](int hub, const std::vector<double>& row, const std::vector<int>& matches) {
    for (int j = 0; j < n; ++j) {
      if (row[j] < limit) covered[j] = 1;
    }
    for (int m : matches) {
      for (int j = std::max(0, m - window); j <= std::min(n - 1, m + window); ++j) covered[j] = 1;
    }
    for (int j = std::max(0, hub - window); j <= std::min(n - 1, hub + window); ++j) covered[j] = 1;
  };
  for (int hub : acceptedHubs) {
    const std::vector<double> row = distanceRow(features, hub, window);
    cover(hub, row, rowMatches(features, row, hub, window, thresholdRms));
  }
  std::vector<HubSuggestion> out;
  constexpr int kExactCandidates = 24;
  while (static_cast<int>(out.size()) < count) {
    std::vector<std::pair<int, int>> ranked;  // (-binned count, frame)
    for (int i = 0; i < n; ++i) {
      if (!covered[i] && windowInsideClip(features, i, window)) {
        ranked.push_back({-scan.minimaBelow(i, thresholdRms), i});
      }
    }
    if (ranked.empty()) break;
    const size_t top = std::min<size_t>(kExactCandidates, ranked.size());
    std::partial_sort(ranked.begin(), ranked.begin() + static_cast<long>(top), ranked.end());
    HubSuggestion best;
    std::vector<double> bestRow;
    double bestMotion = 0.0;
    for (size_t c = 0; c < top; ++c) {
      const int i = ranked[c].second;
      std::vector<double> row = distanceRow(features, i, window);
      std::vector<int> matches = rowMatches(features, row, i, window, thresholdRms);
      const double motion = windowMotion(features, i, window);
      const bool larger = matches.size() > best.matches.size();
      const bool stiller = matches.size() == best.matches.size() && motion < bestMotion;
      if (best.frame < 0 || larger || stiller) {
        best = {i, std::move(matches)};
        bestRow = std::move(row);
        bestMotion = motion;
      }
    }
    if (best.matches.empty()) break;  // nothing left that matches anything
    cover(best.frame, bestRow, best.matches);
    out.push_back(std::move(best));
  }
  return out;
}

}  // namespace fatgraph
