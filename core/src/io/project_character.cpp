#include "fatgraph/core/project_character.h"

#include <iomanip>
#include <sstream>

#include "fatgraph/core/error.h"

namespace fatgraph {
namespace {

// Each character joint's index in the project's skeleton; throws at the first joint missing or
// under another parent.
std::vector<int> jointMap(const Skeleton& project, const Skeleton& character, const std::string& path) {
  if (character.jointCount() != project.jointCount()) {
    throw FileError(path, 0, "the character has " + std::to_string(character.jointCount()) + " joints, the project's skeleton " +
                                 std::to_string(project.jointCount()) + "; a character must have the project's skeleton");
  }
  std::vector<int> map(character.jointCount());
  for (int j = 0; j < character.jointCount(); ++j) {
    map[j] = project.find(character.names[j]);
    if (map[j] < 0) throw FileError(path, 0, "the character's joint '" + character.names[j] + "' is not a joint of the project's skeleton");
    const int p = character.parents[j];
    const int expected = p < 0 ? -1 : project.find(character.names[p]);
    if (project.parents[map[j]] != expected) {
      throw FileError(path, 0, "the character's joint '" + character.names[j] + "' hangs under another parent than in the project's skeleton");
    }
  }
  return map;
}

}  // namespace

std::vector<std::string> setProjectCharacter(Project& project, const std::string& path, const GltfImportOptions& options) {
  GltfImport g = importGltfCharacter(path, options);
  if (g.mesh.empty()) throw FileError(path, 0, "has no mesh over its skeleton to show as the character");
  const std::vector<int> map = jointMap(project.skeleton, g.skeleton, path);
  CharacterMesh mesh = std::move(g.mesh);
  for (auto& joints : mesh.joints) {
    for (auto& j : joints) j = static_cast<std::uint16_t>(map[j]);
  }
  std::vector<Float4x4> bind(mesh.inverseBind.size());
  for (size_t j = 0; j < map.size(); ++j) bind[map[j]] = mesh.inverseBind[j];
  mesh.inverseBind = std::move(bind);
  if (std::string e = mesh.validate(project.skeleton.jointCount()); !e.empty()) throw FileError(path, 0, "mesh: " + e);

  std::vector<std::string> notes = g.notes;
  InfluenceReduction reduced;
  toSkinnedMesh(mesh, &reduced);
  if (reduced.verticesReduced > 0) {
    std::ostringstream s;
    s << path << ": " << reduced.verticesReduced << " vertices have more than " << kMaxSkinInfluences
      << " influences; the runtime keeps the strongest " << kMaxSkinInfluences << ", dropping at most "
      << std::setprecision(3) << reduced.largestDroppedWeight << " of weight (vertex " << reduced.largestAtVertex << ")";
    notes.push_back(s.str());
  }
  project.character = {path, std::move(mesh)};
  return notes;
}

}  // namespace fatgraph
