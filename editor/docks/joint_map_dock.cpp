#include "docks/joint_map_dock.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "document/document.h"

namespace fatgraph::editor {
namespace {

QString matchText(JointMatch m) {
  switch (m) {
    case JointMatch::Name: return JointMapDock::tr("name");
    case JointMatch::Geometry: return JointMapDock::tr("geometry");
    case JointMatch::Edit: return JointMapDock::tr("chosen");
    case JointMatch::None: break;
  }
  return JointMapDock::tr("—");
}

}  // namespace

JointMapDock::JointMapDock(Document* document, QWidget* parent)
    : QDockWidget(tr("Joint map"), parent),
      document_(document),
      list_(new QTreeWidget),
      summary_(new QLabel),
      follows_(new QComboBox),
      map_(new QPushButton(tr("Map"))) {
  setObjectName(QStringLiteral("jointMapDock"));
  list_->setObjectName(QStringLiteral("jointMapList"));
  list_->setRootIsDecorated(false);
  list_->setHeaderLabels({tr("Character joint"), tr("Follows"), tr("Matched by")});
  list_->header()->setStretchLastSection(true);
  summary_->setObjectName(QStringLiteral("jointMapSummary"));
  summary_->setWordWrap(true);
  follows_->setObjectName(QStringLiteral("jointMapFollows"));
  map_->setObjectName(QStringLiteral("jointMapButton"));
  map_->setToolTip(tr("The selected joint follows the chosen clip joint (rest pose: none); the clips are "
                      "retargeted again and the graph re-derived around the same hubs; undoable"));
  auto* choose = new QHBoxLayout;
  choose->addWidget(follows_, 1);
  choose->addWidget(map_);
  auto* body = new QWidget;
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(list_, 1);
  layout->addLayout(choose);
  setWidget(body);

  connect(map_, &QPushButton::clicked, this, &JointMapDock::mapSelected);
  connect(list_, &QTreeWidget::currentItemChanged, this, &JointMapDock::selectionChanged);
  connect(document_, &Document::reset, this, &JointMapDock::refresh);
  connect(document_, &Document::characterChanged, this, &JointMapDock::refresh);
  refresh();
}

void JointMapDock::mapSelected() {
  const QTreeWidgetItem* row = list_->currentItem();
  if (row == nullptr) return;
  const QString follows = follows_->currentIndex() <= 0 ? QString() : follows_->currentText();
  document_->mapJoint(row->text(0), follows);
}

void JointMapDock::refresh() {
  const Project& p = document_->project();
  const ProjectCharacter& c = p.character;
  const QString selected = list_->currentItem() ? list_->currentItem()->text(0) : QString();
  list_->clear();
  follows_->clear();
  if (!c.retargeted()) {
    summary_->setText(c.empty() ? tr("No character: File > Character… chooses one.")
                                : tr("The character has the clips' own skeleton: nothing to map."));
    map_->setEnabled(false);
    follows_->setEnabled(false);
    return;
  }
  int followed = 0;
  for (int j = 0; j < p.skeleton.jointCount(); ++j) {
    const std::string& source = c.follows[static_cast<size_t>(j)];
    followed += !source.empty();
    auto* row = new QTreeWidgetItem(list_, {QString::fromStdString(p.skeleton.names[static_cast<size_t>(j)]),
                                           source.empty() ? tr("rest pose") : QString::fromStdString(source),
                                           matchText(c.matchedBy[static_cast<size_t>(j)])});
    if (row->text(0) == selected) list_->setCurrentItem(row);
  }
  summary_->setText(tr("%1 of the character's %2 joints follow the clips' %3 joints (%4)")
                        .arg(followed)
                        .arg(p.skeleton.jointCount())
                        .arg(c.clipsSkeleton.skeleton.jointCount())
                        .arg(QString::fromStdString(c.source)));
  follows_->addItem(tr("rest pose"));
  for (const std::string& name : c.clipsSkeleton.skeleton.names) follows_->addItem(QString::fromStdString(name));
  follows_->setEnabled(true);
  selectionChanged();
}

void JointMapDock::selectionChanged() {
  const QTreeWidgetItem* row = list_->currentItem();
  map_->setEnabled(row != nullptr && document_->project().character.retargeted());
  if (row == nullptr) return;
  const int at = follows_->findText(row->text(1));
  follows_->setCurrentIndex(at < 0 ? 0 : at);
}

}  // namespace fatgraph::editor
