#include "fatgraph/core/graph/segment_distances.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

#include "fatgraph/core/model/error.h"
#include "frame_distance_products.h"

namespace fatgraph {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

// The distance of dynamicTimeWarp (same steps, charges and arithmetic, so the same value)
// without the warp: two rows of the accumulated cost, and only the cells inside the
// parallelogram of slopes [1/2, 2] through both corners (the others are +inf there or never
// reach the end). cost(t, u) = c[t * rowStride + u * colStride], l x lp.
double dtwDistance(const double* c, int l, int lp, int rowStride, int colStride,
                   std::vector<double>& rows) {
  if (!dtwLengthsFeasible(l, lp)) return kInf;
  auto cost = [&](int t, int u) {
    return c[static_cast<size_t>(t) * rowStride + static_cast<size_t>(u) * colStride];
  };
  rows.assign(3 * static_cast<size_t>(lp), kInf);
  double* acc[3] = {rows.data(), rows.data() + lp, rows.data() + 2 * static_cast<size_t>(lp)};
  acc[0][0] = cost(0, 0);
  for (int t = 1; t < l; ++t) {
    double* cur = acc[t % 3];
    const double* up = acc[(t + 2) % 3];     // t - 1
    const double* upTwo = acc[(t + 1) % 3];  // t - 2 (unused when t == 1)
    std::fill(cur, cur + lp, kInf);
    const int rest = l - 1 - t;
    const int uLo = std::max({1, (t + 1) / 2, lp - 1 - 2 * rest});
    const int uHi = std::min({lp - 1, 2 * t, lp - 1 - (rest + 1) / 2});
    for (int u = uLo; u <= uHi; ++u) {
      double best = up[u - 1];
      if (u >= 2 && up[u - 2] < best) best = up[u - 2];
      if (t >= 2) {
        const double viaFast = upTwo[u - 1] + 0.5 * (cost(t - 1, u - 1) + cost(t - 1, u));
        if (viaFast < best) best = viaFast;
      }
      if (best == kInf) continue;
      cur[u] = best + cost(t, u);
    }
  }
  const double total = acc[(l - 1) % 3][lp - 1];
  return total < kInf ? total / l : kInf;
}

// max(dist(a, b), dist(b, a)) for two centred segments.
struct PairScratch {
  detail::FrameProductScratch products;
  Eigen::MatrixXd costs;
  std::vector<double> rows;
};

double symmetricDistance(const detail::CentredFrames& a, const detail::CentredFrames& b, double w1,
                         PairScratch& s) {
  const int la = static_cast<int>(a.u.rows()), lb = static_cast<int>(b.u.rows());
  if (!dtwLengthsFeasible(la, lb)) return kInf;
  detail::squaredFrameDistances(a, b, w1, s.products, s.costs);
  // Column-major: costs(t, u) at t + u * la.
  const double ab = dtwDistance(s.costs.data(), la, lb, 1, la, s.rows);
  const double ba = dtwDistance(s.costs.data(), lb, la, la, 1, s.rows);
  return std::max(ab, ba);
}

detail::CentredFrames centredSegment(const PoseFeatures& features, const Segment& s) {
  return detail::centredFrames(features, features.globalIndex({s.clip, s.first}), s.frameCount());
}
}  // namespace

double segmentDistanceToRms(double distanceSquared) {
  return std::sqrt(std::max(distanceSquared, 0.0));
}

double rmsToSegmentDistance(double rms) { return rms * rms; }

void checkSegmentInFeatures(const PoseFeatures& features, const Segment& s, int index) {
  std::string label = index >= 0 ? "segment " + std::to_string(index) : std::string("segment");
  label += " (clip " + std::to_string(s.clip) + " frames " + std::to_string(s.first) + ".." +
           std::to_string(s.last) + ")";
  if (s.clip < 0 || s.clip >= features.clipCount()) {
    throw Error(label + " refers to a missing clip (" + std::to_string(features.clipCount()) +
                " clips)");
  }
  const int frames = features.clipStart(s.clip + 1) - features.clipStart(s.clip);
  if (s.first < 0 || s.last < s.first || s.last >= frames) {
    throw Error(label + " is not a frame range inside its clip (frames 0.." +
                std::to_string(frames - 1) + ")");
  }
}

