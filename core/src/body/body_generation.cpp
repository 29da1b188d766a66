// generateBody: rest geometry -> part plans -> one tube per part, then the inverse bind
// matrices of the rest pose (the bind pose) through the runtime's own job.
#include "fatgraph/core/body/body_generation.h"

#include <cmath>

#include "fatgraph/core/body/body_parts.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/pose.h"

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
  std::vector<Quaternion> bindRotations;
  std::vector<Float3> bindPositions;
  for (int j = 0; j < n; ++j) {
    bindRotations.push_back(toQuaternion(rotations[j]));
    bindPositions.push_back(toFloat3(positions[j]));
  }
  inverseBindMatrices(bindRotations, bindPositions, out.mesh.inverseBind);
  return out;
}

SkinnedMesh generatedBodyOrNone(const Skeleton& skeleton) {
  try {
    return generateBody(skeleton).mesh;
  } catch (const Error&) {
    return {};
  }
}

void skinBody(const SkinnedMesh& mesh, std::span<const Quat> modelRotations,
              std::span<const Vec3> modelPositions, std::vector<Float3>& positions,
              std::vector<Float3>* normals) {
  std::vector<Quaternion> rotations;
  std::vector<Float3> translations;
  for (std::size_t j = 0; j < modelRotations.size() && j < modelPositions.size(); ++j) {
    rotations.push_back(toQuaternion(modelRotations[j]));
    translations.push_back(toFloat3(modelPositions[j]));
  }
  std::vector<Float4x4> palette(rotations.size());
  if (!SkinningPaletteJob{rotations, translations, mesh.inverseBind, palette}.run())
    throw Error("skinning: the pose has " + std::to_string(rotations.size()) + " joints, the body " +
                std::to_string(mesh.jointCount()));
  positions.resize(mesh.positions.size());
  if (normals != nullptr) normals->resize(mesh.normals.size());
  SkinVerticesJob{&mesh, palette, positions, normals != nullptr ? Span<Float3>(*normals) : Span<Float3>{}}.run();
}

}  // namespace fatgraph
