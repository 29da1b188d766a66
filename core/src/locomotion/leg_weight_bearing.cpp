// Legs by weight bearing: a leg is a limb whose end reaches the ground while it is slow (a
// stance) in the clips, whatever its joints are called (leg_detection.h). A foot is down in a
// frame when its lowest point lies within the ground band (limb_paths.h: 5 % of the body's
// height, at least 2 cm) of the frame's lowest limb end, so a slope or a stair does not lift
// it, and moves over the ground slower than 0.15 body heights per second (0.25 m/s for a
// 1.7 m human, the motion-contact rule's speed). Clips whose root stays while the feet slide
// get root motion from their feet when imported (in_place_motion.h), so their stances are
// still; clips kept in place show no stance, and then weight bearing says nothing.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "leg_detection_detail.h"
#include "limb_paths.h"

namespace fatgraph::legs {
namespace {

using limbs::ModelPaths;

constexpr double kMinSeconds = 0.5;       // shorter clips (a pose, a few frames) tell nothing
constexpr double kBearsShare = 0.2;       // a limb end down this share of the frames carries the body
constexpr double kNeverShare = 0.05;      // a named leg down less than this share is no leg
constexpr double kSlowHeightsPerSecond = 0.15;

// How often one foot (a set of points, limb_paths indexing) is down over the clips.
struct Contact {
  int stanceFrames = 0;
  double closest = std::numeric_limits<double>::infinity();  // least height above the floor, metres
};

struct FeetOnGround {
  int frames = 0;          // frames judged over the clips
  double seconds = 0;      // their duration
  std::vector<Contact> feet;
  int standingClip = -1, standingFrame = -1;  // the frame with the most feet down (the first such)
};

bool judged(const Clip& c) { return c.frameCount() >= 2 && c.fps > 0; }

FeetOnGround feetOnGround(const Skeleton& s, std::span<const Clip> clips,
                          const std::vector<std::vector<int>>& feet) {
  FeetOnGround out;
  out.feet.resize(feet.size());
  const std::vector<LimbEnd> ends = limbs::limbEnds(s);
  int mostDown = -1;
  for (size_t c = 0; c < clips.size(); ++c) {
    if (!judged(clips[c]) || clips[c].jointCount != s.jointCount()) continue;
    const ModelPaths m = limbs::modelPaths(s, clips[c]);
    const double band = limbs::groundBand(m);
    const double slow = kSlowHeightsPerSecond * limbs::bodyHeight(m);
    out.frames += m.frames;
    out.seconds += m.frames / clips[c].fps;
    for (int f = 0; f < m.frames; ++f) {
      double floor = std::numeric_limits<double>::infinity();
      for (const LimbEnd& e : ends) floor = std::min(floor, m.at(f, limbs::pointIndex(m, e)).y());
      int down = 0;
      for (size_t i = 0; i < feet.size(); ++i) {
        int lowest = feet[i].front();
        for (int p : feet[i]) {
          if (m.at(f, p).y() < m.at(f, lowest).y()) lowest = p;
        }
        const double above = m.at(f, lowest).y() - floor;
        out.feet[i].closest = std::min(out.feet[i].closest, above);
        if (above <= band && limbs::groundVelocity(m, lowest, f, clips[c].fps).norm() < slow) {
          ++out.feet[i].stanceFrames;
          ++down;
        }
      }
      if (down > mostDown) {
        mostDown = down;
        out.standingClip = static_cast<int>(c);
        out.standingFrame = f;
      }
    }
  }
  return out;
}

// For each driver end (an IK foot bone beside the body that bears weight: a glTF fox's "FF.L"),
// the limb end among `candidates` that it drives (the leg whose own bones end short of the
// ground), or -1: the two must be each other's nearest over the clips (the largest distance
// over all frames), and within a body height. Indices into `candidates`.
std::vector<int> drivenEnds(const Skeleton& s, std::span<const Clip> clips, const std::vector<int>& drivers,
                            const std::vector<int>& candidates) {
  std::vector<std::vector<double>> farthest(drivers.size(), std::vector<double>(candidates.size(), 0.0));
  for (const Clip& clip : clips) {
    if (!judged(clip) || clip.jointCount != s.jointCount()) continue;
    const ModelPaths m = limbs::modelPaths(s, clip);
    const double height = limbs::bodyHeight(m);
    if (!(height > 0)) continue;
    for (int f = 0; f < m.frames; ++f) {
      for (size_t d = 0; d < drivers.size(); ++d) {
        for (size_t c = 0; c < candidates.size(); ++c) {
          const double ratio = (m.at(f, drivers[d]) - m.at(f, candidates[c])).norm() / height;
          farthest[d][c] = std::max(farthest[d][c], ratio);
        }
      }
    }
  }
  auto nearestCandidate = [&](size_t d) {
    return std::min_element(farthest[d].begin(), farthest[d].end()) - farthest[d].begin();
  };
  auto nearestDriver = [&](size_t c) {
    size_t best = 0;
    for (size_t d = 1; d < drivers.size(); ++d) {
      if (farthest[d][c] < farthest[best][c]) best = d;
    }
    return best;
  };
  std::vector<int> out(drivers.size(), -1);
  for (size_t d = 0; d < drivers.size() && !candidates.empty(); ++d) {
    const auto c = static_cast<size_t>(nearestCandidate(d));
    if (nearestDriver(c) == d && farthest[d][c] < 1.0) out[d] = static_cast<int>(c);
  }
  return out;
}

// A leg's foot: its ankle and every joint and end site below it.
std::vector<int> footPoints(const Skeleton& s, int ankle) {
  std::vector<int> out{ankle};
  std::vector<bool> below(s.jointCount(), false);
  below[ankle] = true;
  for (int j = ankle + 1; j < s.jointCount(); ++j) {
    if (s.parents[j] >= 0 && below[s.parents[j]]) {
      below[j] = true;
      out.push_back(j);
    }
  }
  for (size_t e = 0; e < s.endSites.size(); ++e) {
    if (below[s.endSites[e].parent]) out.push_back(s.jointCount() + static_cast<int>(e));
  }
  return out;
}

bool isBelowOrAt(const Skeleton& s, int joint, int top) {
  for (int j = joint; j >= 0; j = s.parents[j]) {
    if (j == top) return true;
  }
  return false;
}

// Whether two legs on `side` have one place.
bool placedAlike(const std::vector<FoundLeg>& legs, Side side) {
  for (size_t a = 0; a < legs.size(); ++a) {
    for (size_t b = a + 1; b < legs.size(); ++b) {
      if (legs[a].side == side && legs[b].side == side && legs[a].place == legs[b].place) return true;
    }
  }
  return false;
}

std::string percent(double share) { return std::to_string(static_cast<int>(std::lround(100 * share))) + "%"; }

std::string metres(double m) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f m", m);
  return text;
}

std::string clipsText(int count) { return count == 1 ? "the clip" : "the " + std::to_string(count) + " clips"; }

// What the clips say of every limb end and every named leg's foot (in `ends` order, then the
// legs').
struct Weighing {
  const Skeleton& s;
  std::span<const Clip> clips;
  std::vector<LimbEnd> ends;
  FeetOnGround ground;
  std::string where;  // " in the clip", " in the 12 clips"
  double share(size_t foot) const { return ground.feet[foot].stanceFrames / static_cast<double>(ground.frames); }
  int point(size_t end) const { return ends[end].endSite >= 0 ? s.jointCount() + ends[end].endSite : ends[end].joint; }
};

// The named legs whose feet bear weight; a note for each one dropped.
std::vector<FoundLeg> bearingNamedLegs(const Weighing& w, const std::vector<FoundLeg>& named,
                                       std::vector<std::string>& notes) {
  std::vector<FoundLeg> kept;
  for (size_t l = 0; l < named.size(); ++l) {
    const size_t foot = w.ends.size() + l;
    if (w.share(foot) >= kNeverShare) {
      kept.push_back(named[l]);
      continue;
    }
    const std::string how = w.ground.feet[foot].stanceFrames == 0
                                ? " never bears weight"
                                : " bears weight in only " + percent(w.share(foot)) + " of the frames";
    notes.push_back("'" + w.s.names[named[l].chain.back()] + "'" + how + w.where + " (lowest " +
                    metres(w.ground.feet[foot].closest) + " above the floor): not a leg");
  }
  return kept;
}

// The ends a leg is chained up from: those that bear weight and make a limb, and the limb ends
// that IK foot bones (weight-bearing ends that make none) drive. `touching` is the end on the
// ground for each, `share` its share, `driver` the IK bone's name or empty.
struct Tips {
  std::vector<LimbEnd> ends, touching;
  std::vector<double> share;
  std::vector<std::string> driver;
};

Tips bearingTips(const Weighing& w, const std::vector<FoundLeg>& kept, const ReferencePose& standing) {
  const Skeleton& s = w.s;
  Tips t;
  std::vector<int> drivers, candidates;
  std::vector<size_t> driverEnd, candidateEnd;
  for (size_t i = 0; i < w.ends.size(); ++i) {
    const bool inKept = std::any_of(kept.begin(), kept.end(),
                                    [&](const FoundLeg& l) { return isBelowOrAt(s, w.ends[i].joint, l.chain.front()); });
    if (inKept) continue;
    if (w.share(i) < kBearsShare) {
      candidates.push_back(w.point(i));
      candidateEnd.push_back(i);
    } else if (legsByLimbEnds(s, standing, {w.ends[i]}).empty()) {
      drivers.push_back(w.point(i));
      driverEnd.push_back(i);
    } else {
      t.ends.push_back(w.ends[i]);
      t.touching.push_back(w.ends[i]);
      t.share.push_back(w.share(i));
      t.driver.push_back({});
    }
  }
  const std::vector<int> driven = drivenEnds(s, w.clips, drivers, candidates);
  for (size_t d = 0; d < drivers.size(); ++d) {
    if (driven[d] < 0) continue;
    t.ends.push_back(w.ends[candidateEnd[driven[d]]]);
    t.touching.push_back(w.ends[driverEnd[d]]);
    t.share.push_back(w.share(driverEnd[d]));
    t.driver.push_back(s.names[w.ends[driverEnd[d]].joint]);
  }
  return t;
}

// The limbs that carry the body apart from the named legs kept, chained up from their tips in
// `standing`; a note for each.
std::vector<FoundLeg> carryingLimbs(const Weighing& w, const std::vector<FoundLeg>& kept, bool named,
                                    const ReferencePose& standing, std::vector<std::string>& notes) {
  const Skeleton& s = w.s;
  const Tips tips = bearingTips(w, kept, standing);
  std::vector<FoundLeg> out;
  if (tips.ends.empty()) return out;
  for (FoundLeg& leg : legsByLimbEnds(s, standing, tips.ends, tips.touching)) {
    const bool overlaps = std::any_of(kept.begin(), kept.end(), [&](const FoundLeg& l) {
      return isBelowOrAt(s, leg.chain.front(), l.chain.front()) || isBelowOrAt(s, l.chain.front(), leg.chain.front());
    });
    if (overlaps) continue;
    double best = 0;  // the share of its best tip, for the note
    std::string driver;
    for (size_t t = 0; t < tips.ends.size(); ++t) {
      if (isBelowOrAt(s, tips.ends[t].joint, leg.chain.front()) && tips.share[t] > best) {
        best = tips.share[t];
        driver = tips.driver[t];
      }
    }
    const size_t own = driver.empty() ? leg.chain.size() - 1 : leg.chain.size() - 2;  // the leg's own last joint
    notes.push_back("'" + s.names[leg.chain.front()] + "' to '" + s.names[leg.chain[own]] + "' bears weight in " +
                    percent(best) + " of the frames" + w.where +
                    (driver.empty() ? "" : " (its end follows the foot bone '" + driver +
                                               "' beside it, which reaches the ground: that is its ankle)") +
                    ": a leg" + (named ? " though its joints are not named like one" : ""));
    sideAndPlaceFromNames(s, leg);
    out.push_back(std::move(leg));
  }
  return out;
}

}  // namespace

