#pragma once
// The distance scan's down-sampled matrix (distance_matrix.h DistanceScan::heat) as an image:
// one pixel per cell, a perceptual dark-to-light colour ramp (dark = similar poses), and a
// neutral grey where no distance is defined (a window that crosses a clip's end).
#include <QColor>
#include <QImage>

namespace fatgraph {
struct DistanceScan;
}

namespace fatgraph::editor {

/// The ramp at t in [0, 1] (clamped): near black, through purple and orange, to pale yellow.
/// Lightness rises monotonically, so the order of distances reads in grey scale too.
QRgb heatColour(double t);

/// The colour of cells without a defined distance.
QRgb undefinedHeatColour();

/// The top of the colour scale: the 95th percentile of the defined cells, so a few far-apart
/// poses do not wash the map out (at least 1 cm; 1 m when no cell is defined).
double heatScaleMax(const DistanceScan& scan);

/// heatSize x heatSize RGB32 image of scan.heat with 0 m -> heatColour(0) and `maxRms` (and
/// above) -> heatColour(1). Null when the scan has no heat map.
QImage heatMapImage(const DistanceScan& scan, double maxRms);

}  // namespace fatgraph::editor
