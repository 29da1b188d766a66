#include "document/leg_tracks.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <exception>

#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("ClipLegTracks", text); }

QVector3D toQt(const Vec3& v) {
  return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
}

/// Sorts contacts and joins those that overlap (two windows may both see one contact).
void mergeContacts(std::vector<ContactSpan>& spans) {
  std::sort(spans.begin(), spans.end(),
            [](const ContactSpan& a, const ContactSpan& b) { return a.strike < b.strike; });
  std::vector<ContactSpan> merged;
  for (const ContactSpan& span : spans) {
    if (!merged.empty() && span.strike <= merged.back().off) {
      merged.back().off = std::max(merged.back().off, span.off);
    } else {
      merged.push_back(span);
    }
  }
  spans = std::move(merged);
}

/// Sorts ticks and drops those within half a frame of the previous one.
void uniqueTicks(std::vector<double>& ticks) {
  std::sort(ticks.begin(), ticks.end());
  ticks.erase(std::unique(ticks.begin(), ticks.end(),
                          [](double a, double b) { return std::abs(a - b) < 0.5; }),
              ticks.end());
}

/// World heel and toe-tip points of every leg at one frame.
struct FootPoints {
  Vec3 heel = Vec3::Zero();
  Vec3 toe = Vec3::Zero();
};

}  // namespace

bool sameLegs(const LegSetup& a, const LegSetup& b) {
  if (a.legs.size() != b.legs.size()) return false;
  for (size_t i = 0; i < a.legs.size(); ++i) {
    const Leg& x = a.legs[i];
    const Leg& y = b.legs[i];
    if (x.name != y.name || x.chain != y.chain || x.toe != y.toe || x.heel != y.heel ||
        x.toeTip != y.toeTip) {
      return false;
    }
  }
  return true;
}

ClipLegTracks computeClipLegTracks(const Skeleton& skeleton, const Clip& clip,
                                   const LegSetup& legs) {
  ClipLegTracks tracks;
  if (legs.empty()) {
    tracks.message = tr("No legs: use Detect legs in the Legs dock");
    return tracks;
  }
  const int frames = clip.frameCount();
  if (frames < 2 || clip.jointCount != skeleton.jointCount()) {
    tracks.message = tr("The clip is too short to analyse");
    return tracks;
  }
  std::vector<CycleAnalysis> cycles;
  try {
    cycles = analyzeClipCycles(skeleton, clip, legs);
  } catch (const std::exception& e) {  // documented not to throw; a bug must not end the editor
    tracks.message = tr("Cycle analysis failed: %1").arg(QString::fromStdString(e.what()));
    return tracks;
  }
  const size_t legCount = legs.legs.size();
  tracks.legs.resize(legCount);
  tracks.footbasePaths.resize(legCount);
  for (size_t l = 0; l < legCount; ++l) {
    tracks.legs[l].name = QString::fromStdString(legs.legs[l].name);
  }
  tracks.cycles = static_cast<int>(cycles.size());
  if (cycles.empty()) {
    tracks.message = tr("No gait cycles: leg %1 never steps twice")
                         .arg(QString::fromStdString(legs.legs.front().name));
    return tracks;
  }

  // World heel and toe tip per leg and frame, by FK of the ankle (the points are given in its
  // frame), so footprints and paths sit where the clip's feet are.
  std::vector<Quat> rotations(static_cast<size_t>(skeleton.jointCount()));
  std::vector<Vec3> positions(rotations.size());
  std::vector<FootPoints> feet(static_cast<size_t>(frames) * legCount);
  for (int f = 0; f < frames; ++f) {
    clipFrameToModel(skeleton, clip, f, rotations, positions);
    for (size_t l = 0; l < legCount; ++l) {
      const Leg& leg = legs.legs[l];
      const auto ankle = static_cast<size_t>(leg.ankle());
      FootPoints& p = feet[static_cast<size_t>(f) * legCount + l];
      p.heel = positions[ankle] + rotations[ankle] * leg.heel;
      p.toe = positions[ankle] + rotations[ankle] * leg.toeTip;
    }
  }

  for (const CycleAnalysis& cycle : cycles) {
    if (!cycle.valid) {
      ++tracks.invalidCycles;
      continue;
    }
    const double length = cycle.lastFrame - cycle.firstFrame;
    for (size_t l = 0; l < legCount && l < cycle.legs.size(); ++l) {
      const LegCycle& leg = cycle.legs[l];
      const LegKeyTimes& keys = leg.keys;
      // Key times are leg cycle times, 0 at the stance (4.19): the land side (strike, land)
      // lies before the stance, one cycle back, the lift side after it.
      const double stance = cycle.firstFrame + leg.stanceTime * length;
      LegKeyTrack& track = tracks.legs[l];
      track.contacts.push_back({stance - (1.0 - keys.footStrike) * length,
                                stance + keys.footOff * length, stance});
      track.lifts.push_back(stance + keys.footLift * length);
      track.lands.push_back(stance - (1.0 - keys.footLand) * length);

      // The footbase in the world: corrected eq. 4.6 with the analysis's balance, and the
      // foot's own heading for the foot vector. The analysis keeps that vector constant in
      // its moving character frame; the foot's heading equals it while the foot is flat and
      // follows the foot (not the frame's turn) in the swing, which is what a path drawn in
      // the world should show.
      const double footLength = leg.footLength > 0 ? leg.footLength : legs.legs[l].footLength;
      const int samples = static_cast<int>(leg.balance.size());
      std::vector<QVector3D> path;
      Vec3 heading = Vec3::UnitZ();
      for (int f = std::max(0, cycle.firstFrame); f <= std::min(cycle.lastFrame, frames - 1);
           ++f) {
        const FootPoints& p = feet[static_cast<size_t>(f) * legCount + l];
        Vec3 along = p.toe - p.heel;
        along.y() = 0;
        if (along.norm() > 1e-6) heading = along.normalized();
        double b = 0;
        if (samples > 0) {
          const double t = (f - cycle.firstFrame) / std::max(length, 1.0);
          b = leg.balance[static_cast<size_t>(
              std::clamp(static_cast<int>(std::lround(t * samples)), 0, samples - 1))];
        }
        const Vec3 footbase = p.heel * (1.0 - b) + (p.toe - footLength * heading) * b;
        path.push_back(toQt(footbase));
        if (f == static_cast<int>(std::lround(stance))) {
          tracks.footprints.push_back({static_cast<int>(l), f, toQt(footbase),
                                       toQt(footbase + footLength * heading)});
        }
      }
      tracks.footbasePaths[l].push_back(std::move(path));
    }
  }
  for (LegKeyTrack& track : tracks.legs) {
    mergeContacts(track.contacts);
    uniqueTicks(track.lifts);
    uniqueTicks(track.lands);
  }
  if (tracks.empty()) {
    tracks.message = tr("No gait cycle could be analysed (%1 found)").arg(tracks.cycles);
  }
  return tracks;
}

}  // namespace fatgraph::editor
