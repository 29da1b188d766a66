#include "distance_rows.h"

#include "row_minima.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace fatgraph::detail {

namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Per requested row, the window sums along the diagonal of the B, A and height products:
// s(r, j) = sum_t P(frames[r] + t, j + t); rows whose window leaves its clip stay zero.
struct RowDiagonalSums {
  RowMatrix sB, sA, sY;
  std::vector<char> rowValid;
};

// Frames whose products some valid row needs, sorted, unique; marks which rows are valid.
std::vector<int> productSourceFrames(const PoseFeatures& f, const std::vector<int>& frames, int window,
                                     std::vector<char>& rowValid) {
  const int m = static_cast<int>(frames.size());
  const int before = windowBefore(window), after = windowAfter(window);
  rowValid.assign(m, 0);
  std::vector<int> source;
  for (int r = 0; r < m; ++r) {
    rowValid[r] = windowInsideClip(f, frames[r], window);
    for (int t = -before; t <= after && rowValid[r]; ++t) source.push_back(frames[r] + t);
  }
  std::sort(source.begin(), source.end());
  source.erase(std::unique(source.begin(), source.end()), source.end());
  return source;
}

// Shifts the products of source frames [c0, c0 + rows) (gB, gA, gY, one row per source frame)
// into every row's diagonal sums that uses them.
void addChunkToDiagonals(const std::vector<int>& frames, const std::vector<int>& source, size_t c0, int rows,
                         int window, const RowMatrix& gB, const RowMatrix& gA, const RowMatrix& gY,
                         RowDiagonalSums& sums) {
  const int n = static_cast<int>(gB.cols()), m = static_cast<int>(frames.size());
  const int before = windowBefore(window), after = windowAfter(window);
  const int firstFrame = source[c0], lastFrame = source[c0 + rows - 1];
  for (int r = 0; r < m; ++r) {
    for (int t = -before; t <= after && sums.rowValid[r]; ++t) {
      const int a = frames[r] + t;
      if (a < firstFrame || a > lastFrame) continue;
      const int k = static_cast<int>(std::lower_bound(source.begin() + static_cast<long>(c0),
                                                      source.begin() + static_cast<long>(c0 + rows), a) -
                                     source.begin() - static_cast<long>(c0));
      // s(r, j) += P(a, j + t) wherever j + t exists.
      const int len = n - std::abs(t);
      if (len <= 0) continue;
      const int from = t >= 0 ? t : 0, to = t >= 0 ? 0 : -t;
      sums.sB.row(r).segment(to, len) += gB.row(k).segment(from, len);
      sums.sA.row(r).segment(to, len) += gA.row(k).segment(from, len);
      sums.sY.row(r).segment(to, len) += gY.row(k).segment(from, len);
    }
  }
}

// x.x' + z.z' and x.z' - z.x' are the B and A sums of the closed form, y.y' the height
// term (products of the feature matrices themselves, no copies). Candidates are often
// neighbours whose windows overlap, so each needed frame's products with every frame are
// computed once (in chunks that keep the products within about 64 MiB) and shifted into every
// row that uses them.
RowDiagonalSums diagonalProductSums(const PoseFeatures& f, const std::vector<int>& frames, int window) {
  const int n = f.frameCount(), joints = f.jointCount(), m = static_cast<int>(frames.size());
  RowDiagonalSums sums;
  sums.sB = RowMatrix::Zero(m, n);
  sums.sA = sums.sB;
  sums.sY = sums.sB;
  const std::vector<int> source = productSourceFrames(f, frames, window, sums.rowValid);
  const int chunk = std::max<int>(8, static_cast<int>((size_t(64) << 20) / (24 * size_t(n))));
  RowMatrix gB, gA, gY;
  for (size_t c0 = 0; c0 < source.size(); c0 += chunk) {
    const int rows = static_cast<int>(std::min(source.size() - c0, static_cast<size_t>(chunk)));
    Eigen::MatrixXd xr(rows, joints), yr(rows, joints), zr(rows, joints);
    for (int k = 0; k < rows; ++k) {
      xr.row(k) = f.x.row(source[c0 + k]);
      yr.row(k) = f.y.row(source[c0 + k]);
      zr.row(k) = f.z.row(source[c0 + k]);
    }
    gB.noalias() = xr * f.x.transpose();
    gB.noalias() += zr * f.z.transpose();
    gA.noalias() = xr * f.z.transpose();
    gA.noalias() -= zr * f.x.transpose();
    gY.noalias() = yr * f.y.transpose();
    addChunkToDiagonals(frames, source, c0, rows, window, gB, gA, gY, sums);
  }
  return sums;
}

