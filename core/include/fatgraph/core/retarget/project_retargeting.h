#pragma once
// A project's clips moved onto its character's own skeleton (retargeting.h) from the sources
// the character keeps (project.h, ProjectCharacter: the clips' skeleton and clips as they came,
// the character's rest pose and the user's joint map choices). Choosing a character
// (project_character.h) and changing its joint map (the map_joint edit) both end here, so
// neither the graph's edits nor the project file need the other.
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph {

/// Retargets `project.character.sourceClips` onto `project.skeleton` (the character's), with
/// `characterLegs` the character's legs: replaces the clips, the motion root and which joints
/// carry translations, the legs, the joint weights (1 for a joint that follows the clips, 0 for
/// one at rest) and the map shown (character.follows, matchedBy); the distance cache is
/// cleared, the graph left to the caller. Throws FileError naming the character's file when
/// nothing of it can follow the clips (no joint maps onto their pelvis). Returns the
/// retargeting's notes, each prefixed with the character's file.
std::vector<std::string> retargetProjectClips(Project& project, LegSetup characterLegs);

/// Retargets the project's clips again from the sources its character keeps (after its
/// jointMapChoices or legs changed), with the project's legs: as retargetProjectClips.
/// Throws Error when the character has the clips' own skeleton (nothing was retargeted).
std::vector<std::string> retargetCharacterClips(Project& project);

}  // namespace fatgraph
