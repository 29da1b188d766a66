#pragma once
// Internals shared by retarget_map.cpp and retarget_motion.cpp. Not a public header.
#include <vector>

#include "fatgraph/core/retarget/retargeting.h"

namespace fatgraph {

/// A skeleton's rest pose in model space, with its floor (the lowest joint or end site) and
/// height above it (metres).
struct RestPositions {
  std::vector<Quat> rotations;
  std::vector<Vec3> positions;
  std::vector<Vec3> endSites;
  double floor = 0;
  double height = 0;
};

RestPositions restPositions(const RestSkeleton& rest);

/// Whether `ancestor` is `joint` or above it.
bool isAncestor(const Skeleton& skeleton, int ancestor, int joint);

/// Q_t per target joint (retargeting.h): after its nearest mapped ancestor's alignment, the
/// least rotation taking the rest directions to its mapped children onto their source
/// counterparts'; unmapped joints carry their ancestor's.
std::vector<Quat> restAlignment(const Skeleton& source, const Skeleton& target, const std::vector<int>& map,
                                const RestPositions& sourceRest, const RestPositions& targetRest);

/// The nearest proper ancestor of `joint` with mapped[ancestor] >= 0, or -1.
int nearestMappedAncestor(const Skeleton& skeleton, const std::vector<int>& mapped, int joint);

/// The nearest proper ancestor of `joint` with used[ancestor], or -1.
int nearestUsedAncestor(const Skeleton& skeleton, const std::vector<bool>& used, int joint);

}  // namespace fatgraph
