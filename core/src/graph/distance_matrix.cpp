#include "fatgraph/core/graph/distance_matrix.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

#include "fatgraph/core/internal/distance_tiles.h"
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
  std::vector<float> normU, normY;  // per padded row: |u| (= |v|) and |y|, bounding products
  // Per window, its centroid track less its mean, times sqrt(W1), transposed (column w is
  // window w): eT = [ex ez], fT = [ez -ex], 2k rows.
  RowMatrixF eT, fT;
  // Per window, sqrt(W1) times: its first centroid less its mean (a), the centroid after it
  // less its mean (b), the next window's mean less its own (d): the terms that slide the
  // centroid products down a diagonal (slideCentroidSums).
  std::vector<float> ax, az, bx, bz, dx, dz;
  std::vector<char> sameTrack;  // the window's track equals the previous window's, bit for bit
  std::vector<float> q;         // per window: Q (+inf where the window leaves its clip)
  std::vector<char> valid;      // window inside the clip
  std::vector<int> clipFirst, clipLast;  // per frame: its clip's frame range
  int window = 0, before = 0, after = 0;
  double weight = 0.0;          // k * W1
};

// Per frame, its clip's frame range, and whether its window lies inside the clip.
inline void markClipRanges(const PoseFeatures& f, ScanInputs& in) {
  const int n = f.frameCount();
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
}

// Every frame centred on its weighted ground centroid (cx, cz; filled here) and heights on
// the mean height, into the padded rows of u, v and y; returns each frame's sum of squares of
// the centred points. Also the row norms that bound the products.
inline std::vector<double> centreFrames(const PoseFeatures& f, std::vector<double>& cx, std::vector<double>& cz,
                                        ScanInputs& in) {
  const int n = f.frameCount(), joints = f.jointCount();
  const double w1 = f.weightSum;
  const std::vector<double>& s = f.jointScale;
  double meanY = 0.0;
  for (int j = 0; j < joints; ++j) meanY += s[j] * f.y.col(j).sum();
  meanY /= std::max(1.0, w1 * n);

  const int padded = n + in.window - 1;
  in.u = RowMatrixF::Zero(padded, 2 * joints);
  in.v = RowMatrixF::Zero(padded, 2 * joints);
  in.y = RowMatrixF::Zero(padded, joints);
  std::vector<double> p2(n);
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
  in.normU.resize(padded);
  in.normY.resize(padded);
  for (int r = 0; r < padded; ++r) {
    in.normU[r] = in.u.row(r).norm();
    in.normY[r] = in.y.row(r).norm();
  }
  return p2;
}

// The window centroid terms use the centroids stitched into one path: each clip shifted to
// start where the previous one ended, the padding repeating the ends. A window's terms are
// differences within it, so a window inside a clip is unchanged, and one across a boundary
// (never reported) stays as small, so the sliding sums pass through it without losing
// precision. Fills sx, sz (padded rows).
inline void stitchCentroidPath(const ScanInputs& in, const std::vector<double>& cx, const std::vector<double>& cz,
                               std::vector<double>& sx, std::vector<double>& sz) {
  const int n = static_cast<int>(cx.size()), padded = static_cast<int>(sx.size());
  double shiftX = 0.0, shiftZ = 0.0;
  for (int r = 0; r < n; ++r) {
    if (r > 0 && in.clipFirst[r] == r) {
      shiftX = sx[in.before + r - 1] - cx[r];
      shiftZ = sz[in.before + r - 1] - cz[r];
    }
    sx[in.before + r] = cx[r] + shiftX;
    sz[in.before + r] = cz[r] + shiftZ;
  }
  for (int r = 0; r < in.before; ++r) {
    sx[r] = sx[in.before];
    sz[r] = sz[in.before];
  }
  for (int r = in.before + n; r < padded; ++r) {
    sx[r] = sx[in.before + n - 1];
    sz[r] = sz[in.before + n - 1];
  }
}

