#include "fatgraph/core/distance_matrix.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

#include "row_minima.h"

namespace fatgraph {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Everything the tiles read: GEMM operands and per-frame window sums.
//   U = [x z] and V = [z -x] (N x 2J): U_i . U_j = x_i.x_j + z_i.z_j, U_i . V_j = x_i.z_j - z_i.x_j,
//   Y (N x J): Y_i . Y_j = y_i.y_j; each summed over the window along a diagonal gives the
//   B, A and y-terms of the closed form.
struct ScanInputs {
  Eigen::MatrixXd u, v, y;
  Eigen::VectorXd windowX, windowZ, windowP2;  // window sums of sum_j w x, w z, w |p|^2
  std::vector<char> valid;                     // window inside the clip
  std::vector<int> clipFirst, clipLast;        // per frame: its clip's frame range
  int window = 0, before = 0, after = 0;
  double weight = 0.0;                         // k * W
};

ScanInputs prepare(const PoseFeatures& f, int window) {
  ScanInputs in;
  const int n = f.frameCount(), joints = f.jointCount();
  in.window = window;
  in.before = windowBefore(window);
  in.after = windowAfter(window);
  in.weight = window * f.weightSum;
  in.u.resize(n, 2 * joints);
  in.v.resize(n, 2 * joints);
  in.u << f.x, f.z;
  in.v << f.z, -f.x;
  in.y = f.y;
  in.valid.resize(n);
  in.clipFirst.resize(n);
  in.clipLast.resize(n);
  in.windowX = Eigen::VectorXd::Zero(n);
  in.windowZ = Eigen::VectorXd::Zero(n);
  in.windowP2 = Eigen::VectorXd::Zero(n);
  for (int c = 0; c < f.clipCount(); ++c) {
    for (int i = f.clipStart(c); i < f.clipStart(c + 1); ++i) {
      in.clipFirst[i] = f.clipStart(c);
      in.clipLast[i] = f.clipStart(c + 1) - 1;
    }
  }
  for (int i = 0; i < n; ++i) {
    in.valid[i] = windowInsideClip(f, i, window);
    if (!in.valid[i]) continue;
    for (int t = -in.before; t <= in.after; ++t) {
      in.windowX[i] += f.sumX[i + t];
      in.windowZ[i] += f.sumZ[i + t];
      in.windowP2[i] += f.sumP2[i + t];
    }
  }
  return in;
}

// One thread's working memory: three zero-padded GEMM results of an extended tile, and the
// distances of a block of rows over every column (column-major: [column * rows + row]).
struct Scratch {
  Eigen::MatrixXd g1, g2, g3;
  std::vector<float> rows;
  std::vector<float> heat;
  std::vector<uint64_t> allBins;
};

// D for rows [r0, r0 + rowCount) and columns [c0, c0 + colCount) into scratch.rows.
void computeTile(const ScanInputs& in, int r0, int rowCount, int c0, int colCount, Scratch& s) {
  const int n = static_cast<int>(in.valid.size());
  const int rFirst = std::max(0, r0 - in.before), rEnd = std::min(n, r0 + rowCount + in.after);
  const int cFirst = std::max(0, c0 - in.before), cEnd = std::min(n, c0 + colCount + in.after);
  const int rn = rEnd - rFirst, cn = cEnd - cFirst;
  for (Eigen::MatrixXd* g : {&s.g1, &s.g2, &s.g3}) {
    g->resize(rn + 1, cn + 1);
    g->row(0).setZero();
    g->col(0).setZero();
  }
  const auto uR = in.u.middleRows(rFirst, rn);
  s.g1.bottomRightCorner(rn, cn).noalias() = uR * in.u.middleRows(cFirst, cn).transpose();
  s.g2.bottomRightCorner(rn, cn).noalias() = uR * in.v.middleRows(cFirst, cn).transpose();
  s.g3.bottomRightCorner(rn, cn).noalias() =
      in.y.middleRows(rFirst, rn) * in.y.middleRows(cFirst, cn).transpose();
  // Prefix sums along diagonals: g(r, c) = sum over s >= 0 of the product at (r - s, c - s).
  for (Eigen::MatrixXd* g : {&s.g1, &s.g2, &s.g3}) {
    for (int c = 1; c <= cn; ++c) g->col(c).segment(1, rn) += g->col(c - 1).segment(0, rn);
  }
  const int a = in.after + 1, b = in.before;
  const double invW = 1.0 / in.weight;
  for (int j = c0; j < c0 + colCount; ++j) {
    float* out = s.rows.data() + static_cast<size_t>(j) * rowCount;
    if (!in.valid[j]) {
      std::fill(out, out + rowCount, std::numeric_limits<float>::infinity());
      continue;
    }
    const int lj = j - cFirst;
    const double xj = in.windowX[j], zj = in.windowZ[j], pj = in.windowP2[j];
    const double* g1a = s.g1.col(lj + a).data();
    const double* g1b = s.g1.col(lj - b).data();
    const double* g2a = s.g2.col(lj + a).data();
    const double* g2b = s.g2.col(lj - b).data();
    const double* g3a = s.g3.col(lj + a).data();
    const double* g3b = s.g3.col(lj - b).data();
    for (int i = r0; i < r0 + rowCount; ++i) {
      if (!in.valid[i]) {
        out[i - r0] = std::numeric_limits<float>::infinity();
        continue;
      }
      const int li = i - rFirst;
      const double sB = g1a[li + a] - g1b[li - b];
      const double sA = g2a[li + a] - g2b[li - b];
      const double sY = g3a[li + a] - g3b[li - b];
      const double xi = in.windowX[i], zi = in.windowZ[i];
      const double A = sA - (xi * zj - xj * zi) * invW;
      const double B = sB - (xi * xj + zi * zj) * invW;
      const double D = in.windowP2[i] + pj - 2.0 * sY -
                       (xi * xi + zi * zi + xj * xj + zj * zj) * invW -
                       2.0 * std::sqrt(A * A + B * B);
      out[i - r0] = static_cast<float>(std::max(D, 0.0));
    }
  }
}

struct BlockPlan {
  int rowsPerBlock = 64;
  int colsPerTile = 1024;
};

BlockPlan planBlocks(int n, int window, int threads, size_t budget) {
  BlockPlan p;
  p.colsPerTile = std::min(n, 1024);
  const size_t perThread = budget / std::max(1, threads);
  const size_t tileBytes = 3 * 8 * size_t(p.colsPerTile + window + 1);  // per extended row
  const size_t rowBytes = 4 * size_t(n) + tileBytes;
  long rows = static_cast<long>(perThread / std::max<size_t>(rowBytes, 1)) - window;
  rows = std::clamp<long>(rows, 8, 256);
  // Enough blocks to keep every thread busy to the end.
  rows = std::min<long>(rows, std::max<long>(8, n / std::max(1, 4 * threads)));
  p.rowsPerBlock = static_cast<int>(std::max<long>(1, std::min<long>(rows, n)));
  return p;
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

DistanceScan scanDistanceMatrix(const PoseFeatures& features, const DistanceMatrixSettings& settings,
                                const ProgressCallback& progress) {
  const auto start = std::chrono::steady_clock::now();
  if (settings.window < 1) throw Error("pose distance: window must be at least 1 frame");
  const ScanInputs in = prepare(features, settings.window);
  const int n = features.frameCount();
  DistanceScan scan;
  scan.frames = n;
  scan.window = settings.window;
  scan.minimaBins.assign(static_cast<size_t>(n) * DistanceHistogram::kBins, 0);
  scan.allBins.assign(DistanceHistogram::kBins, 0);
  scan.heatSize = std::min(n, std::max(1, settings.heatMapSize));
  scan.heatStride = n > 0 ? (n + scan.heatSize - 1) / scan.heatSize : 1;
  if (n > 0) scan.heatSize = (n + scan.heatStride - 1) / scan.heatStride;
  const size_t heatCells = static_cast<size_t>(scan.heatSize) * scan.heatSize;
  scan.heat.assign(heatCells, std::numeric_limits<float>::infinity());
  if (n == 0) return scan;

  const int threads = std::max(1, settings.threads > 0 ? settings.threads
                                                       : static_cast<int>(std::thread::hardware_concurrency()));
  const BlockPlan plan = planBlocks(n, settings.window, threads, settings.memoryBudgetBytes);
  const int blocks = (n + plan.rowsPerBlock - 1) / plan.rowsPerBlock;
  // A sparse sample of columns feeds the all-distances histogram (a log per entry of the full
  // matrix would cost more than the distances themselves).
  const int sampleStride = std::max(1, n / 4096);
  const int radius = detail::minimumRadius(settings.window);

  std::atomic<int> nextBlock{0}, doneBlocks{0};
  std::atomic<bool> cancel{false};
  std::mutex mutex;
  std::condition_variable wake;
  std::exception_ptr failure;
  std::vector<Scratch> scratch(threads);

  auto worker = [&](int t) {
    Scratch& s = scratch[t];
    try {
      s.rows.resize(static_cast<size_t>(plan.rowsPerBlock) * n);
      s.heat.assign(heatCells, std::numeric_limits<float>::infinity());
      s.allBins.assign(DistanceHistogram::kBins, 0);
      for (int blk; !cancel && (blk = nextBlock++) < blocks;) {
        const int r0 = blk * plan.rowsPerBlock;
        const int rowCount = std::min(plan.rowsPerBlock, n - r0);
        for (int c0 = 0; c0 < n && !cancel; c0 += plan.colsPerTile) {
          computeTile(in, r0, rowCount, c0, std::min(plan.colsPerTile, n - c0), s);
        }
        // Analyse the finished rows column by column (the block is stored column-major, so
        // this reads memory in order): heat map, histogram sample, local minima.
        std::vector<int> heatRow(rowCount);
        for (int li = 0; li < rowCount; ++li) heatRow[li] = ((r0 + li) / scan.heatStride) * scan.heatSize;
        for (int j = 0; j < n; ++j) {
          const float* col = s.rows.data() + static_cast<size_t>(j) * rowCount;
          float* heat = s.heat.data() + j / scan.heatStride;
          for (int li = 0; li < rowCount; ++li) heat[heatRow[li]] = std::min(heat[heatRow[li]], col[li]);
          if (j % sampleStride == 0) {
            for (int li = 0; li < rowCount; ++li) {
              if (std::isfinite(col[li])) ++s.allBins[DistanceHistogram::bin(std::sqrt(col[li] / in.weight))];
            }
          }
          if (j == 0 || j + 1 == n) continue;
          const float* prev = col - rowCount;
          const float* next = col + rowCount;
          for (int li = 0; li < rowCount; ++li) {
            const float v = col[li];
            if (!(v < prev[li] && v <= next[li])) continue;  // most entries stop here
            const int i = r0 + li;
            if (j > i - settings.window && j < i + settings.window) continue;  // own window
            auto value = [&](int c) { return s.rows[static_cast<size_t>(c) * rowCount + li]; };
            if (!detail::isLocalMinimum(value, j, in.clipFirst[j], in.clipLast[j], radius)) continue;
            uint16_t& count = scan.minimaBins[static_cast<size_t>(i) * DistanceHistogram::kBins +
                                              DistanceHistogram::bin(std::sqrt(v / in.weight))];
            if (count < UINT16_MAX) ++count;
          }
        }
        ++doneBlocks;
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
  while (doneBlocks < blocks && !cancel) {
    std::unique_lock<std::mutex> lock(mutex);
    wake.wait_for(lock, std::chrono::milliseconds(100));
    lock.unlock();
    if (progress && !progress(static_cast<double>(doneBlocks) / blocks)) cancel = true;
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (doneBlocks < blocks) throw Cancelled();
  if (progress) progress(1.0);

  for (const Scratch& s : scratch) {
    for (size_t c = 0; c < heatCells && !s.heat.empty(); ++c) scan.heat[c] = std::min(scan.heat[c], s.heat[c]);
    for (int b = 0; b < DistanceHistogram::kBins && !s.allBins.empty(); ++b) scan.allBins[b] += s.allBins[b];
  }
  for (float& h : scan.heat) {
    h = std::isfinite(h) ? static_cast<float>(std::sqrt(h / in.weight)) : std::numeric_limits<float>::quiet_NaN();
  }
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
