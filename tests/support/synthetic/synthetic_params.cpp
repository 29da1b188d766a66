// Parameter defaults, checks and error messages of the synthetic walk generator.
#include <cmath>
#include <cstdio>
#include <string>

#include "fatgraph/core/model/error.h"
#include "synthetic_motion_detail.h"

namespace fatgraph {

SyntheticWalkParams SyntheticWalkParams::quadrupedDefaults() {
  SyntheticWalkParams p;
  p.period = 0.8;
  p.strideLength = 0.7;
  p.dutyFactor = 0.6;
  p.stepHeight = 0.06;
  p.bobAmplitude = 0.01;
  p.hipSway = 0.01;
  p.pelvisYaw = 0.02;
  p.armSwing = 0.25;
  return p;
}

SyntheticWalkParams SyntheticWalkParams::hexapodDefaults() {
  SyntheticWalkParams p;
  p.period = 0.6;
  p.strideLength = 0.3;
  p.dutyFactor = 0.55;  // each tripod overlaps the other briefly: always three feet down
  p.stepHeight = 0.04;
  p.bobAmplitude = 0.004;
  p.hipSway = 0.004;
  p.pelvisYaw = 0.02;
  p.armSwing = 0.1;
  return p;
}

const SyntheticFootprint* SyntheticLeg::stanceAtFrame(int frame) const {
  for (const SyntheticFootprint& fp : footprints) {
    if (frame >= fp.firstFrame && frame <= fp.lastFrame) return &fp;
  }
  return nullptr;
}

namespace synthetic {

std::string formatNumber(double x) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

void require(bool ok, const char* who, const std::string& what) {
  if (!ok) throw Error(std::string(who) + ": " + what);
}

namespace {

const auto num = formatNumber;

void checkRange(double value, double lo, double hi, const char* who, const char* name,
                const char* unit) {
  require(std::isfinite(value) && value >= lo && value <= hi, who,
          std::string(name) + " must be in [" + num(lo) + ", " + num(hi) + "] " + unit +
              ", got " + num(value));
}

void checkPositive(double value, const char* who, const char* name, const char* unit) {
  require(std::isfinite(value) && value > 0, who,
          std::string(name) + " must be > 0 " + unit + ", got " + num(value));
}

}  // namespace

void validateParams(const SyntheticWalkParams& p, const Rig& rig, const char* who) {
  constexpr double big = 1e6;
  checkPositive(p.period, who, "period", "s");
  checkPositive(p.fps, who, "fps", "frames/s");
  checkPositive(p.cycles, who, "cycles", "");
  checkRange(p.strideLength, 0, big, who, "strideLength", "m");
  checkRange(p.turningRate, -big, big, who, "turningRate", "rad/s");
  require(std::isfinite(p.dutyFactor) && p.dutyFactor > 0 && p.dutyFactor < 1, who,
          "dutyFactor must lie strictly between 0 and 1, got " + num(p.dutyFactor));
  checkRange(p.startPhase, -big, big, who, "startPhase", "cycles");
  require(p.legPhaseOffsets.empty() || p.legPhaseOffsets.size() == rig.legs.size(), who,
          "legPhaseOffsets needs one value per leg (" + std::to_string(rig.legs.size()) +
              ") or none, got " + std::to_string(p.legPhaseOffsets.size()));
  for (double o : p.legPhaseOffsets) checkRange(o, -big, big, who, "legPhaseOffsets", "cycles");
  checkRange(p.stepHeight, 0, big, who, "stepHeight", "m");
  checkRange(p.heelRollAngle, 0, 1.2, who, "heelRollAngle", "rad");
  checkRange(p.heelOffFraction, 0, 0.9, who, "heelOffFraction", "");
  checkRange(p.bobAmplitude, 0, big, who, "bobAmplitude", "m");
  checkRange(p.hipSway, 0, big, who, "hipSway", "m");
  checkRange(p.pelvisYaw, 0, big, who, "pelvisYaw", "rad");
  checkRange(p.armSwing, 0, big, who, "armSwing", "rad");
  checkRange(p.armRaise, -big, big, who, "armRaise", "rad");
  checkRange(p.crouch, 0, big, who, "crouch", "m");
  require(p.startPosition.allFinite(), who, "startPosition must be finite");
  checkRange(p.startHeading, -big, big, who, "startHeading", "rad");
  checkRange(p.floorHeight, -big, big, who, "floorHeight", "m");
  checkRange(p.standDuration, 0, big, who, "standDuration", "s");
  const double seconds =
      p.cycles * p.period + (p.commonPose ? 3.0 * p.period + 2.0 * p.standDuration : 0.0);
  require(seconds * p.fps <= 1e7, who,
          "the clip would have " + num(seconds * p.fps) + " frames; at most 1e7 are allowed");
}

}  // namespace synthetic
}  // namespace fatgraph
