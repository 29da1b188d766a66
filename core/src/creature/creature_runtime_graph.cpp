// A generated creature as a procedural character of the runtime graph (creature_generation.h).
#include <string>

#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/core/model/runtime_skeleton.h"

namespace fatgraph {

RuntimeGraph creatureRuntimeGraph(const Creature& creature) {
  RuntimeGraph g;
  g.skeleton = toRuntimeSkeleton(creature.skeleton);
  for (int j = 0; j < g.skeleton.jointCount(); ++j) {
    g.skeleton.animatedTranslation[static_cast<std::size_t>(j)] = g.skeleton.parents[j] < 0 ? 1 : 0;
    if (g.skeleton.parents[j] < 0) g.translatedJoints.push_back(j);
  }
  g.fps = 30.0f;
  g.kind = RuntimeGraphKind::Creature;
  g.creature = gaitRigOf(creature);
  for (const CreatureGaitLeg& l : g.creature.legs) {
    RuntimeLeg leg;
    std::string name = creature.skeleton.names[static_cast<std::size_t>(l.ankle)];
    if (name.rfind("ankle_", 0) == 0) name = "leg_" + name.substr(6);
    leg.name = name;
    leg.chain = {l.hip, l.knee, l.ankle};
    // The rest pose has identity rotations, so the ankle's frame is the model frame.
    leg.toeTip[0] = l.toeOffset.x;
    leg.toeTip[1] = l.toeOffset.y;
    leg.toeTip[2] = l.toeOffset.z;
    const auto& p = g.creature.restPositions;
    leg.length = length(p[l.knee] - p[l.hip]) + length(p[l.ankle] - p[l.knee]);
    leg.footLength = length(l.toeOffset);
    g.legs.push_back(leg);
  }
  g.body = creature.mesh;
  return g;
}

}  // namespace fatgraph
