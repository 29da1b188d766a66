// Looping clips: detected by how the last frame leads into the first, repeated so each pose
// occurs twice (looping_clips.h; docs/ALGORITHMS.md, "Looping clips").
#include "fatgraph/core/locomotion/looping_clips.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/core/model/statistics.h"
#include "limb_paths.h"

namespace fatgraph {
namespace {

using limbs::ModelPaths;

// Where the motion root stands on the ground in one frame: its yaw and ground position.
struct GroundFrame {
  double yaw = 0;
  Vec3 at = Vec3::Zero();  // y = 0
};

GroundFrame groundFrame(const ModelPaths& m, int root, int frame) {
  const Vec3 p = m.at(frame, root);
  return {headingYaw(m.rotations[static_cast<size_t>(frame) * m.joints + root]), Vec3(p.x(), 0, p.z())};
}

// The pose change between two frames: the RMS distance of every point (joints and end
// sites) with the root's ground frame taken away from each.
double poseChange(const ModelPaths& m, int root, int a, int b) {
  const GroundFrame ga = groundFrame(m, root, a), gb = groundFrame(m, root, b);
  const Quat toA = yawRotation(-ga.yaw), toB = yawRotation(-gb.yaw);
  const int points = m.joints + m.ends;
  double sum = 0;
  for (int i = 0; i < points; ++i) sum += (toA * (m.at(a, i) - ga.at) - toB * (m.at(b, i) - gb.at)).squaredNorm();
  return std::sqrt(sum / points);
}

// One cycle's ground motion: a turn about +Y and the displacement after it, x -> R(yaw) x + t.
struct CycleMotion {
  double yaw = 0;
  Vec3 t = Vec3::Zero();
  Vec3 apply(const Vec3& x) const { return yawRotation(yaw) * x + t; }
  CycleMotion then(const CycleMotion& next) const {  // this cycle, then `next`
    return {next.yaw + yaw, next.apply(t)};
  }
};

// The step from ground frame a to ground frame b, in a's own frame.
struct Step {
  double yaw = 0;
  Vec3 t = Vec3::Zero();
};

Step stepBetween(const GroundFrame& a, const GroundFrame& b) {
  return {wrapAngle(b.yaw - a.yaw), yawRotation(-a.yaw) * (b.at - a.at)};
}

// The motion root's ground travel over one period, from frame 0 to frame `period`: the last
// frame of a closed loop; one step past the end of an open one, that step being the mean of
// the steps on either side of the seam (the last one and the first one), each in its own
// frame, so the root's wobble within a cycle does not bend the path.
CycleMotion cycleMotion(const ModelPaths& m, int root, int period) {
  const int last = m.frames - 1;
  const GroundFrame first = groundFrame(m, root, 0);
  GroundFrame end = groundFrame(m, root, last);
  if (period > last) {
    const Step before = stepBetween(groundFrame(m, root, last - 1), end), after = stepBetween(first, groundFrame(m, root, 1));
    const double yaw = 0.5 * (before.yaw + after.yaw);
    end = {end.yaw + yaw, end.at + yawRotation(end.yaw) * (0.5 * (before.t + after.t))};
  }
  // x -> R(turn)(x - first.at) + end.at
  const double turn = wrapAngle(end.yaw - first.yaw);
  return {turn, end.at - yawRotation(turn) * first.at};
}

// detectLoop on the clip's model paths `m` (computed once for detection and repetition).
LoopReport detectIn(const ModelPaths& m, int root, const LoopRules& rules) {
  LoopReport r;
  const int n = m.frames;
  r.framesBefore = r.framesAfter = n;
  std::vector<double> steps;
  for (int f = 0; f + 1 < n; ++f) steps.push_back(poseChange(m, root, f, f + 1));
  r.medianStepM = medianHigh(steps);
  r.closingM = poseChange(m, root, n - 1, 0);
  if (!(r.medianStepM >= rules.minStepM)) return r;  // a still pose
  // The seam is judged against the steps beside it (a swing phase moves faster than the
  // median frame).
  r.seamStepM = 0.5 * (steps.front() + steps.back());
  r.closed = r.closingM <= rules.closedShare * r.seamStepM;
  r.detected = r.closed || r.closingM <= rules.openMultiple * r.seamStepM;
  r.period = r.closed ? n - 1 : n;
  if (!r.detected) {
    r.closed = false;
    r.period = 0;
    return r;
  }
  // A clip of several cycles (a long walk that happens to end as it began) already holds
  // each pose more than once: the first frame's pose comes back after leaving, within the
  // first part of the clip that two cycles could share (a single cycle only comes back at
  // its end).
  double away = 0;
  for (int f = 1; f <= rules.secondCycleShare * r.period; ++f) {
    const double change = poseChange(m, root, 0, f);
    away = std::max(away, change);
    if (away >= rules.leftMultiple * r.medianStepM && change <= rules.openMultiple * r.medianStepM) {
      // The return is nearest where the change stops falling.
      double nearest = change;
      for (; f + 1 < n; ++f) {
        const double next = poseChange(m, root, 0, f + 1);
        if (next >= nearest) break;
        nearest = next;
      }
      r.period = f;
      break;
    }
  }
  r.cycles = static_cast<int>(std::lround(static_cast<double>(n - (r.closed ? 1 : 0)) / r.period));
  return r;
}

// A detected loop of fewer cycles than the rules ask for.
bool wantsRepeating(const LoopReport& report, const LoopRules& rules) {
  return report.detected && report.period >= 2 && report.cycles < rules.cycles;
}

// repeatLoop on the clip's model paths `m`.
void repeatIn(const ModelPaths& m, const Skeleton& skeleton, Clip& clip, LoopReport& report, const LoopRules& rules) {
  if (!wantsRepeating(report, rules)) return;
  const CycleMotion cycle = cycleMotion(m, skeleton.motionRoot, report.period);
  const std::vector<int> carriers = limbs::travelCarriers(skeleton);
  const int joints = clip.jointCount, period = report.period, frames = rules.cycles * period + 1;
  Clip out = clip;
  out.rotations.resize(static_cast<size_t>(frames) * joints);
  out.translations.resize(static_cast<size_t>(frames) * joints);
  CycleMotion carried;  // identity for the first cycle
  for (int i = 0; i < frames; ++i) {
    const int k = i % period;
    if (i > 0 && k == 0) carried = carried.then(cycle);
    std::copy_n(clip.frameRotations(k).begin(), joints, out.frameRotations(i).begin());
    std::copy_n(clip.frameTranslations(k).begin(), joints, out.frameTranslations(i).begin());
    if (i < period) continue;
    // The carriers move with the cycles travelled; their parents (the root's ancestors, or
    // none) do not, so each new model transform goes back to its parent's frame.
    for (int j : carriers) {
      const size_t at = static_cast<size_t>(k) * m.joints;
      const Quat model = yawRotation(carried.yaw) * m.rotations[at + j];
      const Vec3 position = carried.apply(m.at(k, j));
      const int parent = skeleton.parents[j];
      if (parent < 0) {
        out.frameRotations(i)[j] = model.normalized();
        out.frameTranslations(i)[j] = position;
      } else {
        const Quat toParent = m.rotations[at + parent].conjugate();
        out.frameRotations(i)[j] = (toParent * model).normalized();
        out.frameTranslations(i)[j] = toParent * (position - m.at(k, parent));
      }
    }
  }
  clip = std::move(out);
  report.framesAfter = frames;
}

bool judged(const Skeleton& skeleton, const Clip& clip, const LoopRules& rules) {
  return clip.frameCount() >= rules.minFrames && clip.jointCount == skeleton.jointCount();
}

}  // namespace

LoopReport detectLoop(const Skeleton& skeleton, const Clip& clip, const LoopRules& rules) {
  if (!judged(skeleton, clip, rules)) {
    LoopReport r;
    r.framesBefore = r.framesAfter = clip.frameCount();
    return r;
  }
  return detectIn(limbs::modelPaths(skeleton, clip), skeleton.motionRoot, rules);
}

void repeatLoop(const Skeleton& skeleton, Clip& clip, LoopReport& report, const LoopRules& rules) {
  if (!wantsRepeating(report, rules)) return;  // before the model paths are computed
  repeatIn(limbs::modelPaths(skeleton, clip), skeleton, clip, report, rules);
}

LoopReport repeatLoopingClip(const Skeleton& skeleton, Clip& clip, bool apply, const LoopRules& rules) {
  if (!judged(skeleton, clip, rules)) return detectLoop(skeleton, clip, rules);
  const ModelPaths m = limbs::modelPaths(skeleton, clip);
  LoopReport r = detectIn(m, skeleton.motionRoot, rules);
  if (r.detected && apply) {
    repeatIn(m, skeleton, clip, r, rules);
    r.applied = r.framesAfter != r.framesBefore;
  }
  return r;
}

std::string loopNote(const LoopReport& report, const std::string& file, const std::string& clip) {
  if (!report.detected) return {};
  char figures[200];
  std::snprintf(figures, sizeof figures, "(%d frames per cycle, its last frame %s; closing change %.1f mm, steps beside it %.1f mm)",
                report.period, report.closed ? "repeats the first" : "leads into the first",
                1000 * report.closingM, 1000 * report.seamStepM);
  std::string what;
  if (report.cycles > 1) {
    what = ", holding " + std::to_string(report.cycles) + " cycles already";
  } else {
    what = report.applied ? ", repeated to " + std::to_string(report.framesAfter) + " frames so each pose occurs twice"
                          : ", kept as one cycle (--loops keep)";
  }
  return file + ": '" + clip + "' loops " + figures + what;
}

}  // namespace fatgraph
