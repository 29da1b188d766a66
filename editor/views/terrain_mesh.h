#pragma once
// The preview terrain as line geometry for the viewport: a grid of lines that follows the
// heightfield's surface, coloured by height (low dark, high light), so slopes, stairs and
// bumps read at a glance through the line shader the viewport already has.
#include <QVector3D>

#include "fatgraph/runtime/terrain.h"
#include "views/line_geometry.h"

namespace fatgraph::editor {

/// Lines over x, z in [center - halfExtent, center + halfExtent] every `spacing` metres, each
/// sampled every `step` metres on `terrain` (so stairs keep their risers). At most a few
/// hundred lines: spacing grows with the extent.
void addTerrainMesh(LineBatch& batch, const Heightfield& terrain, const QVector3D& center,
                    float halfExtent);

}  // namespace fatgraph::editor
