#include "views/action_bindings_editor.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "play/action_inputs.h"

namespace fatgraph::editor {

ActionBindingsEditor::ActionBindingsEditor(QWidget* parent)
    : QWidget(parent),
      table_(new QTableWidget(0, 2, this)),
      edgeCombo_(new QComboBox(this)),
      bindButton_(new QPushButton(tr("Bind Key or Button…"), this)),
      unbindButton_(new QPushButton(tr("Unbind"), this)),
      message_(new QLabel(this)) {
  setObjectName(QStringLiteral("actionBindingsEditor"));
  table_->setObjectName(QStringLiteral("actionBindingsTable"));
  table_->setHorizontalHeaderLabels({tr("Input"), tr("Edge")});
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setMaximumHeight(120);
  edgeCombo_->setObjectName(QStringLiteral("actionEdgeCombo"));
  edgeCombo_->setToolTip(tr("The fat edge the next binding asks for"));
  bindButton_->setObjectName(QStringLiteral("bindActionButton"));
  bindButton_->setCheckable(true);
  bindButton_->setToolTip(tr("Then press the key or gamepad button that asks for the chosen edge; "
                             "the player takes it at the first hub the edge leaves"));
  unbindButton_->setObjectName(QStringLiteral("unbindActionButton"));
  message_->setObjectName(QStringLiteral("actionBindingsMessage"));
  message_->setWordWrap(true);

  auto* row = new QHBoxLayout;
  row->addWidget(edgeCombo_, 1);
  row->addWidget(bindButton_);
  row->addWidget(unbindButton_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_);
  layout->addLayout(row);
  layout->addWidget(message_);

  // The button keeps the focus while capturing, so its key presses are the ones to bind.
  bindButton_->installEventFilter(this);
  connect(bindButton_, &QPushButton::toggled, this, &ActionBindingsEditor::setCapturing);
  connect(unbindButton_, &QPushButton::clicked, this, &ActionBindingsEditor::unbindSelected);
  connect(table_, &QTableWidget::itemSelectionChanged, this,
          [this] { unbindButton_->setEnabled(!table_->selectedItems().isEmpty()); });
  setBindings({}, {});
}

void ActionBindingsEditor::setBindings(const std::vector<ActionBinding>& bindings, const QStringList& edges) {
  table_->setRowCount(static_cast<int>(bindings.size()));
  for (int r = 0; r < static_cast<int>(bindings.size()); ++r) {
    const ActionBinding& b = bindings[static_cast<size_t>(r)];
    const QString edge = QString::fromStdString(b.edge);
    table_->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(b.input)));
    auto* edgeItem = new QTableWidgetItem(edges.contains(edge) ? edge : tr("%1 (no such edge now)").arg(edge));
    table_->setItem(r, 1, edgeItem);
  }
  const QString chosen = edgeCombo_->currentText();
  edgeCombo_->clear();
  edgeCombo_->addItems(edges);
  if (const int at = edgeCombo_->findText(chosen); at >= 0) edgeCombo_->setCurrentIndex(at);
  bindButton_->setEnabled(!edges.isEmpty());
  if (edges.isEmpty()) bindButton_->setChecked(false);
  unbindButton_->setEnabled(!table_->selectedItems().isEmpty());
}

bool ActionBindingsEditor::isCapturing() const { return bindButton_->isChecked(); }

void ActionBindingsEditor::setCapturing(bool on) {
  if (on) {
    bindButton_->setFocus(Qt::OtherFocusReason);
    message_->setText(tr("Press the key or gamepad button for %1 (Escape cancels)").arg(edgeCombo_->currentText()));
  } else if (message_->text().startsWith(tr("Press"))) {
    message_->clear();
  }
}

void ActionBindingsEditor::capturePress(const QString& input) {
  if (!isCapturing()) return;
  if (const std::string problem = actionInputProblem(input.toStdString()); !problem.empty()) {
    message_->setText(QString::fromStdString(problem));  // still capturing: press another
    return;
  }
  const QString edge = edgeCombo_->currentText();
  bindButton_->setChecked(false);
  message_->setText(tr("%1 asks for %2").arg(input, edge));
  emit editRequested(GraphEditRequest(BindAction{input.toStdString(), edge.toStdString()}));
}

bool ActionBindingsEditor::eventFilter(QObject* watched, QEvent* event) {
  if (watched == bindButton_ && isCapturing() &&
      (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride)) {
    auto* key = static_cast<QKeyEvent*>(event);
    event->accept();
    if (event->type() == QEvent::ShortcutOverride || key->isAutoRepeat()) return true;
    if (key->key() == Qt::Key_Escape) {
      bindButton_->setChecked(false);
      return true;
    }
    const QString input = keyInputName(key->key());
    if (input.isEmpty()) {
      message_->setText(tr("That key has no name a binding can use: letters, digits, F1–F12, Space, "
                           "Tab, Return, the arrows and the editing keys can"));
    } else {
      capturePress(input);
    }
    return true;
  }
  return QWidget::eventFilter(watched, event);
}

void ActionBindingsEditor::unbindSelected() {
  const QList<QTableWidgetItem*> items = table_->selectedItems();
  if (items.isEmpty()) return;
  const QString input = table_->item(items.first()->row(), 0)->text();
  emit editRequested(GraphEditRequest(BindAction{input.toStdString(), std::nullopt}));
}

}  // namespace fatgraph::editor
