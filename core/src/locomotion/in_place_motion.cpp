// In-place clips: weight-bearing limb ends, the stance feet's slide, and root motion from them
// (in_place_motion.h; docs/ALGORITHMS.md, "In-place clips").
#include "fatgraph/core/locomotion/in_place_motion.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <span>

#include "fatgraph/core/io/rig_conventions.h"
#include "fatgraph/core/model/statistics.h"
#include "limb_paths.h"

namespace fatgraph {
namespace {

using limbs::groundBand;
using limbs::limbEnds;
using limbs::ModelPaths;
using limbs::modelPaths;
using limbs::pointIndex;
using limbs::travelCarriers;

std::vector<LimbEnd> weightBearing(const Skeleton& s, const ModelPaths& m) {
  const std::vector<LimbEnd> ends = limbEnds(s);
  if (m.frames == 0 || ends.empty()) return {};
  const double band = groundBand(m);
  std::vector<int> nearGround(ends.size(), 0);
  for (int f = 0; f < m.frames; ++f) {
    double lowest = 1e300;
    for (const LimbEnd& e : ends) lowest = std::min(lowest, m.at(f, pointIndex(m, e)).y());
    for (size_t i = 0; i < ends.size(); ++i) nearGround[i] += m.at(f, pointIndex(m, ends[i])).y() <= lowest + band;
  }
  // A foot lifts: an end that keeps its height (a still IK pole target) is not one.
  std::vector<LimbEnd> out;
  for (size_t i = 0; i < ends.size(); ++i) {
    double lo = 1e300, hi = -1e300;
    for (int f = 0; f < m.frames; ++f) {
      lo = std::min(lo, m.at(f, pointIndex(m, ends[i])).y());
      hi = std::max(hi, m.at(f, pointIndex(m, ends[i])).y());
    }
    if (nearGround[i] >= 0.2 * m.frames && hi - lo > 0.25 * band) out.push_back(ends[i]);
  }
  return out;
}

// The root's ground velocity from the feet (docs/ALGORITHMS.md J, "Root motion"): per frame
// interval (frame k to k + 1) a robust weighted least-squares fit over the ends in stance,
// carried through the intervals where none is. Intervals rather than frames: a velocity over
// an interval takes no motion from the frames around it, so the interval a foot lifts or lands
// in does not lend its swing to the stance intervals beside it.

// Within this fraction of the ground band above its own floor an end stands on it.
constexpr double kOnFloorFraction = 0.25;
// The residual speed scale c is the ground band per this time (2.5 % of the body's height per
// second). A foot that drifts from the fit by less than the band in two seconds moves with the
// others (least squares); a faster one slides, and pulls on the fit with at most c times its
// weight (Huber). At 1 s a synthetic walk's lifting foot, slowed by 0.1 m/s, still moved its
// standing foot 0.05 m/s; a longer time plants it better but takes a real foot's jitter for a
// slide sooner.
constexpr double kDriftSeconds = 2.0;
// Reweightings: Huber's (convex: the start does not matter) bring a sliding foot's pull down
// to about c times its weight; Tukey's then drop a foot whose residual exceeds kTukeyScale * c.
// Fixed counts, part of the rule (neither is run to convergence): from 6 to 32 Huber and 2 to
// 16 Tukey reweightings the tests' foot speeds move by at most 0.02 m/s, the fox's Gallop's
// travel by 0.07 m/s.
constexpr int kHuberReweightings = 8;
constexpr int kTukeyReweightings = 4;
// Tukey's cut-off over Huber's: 4.685 / 1.345, the usual pair (both 95 % efficient under
// Gaussian noise of one scale).
constexpr double kTukeyScale = 3.5;
// The clip's travel at an interval comes from the feet over this window either side: about a
// step of a walk, so a turn on a circle still has a local forward.
constexpr double kTravelWindowSeconds = 0.5;
// A low foot moving forward under the root at this fraction of the travel speed no longer
// counts as in stance: it is landing or lifting off (the knight's Walking lands its feet still
// swinging forward at up to 2.4 m/s while it travels at 3 m/s).
constexpr double kSwingFraction = 0.5;
// The support (sum of the stance weights) from which an interval's own fit gives its
// velocity: one foot fully in stance. Below it the fit is blended with the velocity carried
// through.
constexpr double kFullSupport = 1.0;

double smoothstep01(double x) {
  x = std::clamp(x, 0.0, 1.0);
  return x * x * (3.0 - 2.0 * x);
}

// Per frame interval and end (interval-major): the end's ground velocity over the interval,
// its slide under the motion root, and its height above its own floor (its lowest over the
// clip, so an end that sits higher still stands on its floor) at the higher of the two frames.
struct FeetIntervals {
  int feet = 0, intervals = 0;
  std::vector<Vec3> velocity, slide;
  std::vector<double> above;
  size_t at(int k, int i) const { return static_cast<size_t>(k) * feet + i; }
  std::span<const Vec3> velocities(int k) const { return {velocity.data() + at(k, 0), static_cast<size_t>(feet)}; }
};

// The ground velocity of `point` from frame k to k + 1.
Vec3 intervalVelocity(const ModelPaths& m, int point, int k, double fps) {
  const Vec3 d = m.at(k + 1, point) - m.at(k, point);
  return Vec3(d.x(), 0.0, d.z()) * fps;
}

FeetIntervals feetIntervals(const ModelPaths& m, const std::vector<LimbEnd>& feet, int root, double fps) {
  FeetIntervals t;
  t.feet = static_cast<int>(feet.size());
  t.intervals = std::max(0, m.frames - 1);
  t.velocity.resize(static_cast<size_t>(t.feet) * t.intervals);
  t.slide.resize(t.velocity.size());
  t.above.resize(t.velocity.size());
  for (int i = 0; i < t.feet; ++i) {
    const int p = pointIndex(m, feet[i]);
    double floor = 1e300;
    for (int f = 0; f < m.frames; ++f) floor = std::min(floor, m.at(f, p).y());
    for (int k = 0; k < t.intervals; ++k) {
      t.velocity[t.at(k, i)] = intervalVelocity(m, p, k, fps);
      t.slide[t.at(k, i)] = t.velocity[t.at(k, i)] - intervalVelocity(m, root, k, fps);
      t.above[t.at(k, i)] = std::max(m.at(k, p).y(), m.at(k + 1, p).y()) - floor;
    }
  }
  return t;
}

// 1 on its floor (within kOnFloorFraction of the band), falling smoothly to 0 as it rises to
// the band: a lifting foot hands over to a landing one without a jump.
double heightWeight(double above, double band) {
  const double onFloor = kOnFloorFraction * band;
  return 1.0 - smoothstep01((above - onFloor) / (band - onFloor));
}

// In an in-place clip the stance feet slide backwards under the root, against the travel; a
// low foot that moves forward under it is still landing or already lifting off, whatever its
// height. 1 when its slide has no forward part, falling smoothly to 0 as that reaches
// kSwingFraction of the travel speed; 1 where the clip does not travel.
double backwardWeight(const Vec3& slide, const Vec3& travel) {
  const double speed2 = travel.squaredNorm();
  return speed2 > 0 ? 1.0 - smoothstep01(slide.dot(travel) / (kSwingFraction * speed2)) : 1.0;
}

// Per interval, the clip's travel velocity: minus the height-weighted mean slide of its ends
// over kTravelWindowSeconds either side (zero where that is slower than `scale`: no travel to
// tell forward by).
std::vector<Vec3> travelVelocities(const FeetIntervals& t, double band, double fps, double scale) {
  const int half = static_cast<int>(std::lround(kTravelWindowSeconds * fps));
  std::vector<Vec3> travel(t.intervals, Vec3::Zero());
  for (int k = 0; k < t.intervals; ++k) {
    Vec3 sum = Vec3::Zero();
    double total = 0;
    for (int g = std::max(0, k - half); g <= std::min(t.intervals - 1, k + half); ++g) {
      for (int i = 0; i < t.feet; ++i) {
        const double w = heightWeight(t.above[t.at(g, i)], band);
        sum -= w * t.slide[t.at(g, i)];
        total += w;
      }
    }
    if (total > 0 && sum.norm() > scale * total) travel[k] = sum / total;
  }
  return travel;
}

// The stance weight w_i of every end over every interval (interval-major): on its floor and
// not moving forward under the root.
std::vector<double> stanceWeights(const FeetIntervals& t, double band, const std::vector<Vec3>& travel) {
  std::vector<double> w(t.above.size());
  for (int k = 0; k < t.intervals; ++k) {
    for (int i = 0; i < t.feet; ++i) {
      w[t.at(k, i)] = heightWeight(t.above[t.at(k, i)], band) * backwardWeight(t.slide[t.at(k, i)], travel[k]);
    }
  }
  return w;
}

// Huber's weight for a residual of norm r at scale c: least squares within c, then a pull of
// at most c.
double huberWeight(double r, double c) { return r <= c ? 1.0 : c / r; }

// Tukey's biweight: falls smoothly from 1 to 0 at r = c and stays 0: a foot that far from the
// fit has no say.
double tukeyWeight(double r, double c) {
  const double x = r / c;
  return x >= 1.0 ? 0.0 : (1 - x * x) * (1 - x * x);
}

// One least-squares solve: u = -sum_i a_i v_i / sum_i a_i with a_i = w_i * robust(|v_i + u|)
// at the current u; none without weight.
template <class Robust>
std::optional<Vec3> reweighted(std::span<const Vec3> v, std::span<const double> w, const Vec3& u, Robust robust) {
  Vec3 sum = Vec3::Zero();
  double total = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const double a = w[i] * robust((v[i] + u).norm());
    sum -= a * v[i];
    total += a;
  }
  if (!(total > 0)) return std::nullopt;
  return sum / total;
}

// The u minimising sum_i w_i huber_c(|v_i + u|), by iteratively reweighted least squares from
// the weighted mean (zero without weight): a foot that slides while others stand pulls it by
// at most c times its weight over theirs.
Vec3 huberFit(std::span<const Vec3> v, std::span<const double> w, double scale) {
  std::optional<Vec3> u = reweighted(v, w, Vec3::Zero(), [](double) { return 1.0; });
  for (int k = 0; u && k < kHuberReweightings; ++k) {
    u = reweighted(v, w, *u, [&](double r) { return huberWeight(r, scale); });
  }
  return u.value_or(Vec3::Zero());
}

// Tukey's reweighting from `start`: the feet within kTukeyScale * c of it decide, the others
// are dropped. `fallback` when no foot is that close.
Vec3 tukeyFit(std::span<const Vec3> v, std::span<const double> w, const Vec3& start, const Vec3& fallback,
              double scale) {
  Vec3 u = start;
  for (int k = 0; k < kTukeyReweightings; ++k) {
    const std::optional<Vec3> next =
        reweighted(v, w, u, [&](double r) { return tukeyWeight(r, kTukeyScale * scale); });
    if (!next) return k == 0 ? fallback : u;
    u = *next;
  }
  return u;
}

// Per interval, a fit and its support (the sum of the stance weights).
struct RootFit {
  std::vector<Vec3> velocity;
  std::vector<double> support;
};

RootFit huberFits(const FeetIntervals& t, const std::vector<double>& weights, double scale) {
  RootFit fit{std::vector<Vec3>(t.intervals), std::vector<double>(t.intervals, 0.0)};
  for (int k = 0; k < t.intervals; ++k) {
    const std::span<const double> w(weights.data() + t.at(k, 0), static_cast<size_t>(t.feet));
    for (double wi : w) fit.support[k] += wi;
    fit.velocity[k] = huberFit(t.velocities(k), w, scale);
  }
  return fit;
}

// Per interval, linear between the nearest anchors before and after (the nearest one at the
// clip's ends; an anchor keeps its own); `u` as it is without an anchor.
std::vector<Vec3> interpolatedBetween(const std::vector<Vec3>& u, const std::vector<bool>& anchor) {
  const int n = static_cast<int>(u.size());
  std::vector<int> anchors;
  for (int k = 0; k < n; ++k) {
    if (anchor[k]) anchors.push_back(k);
  }
  if (anchors.empty()) return u;
  std::vector<Vec3> out(n);
  size_t next = 0;  // the first anchor at or after k
  for (int k = 0; k < n; ++k) {
    while (next < anchors.size() && anchors[next] < k) ++next;
    const int a = anchors[next == 0 ? 0 : next - 1], b = anchors[std::min(next, anchors.size() - 1)];
    const double s = b > a ? std::clamp(double(k - a) / (b - a), 0.0, 1.0) : 0.0;
    out[k] = (1 - s) * u[a] + s * u[b];
  }
  return out;
}

// Intervals short of full support (flight in a run, a landing foot still swinging forward)
// take the velocity carried through from the fully supported ones around them, blended with
// their own fit by their support so the hand-over has no jump.
std::vector<Vec3> carriedThroughFlight(const RootFit& fit) {
  std::vector<bool> full(fit.support.size());
  for (size_t k = 0; k < full.size(); ++k) full[k] = fit.support[k] >= kFullSupport;
  std::vector<Vec3> out = interpolatedBetween(fit.velocity, full);
  for (size_t k = 0; k < out.size(); ++k) {
    const double own = std::min(1.0, fit.support[k] / kFullSupport);
    out[k] = own * fit.velocity[k] + (1 - own) * out[k];
  }
  return out;
}

// The fully supported intervals whose feet all agree with their Huber fit (each within c of
// it: the fit is their plain least-squares mean and no foot slides from it).
std::vector<bool> unanimousIntervals(const FeetIntervals& t, const std::vector<double>& weights,
                                     const RootFit& huber, double scale) {
  std::vector<bool> out(t.intervals);
  for (int k = 0; k < t.intervals; ++k) {
    bool agree = huber.support[k] >= kFullSupport;
    for (int i = 0; i < t.feet && agree; ++i) {
      agree = weights[t.at(k, i)] == 0 || (t.velocity[t.at(k, i)] + huber.velocity[k]).norm() <= scale;
    }
    out[k] = agree;
  }
  return out;
}

// Per frame interval, the root's ground velocity that plants the feet in stance. Huber's fit
// is robust where a majority stands, but where two feet disagree with nothing to choose
// between them it is their compromise. The unanimous intervals give a reference through the
// others (linear between them), and Tukey's fit started from it keeps the feet that move as
// the intervals around do: a foot about to lift first slows under the root while the standing
// one keeps its motion; a foot sliding while the others stand is dropped. Then flights are
// carried through.
std::vector<Vec3> rootIntervalVelocities(const ModelPaths& m, const std::vector<LimbEnd>& feet, int root,
                                         double fps) {
  const FeetIntervals t = feetIntervals(m, feet, root, fps);
  if (feet.empty()) return std::vector<Vec3>(t.intervals, Vec3::Zero());
  const double band = groundBand(m);
  const double scale = band / kDriftSeconds;
  const std::vector<double> w = stanceWeights(t, band, travelVelocities(t, band, fps, scale));
  const RootFit huber = huberFits(t, w, scale);
  const std::vector<Vec3> reference = interpolatedBetween(huber.velocity, unanimousIntervals(t, w, huber, scale));
  RootFit fit = huber;
  for (int k = 0; k < t.intervals; ++k) {
    const std::span<const double> wk(w.data() + t.at(k, 0), static_cast<size_t>(t.feet));
    fit.velocity[k] = tukeyFit(t.velocities(k), wk, reference[k], huber.velocity[k], scale);
  }
  return carriedThroughFlight(fit);
}

std::vector<Vec3> boxSmoothed(const std::vector<Vec3>& v, int halfWidth) {
  std::vector<Vec3> out(v.size(), Vec3::Zero());
  const int n = static_cast<int>(v.size());
  for (int f = 0; f < n; ++f) {
    const int a = std::max(0, f - halfWidth), b = std::min(n - 1, f + halfWidth);
    for (int k = a; k <= b; ++k) out[f] += v[k];
    out[f] /= (b - a + 1);
  }
  return out;
}

}  // namespace

