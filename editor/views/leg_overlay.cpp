#include "views/leg_overlay.h"

#include <cmath>

namespace fatgraph::editor {
namespace {

QVector3D toQt(const Vec3& v) {
  return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
}

// Slightly above the floor so floor-level lines are not hidden by the grid (depth ties).
constexpr float kLift = 0.006f;

}  // namespace

QColor legColor(const QString& name, int index) {
  const QString lower = name.toLower();
  // Front legs light, middle legs medium, hind (and biped) legs deep.
  const int shade = lower.contains(QLatin1String("front"))    ? 0
                    : lower.contains(QLatin1String("middle")) ? 1
                                                              : 2;
  if (lower.startsWith(QLatin1String("left"))) {
    static const QColor left[3] = {{150, 215, 255}, {80, 180, 255}, {40, 140, 255}};
    return left[shade];
  }
  if (lower.startsWith(QLatin1String("right"))) {
    static const QColor right[3] = {{255, 205, 120}, {255, 160, 70}, {255, 110, 40}};
    return right[shade];
  }
  static const QColor other[3] = {{120, 230, 140}, {200, 230, 90}, {90, 210, 200}};
  return other[index % 3];
}

void addLegChains(LineBatch& bones, LineBatch& markers, const LegSetup& legs,
                  std::span<const QVector3D> joints, std::span<const Quat> rotations) {
  const auto n = static_cast<int>(joints.size());
  if (rotations.size() != joints.size()) return;
  for (size_t l = 0; l < legs.legs.size(); ++l) {
    const Leg& leg = legs.legs[l];
    const QColor color = legColor(QString::fromStdString(leg.name), static_cast<int>(l));
    bool inRange = leg.ankle() >= 0 && leg.ankle() < n && leg.toe < n;
    for (int j : leg.chain) inRange = inRange && j >= 0 && j < n;
    if (!inRange) continue;  // a setup for another skeleton: nothing sensible to draw
    for (size_t i = 1; i < leg.chain.size(); ++i) {
      bones.addSegment(joints[static_cast<size_t>(leg.chain[i - 1])],
                       joints[static_cast<size_t>(leg.chain[i])], color);
    }
    const auto ankle = static_cast<size_t>(leg.ankle());
    if (leg.toe >= 0) bones.addSegment(joints[ankle], joints[static_cast<size_t>(leg.toe)], color);
    const Vec3 anklePosition(joints[ankle].x(), joints[ankle].y(), joints[ankle].z());
    const QVector3D heel = toQt(anklePosition + rotations[ankle] * leg.heel);
    const QVector3D toe = toQt(anklePosition + rotations[ankle] * leg.toeTip);
    bones.addSegment(heel, toe, color.lighter(130));
    markers.addMarker(heel, color.lighter(150));
    markers.addMarker(toe, color.lighter(150));
  }
}

void addFootOutline(LineBatch& batch, const QVector3D& heel, const QVector3D& toe,
                    const QColor& color) {
  QVector3D along = toe - heel;
  along.setY(0);
  const float length = along.length();
  if (length < 1e-4f) return;
  along /= length;
  const QVector3D side = QVector3D::crossProduct(along, QVector3D(0, 1, 0));
  // A sole outline in foot lengths (u along heel -> toe, v sideways): round heel, widest at
  // the ball, blunt toe.
  static constexpr float outline[][2] = {{-0.06f, 0.0f},  {-0.03f, 0.10f}, {0.15f, 0.14f},
                                         {0.55f, 0.17f},  {0.85f, 0.15f},  {1.0f, 0.06f},
                                         {1.02f, -0.03f}, {0.9f, -0.13f},  {0.55f, -0.15f},
                                         {0.15f, -0.13f}, {-0.03f, -0.10f}, {-0.06f, 0.0f}};
  std::vector<QVector3D> points;
  for (const auto& uv : outline) {
    QVector3D p = heel + along * (uv[0] * length) + side * (uv[1] * length);
    p.setY(heel.y() + kLift);
    points.push_back(p);
  }
  batch.addStrip(points, color);
}

void addFootprints(LineBatch& batch, const ClipLegTracks& tracks) {
  for (const Footprint& print : tracks.footprints) {
    const QString name = print.leg < static_cast<int>(tracks.legs.size())
                             ? tracks.legs[static_cast<size_t>(print.leg)].name
                             : QString();
    addFootOutline(batch, print.heel, print.toe, legColor(name, print.leg));
  }
}

void addFootbasePaths(LineBatch& batch, const ClipLegTracks& tracks) {
  for (size_t l = 0; l < tracks.footbasePaths.size() && l < tracks.legs.size(); ++l) {
    QColor color = legColor(tracks.legs[l].name, static_cast<int>(l));
    color.setAlphaF(0.8f);
    for (const std::vector<QVector3D>& path : tracks.footbasePaths[l]) {
      std::vector<QVector3D> lifted = path;
      for (QVector3D& p : lifted) p.setY(p.y() + kLift);
      batch.addStrip(lifted, color);
    }
  }
}

}  // namespace fatgraph::editor
