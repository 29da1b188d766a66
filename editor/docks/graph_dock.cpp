#include "docks/graph_dock.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

#include "document/document.h"
#include "fatgraph/core/graph/graph_coverage.h"
#include "document/job_runner.h"
#include "models/fat_edge_table_model.h"
#include "models/hub_table_model.h"

namespace fatgraph::editor {
namespace {

QTableView* makeTable(QAbstractItemModel* model, const QString& name, QWidget* parent) {
  auto* view = new QTableView(parent);
  view->setObjectName(name);
  view->setModel(model);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  view->setContextMenuPolicy(Qt::CustomContextMenu);
  view->setAlternatingRowColors(true);
  view->verticalHeader()->hide();
  view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
  view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);  // the name
  return view;
}

QLabel* methodLabel(QWidget* parent) {
  auto* label = new QLabel(parent);
  label->setWordWrap(true);
  QPalette palette = label->palette();
  palette.setColor(QPalette::WindowText, palette.color(QPalette::PlaceholderText));
  label->setPalette(palette);
  return label;
}

QString methodText(const ThresholdChoice& t) {
  const QString method = QString::fromStdString(t.method);
  return t.automatic ? QObject::tr("automatic: %1").arg(method) : method;
}

}  // namespace

GraphDock::GraphDock(Document* document, QWidget* parent)
    : QDockWidget(tr("Graph"), parent),
      document_(document),
      hubModel_(new HubTableModel(document, this)),
      edgeModel_(new FatEdgeTableModel(document, this)),
      emptyLabel_(new QLabel(this)),
      hubMethodLabel_(methodLabel(this)),
      edgeMethodLabel_(methodLabel(this)),
      coverageLabel_(new QLabel(this)),
      graphPanel_(new QWidget(this)),
      hubView_(makeTable(hubModel_, QStringLiteral("hubView"), this)),
      edgeView_(makeTable(edgeModel_, QStringLiteral("fatEdgeView"), this)),
      hubThresholdSpin_(new QDoubleSpinBox(this)),
      edgeThresholdSpin_(new QDoubleSpinBox(this)),
      hubThresholdButton_(new QPushButton(tr("Set"), this)),
      edgeThresholdButton_(new QPushButton(tr("Set"), this)),
      acceptHubButton_(new QPushButton(tr("Accept Next Hub"), this)),
      removeHubButton_(new QPushButton(tr("Remove Hub"), this)) {
  setObjectName(QStringLiteral("graphDock"));
  emptyLabel_->setText(tr("No graph yet.\nGraph > Build Graph… (Ctrl+B) finds hubs and fat "
                          "edges in the clips."));
  emptyLabel_->setWordWrap(true);
  emptyLabel_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  hubMethodLabel_->setObjectName(QStringLiteral("hubMethodLabel"));
  edgeMethodLabel_->setObjectName(QStringLiteral("edgeMethodLabel"));
  coverageLabel_->setObjectName(QStringLiteral("coverageLabel"));
  acceptHubButton_->setToolTip(tr("Accept the best hub suggestion not yet covered by a hub"));
  for (QDoubleSpinBox* spin : {hubThresholdSpin_, edgeThresholdSpin_}) {
    spin->setDecimals(3);
    spin->setRange(0.001, 2.0);
    spin->setSingleStep(0.005);
    spin->setSuffix(tr(" m"));
  }
  hubThresholdSpin_->setToolTip(tr("Pose match distance (RMS over the window, metres)"));
  edgeThresholdSpin_->setToolTip(tr("Segment distance that groups segments into a fat edge"));

  auto* form = new QFormLayout;
  form->setContentsMargins(0, 0, 0, 0);
  form->setVerticalSpacing(2);
  form->addRow(tr("Hub threshold"), createThresholdRow(hubThresholdSpin_, hubThresholdButton_));
  form->addRow(QString(), hubMethodLabel_);
  form->addRow(tr("Edge threshold"), createThresholdRow(edgeThresholdSpin_, edgeThresholdButton_));
  form->addRow(QString(), edgeMethodLabel_);
  form->addRow(tr("Coverage"), coverageLabel_);
  auto* hubButtons = new QHBoxLayout;
  hubButtons->addWidget(acceptHubButton_);
  hubButtons->addWidget(removeHubButton_);
  hubButtons->addStretch(1);

  auto* panel = new QVBoxLayout(graphPanel_);
  panel->setContentsMargins(0, 0, 0, 0);
  panel->addLayout(form);
  panel->addWidget(hubView_, 2);
  panel->addLayout(hubButtons);
  panel->addWidget(edgeView_, 3);

  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(emptyLabel_);
  layout->addWidget(graphPanel_, 1);
  setWidget(content);

  connect(acceptHubButton_, &QPushButton::clicked, this, &GraphDock::acceptHub);
  connect(removeHubButton_, &QPushButton::clicked, this, &GraphDock::removeSelectedHub);
  connect(hubThresholdButton_, &QPushButton::clicked, this, &GraphDock::applyHubThreshold);
  connect(edgeThresholdButton_, &QPushButton::clicked, this, &GraphDock::applyEdgeThreshold);
  connect(hubView_, &QWidget::customContextMenuRequested, this, &GraphDock::showHubMenu);
  connect(edgeView_, &QWidget::customContextMenuRequested, this, &GraphDock::showEdgeMenu);
  connect(hubView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            const int clip = current.data(HubTableModel::ClipIndexRole).toInt();
            updateButtons();
            if (current.isValid() && clip >= 0) {
              emit frameRequested(clip, current.data(HubTableModel::ClipFrameRole).toInt());
            }
          });
  connect(edgeView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            const int clip = current.data(FatEdgeTableModel::ReferenceClipRole).toInt();
            if (current.isValid() && clip >= 0) {
              emit frameRequested(clip, current.data(FatEdgeTableModel::ReferenceFrameRole).toInt());
            }
          });
  connect(document, &Document::graphChanged, this, &GraphDock::refresh);
  connect(document->jobs(), &JobRunner::started, this, &GraphDock::updateButtons);
  connect(document->jobs(), &JobRunner::finished, this, &GraphDock::updateButtons);
  refresh();
}