bool weighLegs(const Skeleton& s, std::span<const Clip> clips, std::vector<FoundLeg>& found,
               std::vector<std::string>& notes, ReferencePose& standing, std::string* standingName) {
  const int judgedClips = static_cast<int>(std::count_if(clips.begin(), clips.end(), [&](const Clip& c) {
    return judged(c) && c.jointCount == s.jointCount();
  }));
  if (judgedClips == 0) return false;
  // One pass for every limb end and every named leg's foot.
  Weighing w{s, clips, limbs::limbEnds(s), {}, " in " + clipsText(judgedClips)};
  std::vector<std::vector<int>> feet;
  for (size_t i = 0; i < w.ends.size(); ++i) feet.push_back({w.point(i)});
  for (const FoundLeg& l : found) feet.push_back(footPoints(s, l.chain.back()));
  w.ground = feetOnGround(s, clips, feet);
  if (w.ground.seconds < kMinSeconds) return false;
  std::vector<std::vector<int>> bearing;
  for (size_t i = 0; i < w.ends.size(); ++i) {
    if (w.share(i) >= kBearsShare) bearing.push_back({w.point(i)});
  }
  if (bearing.empty()) return false;  // clips kept in place, a fall, a swim: nothing to tell by

  std::vector<FoundLeg> kept = bearingNamedLegs(w, found, notes);
  // Limbs are chained in the frame in which the most weight-bearing ends are down (not one in
  // which the creature lies on the ground, all of it low).
  const FeetOnGround stand = feetOnGround(s, clips, bearing);
  standing = ReferencePose::frame(s, clips[stand.standingClip], stand.standingFrame);
  if (standingName)
    *standingName = "'" + clips[stand.standingClip].name + "' frame " + std::to_string(stand.standingFrame);
  for (FoundLeg& leg : carryingLimbs(w, kept, !found.empty(), standing, notes)) kept.push_back(std::move(leg));
  // Names may place two legs of one side alike (Left and Left, or two "middle" legs): their
  // order on the body decides then.
  for (Side side : {Side::Left, Side::Right, Side::Centre}) {
    if (placedAlike(kept, side)) placeFrontToBack(s, standing, side, kept);
  }
  found = std::move(kept);
  return true;
}

}  // namespace fatgraph::legs