// Per frame, the window sums of sum_j w x, w z and w |p|^2, and whether its window is inside
// its clip (sums stay zero where it is not).
struct FrameWindowSums {
  std::vector<char> valid;
  Eigen::VectorXd wx, wz, wp;
};

FrameWindowSums frameWindowSums(const PoseFeatures& f, int window) {
  const int n = f.frameCount();
  const int before = windowBefore(window), after = windowAfter(window);
  FrameWindowSums w;
  w.valid.resize(n);
  w.wx = Eigen::VectorXd::Zero(n);
  w.wz = w.wx;
  w.wp = w.wx;
  for (int j = 0; j < n; ++j) {
    w.valid[j] = windowInsideClip(f, j, window);
    if (!w.valid[j]) continue;
    for (int t = -before; t <= after; ++t) {
      w.wx[j] += f.sumX[j + t];
      w.wz[j] += f.sumZ[j + t];
      w.wp[j] += f.sumP2[j + t];
    }
  }
  return w;
}

}  // namespace

Eigen::MatrixXd distanceRows(const PoseFeatures& f, const std::vector<int>& frames, int window) {
  const int n = f.frameCount(), m = static_cast<int>(frames.size());
  const double inf = std::numeric_limits<double>::infinity();
  Eigen::MatrixXd out = Eigen::MatrixXd::Constant(m, n, inf);
  if (m == 0 || n == 0) return out;
  // D(i, j) sums the products over the window along the diagonal, then takes off the
  // centroid terms of the closed form.
  const RowDiagonalSums s = diagonalProductSums(f, frames, window);
  const FrameWindowSums w = frameWindowSums(f, window);
  const double invW = 1.0 / (window * f.weightSum);
  for (int r = 0; r < m; ++r) {
    if (!s.rowValid[r]) continue;
    const int i = frames[r];
    const double xi = w.wx[i], zi = w.wz[i];
    for (int j = 0; j < n; ++j) {
      if (!w.valid[j]) continue;
      const double xj = w.wx[j], zj = w.wz[j];
      const double A = s.sA(r, j) - (xi * zj - xj * zi) * invW;
      const double B = s.sB(r, j) - (xi * xj + zi * zj) * invW;
      const double D = w.wp[i] + w.wp[j] - 2.0 * s.sY(r, j) - (xi * xi + zi * zi + xj * xj + zj * zj) * invW -
                       2.0 * std::sqrt(A * A + B * B);
      out(r, j) = std::max(D, 0.0);
    }
  }
  return out;
}

std::vector<double> rowVector(const Eigen::MatrixXd& rows, int r) {
  std::vector<double> out(rows.cols());
  for (int j = 0; j < rows.cols(); ++j) out[j] = rows(r, j);
  return out;
}

void snapRepeats(std::vector<double>& row, const PoseFeatures& features, int window) {
  const double floor = rmsToDistance(1e-6, features, window);
  for (double& d : row) {
    if (d < floor) d = 0.0;
  }
}

double roundingTolerance(const PoseFeatures& f, int window) {
  double largest = 0.0;
  for (int j = 0; j < f.frameCount(); ++j) {
    if (!windowInsideClip(f, j, window)) continue;
    double sum = 0.0;
    for (int t = -windowBefore(window); t <= windowAfter(window); ++t) sum += f.sumP2[j + t];
    largest = std::max(largest, sum);
  }
  return 2e-12 * largest;  // ~10^4 ulps
}

std::vector<int> exactMatches(const PoseFeatures& f, std::vector<double> row, int i, int window,
                              double thresholdRms, double tolerance) {
  snapRepeats(row, f, window);
  const double limit = rmsToDistance(thresholdRms, f, window);
  const int radius = minimumRadius(window);
  auto value = [&](int j) { return row[j]; };
  std::vector<int> out;
  for (int j = 0; j < static_cast<int>(row.size()); ++j) {
    if ((j > i - window && j < i + window) || !(row[j] < limit)) continue;
    const FrameRef r = f.frameRef(j);
    const int first = f.clipStart(r.clip), last = f.clipStart(r.clip + 1) - 1;
    if (isLocalMinimum(value, j, first, last, radius, tolerance)) out.push_back(j);
  }
  return out;
}

}  // namespace fatgraph::detail
