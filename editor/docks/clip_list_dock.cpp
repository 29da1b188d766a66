#include "docks/clip_list_dock.h"

#include <QAction>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QListView>
#include <QToolButton>
#include <QVBoxLayout>

#include "document/document.h"
#include "models/clip_list_model.h"

namespace fatgraph::editor {

ClipListDock::ClipListDock(Document* document, QWidget* parent)
    : QDockWidget(tr("Clips"), parent),
      document_(document),
      model_(new ClipListModel(document, this)),
      view_(new QListView(this)),
      removeButton_(new QToolButton(this)) {
  setObjectName(QStringLiteral("clipListDock"));
  view_->setObjectName(QStringLiteral("clipListView"));
  view_->setModel(model_);
  view_->setSelectionMode(QAbstractItemView::SingleSelection);
  view_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  view_->setUniformItemSizes(true);
  view_->setTextElideMode(Qt::ElideRight);
  view_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  view_->setSpacing(2);
  removeButton_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  removeButton_->setVisible(false);

  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(view_);
  auto* buttons = new QHBoxLayout;
  buttons->addStretch(1);
  buttons->addWidget(removeButton_);
  layout->addLayout(buttons);
  setWidget(content);

  connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (current.isValid()) document_->setCurrentClip(current.row());
          });
  connect(document, &Document::currentClipChanged, this, &ClipListDock::selectCurrentClip);
  connect(document, &Document::reset, this, &ClipListDock::selectCurrentClip);
  connect(document, &Document::clipInserted, this, &ClipListDock::selectCurrentClip);
  connect(document, &Document::clipRemoved, this, &ClipListDock::selectCurrentClip);
}

void ClipListDock::setRemoveAction(QAction* action) {
  removeButton_->setDefaultAction(action);
  removeButton_->setVisible(true);
}

void ClipListDock::selectCurrentClip() {
  const int row = document_->currentClip();
  QItemSelectionModel* selection = view_->selectionModel();
  if (row < 0) {
    selection->clear();
    return;
  }
  const QModelIndex index = model_->index(row);
  if (selection->currentIndex() == index && selection->isSelected(index)) return;
  selection->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
}

}  // namespace fatgraph::editor
