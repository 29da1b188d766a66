#include "fatgraph/core/distance_matrix.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

#include "distance_tiles.h"
#include "row_minima.h"

namespace fatgraph {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr float kInfF = std::numeric_limits<float>::infinity();
constexpr int kBins = DistanceHistogram::kBins;

using RowMatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MapF = Eigen::Map<RowMatrixF>;

// The scan works in single precision, which is safe only because nothing it multiplies is
// large. Far from the origin, x.x' and the centroid terms of the closed form are huge and
// nearly cancel (on a 26 m path sum w |p|^2 - xbar^2 / W loses every float digit). So every
// frame is centred on its own weighted ground centroid c (x~ = x - c, likewise z): then
//   sum_j w x_a x_b = sum_j w x~_a x~_b + W1 c_a c_b      (the cross terms vanish),
// and summed over the window, after the closed form's - xbar xbar' / W,
//   B = sum_t (x~.x~' + z~.z~') + W1 sum_t (c_t - cbar) . (c'_t - cbar'),
//   A = sum_t (x~.z~' - z~.x~') + W1 sum_t (c_t - cbar) x (c'_t - cbar'),
//   sum w |p|^2 - |pbar|^2 / W = sum_t |p~|^2 + W1 sum_t |c_t - cbar|^2   (=: Q, per window).
// Frame products are a GEMM whose window sums run along diagonals; the centroid terms are a
// second, small GEMM over per-window vectors e = sqrt(W1) (c_t - cbar)_t (2k values). Heights
// are taken relative to the mean height (a common shift of both clouds changes nothing).
// Every magnitude is then a body size or a third of a second of travel, wherever the clips
// lie, and D = Q_i + Q_j - 2 sum y.y' - 2 sqrt(A^2 + B^2) keeps its small values.
struct ScanInputs {
  // Per frame, padded by `before` zero rows in front and `after` behind (row f + before =
  // frame f), so that window i's frames are rows i .. i + k - 1.
  RowMatrixF u, v, y;  // [x~ z~], [z~ -x~], y - mean height, each times sqrt(w_j)
  RowMatrixF e, f;     // per window: e = [ex ez], f = [ez -ex] (zero for invalid windows)
  std::vector<float> q;         // per window: Q (+inf where the window leaves its clip)
  std::vector<char> valid;      // window inside the clip
  std::vector<int> clipFirst, clipLast;  // per frame: its clip's frame range
  int window = 0, before = 0, after = 0;
  double weight = 0.0;          // k * W1
};

ScanInputs prepare(const PoseFeatures& f, int window) {
  ScanInputs in;
  const int n = f.frameCount(), joints = f.jointCount();
  in.window = window;
  in.before = windowBefore(window);
  in.after = windowAfter(window);
  in.weight = window * f.weightSum;
  const double w1 = f.weightSum, rootW1 = std::sqrt(w1);
  const std::vector<double>& s = f.jointScale;
  in.valid.resize(n);
  in.clipFirst.resize(n);
  in.clipLast.resize(n);
  for (int c = 0; c < f.clipCount(); ++c) {
    for (int i = f.clipStart(c); i < f.clipStart(c + 1); ++i) {
      in.clipFirst[i] = f.clipStart(c);
      in.clipLast[i] = f.clipStart(c + 1) - 1;
    }
  }
  for (int i = 0; i < n; ++i) {
    in.valid[i] = i - in.before >= in.clipFirst[i] && i + in.after <= in.clipLast[i];
  }
  double meanY = 0.0;
  for (int j = 0; j < joints; ++j) meanY += s[j] * f.y.col(j).sum();
  meanY /= std::max(1.0, w1 * n);

  const int padded = n + window - 1;
  in.u = RowMatrixF::Zero(padded, 2 * joints);
  in.v = RowMatrixF::Zero(padded, 2 * joints);
  in.y = RowMatrixF::Zero(padded, joints);
  std::vector<double> cx(n), cz(n), p2(n);
  for (int r = 0; r < n; ++r) {
    cx[r] = f.sumX[r] / w1;
    cz[r] = f.sumZ[r] / w1;
    double sum = 0.0;
    for (int j = 0; j < joints; ++j) {
      const double xt = f.x(r, j) - s[j] * cx[r], zt = f.z(r, j) - s[j] * cz[r];
      const double yt = f.y(r, j) - s[j] * meanY;
      in.u(r + in.before, j) = static_cast<float>(xt);
      in.u(r + in.before, joints + j) = static_cast<float>(zt);
      in.v(r + in.before, j) = static_cast<float>(zt);
      in.v(r + in.before, joints + j) = static_cast<float>(-xt);
      in.y(r + in.before, j) = static_cast<float>(yt);
      sum += xt * xt + zt * zt + yt * yt;
    }
    p2[r] = sum;
  }
  in.e = RowMatrixF::Zero(n, 2 * window);
  in.f = RowMatrixF::Zero(n, 2 * window);
  in.q.assign(n, kInfF);
  for (int i = 0; i < n; ++i) {
    if (!in.valid[i]) continue;
    double mx = 0.0, mz = 0.0, q = 0.0;
    for (int t = -in.before; t <= in.after; ++t) {
      mx += cx[i + t];
      mz += cz[i + t];
      q += p2[i + t];
    }
    mx /= window;
    mz /= window;
    for (int t = 0; t < window; ++t) {
      const double ex = cx[i - in.before + t] - mx, ez = cz[i - in.before + t] - mz;
      q += w1 * (ex * ex + ez * ez);
      in.e(i, t) = static_cast<float>(rootW1 * ex);
      in.e(i, window + t) = static_cast<float>(rootW1 * ez);
      in.f(i, t) = static_cast<float>(rootW1 * ez);
      in.f(i, window + t) = static_cast<float>(-rootW1 * ex);
    }
    in.q[i] = static_cast<float>(q);
  }
  return in;
}

// DistanceHistogram::bin of sqrt(D / kW) for a float D without a logarithm: the smallest D of
// every bin, found once by bisection over the float bit patterns with the exact function, and
// a table from the top bits of D (exponent and 4 mantissa bits, 1/16 of an octave: narrower
// than a bin) to the bin where that range starts.
class BinTable {
 public:
  explicit BinTable(double weight) {
    auto exact = [weight](uint32_t bits) {
      float d;
      std::memcpy(&d, &bits, sizeof d);
      return DistanceHistogram::bin(std::sqrt(d / weight));
    };
    constexpr uint32_t kPositiveInf = 0x7f800000u;
    edge_[0] = 0.0f;
    for (int b = 1; b <= kBins; ++b) {
      uint32_t lo = 0, hi = kPositiveInf;  // the answer is in [lo, hi]; hi means none
      while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (exact(mid) >= b) hi = mid; else lo = mid + 1;
      }
      std::memcpy(&edge_[b], &lo, sizeof lo);  // +inf when no float reaches bin b
    }
    for (uint32_t key = 0; key < start_.size(); ++key) {
      float d;
      const uint32_t bits = key << 19;
      std::memcpy(&d, &bits, sizeof d);
      int b = 0;
      while (b + 1 < kBins && d >= edge_[b + 1]) ++b;
      start_[key] = static_cast<uint8_t>(b);
    }
    // A key's range is 1/16 octave of D and a bin about 1/6: at most one edge inside, which
    // operator() relies on.
    for (int b = 1; b + 1 <= kBins; ++b) {
      uint32_t lo, hi;
      std::memcpy(&lo, &edge_[b], sizeof lo);
      std::memcpy(&hi, &edge_[b + 1], sizeof hi);
      if (hi != kPositiveInf && (lo >> 19) == (hi >> 19)) throw Error("distance histogram: bins too narrow");
    }
  }
  // d >= 0 (or -0), finite or not.
  int operator()(float d) const {
    uint32_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    const int b = start_[(bits & 0x7fffffffu) >> 19];
    return b + (d >= edge_[b + 1]);  // edge_[kBins] is +inf
  }

