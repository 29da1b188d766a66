#pragma once
// Matching the joints of two files of one rig by name and parent name. Exporters list a
// joint's children in different orders from file to file (same names, same parents, another
// sequence): such files hold one skeleton, and a clip is moved to the project's joint order
// by a permutation. Rigs that really differ (a joint missing on either side, a renamed joint,
// a joint under another parent) are refused with the first difference, naming both files.
#include <string>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// For every joint j of `reference`, the index in `incoming` of the joint called
/// reference.names[j]. Both skeletons must be valid (Skeleton::validate: unique names,
/// parents first). Throws Error when the hierarchies differ, with the first difference in
/// `reference` order, e.g. "joint 'LeftFoot' has parent 'LeftLeg' in A.bvh but 'LeftUpLeg' in
/// B.bvh" or "joint 'Neck' of A.bvh is missing in B.bvh" (the file names as given).
std::vector<int> matchJoints(const Skeleton& reference, const std::string& referenceFile,
                             const Skeleton& incoming, const std::string& incomingFile);

/// True when order[j] == j for every j (nothing to reorder).
bool isIdentityOrder(const std::vector<int>& order);

/// `skeleton` with its joints listed in `order` (order[j] = old index of new joint j; every
/// parent must come before its children in the new order): names, parents renumbered, rest
/// offsets, animated-translation flags, and end sites' parents renumbered.
Skeleton reorderJoints(const Skeleton& skeleton, const std::vector<int>& order);

/// The clip's per-joint rotations and translations of every frame listed in `order`.
Clip reorderJoints(const Clip& clip, const std::vector<int>& order);

}  // namespace fatgraph
