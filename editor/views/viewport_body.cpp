// The viewport's body: generated once per skeleton by core, posed with the runtime's
// palette of whatever pose the scene shows; drawn in paintGL (viewport.cpp).
#include <exception>

#include "fatgraph/core/body_generation.h"
#include "views/viewport.h"

namespace fatgraph::editor {
namespace {

/// Whether two skeletons give the same body: same joints, rest offsets and end sites.
bool sameBodySource(const Skeleton& a, const Skeleton& b) {
  if (!a.sameTopology(b) || a.restOffsets != b.restOffsets ||
      a.endSites.size() != b.endSites.size()) {
    return false;
  }
  for (size_t i = 0; i < a.endSites.size(); ++i) {
    if (a.endSites[i].parent != b.endSites[i].parent ||
        a.endSites[i].offset != b.endSites[i].offset) {
      return false;
    }
  }
  return true;
}

}  // namespace

void Viewport::rebuildBody(const Skeleton& skeleton) {
  const bool generated = !body_.mesh().empty() || !bodyProblem_.isEmpty();
  if (generated && sameBodySource(bodySkeleton_, skeleton)) return;
  bodySkeleton_ = skeleton;
  bodyProblem_.clear();
  SkinnedMesh mesh;
  try {
    mesh = generateBody(skeleton).mesh;
    // Checked here because the shader would read joint indices out of the palette's range.
    if (const std::string problem = mesh.validate(skeleton.jointCount()); !problem.empty()) {
      bodyProblem_ = tr("the generated body is inconsistent: %1")
                         .arg(QString::fromStdString(problem));
      mesh = {};
    }
  } catch (const std::exception& error) {
    bodyProblem_ = QString::fromStdString(error.what());
  }
  if (!bodyProblem_.isEmpty()) {
    qWarning("fatgraph-editor: no body for this skeleton: %s", qPrintable(bodyProblem_));
  }
  body_.setMesh(std::move(mesh));
}

void Viewport::updateBodyPose() {
  if (!scene_.hasClip() || body_.mesh().empty()) {
    body_.clearPose();
    return;
  }
  body_.setPose(scene_.jointRotations(), scene_.jointModelPositions());
}

bool Viewport::drawsBody() const {
  return bodyDisplay_ != BodyDisplay::Bones && scene_.hasClip() && body_.canDraw() &&
         body_.hasProgram();
}

float Viewport::shadowGroundHeight() const {
  // On a preview terrain, the ground under the character's root.
  if (!terrainSource_ || scene_.jointModelPositions().empty()) return 0.0f;
  const Vec3& root = scene_.jointModelPositions().front();
  return terrainSource_->height(static_cast<float>(root.x()), static_cast<float>(root.z()));
}

void Viewport::setBodyDisplay(BodyDisplay display) {
  if (display == bodyDisplay_) return;
  bodyDisplay_ = display;
  poseDirty_ = true;  // the bones and legs fade over the body in "both"
  rebuildLegs();
  update();
}

}  // namespace fatgraph::editor