Eigen::MatrixXd segmentFrameDistances(const PoseFeatures& features, const Segment& a,
                                      const Segment& b) {
  checkSegmentInFeatures(features, a, -1);
  checkSegmentInFeatures(features, b, -1);
  return segmentFrameDistances(features, features.globalIndex({a.clip, a.first}), a.frameCount(),
                               features.globalIndex({b.clip, b.first}), b.frameCount());
}

DtwResult segmentDtw(const PoseFeatures& features, const Segment& a, const Segment& b) {
  return dynamicTimeWarp(segmentFrameDistances(features, a, b));
}

double symmetricSegmentDistance(const PoseFeatures& features, const Segment& a, const Segment& b) {
  checkSegmentInFeatures(features, a, -1);
  checkSegmentInFeatures(features, b, -1);
  if (!dtwLengthsFeasible(a.frameCount(), b.frameCount())) return kInf;
  PairScratch scratch;
  return symmetricDistance(centredSegment(features, a), centredSegment(features, b),
                           features.weightSum, scratch);
}

bool segmentsComparable(const Segment& a, const Segment& b) {
  return a.fromHub >= 0 && a.toHub >= 0 && a.fromHub == b.fromHub && a.toHub == b.toHub;
}

namespace {

// Pairs by rows: row r pairs segment first[r] with each of partners[r] (the later members of
// its group), its pairs at positions start[r] .. start[r + 1]. Rows in group order, each
// group's upper triangle row by row, are the order GroupedSegmentDistances holds its values
// in, so no list of pairs (8 bytes each, 1.2 GB at ten hours) is ever made.
struct PairRows {
  std::vector<int> first;
  std::vector<std::span<const int>> partners;
  std::vector<size_t> start{0};
  void add(int segment, std::span<const int> later) {
    first.push_back(segment);
    partners.push_back(later);
    start.push_back(start.back() + later.size());
  }
  size_t size() const { return start.back(); }
  std::pair<int, int> pair(size_t p) const {
    const size_t r = static_cast<size_t>(std::upper_bound(start.begin(), start.end(), p) - start.begin()) - 1;
    return {first[r], partners[r][p - start[r]]};
  }
};

PairRows groupRows(const GroupedSegmentDistances& groups) {
  PairRows rows;
  for (int g = 0; g < groups.groupCount(); ++g) {
    const std::span<const int> m = groups.members(g);
    for (size_t a = 0; a + 1 < m.size(); ++a) rows.add(m[a], m.subspan(a + 1));
  }
  return rows;
}

// The value of every pair of `rows`, spread over `threads` workers: store(p, value) for pair
// position p (each p once, from any worker).
template <typename Store>
void pairValues(const PoseFeatures& features, const std::vector<Segment>& segments, const PairRows& rows,
                const Store& store, const ProgressCallback& progress, int threads) {
  const int n = static_cast<int>(segments.size());
  const size_t total = rows.size();
  // Each segment's frames, centred once (every segment takes part in many pairs).
  std::vector<detail::CentredFrames> centred(n);
  std::vector<char> paired(n, 0);
  for (size_t r = 0; r < rows.first.size(); ++r) {
    if (rows.partners[r].empty()) continue;
    paired[rows.first[r]] = 1;
    for (int b : rows.partners[r]) paired[b] = 1;
  }
  for (int i = 0; i < n; ++i) {
    if (paired[i]) centred[i] = centredSegment(features, segments[i]);
  }

  const int workers = std::clamp(
      threads > 0 ? threads : static_cast<int>(std::thread::hardware_concurrency()), 1,
      static_cast<int>(std::clamp<size_t>(total, 1, 1024)));
  std::atomic<size_t> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable wake;
  std::exception_ptr failure;

  auto work = [&] {
    try {
      PairScratch scratch;
      for (size_t p; !stop && (p = next++) < total;) {
        const auto [a, b] = rows.pair(p);
        store(p, symmetricDistance(centred[a], centred[b], features.weightSum, scratch));
        if (++done == total) wake.notify_one();
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
      wake.notify_one();
    }
  };

  // A first report before any work, so that a cancel is seen however fast the pairs go.
  if (progress && total > 0 && !progress(0.0)) throw Cancelled();
  std::vector<std::thread> pool;
  for (int w = 0; w < workers; ++w) pool.emplace_back(work);
  // Progress is reported from the caller's thread only, every 50 ms (workers wake it early
  // when they finish or fail).
  while (done < total && !stop) {
    std::unique_lock<std::mutex> lock(mutex);
    wake.wait_for(lock, std::chrono::milliseconds(50));
    lock.unlock();
    if (progress && !progress(static_cast<double>(done) / static_cast<double>(std::max<size_t>(total, 1)))) stop = true;
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (done < total) throw Cancelled();
  if (progress) progress(1.0);
}

// What the pair values are made from: the segments' frame ranges and the groups (which give
// the pairs).
uint64_t segmentPairsHash(const std::vector<Segment>& segments, const GroupedSegmentDistances& groups) {
  uint64_t h = hashVector(groups.memberList(), hashVector(groups.memberOffsets()));
  for (const Segment& s : segments) {
    const int range[3] = {s.clip, s.first, s.last};
    h = hashBytes(range, sizeof range, h);
  }
  return h;
}

// The same values with the pairs spread over the processes of a distributed build, row by
// row: each pair is computed whole by one process, so its value has the same bits as in one
// process. A row's cost is its feasible pairs' cost matrices (the frame products fill each
// whole, the DTW runs over at most a third of it in each direction); a pair whose lengths no
// warp joins costs nothing, as symmetricDistance returns before any work (counting those
// pairs too left one of two ranks 1.1-1.25x the other's work). A process's values go straight
// into the bytes it sends, and the shares arrive one at a time and are copied into `values` (the
// groups' own storage): at its peak a process holds the values, its own share and one other.
void spreadPairValues(const PoseFeatures& features, const std::vector<Segment>& segments,
                      const GroupedSegmentDistances& groups, const PairRows& rows, std::span<double> values,
                      const ProgressCallback& progress, int threads, WorkSpread& spread) {
  std::vector<double> costs(rows.first.size());
  for (size_t r = 0; r < costs.size(); ++r) {
    const int la = segments[rows.first[r]].frameCount();
    double later = 0;
    for (int b : rows.partners[r]) {
      if (dtwLengthsFeasible(la, segments[b].frameCount())) later += segments[b].frameCount();
    }
    costs[r] = double(la) * later;
  }
  auto compute = [&](const std::vector<int>& items) {
    PairRows mine;
    for (int r : items) mine.add(rows.first[static_cast<size_t>(r)], rows.partners[static_cast<size_t>(r)]);
    ItemBytes bytes(mine.size() * sizeof(double));
    pairValues(features, segments, mine, [&](size_t p, double v) {
      std::memcpy(bytes.data() + p * sizeof(double), &v, sizeof v);
    }, progress, threads);
    return bytes;
  };
  spread.spreadEach("segment pairs", costs, compute, ItemSplit::Contiguous, segmentPairsHash(segments, groups),
                    [&](int process, const ItemShare& share) {
                      ItemReader in(share.bytes, "segment pairs of process " + std::to_string(process));
                      for (int r : share.items) {
                        const size_t at = rows.start[static_cast<size_t>(r)];
                        in.read(values.data() + at, (rows.start[static_cast<size_t>(r) + 1] - at) * sizeof(double));
                      }
                    });
}

}  // namespace

GroupedSegmentDistances computeSegmentDistances(const PoseFeatures& features,
                                                const std::vector<Segment>& segments,
                                                const ProgressCallback& progress, int threads, WorkSpread* spread) {
  const int n = static_cast<int>(segments.size());
  for (int i = 0; i < n; ++i) checkSegmentInFeatures(features, segments[i], i);

  GroupedSegmentDistances out(segments);
  const PairRows rows = groupRows(out);
  // Rows run group after group and, within a group, in pair order: a pair's position in `rows`
  // is its place in the groups' pair values, which are filled in place.
  const std::span<double> values = out.pairValuesToFill();
  if (values.size() != rows.size()) throw Error("segment distances: the pair rows do not match the groups");
  if (spread) {
    spreadPairValues(features, segments, out, rows, values, progress, threads, *spread);
  } else {
    pairValues(features, segments, rows, [&](size_t p, double v) { values[p] = v; }, progress, threads);
  }
  return out;
}

}  // namespace fatgraph
