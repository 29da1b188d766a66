#include "fatgraph/core/io/project_character.h"

#include <iomanip>
#include <sstream>

#include "fatgraph/core/io/character_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/joint_matching.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/retarget/project_retargeting.h"
#include "fatgraph/core/retarget/retargeting.h"

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
    const std::vector<std::string> retargetNotes = retargetProjectClips(changed, characterLegs);
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

JointMapChoice parseJointMapChoice(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw Error("a joint map entry is CHARACTER_JOINT=CLIP_JOINT (or CHARACTER_JOINT= for none), got '" + text + "'");
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

}  // namespace fatgraph
