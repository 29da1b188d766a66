#include "play_velocity.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/core/locomotion/play_metrics.h"

namespace fatgraph::cli {
namespace {

constexpr double kSlowestJudgedSpeed = 0.1;  // m/s: below it errors are relative to this

// The heading-frame velocity of the constant-turn arc from a to b turning `yaw` in `seconds`.
PlanarVelocity arcVelocity(const CharacterFrame& a, const CharacterFrame& b, double yaw, double seconds) {
  const double dx = double(b.position.x) - a.position.x, dz = double(b.position.z) - a.position.z;
  const double c0 = std::cos(a.yaw), s0 = std::sin(a.yaw);  // into a's heading frame
  const double lx = c0 * dx - s0 * dz, lz = s0 * dx + c0 * dz;
  const double half = 0.5 * yaw, sinc = std::abs(half) < 1e-9 ? 1.0 : std::sin(half) / half;
  const double c = std::cos(half), s = std::sin(half);  // then undo the chord's half turn
  return {{float((c * lx - s * lz) / (seconds * sinc)), float((s * lx + c * lz) / (seconds * sinc))},
          float(yaw / seconds)};
}

double relativeError(const PlanarVelocity& got, const PlanarVelocity& want) {
  const double speed = std::hypot(double(want.velocity.x), double(want.velocity.y));
  return std::hypot(double(got.velocity.x) - want.velocity.x, double(got.velocity.y) - want.velocity.y) /
         std::max(speed, kSlowestJudgedSpeed);
}

bool sameRequest(const PlanarVelocity& a, const PlanarVelocity& b) {
  return a.velocity.x == b.velocity.x && a.velocity.y == b.velocity.y && a.turnRate == b.turnRate;
}

}  // namespace

std::optional<std::pair<double, double>> medianAndP95(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const auto rank = [&](double q) {
    return values[std::min(values.size() - 1, size_t(std::ceil(q * double(values.size()))) - (q > 0 ? 1 : 0))];
  };
  const size_t n = values.size();
  const double median = n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
  return std::make_pair(median, rank(0.95));
}

void PlayVelocityMeasure::begin(const VelocityObservation& start) {
  report_ = {};
  last_ = start;
  clockRate_ = -1;
  interval_ = {};
}

void PlayVelocityMeasure::close(const CharacterFrame& clips, const CharacterFrame& character, double clipsYaw,
                                double characterYaw, double seconds) {
  if (!interval_.open || !(seconds > 1e-3)) return;
  const PlanarVelocity c = arcVelocity(interval_.clipsStart, clips, clipsYaw, seconds);
  const PlanarVelocity h = arcVelocity(interval_.characterStart, character, characterYaw, seconds);
  report_.clipsErrors.push_back(relativeError(c, interval_.request));
  report_.characterErrors.push_back(relativeError(h, interval_.request));
  report_.clipsTurnErrors.push_back(std::abs(double(c.turnRate) - interval_.request.turnRate));
}

void PlayVelocityMeasure::observe(const VelocityObservation& o) {
  // Stops: from the update that asked (stopping set) to the first that stands, or the first on
  // an idle edge (the stop that walks on to its hub and stands there).
  if (o.stopping && !last_.standing && !last_.onIdleEdge) {
    stoppingFor_ += o.dt;
    if (o.standing) report_.timesToStand.push_back(stoppingFor_);
    if (o.onIdleEdge) report_.timesToIdle.push_back(stoppingFor_);
  }
  if (!o.stopping) stoppingFor_ = 0;
  if (o.standing && last_.standing) report_.standingSeconds += o.dt;
  if (o.onIdleEdge && last_.onIdleEdge) report_.idleSeconds += o.dt;
  if (o.requested) {
    ++report_.requestedUpdates;
    report_.slowestRate = std::min(report_.slowestRate.value_or(o.cycleRate), double(o.cycleRate));
    report_.fastestRate = std::max(report_.fastestRate.value_or(o.cycleRate), double(o.cycleRate));
  }
  const double clipsTurn = wrapAngle(double(o.clips.yaw) - last_.clips.yaw);
  const double characterTurn = wrapAngle(double(o.character.yaw) - last_.character.yaw);
  const int changes = o.transitions - last_.transitions;
  // A request that changed (or ended) spoils the edge it changed in.
  if (!o.requested || !sameRequest(o.request, interval_.request)) interval_.open = false;
  if (changes == 1 && last_.edge >= 0 && o.edge >= 0) {
    const double remaining =
        std::max(double(graph_->edges[size_t(last_.edge)].referenceDuration) - last_.referenceTime, 0.0);
    const double s = fractionOnOldEdge(remaining, clockRate_, o.dt, o.referenceTime);
    const CharacterFrame clips = lerpFrame(last_.clips, o.clips, s);
    const CharacterFrame character = lerpFrame(last_.character, o.character, s);
    close(clips, character, interval_.clipsYaw + s * clipsTurn, interval_.characterYaw + s * characterTurn,
          interval_.seconds + s * o.dt);
    interval_ = {};
    interval_.open = o.requested;
    interval_.request = o.request;
    interval_.clipsStart = clips;
    interval_.characterStart = character;
    interval_.seconds = (1 - s) * o.dt;
    interval_.clipsYaw = (1 - s) * clipsTurn;
    interval_.characterYaw = (1 - s) * characterTurn;
    clockRate_ = -1;
  } else if (changes != 0) {
    interval_ = {};  // several transitions in one update: the edges between are unknown
    clockRate_ = -1;
  } else {
    interval_.seconds += o.dt;
    interval_.clipsYaw += clipsTurn;
    interval_.characterYaw += characterTurn;
    clockRate_ = o.dt > 0 && o.edge == last_.edge ? (double(o.referenceTime) - last_.referenceTime) / o.dt : -1;
  }
  last_ = o;
}

}  // namespace fatgraph::cli
