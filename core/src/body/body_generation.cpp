// generateBody: rest geometry -> part plans -> one tube per part, then the inverse bind
// matrices of the rest pose (the bind pose) through the runtime's own job.
#include "fatgraph/core/body_generation.h"

#include <cmath>

#include "body_parts.h"
#include "fatgraph/core/error.h"
#include "fatgraph/runtime/forward_kinematics.h"
#include "fatgraph/runtime/pose.h"

namespace fatgraph {

namespace {

void checkOptions(const BodyOptions& options) {
  if (options.ringSegments < 3 || options.ringSegments > 256)
    throw Error("body generation: ringSegments must be in [3, 256], got " +
                std::to_string(options.ringSegments));
  if (options.lengthRings < 2 || options.lengthRings > 256)
    throw Error("body generation: lengthRings must be in [2, 256], got " +
                std::to_string(options.lengthRings));
  if (!std::isfinite(options.thickness) || options.thickness <= 0 || options.thickness > 10)
    throw Error("body generation: thickness must be in (0, 10], got " +
                std::to_string(options.thickness));
}

}  // namespace

GeneratedBody generateBody(const Skeleton& skeleton, const BodyOptions& options) {
  checkOptions(options);
  const body::RestGeometry rest = body::restGeometry(skeleton);
  const std::vector<body::PartPlan> plans = body::planBodyParts(skeleton, rest, options);

  GeneratedBody out;
  for (const body::PartPlan& plan : plans)
    out.parts.push_back(body::appendPartMesh(rest, plan, options, out.mesh));

  const int n = skeleton.jointCount();
  const Pose pose = Pose::rest(skeleton);
  std::vector<Quat> rotations(n);
  std::vector<Vec3> positions(n);
  localToModel(skeleton, pose.rotations, pose.translations, rotations, positions);
  out.mesh.inverseBind.resize(n);
  inverseBindMatrices(rotations, positions, out.mesh.inverseBind);
  return out;
}

}  // namespace fatgraph
