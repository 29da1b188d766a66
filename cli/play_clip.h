#pragma once
// The player's poses as the frames `fatgraph play` writes: the player works in character space
// (float, the character at the origin facing +Z) and places the character in the world with its
// character frame; a BVH file holds one hierarchy in world space, so the root takes the
// placement and every other joint keeps its local transform.
#include <span>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph::cli {

/// True when every value of the pose and the character frame is finite.
bool isFinitePose(Span<const Quaternion> localRotations, Span<const Float3> localTranslations,
                  Span<const Float3> modelPositions, const CharacterFrame& character);

/// World positions of the joints (metres): world = R_y(yaw) * model + position.
void worldPositions(const CharacterFrame& character, Span<const Float3> modelPositions,
                    std::span<Vec3> out);

/// Appends one frame to `clip` (clip.jointCount must equal the skeleton's): local rotations and
/// translations in double, every root (parent -1) placed in the world by the character frame,
/// i.e. rotation R_y(yaw) * q and translation R_y(yaw) * t + position.
void appendWorldFrame(Clip& clip, const Skeleton& skeleton,
                      Span<const Quaternion> localRotations, Span<const Float3> localTranslations,
                      const CharacterFrame& character);

}  // namespace fatgraph::cli
