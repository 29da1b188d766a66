#pragma once
// What the editor shows of a clip's gait: per leg the key-time track (ground contacts from
// foot-strike to foot-off, foot-lift and foot-land ticks, stance marks) in clip frames, the
// footprints (the footbase at each stance) and each leg's footbase path over the analysed
// frames, in world space (the clip's model space). Everything comes from core's cycle
// analysis (cycle_analysis.h, analyzeClipCycles); this file only places its results on the
// clip's frame axis and in the world.
//
// Frames are fractional clip frames (time = frame / fps). A contact may start before frame 0
// or end after the last frame when the analysis places a cycle's key time there.
#include <QString>
#include <QVector3D>

#include <vector>

#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph::editor {

/// One ground contact of a leg: foot-strike (4.11) to foot-off (4.8), and its stance (4.2).
struct ContactSpan {
  double strike = 0;
  double off = 0;
  double stance = 0;
};

/// One leg's key times over the clip, sorted by frame.
struct LegKeyTrack {
  QString name;
  std::vector<ContactSpan> contacts;  // do not overlap
  std::vector<double> lifts;          // foot-lift (4.7)
  std::vector<double> lands;          // foot-land (4.10)
};

/// Where a foot stood at one stance: heel and toe points of its footprint on the floor
/// (world, metres). The heel point is the footbase at the stance frame; the toe lies one foot
/// length along the foot's heading.
struct Footprint {
  int leg = 0;
  int frame = 0;
  QVector3D heel;
  QVector3D toe;
};

struct ClipLegTracks {
  std::vector<LegKeyTrack> legs;  // in LegSetup order
  std::vector<Footprint> footprints;
  /// Per leg, the footbase path (world) over each analysed cycle; one polyline per run of
  /// consecutive analysed frames.
  std::vector<std::vector<std::vector<QVector3D>>> footbasePaths;
  int cycles = 0;         // gait cycles found
  int invalidCycles = 0;  // of which the analysis rejected (problems)
  QString message;        // why there are no tracks (no legs, no steps, ...); empty otherwise

  bool empty() const { return cycles - invalidCycles <= 0; }
};

/// Analyses `clip` (core analyzeClipCycles with leg 0 as reference) and places the results.
/// Never throws; a clip without legs or steps gives empty tracks and a message.
ClipLegTracks computeClipLegTracks(const Skeleton& skeleton, const Clip& clip,
                                   const LegSetup& legs);

/// Whether two leg setups describe the same legs (names, chains, toes, heel and toe points).
bool sameLegs(const LegSetup& a, const LegSetup& b);

}  // namespace fatgraph::editor
