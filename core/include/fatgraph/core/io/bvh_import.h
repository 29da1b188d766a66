#pragma once
// BVH import: any channel order per joint, position channels on any joint, End Sites,
// CRLF/LF, tabs, unwrapped Euler angles, unit detection, reference-pose detection and
// resampling. Produces runtime types in metres, Y up.
#include <string>
#include <string_view>

#include "fatgraph/core/io/rig_conventions.h"
#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// Length unit of a BVH file. Auto guesses from the rest pose's size (see detectUnits).
enum class BvhUnits { Auto, Metres, Centimetres, CmuUnits, Inches, Millimetres };

/// Metres per file unit (CMU units: 1/0.45 inch = 0.056444 m, per the CMU FAQ).
double unitScale(BvhUnits units);
std::string_view unitName(BvhUnits units);          // "m", "cm", "cmu", "in", "mm", "auto"
bool parseUnitName(std::string_view name, BvhUnits& out);

struct BvhImportOptions {
  BvhUnits units = BvhUnits::Auto;
  bool dropReferencePose = true;  // drop frame 0 when it is detected as a reference T-pose
  double resampleFps = 0.0;       // > 0: resample to this rate (slerp); 0 keeps the file's
  /// Translation channels, up axis and motion root (rig_conventions.h): decided from the data
  /// unless forced.
  RigConventionOptions rig;
  /// Limits that protect against absurd headers; exceeding one is an error, never a huge
  /// allocation.
  int maxJoints = 4096;
  int maxDepth = 256;
  long long maxFrames = 10'000'000;
};

struct BvhImport {
  Skeleton skeleton;
  Clip clip;                   // name = file base name, source = path
  BvhUnits units = BvhUnits::Metres;  // the unit used (detected or forced)
  double unitScale = 1.0;      // metres per file unit
  bool unitsDetected = false;  // true when Auto chose the unit
  int fileFrames = 0;          // frame count in the file
  double fileFps = 0.0;        // 1 / Frame Time
  bool referencePoseDetected = false;
  bool referencePoseDropped = false;
  double referencePoseJumpDeg = 0.0;  // largest joint rotation change from frame 0 to 1
  RigReport rig;               // translation convention, up axis and motion root as decided
};

/// Guesses the unit from the rest pose's largest bounding-box extent E (joints and end sites,
/// in file units), assuming a human-sized figure: E <= 4 metres, 4 < E <= 60 CMU units
/// (a CMU subject is ~25 units tall), 60 < E <= 600 centimetres, larger millimetres.
BvhUnits detectUnits(const Skeleton& skeletonInFileUnits, double* extentOut = nullptr);

/// Guesses the unit from the animated body instead (what import uses when the file has
/// frames): its height over the take, the larger of its median per-frame extents along Y and
/// Z with a still bone left out (rig_conventions.h), as a human-sized figure measures it in
/// each unit: up to 5 metres, 35 CMU units, 85 inches, 850 centimetres, else millimetres. The
/// rest pose may be degenerate (every bone along one axis) or lie down; the motion stands.
/// Without frames, the rest pose's guess.
BvhUnits detectUnitsFromMotion(const Skeleton& skeletonInFileUnits, const Clip& clipInFileUnits,
                               double* extentOut = nullptr);

/// Frame 0 of many mocap files is a reference T-pose recorded separately: the pose jumps by
/// far more to frame 1 than the motion ever changes between later frames.
struct ReferencePoseCheck {
  bool detected = false;
  double jumpDeg = 0.0;      // largest joint rotation change from frame 0 to frame 1
  double meanJumpDeg = 0.0;  // mean over joints of that change
  double typicalDeg = 0.0;   // 99th percentile of the mean change over later frame pairs
};
ReferencePoseCheck detectReferencePose(const Clip& clip);

/// Reads and parses a file. Throws FileError naming the file, line and what was expected.
BvhImport importBvh(const std::string& path, const BvhImportOptions& options = {});

/// Parses BVH text; `fileName` is used in messages and as the clip's source.
BvhImport parseBvh(std::string_view text, const std::string& fileName,
                   const BvhImportOptions& options = {});

}  // namespace fatgraph