 private:
  std::array<float, kBins + 1> edge_{};
  std::array<uint8_t, 4096> start_{};
};

// Counts per bin kept in four interleaved copies: consecutive distances of a row often fall
// in the same bin, and one counter would make every increment wait for the previous one.
struct InterleavedHistogram {
  std::array<uint64_t, 4 * kBins> counts{};
  unsigned next = 0;
  void add(float d, const BinTable& bins) {
    if (d < kInfF) ++counts[(next++ & 3u) * kBins + bins(d)];
  }
  uint64_t total(int bin) const {
    return counts[bin] + counts[kBins + bin] + counts[2 * kBins + bin] + counts[3 * kBins + bin];
  }
};

// One thread's results and working memory.
struct Scratch {
  std::vector<float> gB, gA, gY, eB, eA, d;  // products of a tile and its distances
  std::vector<float> accB, accA, accY;
  uint16_t* minima = nullptr;                // n x kBins: the scan's own or `ownMinima`
  std::vector<uint16_t> ownMinima;
  std::vector<float> rowMinima;              // smallest counted minimum (D) per row
  std::vector<float> heat;                   // direct entries only; mirrored at the end
  InterleavedHistogram histogram;
  std::vector<uint8_t> flags;
};

using detail::Tile;

// Everything a tile needs besides its inputs.
struct TileContext {
  const ScanInputs& in;
  const BinTable& bins;
  int n, radius, sampleStride, heatStride, heatSize;
};

