#include "fatgraph/core/graph/hub_suggestions.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <unordered_map>

#include "distance_rows.h"
#include "exact_match_sets.h"
#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph {
namespace {

constexpr int kBins = DistanceHistogram::kBins;
constexpr int kMinimumExact = 24;  // re-counted at least, so equal counts meet the stillness rule
constexpr int kPerRegion = 4;      // candidates per part of a clip no segment holds
constexpr int kMaxRegionCandidates = 48;

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

struct Candidate {
  int frame = -1;
  std::vector<int> matches;
  double motion = 0.0;
  int gainFrames = 0;
  int firstCutTakes = 0;  // takes no segment held that this hub's cuts would cut
};

class Planner {
 public:
  Planner(const PoseFeatures& f, const DistanceScan& scan, double thresholdRms, int threads = 0,
          WorkSpread* spread = nullptr)
      : f_(f), scan_(scan), thr_(thresholdRms), threads_(threads), spread_(spread), window_(scan.window), n_(f.frameCount()),
        limit_(rmsToDistance(thresholdRms, f, scan.window)),
        tolerance_(detail::roundingTolerance(f, scan.window)), reach_(std::sqrt(thresholdRms * thresholdRms + 2e-6)),
        covered_(n_, 0), lo_(f.clipCount(), 0), hi_(f.clipCount(), -1), cuts_(f.clipCount(), 0) {
    while (reachBins_ < kBins && (reachBins_ == 0 || DistanceHistogram::lowerEdge(reachBins_) < reach_)) ++reachBins_;
    repeat_ = detail::repeatedWindows(f_, window_);
  }

  int frames() const { return n_; }
  bool empty() const { return accepted_ == 0; }

  // Upper bound of frame i's match-set size: every bin reaching below the threshold (bin 0
  // holds everything below its upper edge), none when its smallest minimum is not below. The
  // scan works in single precision (D / (k W) within about 1e-6 m^2 of the exact value), so
  // the threshold reaches that far further: an exact value below it is never binned above.
  int upperBound(int i) const {
    if (!scan_.rowMinima.empty() && !(scan_.rowMinima[i] < reach_)) return 0;
    const uint16_t* bins = scan_.minimaBins.data() + static_cast<size_t>(i) * kBins;
    int count = 0;
    for (int b = 0; b < reachBins_; ++b) count += bins[b];
    return count;
  }

  // Exact match sets (and gains) of the given frames, in their order. A frame's match set does
  // not change while hubs are accepted, so each is computed once (later steps re-count the same
  // leaders); new ones as blocks of rows (matrix products) shared among the hardware threads.
  std::vector<Candidate> evaluate(const std::vector<int>& frames) {
    std::vector<Candidate> out;
    std::vector<int> fresh;
    for (int g : frames) {
      if (!known_.count(g)) fresh.push_back(g);
    }
    for (Candidate& c : compute(fresh)) known_.emplace(c.frame, std::move(c));
    for (int g : frames) {
      out.push_back(known_.at(g));
      out.back().gainFrames = gainFrames(out.back(), &out.back().firstCutTakes);
    }
    return out;
  }

  std::vector<Candidate> compute(const std::vector<int>& frames) const {
    std::vector<std::vector<int>> matches = spread_ ? spreadMatchSets(frames)
                                                    : detail::exactMatchSets(f_, frames, window_, thr_, tolerance_, threads_);
    std::vector<Candidate> out(frames.size());
    for (size_t k = 0; k < frames.size(); ++k) {
      out[k].frame = frames[k];
      out[k].matches = std::move(matches[k]);
      out[k].motion = windowMotion(f_, frames[k], window_);
    }
    return out;
  }

