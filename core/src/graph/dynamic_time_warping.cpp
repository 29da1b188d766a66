#include "fatgraph/core/graph/dynamic_time_warping.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "frame_distance_products.h"

namespace fatgraph {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum Step : std::uint8_t { kNone = 0, kDiagonal = 1, kSlow = 2 /* (1,2) */, kFast = 3 /* (2,1) */ };

constexpr int stepT(Step s) { return s == kFast ? 2 : 1; }
constexpr int stepU(Step s) { return s == kSlow ? 2 : 1; }

}  // namespace

namespace detail {

CentredFrames centredFrames(const PoseFeatures& f, int first, int count) {
  const int joints = f.jointCount();
  CentredFrames c;
  const Eigen::VectorXd cx = f.sumX.segment(first, count) / f.weightSum;
  const Eigen::VectorXd cz = f.sumZ.segment(first, count) / f.weightSum;
  c.u.resize(count, 2 * joints);
  for (int j = 0; j < joints; ++j) {  // column by column: the features are column-major
    c.u.col(j) = f.x.col(j).segment(first, count) - f.jointScale[j] * cx;
    c.u.col(joints + j) = f.z.col(j).segment(first, count) - f.jointScale[j] * cz;
  }
  c.y = f.y.middleRows(first, count);
  c.q = c.u.rowwise().squaredNorm() + c.y.rowwise().squaredNorm();
  return c;
}

void squaredFrameDistances(const CentredFrames& a, const CentredFrames& b, double w1,
                           FrameProductScratch& s, Eigen::MatrixXd& out) {
  const Eigen::Index joints = b.y.cols(), l = a.u.rows(), lp = b.u.rows();
  s.v.resize(lp, 2 * joints);
  s.v.leftCols(joints) = b.u.rightCols(joints);
  s.v.rightCols(joints) = -b.u.leftCols(joints);
  s.gB.noalias() = a.u * b.u.transpose();
  s.gA.noalias() = a.u * s.v.transpose();
  s.gY.noalias() = a.y * b.y.transpose();
  out.resize(l, lp);
  for (Eigen::Index u = 0; u < lp; ++u) {
    for (Eigen::Index t = 0; t < l; ++t) {
      const double gA = s.gA(t, u), gB = s.gB(t, u);
      const double D = a.q[t] + b.q[u] - 2.0 * s.gY(t, u) - 2.0 * std::sqrt(gA * gA + gB * gB);
      out(t, u) = std::max(D, 0.0) / w1;
    }
  }
}

Eigen::MatrixXd squaredFrameDistances(const PoseFeatures& features, int firstA, int lengthA,
                                      int firstB, int lengthB) {
  FrameProductScratch scratch;
  Eigen::MatrixXd out;
  squaredFrameDistances(centredFrames(features, firstA, lengthA),
                        centredFrames(features, firstB, lengthB), features.weightSum, scratch, out);
  return out;
}

}  // namespace detail

bool dtwLengthsFeasible(int l, int lPrime) {
  return l >= 1 && lPrime >= 1 && lPrime - 1 <= 2 * (l - 1) && l - 1 <= 2 * (lPrime - 1);
}

DtwResult dynamicTimeWarp(const Eigen::MatrixXd& d) {
  DtwResult result;
  const int l = static_cast<int>(d.rows()), lp = static_cast<int>(d.cols());
  if (!dtwLengthsFeasible(l, lp)) {
    result.reason = "lengths " + std::to_string(l) + " and " + std::to_string(lp) +
                    " frames are beyond the slope limits [1/2, 2] of the time warp";
    return result;
  }
  for (int u = 0; u < lp; ++u) {
    for (int t = 0; t < l; ++t) {
      if (std::isnan(d(t, u)) || d(t, u) < 0.0) {
        throw Error("dynamic time warping: frame distance (" + std::to_string(t) + ", " +
                    std::to_string(u) + ") is " + std::to_string(d(t, u)) +
                    "; expected a non-negative number");
      }
    }
  }

  // Row-major accumulated cost and the step that reached each cell.
  const auto at = [lp](int t, int u) { return static_cast<size_t>(t) * lp + u; };
  const auto cost = [&d](int t, int u) { return d(t, u) * d(t, u); };
  std::vector<double> acc(static_cast<size_t>(l) * lp, kInf);
  std::vector<std::uint8_t> step(acc.size(), kNone);
  acc[at(0, 0)] = cost(0, 0);
  for (int t = 1; t < l; ++t) {
    // Cells outside the parallelogram of slopes [1/2, 2] through both corners stay +inf.
    for (int u = 1; u < lp; ++u) {
      double best = acc[at(t - 1, u - 1)];
      Step bestStep = kDiagonal;
      if (u >= 2 && acc[at(t - 1, u - 2)] < best) {
        best = acc[at(t - 1, u - 2)];
        bestStep = kSlow;
      }
      if (t >= 2) {
        const double viaFast =
            acc[at(t - 2, u - 1)] + 0.5 * (cost(t - 1, u - 1) + cost(t - 1, u));
        if (viaFast < best) {
          best = viaFast;
          bestStep = kFast;
        }
      }
      if (best == kInf) continue;
      acc[at(t, u)] = best + cost(t, u);
      step[at(t, u)] = bestStep;
    }
  }

  const double total = acc[at(l - 1, lp - 1)];
  if (!(total < kInf)) {
    result.reason = "every time warp between the " + std::to_string(l) + " and " +
                    std::to_string(lp) + " frames crosses an infinite frame distance";
    return result;
  }
  result.feasible = true;
  result.distance = total / l;

  // Walk back, keeping one knot per run of equal steps.
  std::vector<int> ts{l - 1}, us{lp - 1};
  int t = l - 1, u = lp - 1;
  Step previous = kNone;
  while (t > 0 || u > 0) {
    const Step s = static_cast<Step>(step[at(t, u)]);
    t -= stepT(s);
    u -= stepU(s);
    if (s == previous) {
      ts.back() = t;
      us.back() = u;
    } else {
      ts.push_back(t);
      us.push_back(u);
    }
    previous = s;
  }
  result.map.from.assign(ts.rbegin(), ts.rend());
  result.map.to.assign(us.rbegin(), us.rend());
  return result;
}

Eigen::MatrixXd segmentFrameDistances(const PoseFeatures& features, int firstA, int lengthA,
                                      int firstB, int lengthB) {
  const int n = features.frameCount();
  auto check = [n](int first, int length, const char* which) {
    if (length < 0 || first < 0 || first + length > n) {
      throw Error(std::string("segment frame distances: segment ") + which + " (frames " +
                  std::to_string(first) + ".." + std::to_string(first + length - 1) +
                  ") is outside the project's " + std::to_string(n) + " frames");
    }
  };
  check(firstA, lengthA, "A");
  check(firstB, lengthB, "B");
  return detail::squaredFrameDistances(features, firstA, lengthA, firstB, lengthB).cwiseSqrt();
}

}  // namespace fatgraph