// out[j] = sum over t < k of g[t * stride + t + j], j < count: a window sum along diagonals.
// Blocks of 16 columns are summed over all k rows in registers before one store.
void diagonalSums(const float* __restrict g, int stride, int k, int count, float* __restrict out) {
  constexpr int kBlock = 16;
  int j = 0;
  for (; j + kBlock <= count; j += kBlock) {
    float sum[kBlock];
    for (int b = 0; b < kBlock; ++b) sum[b] = g[j + b];
    for (int t = 1; t < k; ++t) {
      const float* row = g + static_cast<size_t>(t) * stride + t + j;
      for (int b = 0; b < kBlock; ++b) sum[b] += row[b];
    }
    for (int b = 0; b < kBlock; ++b) out[j + b] = sum[b];
  }
  for (; j < count; ++j) {
    float sum = g[j];
    for (int t = 1; t < k; ++t) sum += g[static_cast<size_t>(t) * stride + t + j];
    out[j] = sum;
  }
}

// D over rows [rx0, rx0 + rxn) x columns [cx0, cx0 + cxn) into s.d (row-major, cxn wide).
void computeDistances(const ScanInputs& in, int rx0, int rxn, int cx0, int cxn, Scratch& s) {
  const int k = in.window, gr = rxn + k - 1, gc = cxn + k - 1;
  for (auto* b : {&s.gB, &s.gA, &s.gY}) {
    if (b->size() < static_cast<size_t>(gr) * gc) b->resize(static_cast<size_t>(gr) * gc);
  }
  for (auto* b : {&s.eB, &s.eA, &s.d}) {
    if (b->size() < static_cast<size_t>(rxn) * cxn) b->resize(static_cast<size_t>(rxn) * cxn);
  }
  for (auto* b : {&s.accB, &s.accA, &s.accY}) {
    if (b->size() < static_cast<size_t>(cxn)) b->resize(cxn);
  }
  MapF gB(s.gB.data(), gr, gc), gA(s.gA.data(), gr, gc), gY(s.gY.data(), gr, gc);
  MapF eB(s.eB.data(), rxn, cxn), eA(s.eA.data(), rxn, cxn);
  const auto uR = in.u.middleRows(rx0, gr);
  gB.noalias() = uR * in.u.middleRows(cx0, gc).transpose();
  gA.noalias() = uR * in.v.middleRows(cx0, gc).transpose();
  gY.noalias() = in.y.middleRows(rx0, gr) * in.y.middleRows(cx0, gc).transpose();
  const auto eR = in.e.middleRows(rx0, rxn);
  eB.noalias() = eR * in.e.middleRows(cx0, cxn).transpose();
  eA.noalias() = eR * in.f.middleRows(cx0, cxn).transpose();

  float* __restrict accB = s.accB.data();
  float* __restrict accA = s.accA.data();
  float* __restrict accY = s.accY.data();
  const float* qCol = in.q.data() + cx0;
  for (int li = 0; li < rxn; ++li) {
    float* __restrict out = s.d.data() + static_cast<size_t>(li) * cxn;
    const float qi = in.q[rx0 + li];
    if (!(qi < kInfF)) {
      std::fill(out, out + cxn, kInfF);
      continue;
    }
    // Window sums along the diagonals: sum over t of the products at (li + t, lj + t).
    const size_t o = static_cast<size_t>(li) * gc;
    diagonalSums(s.gB.data() + o, gc, k, cxn, accB);
    diagonalSums(s.gA.data() + o, gc, k, cxn, accA);
    diagonalSums(s.gY.data() + o, gc, k, cxn, accY);
    const float* __restrict eb = s.eB.data() + static_cast<size_t>(li) * cxn;
    const float* __restrict ea = s.eA.data() + static_cast<size_t>(li) * cxn;
    for (int lj = 0; lj < cxn; ++lj) {
      const float B = accB[lj] + eb[lj], A = accA[lj] + ea[lj];
      const float D = (qi + qCol[lj]) - 2.0f * accY[lj] - 2.0f * std::sqrt(A * A + B * B);
      out[lj] = std::max(D, 0.0f);  // +inf stays +inf for a column whose window is invalid
    }
  }
}

