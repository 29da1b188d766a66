#pragma once
// The conventions a rig's files come in, decided per file from the data (docs/DESIGN.md,
// conventions), so any studio's takes import at their true size, upright, with the character's
// travel on the joint that really carries it:
//  - translation channels below the root either hold the joint's whole local translation
//    (absolute: they equal the OFFSET on joints that do not stretch; exporters that key six
//    channels on every joint, glTF) or an offset added to it (additive: CMU, Reallusion);
//  - the up axis is Y or Z (3ds Max and some Blender exports), judged from the animated frames,
//    never from the rest pose alone (it may disagree with the motion or be degenerate);
//  - the motion root is the file's root unless that stays still while a descendant travels
//    (a reference bone above the hips).
// Facing is measured elsewhere (character_heading.h) and never corrected: no rule here rotates
// the world about the vertical.
#include <string>
#include <string_view>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/locomotion/in_place_motion.h"
#include "fatgraph/core/locomotion/looping_clips.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

enum class TranslationConvention { Auto, Additive, Absolute };
enum class UpAxisChoice { Auto, Y, Z };

std::string_view translationConventionName(TranslationConvention c);  // "auto", "additive", ...
bool parseTranslationConvention(std::string_view name, TranslationConvention& out);
std::string_view upAxisName(UpAxisChoice up);                         // "auto", "y", "z"
bool parseUpAxis(std::string_view name, UpAxisChoice& out);

/// What the user asked for (`--translations`, `--up`, `--motion-root`, `--in-place`, `--loops`); Auto
/// and an empty name decide from the data.
struct RigConventionOptions {
  TranslationConvention translations = TranslationConvention::Auto;
  UpAxisChoice up = UpAxisChoice::Auto;
  std::string motionRoot;
  /// `--in-place keep`: clips detected in place (in_place_motion.h) stay without root motion.
  bool keepInPlace = false;
  /// `--loops keep`: looping clips (looping_clips.h) stay one cycle long.
  bool keepLoops = false;
};

/// Per joint, which axes carry position channels: bit a set for axis a (X = 1, Y = 2, Z = 4).
using PositionChannelAxes = std::vector<unsigned char>;

struct TranslationDecision {
  TranslationConvention convention = TranslationConvention::Additive;
  bool detected = false;   // decided from the data (not forced)
  int absoluteJoints = 0;  // jointed channels that hold their OFFSET (whole translation)
  int additiveJoints = 0;  // jointed channels that hold small values added to the OFFSET
  int undecidedJoints = 0; // OFFSET near zero: both readings give the same pose
};

/// Votes per joint below the root that has position channels, from `additiveClip` (the clip
/// read as OFFSET + channels): a joint whose channels stay within 15 % of its bone length of
/// its OFFSET (median over frames) holds its whole translation; one whose channels stay within
/// 15 % of zero adds to it. Absolute wins when it has more votes than additive.
TranslationDecision decideTranslations(const Skeleton& skeleton, const Clip& additiveClip,
                                       const PositionChannelAxes& axes);

/// Turns a clip read as OFFSET + channels into one read as channels alone on the axes that
/// have them (every joint with position channels, the root included). Where a joint's OFFSET is
/// zero but its translation is not (exporters that key translations and leave the OFFSET
/// empty), the rest offset takes the first frame's translation so bone lengths are right.
void applyAbsoluteTranslations(Skeleton& skeleton, Clip& clip, const PositionChannelAxes& axes);

struct UpAxisDecision {
  UpAxisChoice up = UpAxisChoice::Y;
  bool detected = false;
  double extentY = 0.0;  // median over frames of the body's extent along Y (metres)
  double extentZ = 0.0;  // the same along Z
};

/// The axis along which the animated body stands: Z when the median per-frame extent of the
/// joints along Z is the larger and most frames are taller along Z than along Y (a standing or
/// walking figure is taller than it is deep); Y otherwise.
UpAxisDecision detectUpAxis(const Skeleton& skeleton, const Clip& clip);

/// Rotates a Z-up skeleton and clip into the project's Y-up frame, (x, y, z) -> (x, z, -y):
/// every joint's local frame turns with the world, so every world position is rotated and the
/// rest pose stands up too.
void convertZUpToYUp(Skeleton& skeleton, Clip& clip);

struct MotionRootDecision {
  int joint = 0;
  bool detected = false;        // decided from the data (not named by the user)
  double rootTravelM = 0.0;     // ground path length of the file's root over the clip
  double jointTravelM = 0.0;    // ground path length of the chosen joint
};

/// The motion root: the file's root unless its ground path is under a quarter of that of a
/// descendant one to three levels down, not a leaf, whose own translation changes, and it never turns more
/// than 30 degrees from its first frame (a root that turns carries the heading); then the
/// shallowest such descendant travelling at least half as far as the one that travels
/// furthest. Ground paths are sampled at about 10 Hz so jitter does not add length.
MotionRootDecision detectMotionRoot(const Skeleton& skeleton, const Clip& clip);

/// Ground (x, z) path length of `joint`'s model position over the clip, sampled at ~10 Hz.
double jointGroundPath(const Skeleton& skeleton, const Clip& clip, int joint);

/// What import decided for one file (reported by `inspect --json` and in the notes).
struct RigReport {
  TranslationDecision translations;
  UpAxisDecision up;
  MotionRootDecision motionRoot;
  LoopReport loop;        // a BVH's one clip (a glTF file reports per clip: SceneImport::loops)
  InPlaceReport inPlace;  // a BVH's one clip (a glTF file reports per clip: GltfImport::inPlace)
};

}  // namespace fatgraph