// Per window: its centroid track less its mean (eT, fT), the sliding terms (a, b, d), Q, and
// whether its track repeats the previous window's.
inline void windowCentroidTerms(const PoseFeatures& f, const std::vector<double>& sx, const std::vector<double>& sz,
                                const std::vector<double>& p2, ScanInputs& in) {
  const int n = f.frameCount(), window = in.window;
  const double w1 = f.weightSum, rootW1 = std::sqrt(w1);
  std::vector<double> mx(n, 0.0), mz(n, 0.0);  // window i covers padded rows i .. i + k - 1
  for (int i = 0; i < n; ++i) {
    for (int t = 0; t < window; ++t) {
      mx[i] += sx[i + t];
      mz[i] += sz[i + t];
    }
    mx[i] /= window;
    mz[i] /= window;
  }
  in.eT = RowMatrixF::Zero(2 * window, n);
  in.fT = RowMatrixF::Zero(2 * window, n);
  for (auto* v : {&in.ax, &in.az, &in.bx, &in.bz, &in.dx, &in.dz}) v->assign(n, 0.0f);
  in.q.assign(n, kInfF);
  for (int i = 0; i < n; ++i) {
    double q = 0.0;
    for (int t = 0; t < window; ++t) {
      const double ex = sx[i + t] - mx[i], ez = sz[i + t] - mz[i];
      q += w1 * (ex * ex + ez * ez);
      in.eT(t, i) = static_cast<float>(rootW1 * ex);
      in.eT(window + t, i) = static_cast<float>(rootW1 * ez);
      in.fT(t, i) = static_cast<float>(rootW1 * ez);
      in.fT(window + t, i) = static_cast<float>(-rootW1 * ex);
    }
    in.ax[i] = static_cast<float>(rootW1 * (sx[i] - mx[i]));
    in.az[i] = static_cast<float>(rootW1 * (sz[i] - mz[i]));
    if (i + 1 < n) {
      in.bx[i] = static_cast<float>(rootW1 * (sx[i + window] - mx[i]));
      in.bz[i] = static_cast<float>(rootW1 * (sz[i + window] - mz[i]));
      in.dx[i] = static_cast<float>(rootW1 * (mx[i + 1] - mx[i]));
      in.dz[i] = static_cast<float>(rootW1 * (mz[i + 1] - mz[i]));
    }
    if (!in.valid[i]) continue;
    for (int t = -in.before; t <= in.after; ++t) q += p2[i + t];
    in.q[i] = static_cast<float>(q);
  }
  in.sameTrack.assign(n, 0);
  for (int i = 1; i < n; ++i) in.sameTrack[i] = in.eT.col(i) == in.eT.col(i - 1);
}