int firstMultiple(int from, int stride) { return (from + stride - 1) / stride * stride; }

// flags[j] = v[j] < left[j] && v[j] <= right[j] (false where v is +inf).
void markDips(const float* __restrict v, const float* __restrict left, const float* __restrict right,
              int count, uint8_t* __restrict flags) {
  for (int j = 0; j < count; ++j) flags[j] = static_cast<uint8_t>((v[j] < left[j]) & (v[j] <= right[j]));
}

// Calls f(j) for every set flag, skipping zero flags eight at a time.
template <typename F>
void forEachFlag(const uint8_t* flags, int count, const F& f) {
  int j = 0;
  for (; j + 8 <= count; j += 8) {
    uint64_t word;
    std::memcpy(&word, flags + j, sizeof word);
    if (word == 0) continue;
    for (int b = 0; b < 8; ++b) {
      if (flags[j + b]) f(j + b);
    }
  }
  for (; j < count; ++j) {
    if (flags[j]) f(j);
  }
}

void countMinimum(const TileContext& c, Scratch& s, int row, float v) {
  uint16_t& count = s.minima[static_cast<size_t>(row) * kBins + c.bins(v)];
  if (count < UINT16_MAX) ++count;
  s.rowMinima[row] = std::min(s.rowMinima[row], v);
}

