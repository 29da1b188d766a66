#pragma once
// What import decided about a rig and found in it, as `fatgraph inspect` reports it: the
// conventions (rig_conventions.h), the legs (legs.h), loops (looping_clips.h) and in-place
// motion (in_place_motion.h), as JSON and as text lines.
#include <nlohmann/json.hpp>
#include <ostream>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/io/scene_import.h"

namespace fatgraph::cli {

/// The legs (legs.h): chain joint names hip to ankle, the toe (null without one), lengths.
nlohmann::json legsJson(const Skeleton& skeleton, const LegSetup& setup);

/// How the legs were found and what the user should know of them (legs.h: method, notes), e.g.
/// a limb named like a leg that never bears weight in the clips: legs_method, legs_notes.
void addLegDetection(nlohmann::json& j, const LegSetup& setup);

/// In-place detection (in_place_motion.h): whether the clip's root stays while its feet slide,
/// and whether root motion from the feet was added.
nlohmann::json inPlaceJson(const InPlaceReport& r);

/// Loop detection (looping_clips.h): whether the clip's last frame leads into its first, and
/// whether it was repeated.
nlohmann::json loopJson(const LoopReport& r);

/// What import decided about a BVH file's conventions (rig_conventions.h), and the facing it
/// measured: the character's heading at the first frame, 0 = +Z, positive = to the left.
nlohmann::json rigJson(const BvhImport& bvh);

/// The same for a glTF or FBX file, whose translations are absolute and up axis declared.
nlohmann::json sceneRigJson(const SceneImport& g);

/// The conventions, the facing and the loop and in-place notes of a BVH file, one line each.
void printRig(std::ostream& out, const BvhImport& bvh);

/// One line per leg, how they were found and one line per note (a limb that never bears weight,
/// a leg without a toe); a line saying why when there is none.
void printLegs(std::ostream& out, const Skeleton& skeleton, const LegSetup& setup);

}  // namespace fatgraph::cli
