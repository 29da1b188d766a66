#include "fatgraph/core/segment_distances.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

#include "fatgraph/core/error.h"

namespace fatgraph {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

Eigen::MatrixXd SegmentDistances::rms() const {
  return distance.unaryExpr([](double v) { return segmentDistanceToRms(v); });
}

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
  if (!dtwLengthsFeasible(a.frameCount(), b.frameCount())) return kInf;
  const Eigen::MatrixXd d = segmentFrameDistances(features, a, b);
  const double ab = dynamicTimeWarp(d).distance;
  const double ba = dynamicTimeWarp(d.transpose()).distance;
  return std::max(ab, ba);
}

bool segmentsComparable(const Segment& a, const Segment& b) {
  return a.fromHub >= 0 && a.toHub >= 0 && a.fromHub == b.fromHub && a.toHub == b.toHub;
}

SegmentDistances computeSegmentDistances(const PoseFeatures& features,
                                         const std::vector<Segment>& segments,
                                         const ProgressCallback& progress, int threads) {
  const int n = static_cast<int>(segments.size());
  for (int i = 0; i < n; ++i) checkSegmentInFeatures(features, segments[i], i);

  SegmentDistances out;
  out.distance = Eigen::MatrixXd::Constant(n, n, kInf);
  for (int i = 0; i < n; ++i) out.distance(i, i) = 0.0;

  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (segmentsComparable(segments[i], segments[j])) pairs.emplace_back(i, j);
    }
  }
  const int total = static_cast<int>(pairs.size());
  std::vector<double> values(pairs.size(), kInf);

  const int workers = std::clamp(
      threads > 0 ? threads : static_cast<int>(std::thread::hardware_concurrency()), 1,
      std::max(total, 1));
  std::atomic<int> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable wake;
  std::exception_ptr failure;

  auto work = [&] {
    try {
      for (int p; !stop && (p = next++) < total;) {
        values[p] = symmetricSegmentDistance(features, segments[pairs[p].first],
                                             segments[pairs[p].second]);
        if (++done == total) wake.notify_one();
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
      wake.notify_one();
    }
  };

  std::vector<std::thread> pool;
  for (int w = 0; w < workers; ++w) pool.emplace_back(work);
  // Progress is reported from the caller's thread only, every 50 ms (workers wake it early
  // when they finish or fail).
  while (done < total && !stop) {
    std::unique_lock<std::mutex> lock(mutex);
    wake.wait_for(lock, std::chrono::milliseconds(50));
    lock.unlock();
    if (progress && !progress(static_cast<double>(done) / std::max(total, 1))) stop = true;
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (done < total) throw Cancelled();
  if (progress) progress(1.0);

  for (int p = 0; p < total; ++p) {
    out.distance(pairs[p].first, pairs[p].second) = values[p];
    out.distance(pairs[p].second, pairs[p].first) = values[p];
  }
  return out;
}

}  // namespace fatgraph