// Computes a tile (with a halo of `radius` frames on every side, for the local-minimum rule)
// and folds its entries into the thread's results: rows [r0, r1) over columns [c0, c1), and,
// off the diagonal, the mirrored rows [c0, c1) over columns [r0, r1) (D is symmetric).
void scanTile(const TileContext& c, const Tile& tile, Scratch& s) {
  const ScanInputs& in = c.in;
  const int n = c.n, h = c.radius;
  const int rx0 = std::max(0, tile.r0 - h), rx1 = std::min(n, tile.r1 + h);
  const int cx0 = std::max(0, tile.c0 - h), cx1 = std::min(n, tile.c1 + h);
  const int cxn = cx1 - cx0;
  computeDistances(in, rx0, rx1 - rx0, cx0, cxn, s);
  auto at = [&](int i, int j) -> const float& {
    return s.d[static_cast<size_t>(i - rx0) * cxn + (j - cx0)];
  };
  const bool mirrored = tile.c0 != tile.r0;
  const int window = in.window;

  // Rows i over columns j.
  const int cols = tile.c1 - tile.c0;
  if (s.flags.size() < static_cast<size_t>(cols)) s.flags.resize(cols);
  uint8_t* flags = s.flags.data();
  for (int i = tile.r0; i < tile.r1; ++i) {
    if (!in.valid[i]) continue;
    const float* row = s.d.data() + static_cast<size_t>(i - rx0) * cxn;  // column j at j - cx0
    float* heat = s.heat.data() + static_cast<size_t>(i / c.heatStride) * c.heatSize;
    for (int j = tile.c0; j < tile.c1;) {
      const int cell = j / c.heatStride, end = std::min(tile.c1, (cell + 1) * c.heatStride);
      heat[cell] = std::min(heat[cell], Eigen::Map<const Eigen::ArrayXf>(row + (j - cx0), end - j).minCoeff());
      j = end;
    }
    for (int j = firstMultiple(tile.c0, c.sampleStride); j < tile.c1; j += c.sampleStride) {
      s.histogram.add(row[j - cx0], c.bins);
    }
    // Local minima: a vectorized first test (smaller than the left neighbour, not above the
    // right one) marks few candidates; they get the whole rule.
    const int j0 = std::max(tile.c0, 1), j1 = std::min(tile.c1, n - 1);
    if (j1 <= j0) continue;
    markDips(row + (j0 - cx0), row + (j0 - cx0 - 1), row + (j0 - cx0 + 1), j1 - j0, flags);
    auto value = [&](int col) { return row[col - cx0]; };
    forEachFlag(flags, j1 - j0, [&](int index) {
      const int j = j0 + index;
      if (j > i - window && j < i + window) return;  // own window
      if (!detail::isLocalMinimum(value, j, in.clipFirst[j], in.clipLast[j], h)) return;
      countMinimum(c, s, i, row[j - cx0]);
    });
  }
  if (!mirrored) return;

  // Rows j (of the columns) over columns i (of the rows): D(j, i) = at(i, j). The heat map is
  // mirrored at the end.
  for (int i = firstMultiple(tile.r0, c.sampleStride); i < tile.r1; i += c.sampleStride) {
    const float* row = &at(i, tile.c0);
    for (int lj = 0; lj < cols; ++lj) s.histogram.add(row[lj], c.bins);
  }
  for (int i = std::max(tile.r0, 1), last = std::min(tile.r1, n - 1); i < last; ++i) {
    if (!in.valid[i]) continue;
    markDips(&at(i, tile.c0), &at(i - 1, tile.c0), &at(i + 1, tile.c0), cols, flags);
    forEachFlag(flags, cols, [&](int lj) {
      const int j = tile.c0 + lj;
      if (i > j - window && i < j + window) return;
      auto value = [&](int r) { return at(r, j); };
      if (!detail::isLocalMinimum(value, i, in.clipFirst[i], in.clipLast[i], h)) return;
      countMinimum(c, s, j, at(i, j));
    });
  }
}

}  // namespace

int DistanceHistogram::bin(double rms) {
  if (!(rms > kMinRms)) return 0;
  const double u = std::log(rms / kMinRms) / std::log(kMaxRms / kMinRms);
  return std::clamp(static_cast<int>(u * kBins), 0, kBins - 1);
}

double DistanceHistogram::lowerEdge(int bin) {
  return kMinRms * std::pow(kMaxRms / kMinRms, static_cast<double>(bin) / kBins);
}

int DistanceScan::minimaBelow(int frame, double thresholdRms) const {
  int count = 0;
  const uint16_t* bins = minimaBins.data() + static_cast<size_t>(frame) * DistanceHistogram::kBins;
  for (int b = 0; b < DistanceHistogram::kBins && DistanceHistogram::upperEdge(b) <= thresholdRms; ++b) {
    count += bins[b];
  }
  return count;
}

double DistanceScan::percentile(double fraction) const {
  uint64_t total = 0;
  for (uint64_t c : allBins) total += c;
  if (total == 0) return 0.0;
  const double target = fraction * static_cast<double>(total);
  uint64_t seen = 0;
  for (int b = 0; b < DistanceHistogram::kBins; ++b) {
    if (seen + allBins[b] >= target && allBins[b] > 0) {
      // Interpolate geometrically inside the bin.
      const double u = (target - static_cast<double>(seen)) / static_cast<double>(allBins[b]);
      return DistanceHistogram::lowerEdge(b) *
             std::pow(DistanceHistogram::upperEdge(b) / DistanceHistogram::lowerEdge(b), u);
    }
    seen += allBins[b];
  }
  return DistanceHistogram::kMaxRms;
}

