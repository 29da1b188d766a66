#include "fatgraph/core/project_character.h"

#include <iomanip>
#include <sstream>

#include "fatgraph/core/character_import.h"
#include "fatgraph/core/error.h"
#include "fatgraph/core/joint_matching.h"
#include "fatgraph/core/leg_detection.h"

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

// The project's clips moved onto the character's skeleton; returns the notes.
std::vector<std::string> retargetOnto(Project& project, const SceneImport& character, const std::string& path,
                                      const std::vector<JointMapChoice>& choices, ProjectCharacter& out) {
  RestSkeleton source{project.skeleton, Pose::rest(project.skeleton)};
  RestSkeleton target{character.skeleton, restPoseOf(character.skeleton, character.restPose)};
  JointMap map = mapJoints(source, target, choices);
  LegSetup legs = detectLegs(target.skeleton, character.restPose.frameCount() > 0 ? &character.restPose : nullptr);
  Retargeter r;
  try {
    r = makeRetargeter(std::move(source), std::move(target), std::move(map), std::move(legs));
  } catch (const Error& e) {
    throw FileError(path, 0, std::string(e.what()) + " (its skeleton differs from the clips')");
  }
  std::vector<Clip> clips;
  for (const Clip& c : project.clips) clips.push_back(retargetMotion(r, c));
  Skeleton skeleton = r.target.skeleton;
  skeleton.motionRoot = r.targetPelvis;
  for (int j = 0; j < skeleton.jointCount(); ++j) {
    if (j == r.targetPelvis || r.carrier[j] >= 0) skeleton.animatedTranslation[j] = true;
  }
  out.follows.assign(skeleton.jointCount(), "");
  out.matchedBy = r.map.how;
  for (int j = 0; j < skeleton.jointCount(); ++j) {
    if (r.map.source[j] >= 0) out.follows[j] = project.skeleton.names[r.map.source[j]];
  }
  out.jointMapChoices = choices;
  std::vector<std::string> notes;
  notes.push_back(path + ": its own skeleton (" + std::to_string(skeleton.jointCount()) + " joints): " +
                  std::to_string(project.clips.size()) + " clips retargeted onto it from the clips' " +
                  std::to_string(project.skeleton.jointCount()) + " joints");
  for (const std::string& n : r.notes) notes.push_back(path + ": " + n);
  project.skeleton = std::move(skeleton);
  project.clips = std::move(clips);
  project.legs = std::move(r.targetLegs);
  project.graph = {};
  project.distances = {};
  project.locomotionRecords.clear();
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
  ProjectCharacter character{path, std::move(g.mesh), {}, {}, {}};
  const std::vector<int> same = sameRigMap(project.skeleton, g.skeleton);
  if (project.skeleton.jointCount() == 0) {
    // No clips yet: the character's skeleton is the project's, clips will be admitted onto it.
    project.skeleton = g.skeleton;
    project.legs = detectLegs(g.skeleton, g.restPose.frameCount() > 0 ? &g.restPose : nullptr);
  } else if (!same.empty() && choices.empty()) {
    reorderMesh(character.mesh, same);
  } else {
    Project changed = project;  // the project stays as it was if retargeting throws
    const std::vector<std::string> retargetNotes = retargetOnto(changed, g, path, choices, character);
    notes.insert(notes.end(), retargetNotes.begin(), retargetNotes.end());
    project = std::move(changed);
  }
  project.character = std::move(character);
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
