#pragma once
// Graphs and measurements for the leg-layer tests: synthetic biped, quadruped and hexapod
// walks (and turns) made into one-edge loop graphs whose legs and cycles come from core's own
// analysis path (detectLegs, analyzeCycle, applyLocomotion: what buildRuntimeGraph runs), and
// the metrics of issue 12 (foot skate per stance, penetration, overextension), and the same
// feet measured from the played motion alone (motion_contacts.h), as an outsider would.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/locomotion/motion_contacts.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/footbase.h"
#include "fatgraph/runtime/player.h"
#include "core/runtime_graph_fixtures.h"

namespace fatgraph::test {

enum class Creature { Biped, Quadruped, Hexapod };

inline const char* creatureName(Creature c) {
  return c == Creature::Biped ? "biped" : c == Creature::Quadruped ? "quadruped" : "hexapod";
}

/// A steady walk at 30 fps with a whole number of frames per cycle, facing +Z-ish from a
/// place off the origin, flat feet (so its stances are truly planted).
inline SyntheticMotion creatureWalk(Creature creature, double turningRate = 0.0) {
  SyntheticWalkParams p = creature == Creature::Biped       ? SyntheticWalkParams{}
                          : creature == Creature::Quadruped ? SyntheticWalkParams::quadrupedDefaults()
                                                            : SyntheticWalkParams::hexapodDefaults();
  const int frames = creature == Creature::Biped ? 32 : creature == Creature::Quadruped ? 24 : 18;
  p.period = frames / 30.0;
  p.cycles = 4.0;
  p.turningRate = turningRate;
  p.startHeading = 0.3;
  p.startPosition = Vec3(0.5, 0.0, -1.0);
  switch (creature) {
    case Creature::Biped: return generateBipedWalk(p);
    case Creature::Quadruped: return generateQuadrupedWalk(p);
    default: return generateHexapodWalk(p);
  }
}

inline int cycleFrames(const SyntheticMotion& m) {
  return static_cast<int>(std::lround(m.truth.period * m.truth.fps));
}

/// One looping edge over one steady cycle (frames [cycle, 2 cycle]), with legs and cycles.
struct LegGraph {
  RuntimeGraph graph;
  CharacterFrame start;
  std::vector<std::string> notes;
};

inline LegGraph syntheticLegGraph(const SyntheticMotion& m) {
  const int n = cycleFrames(m);
  LegGraph out;
  out.graph = loopGraph(m.skeleton, {m.clip}, {{{n, 2 * n}}});
  const LegSetup setup = detectLegs(m.skeleton, &m.clip);
  out.graph.legs = runtimeLegs(setup);
  const std::vector<CycleAnalysis> cycles{analyzeCycle(m.skeleton, m.clip, n, 2 * n, setup)};
  for (RuntimeEdge& e : out.graph.edges) applyLocomotion(out.graph, e, cycles, true, &out.notes);
  out.start = segmentStartFrame(m.skeleton, m.clip, n);
  return out;
}

/// 144_03 with its legs, built with one hub: the real walk the leg tests play.
inline const Project& oneHubWalk14403() {
  static const Project p = [] {
    Project project = walk14403Project();
    if (project.legs.empty()) project.legs = detectLegs(project.skeleton, &project.clips[0]);
    BuildOptions one;
    one.hubCount = 1;
    buildMotionGraph(project, one);
    return project;
  }();
  return p;
}

/// Every pose value and the character frame finite (model and local pose).
inline bool finitePose(const Player& p) {
  for (const Float3& x : p.modelPositions())
    if (!isFinite(x)) return false;
  for (const Quaternion& q : p.modelRotations())
    if (!isFinite(q)) return false;
  for (const Quaternion& q : p.localRotations())
    if (!isFinite(q)) return false;
  for (const Float3& x : p.localTranslations())
    if (!isFinite(x)) return false;
  return isFinite(p.character().position) && std::isfinite(p.character().yaw);
}

/// World position (metres) of joint `joint` of the played pose: its model position turned by
/// the character's heading and placed at its position, as `fatgraph play` writes the motion.
inline Vec3 worldPosition(const Player& player, int joint) {
  const CharacterFrame& c = player.character();
  const Eigen::Quaternionf heading(Eigen::AngleAxisf(c.yaw, Vec3f::UnitY()));
  return (heading * toEigen(player.modelPositions()[std::size_t(joint)]) + toEigen(c.position)).cast<double>();
}

/// Feet measured from the played pose (world): per leg its footbase (corrected 4.6), heel and
/// toe tip.
struct FootSample {
  Vec3f footbase, heel, toe, ankle, hip;
};

/// `ground`: the terrain (null: flat). The runtime's footbase (footbase.h) measured from the
/// played pose: the balance of eq. 4.5 compares heel and toe heights above the ground's tangent
/// plane (on a slope a flat foot's toe is higher than its heel), so the footbase is measured in
/// the frame of the ground's normal under the foot.
inline FootSample measureFoot(const Player& player, const RuntimeLeg& leg, const Heightfield* ground) {
  const CharacterFrame& c = player.character();
  const Eigen::Quaternionf heading(Eigen::AngleAxisf(c.yaw, Vec3f::UnitY()));
  const Vec3f at = toEigen(c.position);
  const int ankle = leg.chain.back();
  const Vec3f a = toEigen(player.modelPositions()[ankle]);
  const Eigen::Quaternionf r = toEigen(player.modelRotations()[ankle]);
  auto world = [&](const Vec3f& m) { return Vec3f(heading * m + at); };
  const Vec3f hw = world(a + r * Vec3f(leg.heel[0], leg.heel[1], leg.heel[2]));
  const Vec3f tw = world(a + r * Vec3f(leg.toeTip[0], leg.toeTip[1], leg.toeTip[2]));
  const Vec3f mid = 0.5f * (hw + tw);
  const Vec3f n = ground ? toEigen(ground->normal(mid.x(), mid.z())) : Vec3f::UnitY();
  const Eigen::Quaternionf up = Eigen::Quaternionf::FromTwoVectors(Vec3f::UnitY(), n);
  const Vec3f h = up.conjugate() * hw, t = up.conjugate() * tw;  // ground frame
  Vec3f dir(t.x() - h.x(), 0.0f, t.z() - h.z());
  dir = dir.norm() > 1e-6f ? Vec3f(dir.normalized()) : Vec3f::UnitZ();
  const float b = footBalance(h.y(), t.y(), leg.footLength);
  const Vec3f base = up * toEigen(footbase(toFloat3(h), toFloat3(t), toFloat3(Vec3f(leg.footLength * dir)), b));
  return {base, hw, tw, world(a), world(toEigen(player.modelPositions()[leg.chain.front()]))};
}

/// Issue 12's figures over a run.
struct LegMetrics {
  std::vector<float> skates;  // per stance: largest horizontal travel of the footbase, metres
  float penetration = 0;      // deepest heel or toe below the terrain, metres
  float overextension = 0;    // largest hip-ankle distance beyond the chain's length, metres
  float reportedOverextension = 0;
  float midStanceMotion = 0;  // largest footbase motion over the middle half of a stance
  // The feet as an outsider measures them from the played motion (each leg's foot point,
  // footPointJoints, after the settle frames; default rules): stances of its own, not the
  // layer's, and a skate median that is empty without one.
  MotionContacts contacts;

