#include "docks/legs_dock.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "document/document.h"
#include "document/leg_analysis_cache.h"
#include "views/leg_overlay.h"

namespace fatgraph::editor {
namespace {

QString jointName(const Skeleton& skeleton, int joint) {
  if (joint < 0 || joint >= skeleton.jointCount()) return QStringLiteral("—");
  return QString::fromStdString(skeleton.names[static_cast<size_t>(joint)]);
}

QString centimetres(double metres) { return QStringLiteral("%1 cm").arg(metres * 100, 0, 'f', 1); }

}  // namespace

LegsDock::LegsDock(Document* document, LegAnalysisCache* analysis, QWidget* parent)
    : QDockWidget(tr("Legs"), parent),
      document_(document),
      analysis_(analysis),
      list_(new QTreeWidget),
      method_(new QLabel),
      gait_(new QLabel),
      detect_(new QPushButton(tr("Detect legs"))) {
  setObjectName(QStringLiteral("legsDock"));
  list_->setObjectName(QStringLiteral("legList"));
  list_->setRootIsDecorated(false);
  // The chain last: it is the long column, and the dock is narrow.
  list_->setHeaderLabels({tr("Leg"), tr("Length"), tr("Foot"), tr("Chain (hip → ankle · toe)")});
  list_->header()->setStretchLastSection(true);
  method_->setObjectName(QStringLiteral("legMethod"));
  method_->setWordWrap(true);
  method_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  gait_->setObjectName(QStringLiteral("legGait"));
  gait_->setWordWrap(true);
  detect_->setObjectName(QStringLiteral("detectLegsButton"));
  detect_->setToolTip(tr("Find the legs anew from the joint names (or the rest pose's "
                         "geometry when the names say nothing); undoable"));
  auto* body = new QWidget;
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(list_, 1);
  layout->addWidget(method_);
  layout->addWidget(gait_);
  layout->addWidget(detect_, 0, Qt::AlignLeft);
  setWidget(body);

  connect(detect_, &QPushButton::clicked, this, &LegsDock::detectLegs);
  connect(document_, &Document::graphChanged, this, &LegsDock::refresh);
  connect(document_, &Document::reset, this, &LegsDock::refresh);
  connect(document_, &Document::clipInserted, this, &LegsDock::refresh);
  connect(document_, &Document::clipRemoved, this, &LegsDock::refresh);
  if (analysis_ != nullptr) {
    connect(analysis_, &LegAnalysisCache::changed, this, &LegsDock::refreshGait);
  }
  refresh();
}

void LegsDock::detectLegs() {
  if (document_->clipCount() == 0) return;
  document_->editGraph(GraphEditRequest::detectLegs());
}

void LegsDock::refresh() {
  const Skeleton& skeleton = document_->skeleton();
  const LegSetup& legs = document_->project().legs;
  list_->clear();
  // Without clips the skeleton (and its legs) is about to go: undoing the first clip removes
  // the clip before it restores the empty skeleton.
  const size_t shown = document_->clipCount() > 0 ? legs.legs.size() : 0;
  for (size_t l = 0; l < shown; ++l) {
    const Leg& leg = legs.legs[l];
    QStringList chain;
    for (int joint : leg.chain) chain << jointName(skeleton, joint);
    const QString name = QString::fromStdString(leg.name);
    const QString toe = leg.toe >= 0 ? jointName(skeleton, leg.toe) : tr("no toe joint");
    const QString text = chain.join(QStringLiteral(" → ")) + QStringLiteral(" · ") + toe;
    auto* item = new QTreeWidgetItem(list_, {name, centimetres(leg.length),
                                             centimetres(leg.footLength), text});
    item->setForeground(0, legColor(name, static_cast<int>(l)));
    item->setToolTip(3, text);
    item->setToolTip(2, tr("Heel to toe tip"));
  }
  for (int c = 0; c < list_->columnCount() - 1; ++c) list_->resizeColumnToContents(c);
  QString text;
  if (document_->clipCount() == 0) {
    text = tr("No skeleton yet: open a clip");
  } else if (legs.empty()) {
    text = tr("No legs found.");
  } else {
    text = legs.automatic ? tr("Detected (%1)").arg(QString::fromStdString(legs.method))
                          : tr("Edited (%1)").arg(QString::fromStdString(legs.method));
  }
  if (shown > 0) {
    for (const std::string& note : legs.notes) {
      text += QLatin1Char('\n') + QString::fromStdString(note);
    }
  }
  method_->setText(text);
  detect_->setEnabled(document_->clipCount() > 0);
  refreshGait();
}

void LegsDock::refreshGait() {
  if (analysis_ == nullptr || document_->currentClip() < 0) {
    gait_->clear();
    return;
  }
  const auto tracks = analysis_->current();
  const QString clip = document_->clipName(document_->currentClip());
  if (!tracks) {
    gait_->setText(tr("%1: analysing gait cycles…").arg(clip));
  } else if (tracks->empty()) {
    gait_->setText(tr("%1: %2").arg(clip, tracks->message));
  } else {
    QString line = tr("%1: %2 gait cycles, %3 footprints")
                       .arg(clip)
                       .arg(tracks->cycles - tracks->invalidCycles)
                       .arg(tracks->footprints.size());
    if (tracks->invalidCycles > 0) line += tr(" (%1 cycles rejected)").arg(tracks->invalidCycles);
    gait_->setText(line);
  }
}

}  // namespace fatgraph::editor