QWidget* GraphDock::createThresholdRow(QDoubleSpinBox* spin, QPushButton* button) {
  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(spin, 1);
  layout->addWidget(button);
  return row;
}

void GraphDock::refresh() {
  const MotionGraph& graph = document_->graph();
  const bool hasGraph = !graph.empty();
  emptyLabel_->setVisible(!hasGraph);
  graphPanel_->setVisible(hasGraph);
  updateButtons();
  if (!hasGraph) return;
  hubMethodLabel_->setText(methodText(graph.hubThreshold));
  edgeMethodLabel_->setText(methodText(graph.edgeThreshold));
  // Frames outside every fat edge are motion the graph cannot play: say how much is reachable.
  const Project& project = document_->project();
  const GraphCoverage coverage = projectCoverage(project);
  coverageLabel_->setText(tr("%1 % of all frames in fat edges").arg(100.0 * coverage.overall, 0, 'f', 1));
  QStringList perClip;
  for (const ClipCoverage& c : coverage.clips) {
    if (project.clips[c.clip].generated) continue;  // made by the build: no captured frames
    perClip << tr("%1: %2 %").arg(QString::fromStdString(project.clips[c.clip].name)).arg(100.0 * c.fraction, 0, 'f', 1);
  }
  coverageLabel_->setToolTip(perClip.join(QLatin1Char('\n')));
  const QSignalBlocker hubBlocker(hubThresholdSpin_);
  const QSignalBlocker edgeBlocker(edgeThresholdSpin_);
  hubThresholdSpin_->setValue(graph.hubThreshold.rms);
  edgeThresholdSpin_->setValue(graph.edgeThreshold.rms);
}

void GraphDock::updateButtons() {
  const MotionGraph& graph = document_->graph();
  const bool editable = !graph.empty() && !document_->isBusy();
  for (QWidget* w : {acceptHubButton_, hubThresholdButton_, edgeThresholdButton_}) {
    w->setEnabled(editable);
  }
  removeHubButton_->setEnabled(editable && selectedHubRow() >= 0 && graph.hubs.size() > 1);
}

int GraphDock::selectedHubRow() const {
  const QModelIndex current = hubView_->selectionModel()->currentIndex();
  return current.isValid() && hubView_->selectionModel()->isRowSelected(current.row())
             ? current.row()
             : -1;
}

void GraphDock::acceptHub() { document_->editGraph(GraphEditRequest::acceptHub()); }

void GraphDock::removeSelectedHub() {
  const int row = selectedHubRow();
  if (row >= 0) document_->editGraph(GraphEditRequest::removeHub(hubModel_->hubName(row)));
}

void GraphDock::applyHubThreshold() {
  document_->editGraph(GraphEditRequest::setHubThreshold(hubThresholdSpin_->value()));
}

void GraphDock::applyEdgeThreshold() {
  document_->editGraph(GraphEditRequest::setEdgeThreshold(edgeThresholdSpin_->value()));
}

void GraphDock::showHubMenu(const QPoint& position) {
  const QModelIndex index = hubView_->indexAt(position);
  QMenu menu(this);
  if (index.isValid()) {
    hubView_->selectRow(index.row());
    menu.addAction(tr("Rename"), this, [this, index] {
      hubView_->edit(hubModel_->index(index.row(), HubTableModel::NameColumn));
    });
    QAction* remove = menu.addAction(tr("Remove Hub"), this, &GraphDock::removeSelectedHub);
    remove->setEnabled(document_->graph().hubs.size() > 1);
    menu.addSeparator();
  }
  menu.addAction(tr("Accept Next Hub Suggestion"), this, &GraphDock::acceptHub);
  menu.exec(hubView_->viewport()->mapToGlobal(position));
}

void GraphDock::showEdgeMenu(const QPoint& position) {
  const QModelIndex index = edgeView_->indexAt(position);
  if (!index.isValid()) return;
  QMenu menu(this);
  menu.addAction(tr("Rename"), this, [this, index] {
    edgeView_->edit(edgeModel_->index(index.row(), FatEdgeTableModel::NameColumn));
  });
  menu.exec(edgeView_->viewport()->mapToGlobal(position));
}

}  // namespace fatgraph::editor
