#include "fatgraph/core/io/project_character.h"

#include <iomanip>
#include <sstream>

#include "fatgraph/core/io/character_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/joint_matching.h"
#include "fatgraph/core/locomotion/leg_detection.h"

namespace fatgraph {
namespace {

// Each character joint's index in the project's skeleton when both are one rig (the same
// names under the same parents), else empty.
std::vector<int> sameRigMap(const Skeleton& project, const Skeleton& character) {
  if (character.jointCount() != project.jointCount()) return {};
  std::vector<int> map(character.jointCount());
  for (int j = 0; j < character.jointCount(); ++j) {
    map[j] = project.find(character.names[j]);
    if (map[j] < 0) return {};
    const int p = character.parents[j];
    if (project.parents[map[j]] != (p < 0 ? -1 : project.find(character.names[p]))) return {};
  }
  return map;
}

// The mesh's joint indices and inverse binds moved to the project's joint order.
void reorderMesh(CharacterMesh& mesh, const std::vector<int>& map) {
  for (auto& joints : mesh.joints) {
    for (auto& j : joints) j = static_cast<std::uint16_t>(map[j]);
  }
  std::vector<Float4x4> bind(mesh.inverseBind.size());
  for (size_t j = 0; j < map.size(); ++j) bind[map[j]] = mesh.inverseBind[j];
  mesh.inverseBind = std::move(bind);
}

std::string influenceNote(const CharacterMesh& mesh, const std::string& path) {
  InfluenceReduction reduced;
  toSkinnedMesh(mesh, &reduced);
  if (reduced.verticesReduced == 0) return {};
  std::ostringstream s;
  s << path << ": " << reduced.verticesReduced << " vertices have more than " << kMaxSkinInfluences
    << " influences; the runtime keeps the strongest " << kMaxSkinInfluences << ", dropping at most "
    << std::setprecision(3) << reduced.largestDroppedWeight << " of weight (vertex " << reduced.largestAtVertex << ")";
  return s.str();
}

// The project's clips moved onto the character's skeleton from the sources kept in
// `project.character` (its clips' skeleton and clips, its rest pose and choices); `legs` are
// the character's. Returns the notes.
std::vector<std::string> retargetFromSources(Project& project, LegSetup legs) {
  ProjectCharacter& c = project.character;
  const Skeleton& ts = project.skeleton;
  JointMap map = mapJoints(c.clipsSkeleton, {ts, c.rest}, c.jointMapChoices);
  Retargeter r;
  try {
    r = makeRetargeter(c.clipsSkeleton, {ts, c.rest}, std::move(map), std::move(legs));
  } catch (const Error& e) {
    throw FileError(c.source, 0, std::string(e.what()) + " (its skeleton differs from the clips')");
  }
  project.clips.clear();
  for (const Clip& clip : c.sourceClips) project.clips.push_back(retargetMotion(r, clip));
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

}  // namespace

std::vector<std::string> setProjectCharacter(Project& project, const std::string& path, const GltfImportOptions& options,
                                             const std::vector<JointMapChoice>& choices) {
  SceneImport g = importCharacter(path, options);
  if (g.mesh.empty()) throw FileError(path, 0, "has no mesh over its skeleton to show as the character");
  if (std::string e = g.mesh.validate(g.skeleton.jointCount()); !e.empty()) throw FileError(path, 0, "mesh: " + e);
  std::vector<std::string> notes = g.notes;
  if (std::string n = influenceNote(g.mesh, path); !n.empty()) notes.push_back(n);
  ProjectCharacter character;
  character.source = path;
  character.mesh = std::move(g.mesh);
  // The clips as they came, before an earlier character's retargeting.
  const bool wasRetargeted = project.character.retargeted();
  const RestSkeleton clips = wasRetargeted ? project.character.clipsSkeleton
                                           : RestSkeleton{project.skeleton, Pose::rest(project.skeleton)};
  const std::vector<Clip>& sourceClips = wasRetargeted ? project.character.sourceClips : project.clips;
  const std::vector<int> same = sameRigMap(clips.skeleton, g.skeleton);
  const LegSetup characterLegs = detectLegs(g.skeleton, g.restPose.frameCount() > 0 ? &g.restPose : nullptr);
  if (project.skeleton.jointCount() == 0) {
    // No clips yet: the character's skeleton is the project's, clips will be admitted onto it.
    project.skeleton = g.skeleton;
    project.legs = characterLegs;
    project.character = std::move(character);
    return notes;
  }
  Project changed = project;  // the project stays as it was if anything below throws
  if (!same.empty() && choices.empty()) {
    reorderMesh(character.mesh, same);
    if (wasRetargeted) {  // back on the clips' own skeleton
      changed.skeleton = clips.skeleton;
      changed.clips = sourceClips;
      changed.legs = detectLegs(clips.skeleton, sourceClips.empty() ? nullptr : &sourceClips.front());
    }
    changed.character = std::move(character);
  } else {
    character.clipsSkeleton = clips;
    character.sourceClips = sourceClips;
    character.rest = restPoseOf(g.skeleton, g.restPose);
    character.jointMapChoices = choices;
    changed.character = std::move(character);
    changed.skeleton = g.skeleton;
    const std::vector<std::string> retargetNotes = retargetFromSources(changed, characterLegs);
    notes.push_back(path + ": its own skeleton (" + std::to_string(changed.skeleton.jointCount()) + " joints): " +
                    std::to_string(changed.clips.size()) + (changed.clips.size() == 1 ? " clip" : " clips") +
                    " retargeted onto it from the clips' " +
                    std::to_string(clips.skeleton.jointCount()) + " joints");
    notes.insert(notes.end(), retargetNotes.begin(), retargetNotes.end());
  }
  if (changed.skeleton.jointCount() != project.skeleton.jointCount() || !changed.skeleton.sameTopology(project.skeleton)) {
    // Everything derived from the old skeleton's joints goes.
    if (changed.settings.jointWeights.size() != static_cast<size_t>(changed.skeleton.jointCount())) {
      if (!changed.settings.jointWeights.empty()) notes.push_back(path + ": the joint weights of the old skeleton were dropped");
      changed.settings.jointWeights.clear();
    }
    changed.graph = {};
    changed.distances = {};
    changed.locomotionRecords.clear();
  }
  project = std::move(changed);
  return notes;
}

std::vector<std::string> retargetCharacterClips(Project& project) {
  if (!project.character.retargeted()) throw Error("the project's character has the clips' own skeleton: there is no joint map");
  return retargetFromSources(project, project.legs);
}

JointMapChoice parseJointMapChoice(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw Error("a joint map entry is CHARACTER_JOINT=CLIP_JOINT (or CHARACTER_JOINT= for none), got '" + text + "'");
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

}  // namespace fatgraph