std::vector<LimbEnd> weightBearingEnds(const Skeleton& skeleton, const Clip& clip) {
  return weightBearing(skeleton, modelPaths(skeleton, clip));
}

InPlaceReport detectInPlace(const Skeleton& skeleton, const Clip& clip, const InPlaceRules& rules) {
  InPlaceReport r;
  if (clip.frameCount() < 3 || !(clip.fps > 0)) return r;
  const ModelPaths m = modelPaths(skeleton, clip);
  const std::vector<LimbEnd> feet = weightBearing(skeleton, m);
  r.feet = static_cast<int>(feet.size());
  if (feet.empty()) return r;
  const int root = skeleton.motionRoot;
  // The feet in stance move at minus the root velocity that plants them.
  const std::vector<Vec3> u = rootIntervalVelocities(m, feet, root, clip.fps);
  const double dt = 1.0 / clip.fps;
  Vec3 net = Vec3::Zero();
  for (size_t k = 0; k < u.size(); ++k) {
    const Vec3 slide = -u[k] - intervalVelocity(m, root, static_cast<int>(k), clip.fps);
    r.footSlideM += slide.norm() * dt;
    net += slide * dt;
  }
  r.rootTravelM = jointGroundPath(skeleton, clip, root);
  r.steadiness = r.footSlideM > 1e-9 ? net.norm() / r.footSlideM : 0.0;
  r.speedMps = net.norm() / clip.duration();
  r.detected = r.footSlideM / clip.duration() >= rules.minSlideSpeed && r.steadiness >= rules.minSteadiness &&
               r.rootTravelM < rules.maxRootTravelRatio * r.footSlideM;
  return r;
}