  // The same match sets with the rows spread over the processes of a distributed build; each
  // set is counted whole by one process. Every row costs about the same, but a batch's
  // candidates are often neighbours whose windows share frames, and distanceRows computes a
  // shared frame's products once: so each process takes a run of neighbouring frames.
  std::vector<std::vector<int>> spreadMatchSets(const std::vector<int>& frames) const {
    std::vector<int> byFrame(frames.size());  // positions in `frames`, in frame order
    for (size_t k = 0; k < frames.size(); ++k) byFrame[k] = static_cast<int>(k);
    std::sort(byFrame.begin(), byFrame.end(), [&](int a, int b) { return frames[a] < frames[b]; });
    const std::vector<ItemShare> shares =
        spread_->spread("hub rows", std::vector<double>(frames.size(), 1.0), [&](const std::vector<int>& items) {
          std::vector<int> mine;
          for (int k : items) mine.push_back(frames[static_cast<size_t>(byFrame[static_cast<size_t>(k)])]);
          ItemBytes bytes;
          for (const std::vector<int>& m : detail::exactMatchSets(f_, mine, window_, thr_, tolerance_, threads_)) {
            appendValue(bytes, static_cast<uint64_t>(m.size()));
            appendBytes(bytes, m.data(), m.size() * sizeof(int));
          }
          return bytes;
        }, ItemSplit::Contiguous, hashVector(frames));
    std::vector<std::vector<int>> out(frames.size());
    for (size_t s = 0; s < shares.size(); ++s) {
      ItemReader in(shares[s].bytes, "hub rows of process " + std::to_string(s));
      for (int k : shares[s].items) {
        std::vector<int>& m = out[static_cast<size_t>(byFrame[static_cast<size_t>(k)])];
        m.resize(in.value<uint64_t>());
        in.read(m.data(), m.size() * sizeof(int));
      }
    }
    return out;
  }

  // Frames the coverage gains when the candidate's cuts join the current ones: per clip the
  // segments span from its first cut to its last, once it has two.
  int gainFrames(const Candidate& c, int* firstCutTakes = nullptr) const {
    std::vector<std::tuple<int, int, int>> touched;  // (clip, lo, hi) of the candidate's cuts
    std::vector<int> count(f_.clipCount(), 0);
    auto add = [&](int g) {
      const FrameRef r = f_.frameRef(g);
      if (count[r.clip]++ == 0) touched.emplace_back(r.clip, r.frame, r.frame);
      for (auto& [clip, lo, hi] : touched) {
        if (clip == r.clip) {
          lo = std::min(lo, r.frame);
          hi = std::max(hi, r.frame);
        }
      }
    };
    add(c.frame);
    for (int m : c.matches) add(m);
    int gain = 0;
    if (firstCutTakes) *firstCutTakes = 0;
    for (const auto& [clip, lo, hi] : touched) {
      const int before = cuts_[clip] >= 2 ? hi_[clip] - lo_[clip] + 1 : 0;
      const int total = cuts_[clip] + count[clip];
      if (firstCutTakes && cuts_[clip] < 2 && total >= 2) ++*firstCutTakes;
      const int newLo = cuts_[clip] > 0 ? std::min(lo_[clip], lo) : lo;
      const int newHi = cuts_[clip] > 0 ? std::max(hi_[clip], hi) : hi;
      gain += (total >= 2 ? newHi - newLo + 1 : 0) - before;
    }
    return gain;
  }

  // A hub covers its own window, every frame within the threshold of it, and the windows of
  // its matches: a second suggestion there would be the same pose again.
  void accept(const Candidate& c) {
    const Eigen::MatrixXd row = detail::distanceRows(f_, {c.frame}, window_);
    for (int j = 0; j < n_; ++j) {
      if (row(0, j) < limit_) covered_[j] = 1;
    }
    for (int g : c.matches) cover(g);
    cover(c.frame);
    auto cut = [&](int g) {
      const FrameRef r = f_.frameRef(g);
      lo_[r.clip] = cuts_[r.clip] > 0 ? std::min(lo_[r.clip], r.frame) : r.frame;
      hi_[r.clip] = cuts_[r.clip] > 0 ? std::max(hi_[r.clip], r.frame) : r.frame;
      ++cuts_[r.clip];
    };
    cut(c.frame);
    for (int g : c.matches) cut(g);
    ++accepted_;
  }

  // A rejected frame is never suggested again, and neither is any frame within a window of
  // it: neighbours a few frames apart compare nearly the same poses over their windows, so
  // their match sets are the rejected one's shifted by those frames. Offering them would put
  // the pose the user turned down straight back in the list. (Only eligibility changes: no
  // cut is added, so coverage gains stay as they were.)
  void reject(int g) {
    if (g >= 0 && g < n_) cover(g);
  }

