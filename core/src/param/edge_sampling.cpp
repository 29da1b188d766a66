// Blending a fat edge with the runtime's kernel and choosing the weight vectors to sample
// (Fat Graph §4: "we blend random weight vectors and record the joint's position").
#include <algorithm>
#include <cmath>
#include <mutex>
#include <random>
#include <thread>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/runtime/root_motion.h"
#include "parameterization_steps.h"

#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/eigen_bridge.h"

namespace fatgraph::param {

BlendProbe::BlendProbe(const Project& project, int fatEdge, int joint, double time, int threads)
    : joint_(joint), time_(static_cast<float>(time)), threads_(threads) {
  const FatEdge& e = project.graph.fatEdges.at(static_cast<size_t>(fatEdge));
  RuntimeEdgeSource source;
  source.name = e.name;
  source.fromHub = e.fromHub;
  source.toHub = e.toHub;
  for (size_t i = 0; i < e.segments.size(); ++i) {
    const Segment& s = project.graph.segments.at(static_cast<size_t>(e.segments[i]));
    if (e.segments[i] == e.reference) source.reference = static_cast<int>(i);
    source.segments.push_back({s.clip, s.first, s.last, i < e.warps.size() ? e.warps[i] : WarpMap{}});
  }
  graph_.skeleton = toRuntimeSkeleton(project.skeleton);
  skeleton_ = project.skeleton;
  graph_.translatedJoints = runtimeTranslatedJoints(project.skeleton);  // the export's layout
  graph_.fps = static_cast<float>(project.settings.fps);
  graph_.edges.push_back(buildRuntimeEdge(project.skeleton, project.clips, project.settings.fps, source,
                                           project.legs.empty() ? nullptr : &project.legs));
  graph_.startEdge = 0;
}

void BlendProbe::install(const EdgeParameterization& p) { applyParameterization(graph_.edges[0], p); }

BlendProbe::Worker::Worker(const BlendProbe& probe)
    : probe_(probe), blend_(probe.graph_),
      weights_(static_cast<size_t>(probe.segmentCount())) {
  const auto j = static_cast<size_t>(probe.graph_.jointCount());
  rotationsF_.resize(j);
  translationsF_.resize(j);
  rotations_.resize(j);
  modelRotations_.resize(j);
  translations_.resize(j);
  modelPositions_.resize(j);
}

Eigen::Vector3d BlendProbe::Worker::reach(std::span<const float> weights) {
  blend_.begin(0);
  blend_.setWeights(weights);
  return play();
}

Eigen::Vector3d BlendProbe::Worker::reach(const Eigen::VectorXd& weights) {
  for (size_t i = 0; i < weights_.size(); ++i) weights_[i] = static_cast<float>(weights[static_cast<Eigen::Index>(i)]);
  return reach(std::span<const float>(weights_));
}

Eigen::Vector3d BlendProbe::Worker::reachPlanePoint(const Eigen::Vector2d& p) {
  blend_.begin(0);
  blend_.setPlanePoint(static_cast<float>(p.x()), static_cast<float>(p.y()));
  return play();
}

// Plays the edge as the player does: frame steps of dt = 1/fps, each advancing T by eq. 2 and
// returning the blended root delta, accumulated into a character frame that starts at the
// origin facing +Z (the edge-start frame). T must land on the measuring time exactly, so the
// last step is shortened using the clock rate of the previous step (eq. 2 is linear in dt
// within a warp piece); a step across a warp knot may leave a sliver, taken by another step.
Eigen::Vector3d BlendProbe::Worker::play() {
  const float fps = probe_.graph_.fps;
  const float dt = 1.0f / fps;
  const float target = probe_.time_;
  const float duration = probe_.referenceDuration();
  const int maxSteps = static_cast<int>(std::ceil(4.0f * duration * fps)) + 64;
  CharacterFrame frame;
  if (target >= duration - 1e-6f) {
    // The end: the runtime clamps T to the duration, so full steps land on it exactly.
    for (int n = 0; n < maxSteps && !blend_.finished(); ++n) frame = applyRootDelta(frame, blend_.advance(dt));
  } else {
    float rate = 1.0f;  // dT/dt of the previous step
    for (int n = 0; n < maxSteps; ++n) {
      const float remaining = target - blend_.time();
      if (remaining <= 1e-6f) break;
      const float step = remaining < rate * dt ? remaining / rate : dt;
      const float before = blend_.time();
      frame = applyRootDelta(frame, blend_.advance(step));
      const float moved = blend_.time() - before;
      if (!(moved > 0)) break;
      rate = moved / step;
    }
  }
  blend_.samplePose(rotationsF_, translationsF_);
  for (size_t j = 0; j < rotations_.size(); ++j) {
    rotations_[j] = toEigenDouble(rotationsF_[j]);
    translations_[j] = toEigenDouble(translationsF_[j]);
  }
  localToModel(probe_.skeleton_, rotations_, translations_, modelRotations_, modelPositions_);
  // samplePose removes the root's heading and ground position: the model is in the character
  // frame, which the accumulated root deltas place in the edge-start frame.
  return toEigenDouble(frame.position) + yawRotation(frame.yaw) * modelPositions_[static_cast<size_t>(probe_.joint_)];
}

namespace {

// body over `items` (indices) on up to `threads` threads, each with its own worker.
void runItems(const BlendProbe& probe, const std::vector<int>& items,
              const std::function<void(BlendProbe::Worker&, int)>& body, const ProgressCallback& progress,
              int threads) {
  const int count = static_cast<int>(items.size());
  if (count <= 0) return;
  if (threads <= 0) threads = probe.threads();
  int n = threads > 0 ? threads : static_cast<int>(std::thread::hardware_concurrency());
  n = std::clamp(n, 1, std::min(8, count));
  std::atomic<int> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  std::mutex failureMutex;
  auto work = [&](bool caller) {
    try {
      BlendProbe::Worker worker(probe);
      for (int i = next++; i < count && !stop; i = next++) {
        body(worker, items[static_cast<size_t>(i)]);
        ++done;
        // Only the calling thread reports progress (progress.h).
        if (caller && progress && !progress(static_cast<double>(done) / count)) stop = true;
      }
    } catch (...) {
      const std::lock_guard lock(failureMutex);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(work, false);
  work(true);
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (stop) throw Cancelled();
}

}  // namespace

void forEachWithProbe(const BlendProbe& probe, int count,
                      const std::function<void(BlendProbe::Worker&, int)>& body,
                      const ProgressCallback& progress, int threads, const std::vector<ItemSlot>& slots) {
  if (count <= 0) return;
  WorkSpread* spread = probe.blendSpread();
  if (!spread || spread->processes() < 2 || slots.empty()) {
    std::vector<int> all(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) all[static_cast<size_t>(i)] = i;
    runItems(probe, all, body, progress, threads);
    return;
  }
  // A blend's cost is the edge's segments played to one time, but what follows it is not: a
  // grid vertex near the hull is refined (tens of blends), one far from it measured once, and
  // those lie in bands of the grid. Dealt out in turn (equal costs, Balanced), every process
  // gets a share of every band; contiguous runs left one process 1.6 times the other's work.
  uint64_t inputs = hashBytes(&count, sizeof count, probe.edgeKey());
  for (const ItemSlot& slot : slots) inputs = hashBytes(&slot.bytes, sizeof slot.bytes, inputs);
  const std::vector<ItemShare> shares = spread->spread(
      "edge blends", std::vector<double>(static_cast<size_t>(count), 1.0),
      [&](const std::vector<int>& items) {
        runItems(probe, items, body, progress, threads);
        ItemBytes bytes;
        for (int i : items) {
          for (const ItemSlot& slot : slots) appendBytes(bytes, slot.at(i), slot.bytes);
        }
        return bytes;
      },
      ItemSplit::Balanced, inputs);
  for (size_t p = 0; p < shares.size(); ++p) {
    ItemReader reader(shares[p].bytes, "the edge blends of process " + std::to_string(p));
    for (int i : shares[p].items) {
      for (const ItemSlot& slot : slots) reader.read(slot.at(i), slot.bytes);
    }
  }
}

std::vector<Eigen::VectorXd> sampleWeightVectors(int segments, int reference, int samples,
                                                 std::uint64_t seed,
                                                 std::vector<std::string>& notes) {
  std::vector<Eigen::VectorXd> out;
  if (segments <= 0 || samples <= 0) return out;
  auto unit = [segments](int s) {
    Eigen::VectorXd w = Eigen::VectorXd::Zero(segments);
    w[s] = 1.0;
    return w;
  };
  if (segments == 1) {
    notes.push_back("one segment: the edge plays a single motion, so its parameter space is one point");
    out.push_back(unit(0));
    return out;
  }
  std::mt19937_64 rng(seed);
  // Every segment alone: the extremes of what the edge can play (the hull's corners).
  std::vector<int> order(static_cast<size_t>(segments));
  for (int s = 0; s < segments; ++s) order[static_cast<size_t>(s)] = s;
  if (samples < segments) {
    notes.push_back("more segments (" + std::to_string(segments) + ") than samples (" +
                    std::to_string(samples) + "): only " + std::to_string(samples) +
                    " segments are sampled, the reference among them");
    std::swap(order[0], order[static_cast<size_t>(reference)]);
    std::shuffle(order.begin() + 1, order.end(), rng);
    order.resize(static_cast<size_t>(samples));
    std::sort(order.begin(), order.end());
  }
  for (int s : order) out.push_back(unit(s));
  if (static_cast<int>(out.size()) >= samples) return out;

  // Even pairs: the midpoints between the extremes, a random subset when not all fit.
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < segments; ++a) {
    for (int b = a + 1; b < segments; ++b) pairs.emplace_back(a, b);
  }
  std::shuffle(pairs.begin(), pairs.end(), rng);
  for (const auto& [a, b] : pairs) {
    if (static_cast<int>(out.size()) >= samples) return out;
    Eigen::VectorXd w = Eigen::VectorXd::Zero(segments);
    w[a] = w[b] = 0.5;
    out.push_back(w);
  }

  // Sparse random mixes of 2 to 4 segments, weights uniform on their simplex (normalized
  // exponentials): they fill the interior the way a stick moving between extremes does.
  std::uniform_int_distribution<int> countOf(2, std::min(4, segments));
  std::exponential_distribution<double> mass(1.0);
  while (static_cast<int>(out.size()) < samples) {
    const int k = countOf(rng);
    for (int i = 0; i < k; ++i) {  // partial Fisher-Yates: k distinct segments
      std::uniform_int_distribution<int> pick(i, segments - 1);
      std::swap(order[static_cast<size_t>(i)], order[static_cast<size_t>(pick(rng))]);
    }
    Eigen::VectorXd w = Eigen::VectorXd::Zero(segments);
    double sum = 0;
    for (int i = 0; i < k; ++i) {
      const double m = mass(rng) + 1e-12;
      w[order[static_cast<size_t>(i)]] = m;
      sum += m;
    }
    out.push_back(w / sum);
  }
  return out;
}

}  // namespace fatgraph::param