  // The outsider's mid-stance skate median in millimetres; NaN without a stance (fails every
  // bound).
  double contactsMidSkateMm() const { return contacts.midSkateMedian ? 1e3 * *contacts.midSkateMedian : NAN; }

  float medianSkate() const {
    if (skates.empty()) return 0.0f;
    std::vector<float> s = skates;
    std::nth_element(s.begin(), s.begin() + s.size() / 2, s.end());
    return s[s.size() / 2];
  }
};

/// Plays `frames` updates of 1/30 s with the stick held, measuring every leg; stances are the
/// layer's planted intervals that both begin and end inside the run (after `settle` frames);
/// `contacts` measures the foot points' world paths over the same frames.
inline LegMetrics playAndMeasure(Player& player, const RuntimeGraph& graph, const Heightfield* terrain,
                                 int frames, float stickX = 0, float stickY = 0, int settle = 40) {
  LegMetrics m;
  const std::size_t legs = graph.legs.size();
  std::vector<std::vector<Vec3f>> stance(legs);
  std::vector<bool> wasPlanted(legs, false);
  const std::vector<int> feet = footPointJoints(toAuthoringSkeleton(graph.skeleton), graph.legs);
  std::vector<std::vector<Vec3>> paths(feet.size());
  for (int f = 0; f < frames; ++f) {
    player.update(1.0f / 30.0f, stickX, stickY);
    if (f < settle) continue;
    for (std::size_t l = 0; l < feet.size(); ++l) paths[l].push_back(worldPosition(player, feet[l]));
    for (std::size_t l = 0; l < legs; ++l) {
      const RuntimeLeg& leg = graph.legs[l];
      const FootSample s = measureFoot(player, leg, terrain);
      for (const Vec3f& p : {s.heel, s.toe}) {
        const float ground = terrain ? terrain->height(p.x(), p.z()) : 0.0f;
        m.penetration = std::max(m.penetration, ground - p.y());
      }
      m.overextension = std::max(m.overextension, (s.ankle - s.hip).norm() - leg.length);
      const LegReport& r = player.legLayer().legs()[l];
      m.reportedOverextension = std::max(m.reportedOverextension, r.overextension);
      if (r.planted) {
        stance[l].push_back(s.footbase);
      } else if (wasPlanted[l]) {
        const std::vector<Vec3f>& st = stance[l];
        if (st.size() >= 3 && f > settle + 1) {
          float travel = 0, mid = 0;
          for (std::size_t i = 0; i < st.size(); ++i) {
            const Vec3f d = st[i] - st.front();
            travel = std::max(travel, std::hypot(d.x(), d.z()));
            if (i >= st.size() / 4 && i <= 3 * st.size() / 4) {
              const Vec3f e = st[i] - st[st.size() / 4];
              mid = std::max(mid, e.norm());
            }
          }
          m.skates.push_back(travel);
          m.midStanceMotion = std::max(m.midStanceMotion, mid);
        }
        stance[l].clear();
      }
      wasPlanted[l] = r.planted;
    }
  }
  m.contacts = measureMotionContacts(paths, 30.0, terrain);
  return m;
}

}  // namespace fatgraph::test
