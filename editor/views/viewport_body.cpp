// The viewport's body: generated once per skeleton by core, posed with the runtime's
// palette of whatever pose the scene shows; drawn in paintGL (viewport.cpp).
#include <algorithm>
#include <cmath>
#include <exception>

#include "fatgraph/core/body/body_generation.h"
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

// glTF's colours are linear; the body's shader writes what it is given to an sRGB screen.
QColor displayColor(const std::array<float, 4>& linear) {
  const auto encode = [](float c) { return std::pow(std::clamp(c, 0.0f, 1.0f), 1.0f / 2.2f); };
  return QColor::fromRgbF(encode(linear[0]), encode(linear[1]), encode(linear[2]), 1.0f);
}

std::vector<BodyRenderer::Part> characterParts(const CharacterMesh& mesh) {
  std::vector<BodyRenderer::Part> parts;
  for (const CharacterMeshPart& p : mesh.parts) {
    const QColor color = p.material >= 0 ? displayColor(mesh.materials[p.material].baseColor) : QColor();
    parts.push_back({p.firstTriangle, p.triangleCount, color, p.material >= 0 ? mesh.materials[p.material].texture : -1});
  }
  return parts;
}

bool sameSurface(const CharacterMesh& a, const CharacterMesh& b) {
  const auto sameUv = [](const Float2& p, const Float2& q) { return p.x == q.x && p.y == q.y; };
  const auto sameMaterial = [](const CharacterMaterial& p, const CharacterMaterial& q) { return p.baseColor == q.baseColor && p.texture == q.texture; };
  const auto sameTexture = [](const CharacterTexture& p, const CharacterTexture& q) { return p.width == q.width && p.height == q.height && p.rgba == q.rgba; };
  return std::equal(a.uvs.begin(), a.uvs.end(), b.uvs.begin(), b.uvs.end(), sameUv) &&
         std::equal(a.materials.begin(), a.materials.end(), b.materials.begin(), b.materials.end(), sameMaterial) &&
         std::equal(a.textures.begin(), a.textures.end(), b.textures.begin(), b.textures.end(), sameTexture);
}

}  // namespace

void Viewport::setCharacter(const CharacterMesh& mesh) {
  const bool same = mesh.vertexCount() == character_.vertexCount() && mesh.triangles == character_.triangles &&
                    std::equal(mesh.positions.begin(), mesh.positions.end(), character_.positions.begin(),
                               [](const Float3& a, const Float3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }) &&
                    sameSurface(mesh, character_);
  if (same) return;
  character_ = mesh;
  const Skeleton shown = std::move(bodySkeleton_);
  bodySkeleton_ = {};  // the next clip rebuilds the body
  body_.setMesh({});
  if (!scene_.hasClip() || shown.jointCount() == 0) return;
  // A clip is shown: its pose gets the new body at once, where the playhead is.
  rebuildBody(shown);
  updateBodyPose();
  update();
}

void Viewport::rebuildBody(const Skeleton& skeleton) {
  const bool generated = !body_.mesh().empty() || !bodyProblem_.isEmpty();
  if (generated && sameBodySource(bodySkeleton_, skeleton)) return;
  bodySkeleton_ = skeleton;
  bodyProblem_.clear();
  SkinnedMesh mesh;
  if (!character_.empty() && character_.validate(skeleton.jointCount()).empty()) {
    body_.setMesh(toSkinnedMesh(character_), characterParts(character_), character_.uvs, character_.textures);
    return;
  }
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
