#include "views/plot_scale.h"

#include <QLinearGradient>
#include <QPainter>
#include <QWidget>

#include <algorithm>
#include <cmath>

#include "views/heat_map_image.h"

namespace fatgraph::editor {

double tickStep(double range, int count) {
  const double raw = std::max(range, 1e-9) / std::max(count, 1);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (m * power >= raw) return m * power;
  }
  return 10.0 * power;
}

int tickDecimals(double step) {
  return std::clamp(static_cast<int>(-std::floor(std::log10(step))), 0, 4);
}

void drawColourBar(QPainter& painter, const QWidget& widget, const QRectF& bar, double max,
                   const QString& unit) {
  painter.save();
  QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
  for (int i = 0; i <= 16; ++i) gradient.setColorAt(i / 16.0, QColor(heatColour(i / 16.0)));
  painter.fillRect(bar, gradient);
  painter.setPen(widget.palette().color(QPalette::Mid));
  painter.drawRect(bar);
  painter.setPen(widget.palette().color(QPalette::WindowText));
  const double step = tickStep(max, 4);
  const double line = widget.fontMetrics().height();
  for (double v = 0.0; v <= max * 1.0001; v += step) {
    const double y = bar.bottom() - v / max * bar.height();
    painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y));
    painter.drawText(QRectF(bar.right() + 5, y - line / 2, 100, line),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     QString::number(v, 'f', tickDecimals(step)) + QLatin1Char(' ') + unit);
  }
  painter.restore();
}

}  // namespace fatgraph::editor