  int spannedFrames() const {
    int sum = 0;
    for (int c = 0; c < f_.clipCount(); ++c) sum += cuts_[c] >= 2 ? hi_[c] - lo_[c] + 1 : 0;
    return sum;
  }

  // True when frame i's window repeats an earlier frame's exactly (a clip given twice): its
  // match set is the earlier one's image, so ranking by count re-counts only the first. (The
  // candidates of uncovered clips still include repeats: their gains differ.)
  bool repeat(int i) const { return repeat_[i] != 0; }

  // Frames a suggestion may come from: window inside its clip, not covered, matching something.
  bool eligible(int i) const {
    return !covered_[i] && windowInsideClip(f_, i, window_) && upperBound(i) > 0;
  }

  // Where a new hub can raise the coverage: frames of each clip outside its current span.
  // Per clip up to kPerRegion per end (the largest bounds, a window apart), clips with the
  // most uncovered frames first, kMaxRegionCandidates in all (a long project has many clips).
  std::vector<int> regionCandidates() const {
    std::vector<std::pair<int, int>> clips;  // (-uncovered frames, clip)
    for (int c = 0; c < f_.clipCount(); ++c) {
      const int frames = f_.clipStart(c + 1) - f_.clipStart(c);
      const int uncovered = frames - (cuts_[c] >= 2 ? hi_[c] - lo_[c] + 1 : 0);
      if (uncovered > 0) clips.emplace_back(-uncovered, c);
    }
    std::sort(clips.begin(), clips.end());
    std::vector<int> out;
    for (const auto& [uncovered, c] : clips) {
      const int start = f_.clipStart(c), end = f_.clipStart(c + 1);
      std::vector<std::pair<int, int>> ranked;  // (-bound, frame)
      for (int g = start; g < end; ++g) {
        const int local = g - start;
        const bool inside = cuts_[c] >= 2 && local >= lo_[c] && local <= hi_[c];
        if (!inside && eligible(g)) ranked.emplace_back(-upperBound(g), g);
      }
      std::sort(ranked.begin(), ranked.end());
      std::vector<int> picked;
      for (const auto& entry : ranked) {
        const int g = entry.second;
        if (static_cast<int>(picked.size()) >= 2 * kPerRegion) break;  // both ends of a clip
        const bool near = std::any_of(picked.begin(), picked.end(), [&](int p) { return std::abs(p - g) < window_; });
        if (!near) picked.push_back(g);
      }
      out.insert(out.end(), picked.begin(), picked.end());
      if (static_cast<int>(out.size()) >= kMaxRegionCandidates) break;
    }
    return out;
  }

 private:
  void cover(int g) {
    for (int j = std::max(0, g - window_); j <= std::min(n_ - 1, g + window_); ++j) covered_[j] = 1;
  }

  const PoseFeatures& f_;
  const DistanceScan& scan_;
  double thr_;
  int threads_;         // of the exact rows (0: every core)
  WorkSpread* spread_;  // the processes of a distributed build, or none
  int window_, n_;
  double limit_;
  double tolerance_;  // distances this close are equal (detail::roundingTolerance)
  double reach_;      // the threshold with the slack of the single-precision scan
  int reachBins_ = 0;  // bins [0, reachBins_) reach below reach_
  std::vector<char> covered_;
  std::vector<int> lo_, hi_, cuts_;  // per clip: span of its cuts and how many
  std::unordered_map<int, Candidate> known_;  // exact match sets computed so far, by frame
  std::vector<char> repeat_;  // window equal to an earlier frame's
  int accepted_ = 0;
};

// a is a better hub than b: more coverage (unless `byGain` is off), a larger match set, stiller.
bool better(const Candidate& a, const Candidate& b, bool byGain) {
  if (b.frame < 0) return true;
  if (byGain && a.gainFrames != b.gainFrames) return a.gainFrames > b.gainFrames;
  if (a.matches.size() != b.matches.size()) return a.matches.size() > b.matches.size();
  return a.motion < b.motion;
}

}  // namespace