void addRootMotionFromFeet(const Skeleton& skeleton, Clip& clip, const InPlaceRules& rules) {
  if (clip.frameCount() < 2 || !(clip.fps > 0)) return;
  const ModelPaths m = modelPaths(skeleton, clip);
  const std::vector<Vec3> u =
      boxSmoothed(rootIntervalVelocities(m, weightBearing(skeleton, m), skeleton.motionRoot, clip.fps),
                  static_cast<int>(std::lround(0.5 * rules.smoothingSeconds * clip.fps)));
  const std::vector<int> carriers = travelCarriers(skeleton);
  const double dt = 1.0 / clip.fps;
  Vec3 offset = Vec3::Zero();
  for (int f = 0; f < m.frames; ++f) {
    if (f > 0) offset += u[f - 1] * dt;
    // The offset is a model-space vector: a carrier under a parent takes it in that parent's
    // frame.
    for (int j : carriers) {
      const int parent = skeleton.parents[j];
      const Vec3 local = parent < 0 ? offset : m.rotations[static_cast<size_t>(f) * m.joints + parent].conjugate() * offset;
      clip.frameTranslations(f)[j] += local;
    }
  }
}

InPlaceReport giveInPlaceRootMotion(const Skeleton& skeleton, Clip& clip, bool apply, const InPlaceRules& rules) {
  InPlaceReport r = detectInPlace(skeleton, clip, rules);
  if (r.detected && apply) {
    addRootMotionFromFeet(skeleton, clip, rules);
    r.applied = true;
  }
  return r;
}

std::string inPlaceNote(const InPlaceReport& report, const std::string& file, const std::string& clip) {
  if (!report.detected) return {};
  char figures[160];
  std::snprintf(figures, sizeof figures, "(root travels %.2f m while the feet slide %.2f m, %.2f m/s)",
                report.rootTravelM, report.footSlideM, report.speedMps);
  return file + ": '" + clip + "' is in place " + figures +
         (report.applied ? ", given root motion from its feet" : ", kept in place (--in-place keep)");
}

}  // namespace fatgraph
