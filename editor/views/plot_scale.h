#pragma once
// Scales for the editor's 2D plots: round tick steps for an axis, and a vertical colour bar of
// the heat map's ramp (heat_map_image.h) with its values labelled.
#include <QRectF>
#include <QString>

class QPainter;
class QWidget;

namespace fatgraph::editor {

/// A round step (1, 2 or 5 times a power of ten) giving about `count` ticks over `range`.
double tickStep(double range, int count);

/// Decimals that show a multiple of `step` exactly (0 for steps of 1 and more, at most 4).
int tickDecimals(double step);

/// The ramp from heatColour(0) at the bottom of `bar` to heatColour(1) at its top, ticks on
/// its right labelled from 0 to `max` as "<value> <unit>", in `widget`'s palette and font.
void drawColourBar(QPainter& painter, const QWidget& widget, const QRectF& bar, double max,
                   const QString& unit);

}  // namespace fatgraph::editor
