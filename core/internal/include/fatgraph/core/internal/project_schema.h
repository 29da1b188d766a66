#pragma once
// The names of the .fgproj project file (docs/PROJECT_FORMAT.md), declared once: every group,
// dataset and attribute the project writer writes and the reader reads (core/src/io/
// project_file_*.cpp) is spelt here and nowhere else, as the .fgraph format's names are
// (fatgraph/io/runtime_graph_schema.h). Internal to core, shared on purpose with the tests
// (fatgraph::core_internal): test_project_schema removes each written name from a saved
// project in turn and checks that loading it fails naming the file and the name, or, for the
// names listed optional below, loads the default.
//
// Numbered groups ("0000", "0001", ...: clips, hubs, fat edges, legs, edges) are not names of
// the format but indices (h5::numberedGroupName).
#include <array>
#include <string_view>

namespace fatgraph::project_schema {

inline constexpr char kAccuracyAchieved[] = "accuracy_achieved";
inline constexpr char kAccuracyPlain[] = "accuracy_plain";
inline constexpr char kActions[] = "actions";
inline constexpr char kAllBins[] = "all_bins";
inline constexpr char kAnimatedTranslation[] = "animated_translation";
inline constexpr char kAutomatic[] = "automatic";
inline constexpr char kBaseColors[] = "base_colors";
inline constexpr char kChain[] = "chain";
inline constexpr char kCharacter[] = "character";
inline constexpr char kCharacterRestRotations[] = "character_rest_rotations";
inline constexpr char kCharacterRestTranslations[] = "character_rest_translations";
inline constexpr char kChoiceEdges[] = "choice_edges";
inline constexpr char kChoiceFollows[] = "choice_follows";
inline constexpr char kChoiceJoints[] = "choice_joints";
inline constexpr char kChoiceTimes[] = "choice_times";
inline constexpr char kChoiceValues[] = "choice_values";
inline constexpr char kClip[] = "clip";
inline constexpr char kClips[] = "clips";
inline constexpr char kClipsRestRotations[] = "clips_rest_rotations";
inline constexpr char kClipsRestTranslations[] = "clips_rest_translations";
inline constexpr char kCutNotes[] = "cut_notes";
inline constexpr char kCycle[] = "cycle";
inline constexpr char kDistances[] = "distances";
inline constexpr char kEdge[] = "edge";
inline constexpr char kEdgeThresholdAutomatic[] = "edge_threshold_automatic";
inline constexpr char kEdgeThresholdM[] = "edge_threshold_m";
inline constexpr char kEdgeThresholdMethod[] = "edge_threshold_method";
inline constexpr char kEdges[] = "edges";
inline constexpr char kEdits[] = "edits";
inline constexpr char kEndSiteOffsets[] = "end_site_offsets";
inline constexpr char kEndSiteParents[] = "end_site_parents";
inline constexpr char kEntries[] = "entries";
inline constexpr char kExits[] = "exits";
inline constexpr char kFatEdges[] = "fat_edges";
inline constexpr char kFileType[] = "file_type";
inline constexpr char kFingerprint[] = "fingerprint";
inline constexpr char kFollows[] = "follows";
inline constexpr char kFootDirection[] = "foot_direction";
inline constexpr char kFootLength[] = "foot_length";
inline constexpr char kFormatVersion[] = "format_version";
inline constexpr char kFps[] = "fps";
inline constexpr char kFrame[] = "frame";
inline constexpr char kGenerated[] = "generated";
inline constexpr char kFrames[] = "frames";
inline constexpr char kFromHub[] = "from_hub";
inline constexpr char kGenerator[] = "generator";
inline constexpr char kGraph[] = "graph";
inline constexpr char kGrid[] = "grid";
inline constexpr char kGridCorners[] = "grid_corners";
inline constexpr char kGridResolution[] = "grid_resolution";
inline constexpr char kGridWeights[] = "grid_weights";
inline constexpr char kHeat[] = "heat";
inline constexpr char kHeatSize[] = "heat_size";
inline constexpr char kHeatStride[] = "heat_stride";
inline constexpr char kHeel[] = "heel";
inline constexpr char kHubRejections[] = "hub_rejections";
inline constexpr char kHubThresholdAutomatic[] = "hub_threshold_automatic";
inline constexpr char kHubThresholdM[] = "hub_threshold_m";
inline constexpr char kHubThresholdMethod[] = "hub_threshold_method";
inline constexpr char kHubs[] = "hubs";
inline constexpr char kHull[] = "hull";
inline constexpr char kInputs[] = "inputs";
inline constexpr char kInverseBind[] = "inverse_bind";
inline constexpr char kJoint[] = "joint";
inline constexpr char kJointAutomatic[] = "joint_automatic";
inline constexpr char kJointReason[] = "joint_reason";
inline constexpr char kJointWeights[] = "joint_weights";
inline constexpr char kJoints[] = "joints";
inline constexpr char kJoystick[] = "joystick";
inline constexpr char kKeyTimes[] = "key_times";
inline constexpr char kLegs[] = "legs";
inline constexpr char kLength[] = "length";
inline constexpr char kLinkage[] = "linkage";
inline constexpr char kLocomotion[] = "locomotion";
inline constexpr char kMatchSet[] = "match_set";
inline constexpr char kMatchedBy[] = "matched_by";
inline constexpr char kMaterialNames[] = "material_names";
inline constexpr char kMaterialTextures[] = "material_textures";
inline constexpr char kMethod[] = "method";
inline constexpr char kMinimaBins[] = "minima_bins";
inline constexpr char kMotionRoot[] = "motion_root";
inline constexpr char kName[] = "name";
inline constexpr char kNames[] = "names";
inline constexpr char kNormalizedFootbase[] = "normalized_footbase";
inline constexpr char kNormals[] = "normals";
inline constexpr char kNotes[] = "notes";
inline constexpr char kParameterization[] = "parameterization";
inline constexpr char kParents[] = "parents";
inline constexpr char kPartNames[] = "part_names";
inline constexpr char kParts[] = "parts";
inline constexpr char kPlaneDimension[] = "plane_dimension";
inline constexpr char kPlaneReason[] = "plane_reason";
inline constexpr char kPlaneSteep[] = "plane_steep";
inline constexpr char kPlaneTiltDegrees[] = "plane_tilt_degrees";
inline constexpr char kPlaneVectors[] = "plane_vectors";
inline constexpr char kPositions[] = "positions";
inline constexpr char kProjected[] = "projected";
inline constexpr char kReference[] = "reference";
inline constexpr char kReferenceTime[] = "reference_time";
inline constexpr char kRefine[] = "refine";
inline constexpr char kRefined[] = "refined";
inline constexpr char kRestOffsets[] = "rest_offsets";
inline constexpr char kRetarget[] = "retarget";
inline constexpr char kRotations[] = "rotations";
inline constexpr char kSamplePositions[] = "sample_positions";
inline constexpr char kSampleWeights[] = "sample_weights";
inline constexpr char kSamples[] = "samples";
inline constexpr char kSeconds[] = "seconds";
inline constexpr char kSeed[] = "seed";
inline constexpr char kSegmentCount[] = "segment_count";
inline constexpr char kSegmentDistances[] = "segment_distances";
inline constexpr char kSegmentGroupMembers[] = "segment_group_members";
inline constexpr char kSegmentGroupOffsets[] = "segment_group_offsets";
inline constexpr char kSegmentPairDistances[] = "segment_pair_distances";
inline constexpr char kSegments[] = "segments";
inline constexpr char kSelection[] = "selection";
inline constexpr char kSettings[] = "settings";
inline constexpr char kSiteOfPoint[] = "site_of_point";
inline constexpr char kSiteWeights[] = "site_weights";
inline constexpr char kSites[] = "sites";
inline constexpr char kSkeleton[] = "skeleton";
inline constexpr char kSource[] = "source";
inline constexpr char kSourceFirstFrame[] = "source_first_frame";
inline constexpr char kSourceFps[] = "source_fps";
inline constexpr char kSourceFrames[] = "source_frames";
inline constexpr char kStanceTime[] = "stance_time";
inline constexpr char kStride[] = "stride";
inline constexpr char kTextureNames[] = "texture_names";
inline constexpr char kTextures[] = "textures";
inline constexpr char kTimeAutomatic[] = "time_automatic";
inline constexpr char kToHub[] = "to_hub";
inline constexpr char kToe[] = "toe";
inline constexpr char kToeTip[] = "toe_tip";
inline constexpr char kTranslations[] = "translations";
inline constexpr char kTriangles[] = "triangles";
inline constexpr char kTriangulationDimension[] = "triangulation_dimension";
inline constexpr char kTriangulationReason[] = "triangulation_reason";
inline constexpr char kUvs[] = "uvs";
inline constexpr char kValid[] = "valid";
inline constexpr char kValues[] = "values";
inline constexpr char kVertexError[] = "vertex_error";
inline constexpr char kWarpFrom[] = "warp_from";
inline constexpr char kWarpOffsets[] = "warp_offsets";
inline constexpr char kWarpTo[] = "warp_to";
inline constexpr char kWeights[] = "weights";
inline constexpr char kWindow[] = "window";

/// Every name above (groups, datasets and attributes alike).
inline constexpr std::array<std::string_view, 146> kEveryName = {
    kAccuracyAchieved,
    kAccuracyPlain,
    kActions,
    kAllBins,
    kAnimatedTranslation,
    kAutomatic,
    kBaseColors,
    kChain,
    kCharacter,
    kCharacterRestRotations,
    kCharacterRestTranslations,
    kChoiceEdges,
    kChoiceFollows,
    kChoiceJoints,
    kChoiceTimes,
    kChoiceValues,
    kClip,
    kClips,
    kClipsRestRotations,
    kClipsRestTranslations,
    kCutNotes,
    kCycle,
    kDistances,
    kEdge,
    kEdgeThresholdAutomatic,
    kEdgeThresholdM,
    kEdgeThresholdMethod,
    kEdges,
    kEdits,
    kEndSiteOffsets,
    kEndSiteParents,
    kEntries,
    kExits,
    kFatEdges,
    kFileType,
    kFingerprint,
    kFollows,
    kFootDirection,
    kFootLength,
    kFormatVersion,
    kFps,
    kFrame,
    kGenerated,
    kFrames,
    kFromHub,
    kGenerator,
    kGraph,
    kGrid,
    kGridCorners,
    kGridResolution,
    kGridWeights,
    kHeat,
    kHeatSize,
    kHeatStride,
    kHeel,
    kHubRejections,
    kHubThresholdAutomatic,
    kHubThresholdM,
    kHubThresholdMethod,
    kHubs,
    kHull,
    kInputs,
    kInverseBind,
    kJoint,
    kJointAutomatic,
    kJointReason,
    kJointWeights,
    kJoints,
    kJoystick,
    kKeyTimes,
    kLegs,
    kLength,
    kLinkage,
    kLocomotion,
    kMatchSet,
    kMatchedBy,
    kMaterialNames,
    kMaterialTextures,
    kMethod,
    kMinimaBins,
    kMotionRoot,
    kName,
    kNames,
    kNormalizedFootbase,
    kNormals,
    kNotes,
    kParameterization,
    kParents,
    kPartNames,
    kParts,
    kPlaneDimension,
    kPlaneReason,
    kPlaneSteep,
    kPlaneTiltDegrees,
    kPlaneVectors,
    kPositions,
    kProjected,
    kReference,
    kReferenceTime,
    kRefine,
    kRefined,
    kRestOffsets,
    kRetarget,
    kRotations,
    kSamplePositions,
    kSampleWeights,
    kSamples,
    kSeconds,
    kSeed,
    kSegmentCount,
    kSegmentDistances,
    kSegmentGroupMembers,
    kSegmentGroupOffsets,
    kSegmentPairDistances,
    kSegments,
    kSelection,
    kSettings,
    kSiteOfPoint,
    kSiteWeights,
    kSites,
    kSkeleton,
    kSource,
    kSourceFirstFrame,
    kSourceFps,
    kSourceFrames,
    kStanceTime,
    kStride,
    kTextureNames,
    kTextures,
    kTimeAutomatic,
    kToHub,
    kToe,
    kToeTip,
    kTranslations,
    kTriangles,
    kTriangulationDimension,
    kTriangulationReason,
    kUvs,
    kValid,
    kValues,
    kVertexError,
    kWarpFrom,
    kWarpOffsets,
    kWarpTo,
    kWeights,
    kWindow,
};

/// The names a project may lack, each read with a default when it is absent: what later
/// format versions added (a file from before keeps loading) and what is only written when it
/// holds anything. Optional as top-level groups (uvs and textures under /character, the motion
/// root on any skeleton); the same name elsewhere (/legs/legs) and every other name are
/// required wherever their parent is present. A later group may still need an optional one
/// (/retarget needs /character; /parameterization and /locomotion the fat edges of /graph).
inline constexpr std::array<std::string_view, 15> kOptionalNames = {
    kGenerator,         // provenance for people, never read
    kMotionRoot,        // @motion_root of /skeleton and /retarget/skeleton: else the root joint
    kDistances,         // the distance cache: only when current; none means scan again
    kGraph,             // only when the graph holds anything: none is the empty graph
    kParameterization,  // only with non-default settings, choices or results
    kLegs,              // /legs: before legs were stored, they are detected on loading
    kCharacter,         // only with a character; none: the generated body
    kRetarget,          // only when the character brought its own skeleton; else it dresses the clips
    kLocomotion,        // only when a setting or a record differs from the default
    kHubRejections,     // only with rejected hub suggestions
    kJoystick,          // only with a joystick mapping
    kActions,           // only with bound actions
    kUvs,               // /character/uvs: a mesh without texture coordinates
    kTextures,          // /character/textures: a character without images
    kGenerated,         // @generated of a clip: only on a transition the build generated
};

}  // namespace fatgraph::project_schema