namespace detail {

DistanceScan scanDistanceShare(const PoseFeatures& features, const DistanceMatrixSettings& settings,
                               const ScanShare& share, const ProgressCallback& progress) {
  if (settings.window < 1) throw Error("pose distance: window must be at least 1 frame");
  if (share.ranks < 1 || share.rank < 0 || share.rank >= share.ranks) throw Error("pose distance: bad scan share");
  const int n = features.frameCount();
  DistanceScan scan;
  scan.frames = n;
  scan.window = settings.window;
  scan.minimaBins.assign(static_cast<size_t>(n) * kBins, 0);
  scan.allBins.assign(kBins, 0);
  scan.rowMinima.assign(n, kInfF);  // D until finishDistanceScan, then RMS
  scan.heatSize = std::min(n, std::max(1, settings.heatMapSize));
  scan.heatStride = n > 0 ? (n + scan.heatSize - 1) / scan.heatSize : 1;
  if (n > 0) scan.heatSize = (n + scan.heatStride - 1) / scan.heatStride;
  const size_t heatCells = static_cast<size_t>(scan.heatSize) * scan.heatSize;
  scan.heat.assign(heatCells, kInfF);
  if (n == 0) return scan;
  const ScanInputs in = prepare(features, settings.window);
  const BinTable bins(in.weight);

  const int threads = std::max(1, settings.threads > 0 ? settings.threads
                                                       : static_cast<int>(std::thread::hardware_concurrency()));
  // D is symmetric: only tiles on and above the diagonal are computed; this share owns one
  // contiguous run of them.
  const std::vector<Tile> all = scanTiles(n, settings);
  const std::vector<int> first = partitionTiles(all, n, settings.window, share.ranks);
  const std::vector<Tile> tiles(all.begin() + first[share.rank], all.begin() + first[share.rank + 1]);
  const int tileCount = static_cast<int>(tiles.size());
  // A sparse sample of columns feeds the all-distances histogram.
  const int sampleStride = std::max(1, n / 4096);
  const TileContext context{in, bins, n, detail::minimumRadius(settings.window), sampleStride,
                            scan.heatStride, scan.heatSize};

  std::atomic<int> nextTile{0}, doneTiles{0};
  std::atomic<bool> cancel{false};
  std::mutex mutex;
  std::condition_variable wake;
  std::exception_ptr failure;
  std::vector<Scratch> scratch(threads);

  auto worker = [&](int t) {
    Scratch& s = scratch[t];
    try {
      if (t == 0) {
        s.minima = scan.minimaBins.data();
      } else {
        s.ownMinima.assign(static_cast<size_t>(n) * kBins, 0);
        s.minima = s.ownMinima.data();
      }
      s.rowMinima.assign(n, kInfF);
      s.heat.assign(heatCells, kInfF);
      for (int k; !cancel && (k = nextTile++) < tileCount;) {
        scanTile(context, tiles[k], s);
        ++doneTiles;
        wake.notify_one();
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      cancel = true;
      wake.notify_one();
    }
  };

  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  // Progress is reported from this (the caller's) thread only.
  while (doneTiles < tileCount && !cancel) {
    std::unique_lock<std::mutex> lock(mutex);
    wake.wait_for(lock, std::chrono::milliseconds(100));
    lock.unlock();
    if (progress && !progress(static_cast<double>(doneTiles) / tileCount)) cancel = true;
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (doneTiles < tileCount) throw Cancelled();
  if (progress) progress(1.0);

  for (const Scratch& s : scratch) {
    if (s.heat.empty()) continue;  // a thread that never started
    for (size_t c = 0; c < heatCells; ++c) scan.heat[c] = std::min(scan.heat[c], s.heat[c]);
    for (int b = 0; b < kBins; ++b) scan.allBins[b] += s.histogram.total(b);
    for (int i = 0; i < n; ++i) scan.rowMinima[i] = std::min(scan.rowMinima[i], s.rowMinima[i]);
    for (size_t c = 0; c < s.ownMinima.size(); ++c) {
      scan.minimaBins[c] = static_cast<uint16_t>(std::min<int>(UINT16_MAX, scan.minimaBins[c] + s.ownMinima[c]));
    }
  }
  return scan;
}

void mergeDistanceShare(DistanceScan& into, const DistanceScan& from) {
  if (into.frames != from.frames || into.window != from.window || into.heatSize != from.heatSize ||
      into.heatStride != from.heatStride || into.minimaBins.size() != from.minimaBins.size() ||
      into.rowMinima.size() != from.rowMinima.size() || into.heat.size() != from.heat.size() ||
      into.allBins.size() != from.allBins.size()) {
    throw Error("pose distance: scan shares of different matrices");
  }
  // Saturating sums: min(M, a) + min(M, b) capped at M is min(M, a + b), whatever the order.
  for (size_t c = 0; c < into.minimaBins.size(); ++c) {
    into.minimaBins[c] = static_cast<uint16_t>(std::min<int>(UINT16_MAX, into.minimaBins[c] + from.minimaBins[c]));
  }
  for (size_t b = 0; b < into.allBins.size(); ++b) into.allBins[b] += from.allBins[b];
  for (size_t i = 0; i < into.rowMinima.size(); ++i) into.rowMinima[i] = std::min(into.rowMinima[i], from.rowMinima[i]);
  for (size_t c = 0; c < into.heat.size(); ++c) into.heat[c] = std::min(into.heat[c], from.heat[c]);
}

void finishDistanceScan(DistanceScan& scan, const PoseFeatures& features) {
  if (scan.frames == 0) return;
  const double weight = scan.window * features.weightSum;  // as prepare() computes it
  for (float& m : scan.rowMinima) m = static_cast<float>(std::sqrt(m / weight));
  const int hs = scan.heatSize;
  for (int a = 0; a < hs; ++a) {
    for (int b = a + 1; b < hs; ++b) {
      float& x = scan.heat[static_cast<size_t>(a) * hs + b];
      float& y = scan.heat[static_cast<size_t>(b) * hs + a];
      x = y = std::min(x, y);
    }
  }
  for (float& h : scan.heat) {
    h = std::isfinite(h) ? static_cast<float>(std::sqrt(h / weight)) : std::numeric_limits<float>::quiet_NaN();
  }
}

}  // namespace detail

DistanceScan scanDistanceMatrix(const PoseFeatures& features, const DistanceMatrixSettings& settings,
                                const ProgressCallback& progress) {
  const auto start = std::chrono::steady_clock::now();
  DistanceScan scan = detail::scanDistanceShare(features, settings, {}, progress);
  detail::finishDistanceScan(scan, features);
  scan.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return scan;
}

std::vector<double> distanceRow(const PoseFeatures& features, int i, int window) {
  const int n = features.frameCount();
  std::vector<double> row(n, kInf);
  if (!windowInsideClip(features, i, window)) return row;
  for (int j = 0; j < n; ++j) {
    if (windowInsideClip(features, j, window)) row[j] = windowDistance(features, i, j, window);
  }
  return row;
}

std::vector<int> rowMatches(const PoseFeatures& features, const std::vector<double>& row, int i,
                            int window, double thresholdRms) {
  std::vector<int> out;
  const double limit = rmsToDistance(thresholdRms, features, window);
  const int radius = detail::minimumRadius(window);
  auto value = [&](int j) { return row[j]; };
  for (int j = 0; j < static_cast<int>(row.size()); ++j) {
    if (j > i - window && j < i + window) continue;
    if (!(row[j] < limit)) continue;
    const FrameRef r = features.frameRef(j);
    const int first = features.clipStart(r.clip), last = features.clipStart(r.clip + 1) - 1;
    if (detail::isLocalMinimum(value, j, first, last, radius)) out.push_back(j);
  }
  return out;
}

Eigen::MatrixXd denseDistanceMatrix(const PoseFeatures& features, int window) {
  const int n = features.frameCount();
  Eigen::MatrixXd m(n, n);
  for (int i = 0; i < n; ++i) {
    const std::vector<double> row = distanceRow(features, i, window);
    for (int j = 0; j < n; ++j) m(i, j) = row[j];
  }
  return m;
}

}  // namespace fatgraph
