#pragma once
// Finding the legs of a skeleton (Johansen ch. 4: the cycle analysis follows each leg's heel
// and toe; ch. 7: the leg layer solves IK on the hip -> ankle chain). Detection first reads
// the joint names of common conventions (CMU, Reallusion CC / RL, Mixamo, Blender, 3ds Max
// Biped, Unity, ASF-style "lfemur"; side markers as prefixes, suffixes or single letters;
// quadruped and hexapod position words) and falls back to the rest pose's geometry (chains
// from the body down to the joints nearest the floor) when the names say nothing.
//
// Conventions as in legs.h: Y up, metres, +X is the character's left, +Z its forward; heel
// and toe tip in the ankle joint's local frame.
#include <span>
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// Per joint of a skeleton, the points of the skinned mesh that move with it (the vertices whose
/// strongest influence it is), in the joint's local frame: the foot's real extent where the
/// rig has no toe joint or end site below its ankle (foot_shapes.h). Empty: no mesh.
using JointShapes = std::vector<std::vector<Vec3>>;

/// The legs of `skeleton`: detectLegs over `sample` alone (none when null).
LegSetup detectLegs(const Skeleton& skeleton, const Clip* sample = nullptr);

/// The legs of `skeleton`, named Left / Right (two legs) or Left|Right + Front|Middle|Hind
/// (more), ordered front to back, left before right. A standing pose decides the heel (below
/// the ankle at the foot's lowest height, projected along world up) and the toe tip (the toe
/// joint's farthest end site, else the toe joint, else a forward estimate): the rest pose, or,
/// when the legs do not hang down in it (a rig whose offsets do not stand it up, as
/// Reallusion CC exports), per leg the frame of `sample` in which that foot is lowest (flat,
/// mid-stance). The geometry fallback also looks for the legs in `sample`'s first frame when
/// the rest pose shows none. Never throws for a legless rig: the setup is then
/// empty and `notes` says why. `automatic` is true; `method` says "names: ..." or
/// "geometry: ...".
///
/// Legs are the limbs that bear weight in the clips, whatever they are called. When `clips`
/// (those of the skeleton with two frames or more at a positive rate) last 0.5 s or more and
/// some limb end bears weight in them, a named leg whose foot is down (within the ground band
/// of the frame's lowest limb end, slower than 0.15 body heights per second) in under 5 % of
/// their frames is dropped, and a limb whose end is down in 20 % or more, chained from the body
/// as the geometry fallback does, is added; names still give the legs' sides and places, their
/// order on the body when names place two alike. `notes` says which limb was dropped or added
/// and why, and `method` ends "then weight bearing in the clips" when that changed the legs.
/// The first clip is `sample` above. With `shapes` (a skinned mesh over the skeleton), a foot
/// with nothing below its ankle is measured on the mesh points that move with it.
LegSetup detectLegs(const Skeleton& skeleton, std::span<const Clip> clips, const JointShapes* shapes = nullptr);

/// Which of a leg's points measureLeg computes (the others are kept as given).
struct LegMeasureOptions {
  bool heel = true;
  bool toeTip = true;
  /// The skinned mesh's points per joint (see JointShapes), or null: a foot with no toe joint
  /// and no end site then has its heel and toe tip on its sole (the lowest quarter of the
  /// points that move with the ankle) rather than an estimate a quarter leg ahead.
  const JointShapes* shapes = nullptr;
};

/// Fills `leg.length` (rest bone lengths hip -> ankle), and heel / toe tip per `options`,
/// then `footLength`. Measured in the rest pose when the leg hangs down in it, else in the
/// frame of `sample` where the foot is lowest (rigs whose rest pose lies along the bones'
/// axes, as Reallusion CC exports do). Guessed values add a line to `notes`.
/// The leg's chain and toe must be valid for the skeleton (see validateLeg).
void measureLeg(const Skeleton& skeleton, Leg& leg, const LegMeasureOptions& options,
                std::vector<std::string>* notes, const Clip* sample = nullptr);

/// Empty when `leg` fits `skeleton` (a name; >= 3 joints, each in range and the parent of the
/// next; a toe, if any, below the ankle; finite points), else what is wrong, naming the joint.
std::string validateLeg(const Skeleton& skeleton, const Leg& leg);

/// validateLeg for every leg, plus unique names and no joint in two legs.
std::string validateLegSetup(const Skeleton& skeleton, const LegSetup& setup);

}  // namespace fatgraph