std::vector<int> matchSetOf(const PoseFeatures& features, int frame, int window, double thresholdRms) {
  return detail::exactMatches(features, distanceRow(features, frame, window), frame, window, thresholdRms,
                              detail::roundingTolerance(features, window));
}

HubPlan planHubs(const PoseFeatures& features, const DistanceScan& scan, double thresholdRms,
                 const HubPlanRequest& request) {
  Planner planner(features, scan, thresholdRms, request.threads, request.spread);
  for (const Candidate& c : planner.evaluate(request.acceptedHubs)) planner.accept(c);
  for (int g : request.rejectedFrames) planner.reject(g);
  HubPlan plan;
  const double total = std::max(1, planner.frames());
  while (static_cast<int>(plan.hubs.size()) < request.maxHubs) {
    std::vector<std::pair<int, int>> ranked;  // (-upper bound, frame)
    for (int i = 0; i < planner.frames(); ++i) {
      if (planner.eligible(i) && !planner.repeat(i)) ranked.emplace_back(-planner.upperBound(i), i);
    }
    std::sort(ranked.begin(), ranked.end());
    // Exact counts in bound order until the best exact count reaches the next bound.
    const bool byGain = !planner.empty();
    std::vector<Candidate> evaluated;
    size_t largest = 0;  // exact match-set size of the best so far
    size_t next = 0;
    while (next < ranked.size()) {
      const bool enough = next >= static_cast<size_t>(kMinimumExact) &&
                          static_cast<int>(largest) >= -ranked[next].first;
      if (enough) break;
      if (request.progress && !request.progress(plan.hubs.size() / double(request.maxHubs))) {
        throw Cancelled();
      }
      std::vector<int> batch;
      for (; next < ranked.size() && batch.size() < static_cast<size_t>(kMinimumExact); ++next) {
        batch.push_back(ranked[next].second);
      }
      for (Candidate& c : planner.evaluate(batch)) {
        largest = std::max(largest, c.matches.size());
        evaluated.push_back(std::move(c));
      }
    }
    if (byGain) {
      std::vector<int> seen, extra;
      for (const Candidate& c : evaluated) seen.push_back(c.frame);
      std::sort(seen.begin(), seen.end());
      for (int g : planner.regionCandidates()) {
        if (!std::binary_search(seen.begin(), seen.end(), g)) extra.push_back(g);
      }
      for (Candidate& c : planner.evaluate(extra)) evaluated.push_back(std::move(c));
    }
    // A frame that matches nothing is no hub, even where its own cut would add coverage.
    Candidate best;
    for (Candidate& c : evaluated) {
      if (!c.matches.empty() && better(c, best, byGain)) best = std::move(c);
    }
    if (best.frame < 0) {
      plan.exhausted = true;
      break;
    }
    HubSuggestion s{best.frame, best.matches, best.gainFrames / total};
    if (byGain && s.coverageGain < request.minimumCoverageGain) {
      // A take no segment holds yet (a short run among long walks) gains few frames of the
      // whole, but without a cut it can never join the graph: the hub that cuts one is taken.
      Candidate cutting;
      for (Candidate& c : evaluated) {
        if (!c.matches.empty() && c.firstCutTakes > 0 && better(c, cutting, byGain)) cutting = std::move(c);
      }
      if (!request.cutEveryTake || cutting.frame < 0) {
        plan.declined = std::move(s);
        break;
      }
      best = std::move(cutting);
      s = HubSuggestion{best.frame, best.matches, best.gainFrames / total, true};
    }
    planner.accept(best);
    plan.hubs.push_back(std::move(s));
  }
  plan.coverage = planner.spannedFrames() / total;
  return plan;
}

std::vector<HubSuggestion> suggestHubs(const PoseFeatures& features, const DistanceScan& scan,
                                       double thresholdRms, int count,
                                       const std::vector<int>& acceptedHubs,
                                       const std::vector<int>& rejectedFrames) {
  HubPlanRequest request;
  request.maxHubs = count;
  request.acceptedHubs = acceptedHubs;
  request.rejectedFrames = rejectedFrames;
  return planHubs(features, scan, thresholdRms, request).hubs;
}

}  // namespace fatgraph
