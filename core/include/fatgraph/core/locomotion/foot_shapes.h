#pragma once
// The skinned mesh's points per joint (leg_detection.h, JointShapes): where a game rig's foot
// is a bone with nothing below it, the mesh that moves with that bone shows where its sole,
// heel and toe are, which no estimate from the leg's length can.
#include "fatgraph/core/body/character_mesh.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// Per joint of `skeleton`, the vertices of `mesh` whose strongest influence is that joint
/// with at least half the weight (they move with it, nearly rigidly), in the joint's local
/// frame (the vertex's bind position through the joint's inverse bind matrix). The mesh binds
/// to `meshSkeleton`; joints are matched by name, and a joint `skeleton` does not have is
/// skipped. Empty when the mesh is.
JointShapes jointShapes(const CharacterMesh& mesh, const Skeleton& meshSkeleton, const Skeleton& skeleton);

}  // namespace fatgraph
