#pragma once
// The user's character chosen for a project (`fatgraph build --character CHAR.glb|CHAR.fbx`, the
// editor's File > Character...): its skinned meshes replace the generated body in the editor,
// the runtime graph's /body and glTF takes. A character on the clips' own skeleton (the same
// joint names under the same parents, in any order) just dresses them; a character with its
// own skeleton becomes the project's skeleton and every clip is retargeted onto it
// (retargeting.h, project_retargeting.h), the joint map kept with the character so it can be
// shown and edited.
#include <string>
#include <vector>

#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph {

/// Imports the glTF or FBX character at `path` (importCharacter) and makes it the project's
/// character, retargeting the clips when its skeleton differs (`choices` override the joint
/// map; the graph is then cleared, as the clips changed). Throws FileError naming the file when
/// it has no mesh or nothing of it can follow the clips (no joint maps onto their pelvis); the
/// project is unchanged then. Returns notes for the user (the importer's, the retargeting's,
/// the influences the runtime drops).
std::vector<std::string> setProjectCharacter(Project& project, const std::string& path,
                                             const GltfImportOptions& options = {},
                                             const std::vector<JointMapChoice>& choices = {});

/// Parses "Target=Source" (a character joint and the clips' joint it follows; "Target=" for
/// none), as `--map-joint` takes it. Throws Error quoting the text when there is no '='.
JointMapChoice parseJointMapChoice(const std::string& text);

}  // namespace fatgraph
