#include "docks/parameter_dock.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

#include "docks/edge_parameter_controls.h"
#include "document/document.h"
#include "document/selection.h"
#include "fatgraph/core/param/edge_joystick.h"
#include "fatgraph/core/locomotion/edge_locomotion.h"
#include "play/preview_graph_source.h"
#include "views/joystick_mapping_editor.h"
#include "views/parameter_plot.h"
#include "views/viewport.h"

namespace fatgraph::editor {
namespace {

constexpr int kPreviewIntervalMs = 16;  // about 60 Hz
constexpr float kListedWeight = 0.005f;  // smaller weights are left out of the list

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
      notesLabel_(new QLabel(this)),
      weightsLabel_(new QLabel(this)),
      clearPoint_(new QPushButton(tr("Clear"), this)),
      controls_(new EdgeParameterControls(this)),
      joystick_(new JoystickMappingEditor(this)) {
  graphSource_ = new PreviewGraphSource(document, this);
  connect(graphSource_, &PreviewGraphSource::ready, this, &ParameterDock::previewGraphReady);
  setObjectName(QStringLiteral("parameterDock"));
  edgeChooser_->setObjectName(QStringLiteral("parameterEdgeChooser"));
  accuracyLabel_->setObjectName(QStringLiteral("parameterAccuracy"));
  notesLabel_->setObjectName(QStringLiteral("parameterNotes"));
  weightsLabel_->setObjectName(QStringLiteral("parameterWeights"));
  clearPoint_->setObjectName(QStringLiteral("parameterClearPoint"));
  for (QLabel* label : {accuracyLabel_, notesLabel_, weightsLabel_}) {
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  plot_->setToolTip(tr("Move the mouse over the plane to preview the blend in the viewport; "
                       "press to hold a point (right click lets go); drag the orange handles "
                       "to set the joystick's ranges"));
  clearPoint_->setToolTip(tr("Let go of the held point"));
  clearPoint_->setEnabled(false);

  auto* chooser = new QFormLayout;
  chooser->setContentsMargins(0, 0, 0, 0);
  chooser->addRow(tr("Fat edge"), edgeChooser_);
  auto* held = new QHBoxLayout;
  held->addWidget(weightsLabel_, 1);
  held->addWidget(clearPoint_);
  auto* tabs = new QTabWidget(this);
  tabs->addTab(controls_, tr("Edge"));
  tabs->addTab(joystick_, tr("Joystick"));
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(chooser);
  layout->addWidget(plot_, 1);
  layout->addLayout(held);
  layout->addWidget(accuracyLabel_);
  layout->addWidget(notesLabel_);
  layout->addWidget(tabs);
  setWidget(content);

  timer_.setInterval(kPreviewIntervalMs);
  timer_.setTimerType(Qt::PreciseTimer);
  connect(&timer_, &QTimer::timeout, this, &ParameterDock::tick);
  connect(edgeChooser_, &QComboBox::currentIndexChanged, this, &ParameterDock::showEdge);
  // An edge the user picks here becomes the selection every other view shows.
  connect(edgeChooser_, &QComboBox::activated, this, [this] {
    if (selection_ != nullptr) selection_->setFatEdge(currentEdge());
  });
  connect(plot_, &ParameterPlot::planePointHovered, this, &ParameterDock::hoverAt);
  connect(plot_, &ParameterPlot::hoverEnded, this, &ParameterDock::hoverEnded);
  connect(plot_, &ParameterPlot::pointPinned, this, &ParameterDock::previewAt);
  connect(plot_, &ParameterPlot::pinCleared, this, &ParameterDock::stopPreview);
  connect(clearPoint_, &QPushButton::clicked, plot_, &ParameterPlot::clearPin);
  // A range handle drag: one drag id, so its edits merge into one undo step.
  connect(plot_, &ParameterPlot::rangeDragStarted, this,
          [this] { rangeDragId_ = GraphEditRequest::nextDragId(); });
  connect(plot_, &ParameterPlot::rangeDragged, this, [this](int axis, int side, double value) {
    joystick_->dragRange(axis, side, value, rangeDragId_);
  });
  connect(plot_, &ParameterPlot::rangeDragFinished, this, [this] { rangeDragId_ = 0; });
  connect(controls_, &EdgeParameterControls::editRequested, this, &ParameterDock::requestEdit);
  connect(joystick_, &JoystickMappingEditor::editRequested, this, &ParameterDock::requestEdit);
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

void ParameterDock::setSelection(Selection* selection) {
  if (selection_ != nullptr) selection_->disconnect(this);
  selection_ = selection;
  if (selection == nullptr) return;
  connect(selection, &Selection::fatEdgeChanged, this, &ParameterDock::selectEdge);
  selectEdge(selection->fatEdge());
}

void ParameterDock::requestEdit(const GraphEditRequest& edit) {
  // Errors reach the user through Document::errorOccurred; the project stays as it was.
  document_->editGraph(edit);
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
  const MotionGraph& graph = document_->graph();
  const int edge = currentEdge();
  const QString name =
      edge >= 0 ? QString::fromStdString(graph.fatEdges[static_cast<size_t>(edge)].name)
                : QString();
  if (name != shownEdge_) plot_->clearPin();  // the held point belongs to the edge it was on
  shownEdge_ = name;
  stopPreview();
  controls_->showEdge(document_->project(), edge);
  showJoystick(edge);
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
  plot_->setParameterization(p);  // keeps the joystick overlay showJoystick set

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
  // A held point stays held through edits of the same edge: play it on the new graph.
  if (const auto& held = plot_->pinnedPoint()) previewAt(held->x(), held->y());
}

void ParameterDock::showJoystick(int edge) {
  const MotionGraph& graph = document_->graph();
  if (edge < 0 || static_cast<size_t>(edge) >= graph.fatEdges.size()) {
    joystick_->setEdge(QString(), JoystickMapping{}, EdgeJoystickChoice{});
    plot_->setJoystick(std::nullopt);
    return;
  }
  const std::string& name = graph.fatEdges[static_cast<size_t>(edge)].name;
  try {
    // What the export writes for this edge: the automatic mapping under the user's choice.
    const JoystickMapping mapping = effectiveJoystickMapping(document_->project(), name);
    const EdgeJoystickChoice* choice = findJoystickChoice(document_->project().settings, name);
    joystick_->setEdge(QString::fromStdString(name), mapping,
                       choice != nullptr ? *choice : EdgeJoystickChoice{});
    // The band blends map the stick onto velocities, not onto this plane: no ranges to draw.
    const EdgeLocomotionChoice* blend = findLocomotionChoice(document_->project().settings, name);
    const bool grid = blend == nullptr || !blend->blend || *blend->blend == EdgeBlendMode::Grid;
    plot_->setJoystick(grid ? std::optional<JoystickMapping>(mapping) : std::nullopt);
  } catch (const std::exception& e) {  // entry or exit material: never exported
    joystick_->setEdge(QString(), JoystickMapping{}, EdgeJoystickChoice{});
    plot_->setJoystick(std::nullopt);
    joystick_->setToolTip(QString::fromStdString(e.what()));
  }
}

void ParameterDock::hoverAt(double x, double y) {
  if (!plot_->pinnedPoint()) previewAt(x, y);  // a held point keeps the preview
}

void ParameterDock::hoverEnded() {
  if (!plot_->pinnedPoint()) stopPreview();
}

void ParameterDock::previewAt(double x, double y) {
  const int edge = currentEdge();
  if (viewport_ == nullptr || edge < 0) return;
  if (previewStale_) {
    // Built on the pool from the project as it is (preview_graph_source.h): the point waits
    // and previewGraphReady() shows it.
    pendingPoint_ = Eigen::Vector2d(x, y);
    graphSource_->request();
    return;
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
  showWeights();
}

void ParameterDock::previewGraphReady() {
  if (!previewStale_ || !pendingPoint_) return;
  previewStale_ = false;
  preview_.adopt(graphSource_->graph());
  if (!graphSource_->why().isEmpty()) notesLabel_->setText(graphSource_->why());
  const Eigen::Vector2d point = *pendingPoint_;
  pendingPoint_.reset();
  previewAt(point.x(), point.y());
}

void ParameterDock::waitForPreviewGraph() { graphSource_->waitForGraph(); }

void ParameterDock::previewNeutralPoint() { previewAt(0.0, 0.0); }

void ParameterDock::showWeights() {
  const std::span<const float> weights = preview_.weights();
  const MotionGraph& graph = document_->graph();
  const int edge = currentEdge();
  if (!plot_->pinnedPoint() || weights.empty() || edge < 0) {
    weightsLabel_->clear();
    clearPoint_->setEnabled(plot_->pinnedPoint().has_value());
    return;
  }
  // Heaviest first: the segments that shape the held blend.
  const FatEdge& fatEdge = graph.fatEdges[static_cast<size_t>(edge)];
  std::vector<size_t> order(weights.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return weights[a] > weights[b]; });
  QStringList parts;
  for (size_t i : order) {
    if (weights[i] < kListedWeight || i >= fatEdge.segments.size()) continue;
    const Segment& s = graph.segments[static_cast<size_t>(fatEdge.segments[i])];
    parts << tr("s%1 (%2 %3–%4) %5")
                 .arg(i)
                 .arg(document_->clipName(s.clip))
                 .arg(s.first)
                 .arg(s.last)
                 .arg(weights[i], 0, 'f', 2);
  }
  const Eigen::Vector2d& held = *plot_->pinnedPoint();
  weightsLabel_->setText(tr("Held at (%1, %2) m: %3")
                             .arg(held.x(), 0, 'f', 3)
                             .arg(held.y(), 0, 'f', 3)
                             .arg(parts.join(QStringLiteral(" · "))));
  clearPoint_->setEnabled(true);
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
  if (preview_.legReports().empty()) return;
  const PreviewFootprints prints =
      legLayerFootprints(preview_.legReports(), preview_.legs(), preview_.character().yaw);
  viewport_->setPreviewFootprints(prints.footprints, prints.legNames);
}

void ParameterDock::stopPreview() {
  if (!plot_->pinnedPoint()) {
    weightsLabel_->clear();
    clearPoint_->setEnabled(false);
  }
  pendingPoint_.reset();
  if (!previewing_) return;
  previewing_ = false;
  timer_.stop();
  if (viewport_ != nullptr) viewport_->clearPose();
}

}  // namespace fatgraph::editor
