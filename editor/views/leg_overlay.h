#pragma once
// Line geometry of the legs for the viewport: each leg's chain drawn over the skeleton in the
// leg's colour with its heel and toe points marked, the footprints of the clip's stances as
// foot outlines on the floor, and each leg's footbase path. World space, metres, Y up.
#include <QColor>
#include <QString>
#include <QVector3D>

#include <span>
#include <vector>

#include "fatgraph/core/locomotion/legs.h"
#include "document/leg_tracks.h"
#include "views/line_geometry.h"

namespace fatgraph::editor {

/// The colour of leg `index`: blues for left legs, oranges for right ones (the skeleton's
/// side colours, more saturated), greens for legs without a side; front legs lighter than
/// hind ones, so the legs of a quadruped or hexapod stay apart. Used by every leg view.
QColor legColor(const QString& name, int index);

/// Each leg's hip -> ankle chain (and ankle -> toe joint) into `bones`, its heel and toe tip
/// into `markers`. `joints` and `rotations` are the shown pose (world), one per joint.
void addLegChains(LineBatch& bones, LineBatch& markers, const LegSetup& legs,
                  std::span<const QVector3D> joints, std::span<const Quat> rotations);

/// A foot outline on the floor from `heel` to `toe` (its length sets its width), slightly
/// raised so the ground grid does not hide it.
void addFootOutline(LineBatch& batch, const QVector3D& heel, const QVector3D& toe,
                    const QColor& color);

/// The clip's footprints as foot outlines, one colour per leg.
void addFootprints(LineBatch& batch, const ClipLegTracks& tracks);

/// Each leg's footbase path as polylines, one colour per leg.
void addFootbasePaths(LineBatch& batch, const ClipLegTracks& tracks);

}  // namespace fatgraph::editor
