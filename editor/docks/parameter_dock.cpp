#include "docks/parameter_dock.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "document/document.h"
#include "views/parameter_plot.h"
#include "views/viewport.h"

namespace fatgraph::editor {
namespace {

constexpr int kPreviewIntervalMs = 16;  // about 60 Hz

QString millimetres(double metres) { return QString::number(metres * 1000.0, 'f', 1); }

/// "1 sample", "300 samples".
QString counted(size_t n, const char* one, const char* many) {
  return n == 1 ? ParameterDock::tr(one) : ParameterDock::tr(many).arg(n);
}

/// The edge that shows the most material: the one with the most segments (first on ties).
int busiestEdge(const MotionGraph& graph) {
  int best = graph.fatEdges.empty() ? -1 : 0;
  for (size_t i = 1; i < graph.fatEdges.size(); ++i) {
    if (graph.fatEdges[i].segments.size() >
        graph.fatEdges[static_cast<size_t>(best)].segments.size()) {
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace

ParameterDock::ParameterDock(Document* document, Viewport* viewport, QWidget* parent)
    : QDockWidget(tr("Parameters"), parent),
      document_(document),
      viewport_(viewport),
      edgeChooser_(new QComboBox(this)),
      plot_(new ParameterPlot(this)),
      accuracyLabel_(new QLabel(this)),
      notesLabel_(new QLabel(this)) {
  setObjectName(QStringLiteral("parameterDock"));
  edgeChooser_->setObjectName(QStringLiteral("parameterEdgeChooser"));
  accuracyLabel_->setObjectName(QStringLiteral("parameterAccuracy"));
  notesLabel_->setObjectName(QStringLiteral("parameterNotes"));
  for (QLabel* label : {accuracyLabel_, notesLabel_}) {
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  plot_->setToolTip(tr("Move the mouse over the plane to preview the blend in the viewport"));

  auto* chooser = new QFormLayout;
  chooser->setContentsMargins(0, 0, 0, 0);
  chooser->addRow(tr("Fat edge"), edgeChooser_);
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(chooser);
  layout->addWidget(plot_, 1);
  layout->addWidget(accuracyLabel_);
  layout->addWidget(notesLabel_);
  setWidget(content);

  timer_.setInterval(kPreviewIntervalMs);
  timer_.setTimerType(Qt::PreciseTimer);
  connect(&timer_, &QTimer::timeout, this, &ParameterDock::tick);
  connect(edgeChooser_, &QComboBox::currentIndexChanged, this, &ParameterDock::showEdge);
  connect(plot_, &ParameterPlot::planePointHovered, this, &ParameterDock::previewAt);
  connect(plot_, &ParameterPlot::hoverEnded, this, &ParameterDock::stopPreview);
  connect(document, &Document::graphChanged, this, &ParameterDock::refresh);
  connect(document, &Document::reset, this, &ParameterDock::refresh);
  refresh();
}

int ParameterDock::currentEdge() const {
  return edgeChooser_->currentIndex() >= 0 ? edgeChooser_->currentData().toInt() : -1;
}

void ParameterDock::selectEdge(int fatEdge) {
  const int row = edgeChooser_->findData(fatEdge);
  if (row >= 0) edgeChooser_->setCurrentIndex(row);
}

void ParameterDock::refresh() {
  stopPreview();
  previewStale_ = true;  // rebuilt at the next hover, not on every edit
  const MotionGraph& graph = document_->graph();
  const QString previous = edgeChooser_->currentText();
  {
    const QSignalBlocker blocker(edgeChooser_);
    edgeChooser_->clear();
    for (size_t i = 0; i < graph.fatEdges.size(); ++i) {
      const FatEdge& edge = graph.fatEdges[i];
      edgeChooser_->addItem(QString::fromStdString(edge.name), static_cast<int>(i));
      edgeChooser_->setItemData(static_cast<int>(i),
                                counted(edge.segments.size(), "1 segment", "%1 segments"),
                                Qt::ToolTipRole);
    }
    const int kept = edgeChooser_->findText(previous);
    edgeChooser_->setCurrentIndex(kept >= 0 ? kept : busiestEdge(graph));
  }
  edgeChooser_->setEnabled(!graph.fatEdges.empty());
  showEdge();
}

void ParameterDock::showEdge() {
  stopPreview();
  const MotionGraph& graph = document_->graph();
  const int edge = currentEdge();
  const bool parameterized =
      edge >= 0 && static_cast<size_t>(edge) < graph.parameterizations.size();
  if (!parameterized) {
    plot_->clear(edge < 0 ? tr("No fat edges yet: Graph > Build Graph… (Ctrl+B)")
                          : tr("Not parameterized: Graph > Build Graph… computes every fat "
                               "edge's parameter space"));
    accuracyLabel_->clear();
    notesLabel_->clear();
    return;
  }
  const EdgeParameterization& p = graph.parameterizations[static_cast<size_t>(edge)];
  plot_->setParameterization(p);

  // What the user needs to judge the space: how far blends land from where the plane says
  // (plain Delaunay grid against the refined one), and from how much data.
  QString error = p.refined
                      ? tr("Error median / p95: plain %1 / %2 mm, refined %3 / %4 mm")
                            .arg(millimetres(p.plain.median3d), millimetres(p.plain.p95_3d),
                                 millimetres(p.achieved.median3d), millimetres(p.achieved.p95_3d))
                      : tr("Error median / p95: %1 / %2 mm (plain grid, not refined)")
                            .arg(millimetres(p.achieved.median3d), millimetres(p.achieved.p95_3d));
  const std::vector<std::string>& names = document_->skeleton().names;
  const QString joint = p.joint >= 0 && static_cast<size_t>(p.joint) < names.size()
                            ? QString::fromStdString(names[static_cast<size_t>(p.joint)])
                            : tr("joint %1").arg(p.joint);
  accuracyLabel_->setText(tr("%1 · %2 · grid %3\u00a0×\u00a0%3 · %4 at %5\u00a0s")
                              .arg(error, counted(p.sampleWeights.size(), "1 sample", "%1 samples"))
                              .arg(p.grid.resolution)
                              .arg(joint)
                              .arg(p.referenceTime, 0, 'f', 2));
  QStringList notes;
  if (!p.jointReason.empty()) notes << QString::fromStdString(p.jointReason);
  for (const std::string& note : p.notes) notes << QString::fromStdString(note);
  notesLabel_->setText(notes.join(QLatin1Char('\n')));
}

void ParameterDock::previewAt(double x, double y) {
  const int edge = currentEdge();
  if (viewport_ == nullptr || edge < 0) return;
  if (previewStale_) {
    previewStale_ = false;
    if (const QString why = preview_.rebuild(document_->project()); !why.isEmpty()) {
      notesLabel_->setText(why);
      return;
    }
  }
  if (!preview_.isReady()) return;
  if (!previewing_) {
    if (!preview_.begin(document_->graph().fatEdges[static_cast<size_t>(edge)].name)) return;
    previewing_ = true;
    clock_.start();
    timer_.start();
  }
  // The new weights show at once, at the current time; the timer keeps the edge playing.
  preview_.setPlanePoint({x, y});
  showPreviewPose();
}

void ParameterDock::tick() {
  preview_.advance(static_cast<double>(clock_.restart()) / 1000.0);
  showPreviewPose();
}

void ParameterDock::setTerrain(const Terrain* terrain) { preview_.setTerrain(terrain); }

void ParameterDock::showPreviewPose() {
  preview_.updatePose();
  viewport_->showPose(preview_.skeleton(), preview_.worldRotations(), preview_.worldPositions());
  // The leg layer's previous and next footprints, so a user sees where the feet will stand.
  const std::span<const LegReport> reports = preview_.legReports();
  if (reports.empty()) return;
  std::vector<Footprint> prints;
  std::vector<QString> names;
  const Eigen::Vector3f forward =
      (Eigen::AngleAxisf(static_cast<float>(preview_.character().yaw), Eigen::Vector3f::UnitY()) *
       Eigen::Vector3f::UnitZ());
  auto qt = [](const Eigen::Vector3f& v) { return QVector3D(v.x(), v.y(), v.z()); };
  for (size_t l = 0; l < reports.size() && l < preview_.legs().size(); ++l) {
    const RuntimeLeg& leg = preview_.legs()[l];
    names.push_back(QString::fromStdString(leg.name));
    const Eigen::Vector3f foot = forward * leg.footLength;
    for (const Eigen::Vector3f& p : {reports[l].previousFootprint, reports[l].nextFootprint}) {
      if (p.isZero()) continue;  // the layer has not placed this footprint yet
      prints.push_back({static_cast<int>(l), 0, qt(p), qt(p + foot)});
    }
  }
  viewport_->setPreviewFootprints(prints, names);
}

void ParameterDock::stopPreview() {
  if (!previewing_) return;
  previewing_ = false;
  timer_.stop();
  if (viewport_ != nullptr) viewport_->clearPose();
}

}  // namespace fatgraph::editor
