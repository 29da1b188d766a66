#pragma once
// The leg layer's internal types and the small pure functions its parts share (leg_layer.h
// has the algorithm; docs/ALGORITHMS.md section H the formulas and where they leave the thesis).
#include <array>
#include <cmath>
#include <vector>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/leg_ik.h"
#include "fatgraph/runtime/leg_layer.h"
#include "float_trig.h"
#include "locomotion_toolkit.h"

namespace fatgraph {

namespace leg_detail {

inline constexpr float kPi = 3.14159265f;
inline const Vec3f kUp = Vec3f::UnitY();

/// Ground met by one probe: its height and unit normal (world).
struct Ground {
  bool found = false;
  float height = 0;
  Vec3f normal = Vec3f::UnitY();
};

/// A leg's key times and stance blended over the segments (leg_layer.h step 1).
struct BlendedCycle {
  float stance = 0;  // edge cycle time of the stance
  float footLift = 0, footOff = 0, postFootLift = 0;
  float preFootLand = 1, footLand = 1, footStrike = 1;
  Vec3f stancePosition = Vec3f::Zero();  // character frame at the stance (model axes)
  float stanceYaw = 0;
  bool valid = false;
};

/// The blended pose's own foot, in the flat reference world: R_y(yaw) (m - floor up) + (x,0,z).
struct OriginalFoot {
  Vec3f footbase = Vec3f::Zero();  // corrected eq. 4.6
  Vec3f heel = Vec3f::Zero();
  Vec3f toe = Vec3f::Zero();
  Vec3f ankle = Vec3f::Zero();
  Quatf ankleRotation = Quatf::Identity();  // world
  float yaw = 0;          // heading of heel -> toe on the ground (world)
  float relativeYaw = 0;  // ... minus the character's
};

/// Cyclic value in [0, 1).
inline float cyclic(float t) {
  float r = t - std::floor(t);
  return r >= 1.0f ? 0.0f : r;
}
/// Clamped inverse lerp; 0 for an empty interval.
inline float inverseLerp(float a, float b, float t) {
  const float span = b - a;
  if (!(span > 1e-6f)) return t >= b ? 1.0f : 0.0f;
  const float x = (t - a) / span;
  return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
}
inline float wrapPi(float a) { return detail::wrapAngle(a); }
/// The rotation by `yaw` about +Y (the toolkit's, as Eigen's quaternion).
inline Quatf yawQuat(float yaw) { return toEigen(locomotion::yawRotation(yaw)); }
/// q·v for a rotation q about +Y alone (yawQuat's, the heading's): the turn of the ground
/// components, a third of a general rotation's arithmetic.
inline Vec3f yawRotate(const Quatf& q, const Vec3f& v) {
  const float c = q.w() * q.w() - q.y() * q.y(), s = 2.0f * q.w() * q.y();
  return Vec3f(c * v.x() + s * v.z(), v.y(), c * v.z() - s * v.x());
}
/// yawQuat(yaw)·v.
inline Vec3f yawRotate(float yaw, const Vec3f& v) {
  float s, c;
  detail::floatSinCos(yaw, s, c);
  return Vec3f(c * v.x() + s * v.z(), v.y(), c * v.z() - s * v.x());
}
/// Rotation taking up onto the unit normal n (shortest arc).
Quatf tiltTo(const Vec3f& n);

/// The blended pose's foot placed on the flat reference ground (model -> world by heading,
/// position; `floor` the edge's floor height).
OriginalFoot originalFoot(const Vec3f& anklePosition, const Quatf& ankleRotation,
                          const Vec3f& heel, const Vec3f& toeTip, float footLength, float floor,
                          const Quatf& heading, const Vec3f& position, float yaw);
/// A yaw correction limited to +-maxYaw of the body (never forcing the clip's own yaw back).
float clampYawCorrection(float correction, float relativeYaw, float maxYaw);
/// Rise needed so heel and toe keep their clearances over the terrain (>= 0).
float clearanceLift(const Terrain* terrain, const Vec3f& heel, const Vec3f& toe,
                    float heelClearance, float toeClearance, const LegLayerSettings& settings);

/// The foot-roll blend of thesis 7.4.2 at leg cycle time tau: 0 before foot-lift and after
/// foot-land, 1 from post-foot-lift to pre-foot-land, linear over the two foot rolls.
float footRollBlend(const BlendedCycle& cycle, float tau);
/// A leg's cycle blended from the edge's segments (circular mean of the stance).
BlendedCycle blendCycle(const RuntimeLocomotion& locomotion, int legs, int leg,
                        Span<const float> weights);
/// Whether the edge's locomotion data can drive the layer (key times ordered, finite).
bool usableLocomotion(const RuntimeEdge& edge, int legs);

/// Ground under (x, z), probing from `baseY + above` down to `baseY - below` and, when that
/// finds nothing, over a long span; the toolkit's policy (locomotion::castDown): hits on faces
/// steeper than maxSlope or non-finite hits do not count (unless `anySlope`: clearance keeps
/// feet out of walls too, non-finite hits still do not count). Null terrain: flat ground at 0.
Ground probeGround(const Terrain* terrain, float x, float z, float baseY,
                   const LegLayerSettings& settings, bool anySlope = false);

/// Grounds a predicted foot (heel end `heel`, heel -> toe `footVector` horizontal) with two
/// rays (leg_layer.h step 2). Returns the grounded heel-end position (its y the ground's) and
/// the normal; `found` false when neither ray found usable ground.
Ground groundFootprint(const Terrain* terrain, const Vec3f& heel, const Vec3f& footVector,
                       float baseY, const LegLayerSettings& settings, Vec3f& grounded);

/// The character frame `seconds` ahead on the arc of velocity v (in the heading frame at the
/// start: x left, z forward) and turning rate w (rad/s, positive left).
void predictFrame(const Vec3f& position, float yaw, const Vec3f& velocity, float turnRate,
                  float seconds, Vec3f& predicted, float& predictedYaw);

/// Hip height offsets for one leg (7.15-7.17 inputs): the desired one (hip-ankle distance as
/// originally) and the maximal one (leg at 0.999 of its reach). Model space, metres.
void hipHeights(const Vec3f& hip, const Vec3f& originalAnkle, const Vec3f& target,
                float reach, float& desired, float& maximal);
/// 7.15-7.17 with the guards, from per-leg desired and maximal heights.
float hipOffset(Span<const float> desired, Span<const float> maximal);

}  // namespace leg_detail

/// One leg: its rig (static), its footprints and phase (per update), its scratch.
struct LegLayer::LegState {
  // Rig.
  std::vector<int> chain;        // hip .. ankle
  std::vector<int> descendants;  // joints below the ankle, parents first
  Vec3f heel = Vec3f::Zero(), toeTip = Vec3f::Zero();  // ankle frame
  float footLength = 0.1f;
  float restLength = 1.0f;
  // Locomotion state (world).
  bool initialized = false;
  bool contact = false;
  bool parked = false;
  bool stopParked = false;    // parked while the player stopped (released when it starts)
  bool liftedEarly = false;  // left the ground before foot-off in this cycle
  float lastTau = 0;
  Vec3f previous = Vec3f::Zero();        // P: ground position (y = ground height)
  Vec3f previousNormal = Vec3f::UnitY();
  float lockYaw = 0;                     // world yaw the planted foot keeps
  Vec3f offCorrection = Vec3f::Zero();   // correction at foot-off
  float offYawCorrection = 0;
  Vec3f offFootbase = Vec3f::Zero();     // f at foot-off
  Quatf parkRotation = Quatf::Identity();  // world ankle rotation held while parked
  Vec3f parkAnkle = Vec3f::Zero();         // world ankle position held while parked
  float parkHold = 0;  // after a restart: how much of the parked hold still applies (1 -> 0)
  Vec3f nextCorrection = Vec3f::Zero();  // N - N0 (y: ground height), smoothed
  Vec3f nextNormal = Vec3f::UnitY();
  Vec3f nominalNext = Vec3f::Zero();     // N0
  bool nextFresh = true;                 // the next prediction starts a new step
  // This update.
  leg_detail::OriginalFoot foot;
  leg_detail::BlendedCycle cycle;
  Vec3f correction = Vec3f::Zero();      // footbase target - f (locomotion part)
  float yawCorrection = 0;
  Vec3f normal = Vec3f::UnitY();
  float arc = 0;                         // ground-tangent arc lift
  float legGround = 0;                   // supporting ground height for the body
  float flight = 0;                      // flight time (0 in stance and ground following)
  float supportWeight = 1;               // h_l (7.12): how much this leg supports the body now
  float supportHeight = 0;               // world height of the ground it supports it on
  float supportLift = 0;                 // rise towards the other legs' supporting ground
  float rollBlend = 0;                   // foot-roll blend: 1 the ankle follows the shin
  Vec3f footbaseTarget = Vec3f::Zero();  // model space (world until solveLegs)
  Vec3f followCorrection = Vec3f::Zero();
  Vec3f followNormal = Vec3f::UnitY();
  Vec3f ankleTarget = Vec3f::Zero();     // model space (world until solveLegs)
  Vec3f ankleWorld = Vec3f::Zero();      // last update's adjusted ankle (world)
  Quatf ankleWorldRotation = Quatf::Identity();
  Quatf alignment = Quatf::Identity();   // model space
  float twist = 0;
  // IK scratch for chains longer than two bones.
  std::vector<Float3> joints, scratch, solved;
  std::vector<Quaternion> rotations;
  // The chain's pose before the first IK pass (the flight alignment solves twice).
  std::vector<Float3> savedPositions;
  std::vector<Quaternion> savedRotations;
  // The flight alignment turned the foot in this update (alignInFlight), or left it, and then
  // its first pass stands as the final solve.
  bool turned = false;
  bool presolved = false;
  bool presolvedReached = true;
  Vec3f presolvedAnkle = Vec3f::Zero();
};

/// A position (leg_layer.h: an Eigen vector the header cannot name).
struct LegLayer::Position {
  Vec3f at;
};

/// One update's shared values.
struct LegLayer::Frame {
  const RuntimeEdge* edge = nullptr;
  Span<const float> weights;
  Vec3f position = Vec3f::Zero();  // character (x, 0, z)
  float yaw = 0;
  Quatf heading = Quatf::Identity();  // R_y(yaw)
  float floor = 0;
  float cycleTime = 0;        // edge cycle time c
  float cycleDuration = 1;    // seconds, (sum_i w_i / D_i)^-1
  float dt = 0;
  float weight = 0;           // locomotion weight after the fade
  bool locomotion = false;    // the edge's cycles are usable
  bool steered = false;       // the game steers the character (Input::steered)
  bool stopping = false;      // Input::stopping
};

}  // namespace fatgraph