ScanInputs prepare(const PoseFeatures& f, int window) {
  ScanInputs in;
  const int n = f.frameCount();
  in.window = window;
  in.before = windowBefore(window);
  in.after = windowAfter(window);
  in.weight = window * f.weightSum;
  markClipRanges(f, in);
  std::vector<double> cx(n), cz(n);
  const std::vector<double> p2 = centreFrames(f, cx, cz, in);
  const int padded = n + window - 1;
  std::vector<double> sx(padded), sz(padded);
  stitchCentroidPath(in, cx, cz, sx, sz);
  windowCentroidTerms(f, sx, sz, p2, in);
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
  std::vector<float> gBA, gY, d;  // products of a tile and its distances
  RowMatrixF columnsUV;                    // a tile's columns of u over those of v
  std::vector<int32_t> accB, accA, accY;  // fixed-point window sums of a row and the row before
  std::vector<float> accE, accF;           // centroid terms of a row and the row before
  std::vector<int> sameColumns;            // a tile's columns whose window repeats the one before
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

// Window sums along the diagonals are summed in fixed point: every product of a tile is
// rounded to an integer multiple of 1 / scale (a power of two chosen so that k products can
// not overflow 31 bits: steps of about 1e-8 of the largest product, finer than float's
// rounding of the sum), and integer sums are exact. So a row's sums can slide from the row
// above (two adds per entry instead of k) and still equal the sums taken whole, bit for bit:
// equal products give equal distances whichever way they were summed, and a held pose keeps an
// exactly flat row, whose local minimum the ties rule finds once.
struct FixedPoint {
  float scale = 1.0f, step = 1.0f;  // scale = 1 / step, both powers of two
  // Products of vectors no longer than `largestProduct`, summed k at a time.
  FixedPoint(double largestProduct, int k) {
    int exponent = 0;
    const double bound = largestProduct * k * 1.001;  // GEMM rounding headroom
    if (bound > 0.0) std::frexp((1 << 30) / bound, &exponent), exponent -= 1;
    exponent = std::clamp(exponent, -120, 120);
    scale = std::ldexp(1.0f, exponent);
    step = std::ldexp(1.0f, -exponent);
  }
  int32_t operator()(float product) const {
    return static_cast<int32_t>(std::nearbyint(product * scale));  // vroundps, exact scaling
  }
};

// out[j] = sum over t < k of g[t * stride + t + j] in fixed point, j < count.
void diagonalSums(const float* __restrict g, int stride, int k, int count, const FixedPoint& fixed,
                  int32_t* __restrict out) {
  for (int j = 0; j < count; ++j) out[j] = fixed(g[j]);
  for (int t = 1; t < k; ++t) {
    const float* __restrict row = g + static_cast<size_t>(t) * stride + t;
    for (int j = 0; j < count; ++j) out[j] += fixed(row[j]);
  }
}

// The next row's sums from this row's: S(r + 1, j) = S(r, j - 1) - G(r, j - 1) +
// G(r + k, j - 1 + k), the window sliding one step down its diagonal; column 0 starts a new
// diagonal and is summed whole. `g` points at row r.
void slideDiagonalSums(const float* __restrict g, int stride, int k, int count, const FixedPoint& fixed,
                       const int32_t* __restrict current, int32_t* __restrict next) {
  const float* __restrict top = g;
  const float* __restrict bottom = g + static_cast<size_t>(k) * stride + k;
  for (int j = 1; j < count; ++j) next[j] = current[j - 1] - fixed(top[j - 1]) + fixed(bottom[j - 1]);
  diagonalSums(g + stride, stride, k, 1, fixed, next);
}

// The centroid terms of row window r against columns cx0 .. cx0 + count - 1 computed whole:
// E = e_r . e_w and F = e_r . f_w over the 2k values of the windows' tracks, in the same order
// for every column (equal tracks give equal terms).
void centroidSums(const ScanInputs& in, int r, int cx0, int count, float* __restrict outE, float* __restrict outF) {
  std::fill(outE, outE + count, 0.0f);
  std::fill(outF, outF + count, 0.0f);
  for (int t = 0; t < in.eT.rows(); ++t) {
    const float er = in.eT(t, r);
    const float* __restrict eRow = &in.eT(t, cx0);
    const float* __restrict fRow = &in.fT(t, cx0);
    for (int j = 0; j < count; ++j) {
      outE[j] += er * eRow[j];
      outF[j] += er * fRow[j];
    }
  }
}

// The centroid terms of the next row from this row's, as slideDiagonalSums does for the
// products but without a product matrix: with E(i, j) = sum_t (c_i,t - m_i) . (c_j,t - m_j)
// over the windows' centroids c and their means m (F likewise with the 2D cross product),
//   E(i + 1, j + 1) = E(i, j) + b_i . b_j - a_i . a_j - k d_i . d_j
// (a: the centroid leaving the window, b: the one entering, both less the old mean; d: the
// step of the mean; ScanInputs), six products per entry instead of the 2k of a whole sum. All
// terms are offsets within a window, so nothing large cancels. Column 0 is computed whole.
void slideCentroidSums(const ScanInputs& in, int rowWindow, int cx0, int count, const float* __restrict currentE,
                       const float* __restrict currentF, float* __restrict nextE, float* __restrict nextF) {
  const int r = rowWindow;
  const float rax = in.ax[r], raz = in.az[r], rbx = in.bx[r], rbz = in.bz[r];
  const float rdx = in.window * in.dx[r], rdz = in.window * in.dz[r];
  const float* __restrict ax = in.ax.data() + cx0;
  const float* __restrict az = in.az.data() + cx0;
  const float* __restrict bx = in.bx.data() + cx0;
  const float* __restrict bz = in.bz.data() + cx0;
  const float* __restrict dx = in.dx.data() + cx0;
  const float* __restrict dz = in.dz.data() + cx0;
  for (int j = 1; j < count; ++j) {
    const int w = j - 1;
    nextE[j] = currentE[w] + (rbx * bx[w] + rbz * bz[w]) - (rax * ax[w] + raz * az[w]) - (rdx * dx[w] + rdz * dz[w]);
    nextF[j] = currentF[w] + (rbx * bz[w] - rbz * bx[w]) - (rax * az[w] - raz * ax[w]) - (rdx * dz[w] - rdz * dx[w]);
  }
  centroidSums(in, r + 1, cx0, 1, nextE, nextF);
}

// Grows the scratch buffers to a tile of rxn x cxn distances over gr x gc products, and lists
// the tile's columns whose window repeats the one before.
inline void prepareTileScratch(const ScanInputs& in, int rxn, int cx0, int cxn, int gr, int gc, Scratch& s) {
  if (s.gBA.size() < 2 * static_cast<size_t>(gr) * gc) s.gBA.resize(2 * static_cast<size_t>(gr) * gc);
  if (s.gY.size() < static_cast<size_t>(gr) * gc) s.gY.resize(static_cast<size_t>(gr) * gc);
  for (auto* b : {&s.d}) {
    if (b->size() < static_cast<size_t>(rxn) * cxn) b->resize(static_cast<size_t>(rxn) * cxn);
  }
  for (auto* b : {&s.accB, &s.accA, &s.accY}) {
    if (b->size() < 2 * static_cast<size_t>(cxn)) b->resize(2 * static_cast<size_t>(cxn));
  }
  for (auto* b : {&s.accE, &s.accF}) {
    if (b->size() < 2 * static_cast<size_t>(cxn)) b->resize(2 * static_cast<size_t>(cxn));
  }
  s.sameColumns.clear();
  for (int lj = 1; lj < cxn; ++lj) {
    if (in.sameTrack[cx0 + lj]) s.sameColumns.push_back(lj);
  }
}

// B's and A's products in one GEMM of the rows' u against the columns' u and v stacked
// (one packing of the left side, one call): row r holds B's gc products, then A's. The
// height products y.y' into s.gY.
inline void tileProducts(const ScanInputs& in, int rx0, int cx0, int gr, int gc, Scratch& s) {
  MapF gBA(s.gBA.data(), gr, 2 * gc), gY(s.gY.data(), gr, gc);
  s.columnsUV.resize(2 * gc, in.u.cols());
  s.columnsUV.topRows(gc) = in.u.middleRows(cx0, gc);
  s.columnsUV.bottomRows(gc) = in.v.middleRows(cx0, gc);
  const auto uR = in.u.middleRows(rx0, gr);
  gBA.noalias() = uR * s.columnsUV.transpose();
  gY.noalias() = in.y.middleRows(rx0, gr) * in.y.middleRows(cx0, gc).transpose();
}

// The fixed-point scale for products of rows [first0, first0 + count0) and [first1, first1 +
// count1) of vectors whose norms are `norms`, summed k at a time.
inline FixedPoint productFixedPoint(const std::vector<float>& norms, int first0, int count0, int first1, int count1,
                                    int k) {
  auto largest = [](const std::vector<float>& v, int first, int count) {
    return static_cast<double>(*std::max_element(v.begin() + first, v.begin() + first + count));
  };
  return FixedPoint(largest(norms, first0, count0) * largest(norms, first1, count1), k);
}

// Window sums along the diagonals for tile row li: sum over t of the products at (li + t,
// lj + t), slid from the row above when `slide` (its sums in `before`), else summed whole.
inline void rowProductSums(Scratch& s, int li, int gc, int cxn, int k, bool slide, const FixedPoint& fixedBA,
                           const FixedPoint& fixedY, size_t now, size_t before) {
  int32_t* __restrict accB = s.accB.data() + now;
  int32_t* __restrict accA = s.accA.data() + now;
  int32_t* __restrict accY = s.accY.data() + now;
  const size_t o = static_cast<size_t>(li) * gc;
  if (slide) {
    const size_t above = o - gc;
    slideDiagonalSums(s.gBA.data() + 2 * above, 2 * gc, k, cxn, fixedBA, s.accB.data() + before, accB);
    slideDiagonalSums(s.gBA.data() + 2 * above + gc, 2 * gc, k, cxn, fixedBA, s.accA.data() + before, accA);
    slideDiagonalSums(s.gY.data() + above, gc, k, cxn, fixedY, s.accY.data() + before, accY);
  } else {
    diagonalSums(s.gBA.data() + 2 * o, 2 * gc, k, cxn, fixedBA, accB);
    diagonalSums(s.gBA.data() + 2 * o + gc, 2 * gc, k, cxn, fixedBA, accA);
    diagonalSums(s.gY.data() + o, gc, k, cxn, fixedY, accY);
  }
}

// The centroid terms of tile row li: a window whose track repeats the row before's takes that
// row's terms (so held poses give bitwise equal distances); else they slide from the row
// above, and are computed whole every kFreshRows rows so float rounding cannot build up.
// `follows`: the row above's terms are in `before`.
inline void rowCentroidTerms(const ScanInputs& in, Scratch& s, int rx0, int li, int cx0, int cxn, bool follows,
                             size_t now, size_t before) {
  constexpr int kFreshRows = 32;
  float* __restrict accE = s.accE.data() + now;
  float* __restrict accF = s.accF.data() + now;
  const float* previousE = s.accE.data() + before;
  const float* previousF = s.accF.data() + before;
  if (follows && in.sameTrack[rx0 + li]) {
    std::copy(previousE, previousE + cxn, accE);
    std::copy(previousF, previousF + cxn, accF);
  } else if (follows && li % kFreshRows != 0) {
    slideCentroidSums(in, rx0 + li - 1, cx0, cxn, previousE, previousF, accE, accF);
    for (int lj : s.sameColumns) {  // repeated windows: equal terms, as computed whole
      accE[lj] = accE[lj - 1];
      accF[lj] = accF[lj - 1];
    }
  } else {
    centroidSums(in, rx0 + li, cx0, cxn, accE, accF);
  }
}

// D over rows [rx0, rx0 + rxn) x columns [cx0, cx0 + cxn) into s.d (row-major, cxn wide).
void computeDistances(const ScanInputs& in, int rx0, int rxn, int cx0, int cxn, Scratch& s) {
  const int k = in.window, gr = rxn + k - 1, gc = cxn + k - 1;
  prepareTileScratch(in, rxn, cx0, cxn, gr, gc, s);
  tileProducts(in, rx0, cx0, gr, gc, s);
  const FixedPoint fixedBA = productFixedPoint(in.normU, rx0, gr, cx0, gc, k);
  const FixedPoint fixedY = productFixedPoint(in.normY, rx0, gr, cx0, gc, k);
  const float* qCol = in.q.data() + cx0;
  int summedRow = -1;  // the row whose sums are in the current half of the acc buffers
  for (int li = 0; li < rxn; ++li) {
    float* __restrict out = s.d.data() + static_cast<size_t>(li) * cxn;
    const float qi = in.q[rx0 + li];
    if (!(qi < kInfF)) {
      std::fill(out, out + cxn, kInfF);
      continue;
    }
    const size_t now = static_cast<size_t>(li % 2) * cxn, before = static_cast<size_t>(1 - li % 2) * cxn;
    const bool follows = li > 0 && summedRow == li - 1;
    rowProductSums(s, li, gc, cxn, k, follows, fixedBA, fixedY, now, before);
    rowCentroidTerms(in, s, rx0, li, cx0, cxn, follows, now, before);
    summedRow = li;
    const int32_t* __restrict accB = s.accB.data() + now;
    const int32_t* __restrict accA = s.accA.data() + now;
    const int32_t* __restrict accY = s.accY.data() + now;
    // A plain loop, vectorized because this file is compiled without errno for sqrt (see
    // core/CMakeLists.txt): every entry takes the same instructions wherever it lies. Eigen's
    // array form was faster too but did its unaligned head in scalar code with other FMA
    // contractions, so an entry's last bit depended on the buffer's address.
    const float* __restrict eb = s.accE.data() + now;
    const float* __restrict ea = s.accF.data() + now;
    for (int lj = 0; lj < cxn; ++lj) {
      const float B = static_cast<float>(accB[lj]) * fixedBA.step + eb[lj];
      const float A = static_cast<float>(accA[lj]) * fixedBA.step + ea[lj];
      const float Y = static_cast<float>(accY[lj]) * fixedY.step;
      const float D = (qi + qCol[lj]) - 2.0f * Y - 2.0f * std::sqrt(A * A + B * B);
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
    if (i % c.sampleStride == 0) {
      for (int j = firstMultiple(tile.c0, c.sampleStride); j < tile.c1; j += c.sampleStride) {
        s.histogram.add(row[j - cx0], c.bins);
      }
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
    for (int j = firstMultiple(tile.c0, c.sampleStride); j < tile.c1; j += c.sampleStride) {
      s.histogram.add(at(i, j), c.bins);
    }
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

namespace {

// An empty scan of n frames: no minima counted, every distance and heat cell +inf, the heat
// map's size and stride fixed.
DistanceScan emptyScan(int n, const DistanceMatrixSettings& settings) {
  DistanceScan scan;
  scan.frames = n;
  scan.window = settings.window;
  scan.minimaBins.assign(static_cast<size_t>(n) * kBins, 0);
  scan.allBins.assign(kBins, 0);
  scan.rowMinima.assign(n, kInfF);  // D until finishDistanceScan, then RMS
  scan.heatSize = std::min(n, std::max(1, settings.heatMapSize));
  scan.heatStride = n > 0 ? (n + scan.heatSize - 1) / scan.heatSize : 1;
  if (n > 0) scan.heatSize = (n + scan.heatStride - 1) / scan.heatStride;
  scan.heat.assign(static_cast<size_t>(scan.heatSize) * scan.heatSize, kInfF);
  return scan;
}

// Scans `tiles` on `scratch.size()` threads, each into its own scratch (thread 0 counts minima
// straight into the scan's). Progress is reported from this (the caller's) thread only;
// throws Cancelled when the callback says stop, and rethrows a thread's failure.
void scanTilesOnThreads(const TileContext& context, const std::vector<Tile>& tiles, DistanceScan& scan,
                        std::vector<Scratch>& scratch, const ProgressCallback& progress) {
  const int n = context.n, tileCount = static_cast<int>(tiles.size());
  const size_t heatCells = scan.heat.size();
  std::atomic<int> nextTile{0}, doneTiles{0};
  std::atomic<bool> cancel{false};
  std::mutex mutex;
  std::condition_variable wake;
  std::exception_ptr failure;

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
  for (int t = 0; t < static_cast<int>(scratch.size()); ++t) pool.emplace_back(worker, t);
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
}

// The threads' heat, histograms, row minima and minima counts into the scan.
void mergeThreadScratch(const std::vector<Scratch>& scratch, DistanceScan& scan) {
  const size_t heatCells = scan.heat.size();
  const int n = scan.frames;
  for (const Scratch& s : scratch) {
    if (s.heat.empty()) continue;  // a thread that never started
    for (size_t c = 0; c < heatCells; ++c) scan.heat[c] = std::min(scan.heat[c], s.heat[c]);
    for (int b = 0; b < kBins; ++b) scan.allBins[b] += s.histogram.total(b);
    for (int i = 0; i < n; ++i) scan.rowMinima[i] = std::min(scan.rowMinima[i], s.rowMinima[i]);
    for (size_t c = 0; c < s.ownMinima.size(); ++c) {
      scan.minimaBins[c] = static_cast<uint16_t>(std::min<int>(UINT16_MAX, scan.minimaBins[c] + s.ownMinima[c]));
    }
  }
}

}  // namespace

namespace detail {

DistanceScan scanDistanceShare(const PoseFeatures& features, const DistanceMatrixSettings& settings,
                               const ScanShare& share, const ProgressCallback& progress) {
  if (settings.window < 1) throw Error("pose distance: window must be at least 1 frame");
  if (share.ranks < 1 || share.rank < 0 || share.rank >= share.ranks) throw Error("pose distance: bad scan share");
  const int n = features.frameCount();
  DistanceScan scan = emptyScan(n, settings);
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
  // A lattice of entries (row and column multiples of the stride; about 4096 x 4096 at most)
  // feeds the all-distances histogram.
  const int sampleStride = std::max(1, n / 4096);
  const TileContext context{in, bins, n, detail::minimumRadius(settings.window), sampleStride,
                            scan.heatStride, scan.heatSize};
  std::vector<Scratch> scratch(threads);
  scanTilesOnThreads(context, tiles, scan, scratch, progress);
  mergeThreadScratch(scratch, scan);
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
