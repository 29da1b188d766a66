// The names of the .fgraph format (docs/RUNTIME_GRAPH.md), declared once: runtime_io's writer
// and loader both use these, and test_runtime_graph_schema checks that every
// name a written file holds is one of them and that the loader reads it.
#pragma once

#include <array>
#include <string_view>

namespace fatgraph::runtime_graph_schema {

inline constexpr char kAnimatedTranslation[] = "animated_translation";
inline constexpr char kAxes[] = "axes";
inline constexpr char kBandSamples[] = "band_samples";
inline constexpr char kBaseSpeed[] = "base_speed";
inline constexpr char kBeatSeconds[] = "beat_seconds";
inline constexpr char kBlend[] = "blend";
inline constexpr char kBody[] = "body";
inline constexpr char kBreathAmplitude[] = "breath_amplitude";
inline constexpr char kBreathSeconds[] = "breath_seconds";
inline constexpr char kChainOffsets[] = "chain_offsets";
inline constexpr char kChains[] = "chains";
inline constexpr char kClip[] = "clip";
inline constexpr char kCreature[] = "creature";
inline constexpr char kCruiseHeight[] = "cruise_height";
inline constexpr char kCycleDistance[] = "cycle_distance";
inline constexpr char kCycleDuration[] = "cycle_duration";
inline constexpr char kCycleRateMax[] = "cycle_rate_max";
inline constexpr char kCycleRateMin[] = "cycle_rate_min";
inline constexpr char kData[] = "data";
inline constexpr char kDeadZone[] = "dead_zone";
inline constexpr char kDefaultEdge[] = "default_edge";
inline constexpr char kDimension[] = "dimension";
inline constexpr char kDuration[] = "duration";
inline constexpr char kEdges[] = "edges";
inline constexpr char kEnabled[] = "enabled";
inline constexpr char kEndSiteOffsets[] = "end_site_offsets";
inline constexpr char kEndSiteParents[] = "end_site_parents";
inline constexpr char kFileType[] = "file_type";
inline constexpr char kFirstFrame[] = "first_frame";
inline constexpr char kFlapAmplitudes[] = "flap_amplitudes";
inline constexpr char kFlapAxes[] = "flap_axes";
inline constexpr char kFlapJoints[] = "flap_joints";
inline constexpr char kFlapPhases[] = "flap_phases";
inline constexpr char kFloorHeight[] = "floor_height";
inline constexpr char kFootLength[] = "foot_length";
inline constexpr char kFormatVersion[] = "format_version";
inline constexpr char kFps[] = "fps";
inline constexpr char kFrameCount[] = "frame_count";
inline constexpr char kFromHub[] = "from_hub";
inline constexpr char kGenerator[] = "generator";
inline constexpr char kGridMax[] = "grid_max";
inline constexpr char kGridMin[] = "grid_min";
inline constexpr char kGridResolution[] = "grid_resolution";
inline constexpr char kGridWeights[] = "grid_weights";
inline constexpr char kHeel[] = "heel";
inline constexpr char kHubs[] = "hubs";
inline constexpr char kIdle[] = "idle";
inline constexpr char kInverseBind[] = "inverse_bind";
inline constexpr char kInvert[] = "invert";
inline constexpr char kJoint[] = "joint";
inline constexpr char kJoints[] = "joints";
inline constexpr char kJoystick[] = "joystick";
inline constexpr char kKeyTimes[] = "key_times";
inline constexpr char kLegJoints[] = "leg_joints";
inline constexpr char kLegPair[] = "leg_pair";
inline constexpr char kLegSide[] = "leg_side";
inline constexpr char kLegs[] = "legs";
inline constexpr char kLength[] = "length";
inline constexpr char kLocomotion[] = "locomotion";
inline constexpr char kName[] = "name";
inline constexpr char kNames[] = "names";
inline constexpr char kNeutral[] = "neutral";
inline constexpr char kNormals[] = "normals";
inline constexpr char kOffsets[] = "offsets";
inline constexpr char kOrigin[] = "origin";
inline constexpr char kOutgoing[] = "outgoing";
inline constexpr char kOutgoingOffsets[] = "outgoing_offsets";
inline constexpr char kParamErrorMedian[] = "param_error_median";
inline constexpr char kParameters[] = "parameters";
inline constexpr char kParents[] = "parents";
inline constexpr char kPositions[] = "positions";
inline constexpr char kRangeMax[] = "range_max";
inline constexpr char kRangeMin[] = "range_min";
inline constexpr char kReferenceDuration[] = "reference_duration";
inline constexpr char kReferenceSegment[] = "reference_segment";
inline constexpr char kReferenceTime[] = "reference_time";
inline constexpr char kResponseExponent[] = "response_exponent";
inline constexpr char kRestOffsets[] = "rest_offsets";
inline constexpr char kRestPositions[] = "rest_positions";
inline constexpr char kSegments[] = "segments";
inline constexpr char kSkeleton[] = "skeleton";
inline constexpr char kSpine[] = "spine";
inline constexpr char kSpineRoot[] = "spine_root";
inline constexpr char kStancePosition[] = "stance_position";
inline constexpr char kStanceTime[] = "stance_time";
inline constexpr char kStanceYaw[] = "stance_yaw";
inline constexpr char kStartEdge[] = "start_edge";
inline constexpr char kStick[] = "stick";
inline constexpr char kStrideLength[] = "stride_length";
inline constexpr char kTail[] = "tail";
inline constexpr char kToHub[] = "to_hub";
inline constexpr char kToeOffsets[] = "toe_offsets";
inline constexpr char kToeTip[] = "toe_tip";
inline constexpr char kTransitionBlendS[] = "transition_blend_s";
inline constexpr char kTranslatedJoints[] = "translated_joints";
inline constexpr char kTriangles[] = "triangles";
inline constexpr char kVelocityLattice[] = "velocity_lattice";
inline constexpr char kVelocitySpace[] = "velocity_space";
inline constexpr char kVelocitySpaceBounds[] = "velocity_space_bounds";
inline constexpr char kWarpKnots[] = "warp_knots";
inline constexpr char kWeights[] = "weights";

/// Every name above (groups, datasets and attributes alike).
inline constexpr std::array<std::string_view, 101> kEveryName = {
    kAnimatedTranslation,
    kAxes,
    kBandSamples,
    kBaseSpeed,
    kBeatSeconds,
    kBlend,
    kBody,
    kBreathAmplitude,
    kBreathSeconds,
    kChainOffsets,
    kChains,
    kClip,
    kCreature,
    kCruiseHeight,
    kCycleDistance,
    kCycleDuration,
    kCycleRateMax,
    kCycleRateMin,
    kData,
    kDeadZone,
    kDefaultEdge,
    kDimension,
    kDuration,
    kEdges,
    kEnabled,
    kEndSiteOffsets,
    kEndSiteParents,
    kFileType,
    kFirstFrame,
    kFlapAmplitudes,
    kFlapAxes,
    kFlapJoints,
    kFlapPhases,
    kFloorHeight,
    kFootLength,
    kFormatVersion,
    kFps,
    kFrameCount,
    kFromHub,
    kGenerator,
    kGridMax,
    kGridMin,
    kGridResolution,
    kGridWeights,
    kHeel,
    kHubs,
    kIdle,
    kInverseBind,
    kInvert,
    kJoint,
    kJoints,
    kJoystick,
    kKeyTimes,
    kLegJoints,
    kLegPair,
    kLegSide,
    kLegs,
    kLength,
    kLocomotion,
    kName,
    kNames,
    kNeutral,
    kNormals,
    kOffsets,
    kOrigin,
    kOutgoing,
    kOutgoingOffsets,
    kParamErrorMedian,
    kParameters,
    kParents,
    kPositions,
    kRangeMax,
    kRangeMin,
    kReferenceDuration,
    kReferenceSegment,
    kReferenceTime,
    kResponseExponent,
    kRestOffsets,
    kRestPositions,
    kSegments,
    kSkeleton,
    kSpine,
    kSpineRoot,
    kStancePosition,
    kStanceTime,
    kStanceYaw,
    kStartEdge,
    kStick,
    kStrideLength,
    kTail,
    kToHub,
    kToeOffsets,
    kToeTip,
    kTransitionBlendS,
    kTranslatedJoints,
    kTriangles,
    kVelocityLattice,
    kVelocitySpace,
    kVelocitySpaceBounds,
    kWarpKnots,
    kWeights,
};

/// The `file_type` of a project (core's project_file.h), recognised only to tell a user who
/// gave a project where a runtime graph belongs what to do.
inline constexpr std::string_view kProjectFileType = "fatgraph.project";

}  // namespace fatgraph::runtime_graph_schema
