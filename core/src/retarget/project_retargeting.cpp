#include "fatgraph/core/retarget/project_retargeting.h"

#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/retarget/retargeting.h"

namespace fatgraph {

std::vector<std::string> retargetProjectClips(Project& project, LegSetup characterLegs) {
  ProjectCharacter& c = project.character;
  const Skeleton& ts = project.skeleton;
  JointMap map = mapJoints(c.clipsSkeleton, {ts, c.rest}, c.jointMapChoices);
  Retargeter r;
  try {
    r = makeRetargeter(c.clipsSkeleton, {ts, c.rest}, std::move(map), std::move(characterLegs));
  } catch (const Error& e) {
    throw FileError(c.source, 0, std::string(e.what()) + " (its skeleton differs from the clips')");
  }
  // Generated transitions are made again from the retargeted clips, where they were.
  std::vector<TakenClip> generated = takeGeneratedClips(project);
  project.clips.clear();
  for (const Clip& clip : c.sourceClips) project.clips.push_back(retargetMotion(r, clip));
  for (TakenClip& t : generated) t.clip = remakeTransitionClip(project, t.clip);
  restoreGeneratedClips(project, std::move(generated));
  project.skeleton.motionRoot = r.targetPelvis;
  for (int j = 0; j < ts.jointCount(); ++j) {
    project.skeleton.animatedTranslation[j] = j == r.targetPelvis || r.carrier[j] >= 0;
  }
  c.follows.assign(ts.jointCount(), "");
  c.matchedBy = r.map.how;
  for (int j = 0; j < ts.jointCount(); ++j) {
    if (r.map.source[j] >= 0) c.follows[j] = c.clipsSkeleton.skeleton.names[r.map.source[j]];
  }
  project.legs = std::move(r.targetLegs);
  // Pose distances weigh the joints that move with the clips: a joint at rest (a finger the
  // mocap does not have) only repeats its parent's motion, and the character's many fingers
  // would otherwise outweigh the body.
  project.settings.jointWeights.assign(ts.jointCount(), 0.0);
  for (int j = 0; j < ts.jointCount(); ++j) {
    if (!c.follows[j].empty()) project.settings.jointWeights[j] = 1.0;
  }
  project.distances = {};
  std::vector<std::string> notes;
  for (const std::string& n : r.notes) notes.push_back(c.source + ": " + n);
  return notes;
}

std::vector<std::string> retargetCharacterClips(Project& project) {
  if (!project.character.retargeted()) throw Error("the project's character has the clips' own skeleton: there is no joint map");
  return retargetProjectClips(project, project.legs);
}

}  // namespace fatgraph
