#include "fatgraph/core/model/runtime_skeleton.h"

#include "fatgraph/eigen_bridge.h"

namespace fatgraph {

RuntimeSkeleton toRuntimeSkeleton(const Skeleton& skeleton) {
  RuntimeSkeleton out;
  out.names = skeleton.names;
  out.parents = skeleton.parents;
  for (const Vec3& offset : skeleton.restOffsets) out.restOffsets.push_back(toFloat3(offset));
  for (const bool animated : skeleton.animatedTranslation) out.animatedTranslation.push_back(animated ? 1 : 0);
  for (const EndSite& e : skeleton.endSites) out.endSites.push_back({e.parent, toFloat3(e.offset)});
  return out;
}

Skeleton toAuthoringSkeleton(const RuntimeSkeleton& skeleton) {
  Skeleton out;
  out.names = skeleton.names;
  out.parents = skeleton.parents;
  for (const Float3& offset : skeleton.restOffsets) out.restOffsets.push_back(toEigenDouble(offset));
  for (const std::uint8_t animated : skeleton.animatedTranslation) out.animatedTranslation.push_back(animated != 0);
  for (const RuntimeEndSite& e : skeleton.endSites) out.endSites.push_back({e.parent, toEigenDouble(e.offset)});
  return out;
}

}  // namespace fatgraph
