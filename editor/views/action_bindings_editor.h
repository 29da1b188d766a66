#pragma once
// The project's action mapping (bind_action edits, core action_binding.h): any named fat edge
// on any key or gamepad button. The table lists the bindings (input, edge); choose an edge,
// press "Bind Key or Button…", then press the key (or the pad's button, which the Play dock
// passes in through capturePress) and one bind_action edit binds it; "Unbind" removes the
// selected row's binding. Every change is one undo step on the document, so the mapping is
// saved with the project. W/A/S/D steer and cannot be bound: the editor says so, as core does.
#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

#include "document/graph_edit_request.h"
#include "fatgraph/core/model/action_binding.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace fatgraph::editor {

class ActionBindingsEditor : public QWidget {
  Q_OBJECT

 public:
  explicit ActionBindingsEditor(QWidget* parent = nullptr);

  /// Shows `bindings` and offers `edges` (the graph's fat-edge names) to bind.
  void setBindings(const std::vector<ActionBinding>& bindings, const QStringList& edges);
  /// Whether the next key or button press becomes a binding.
  bool isCapturing() const;
  /// A press while capturing (a key, or a pad button from the Play dock): binds it to the
  /// chosen edge, or says why it cannot be bound. Ignored when not capturing.
  void capturePress(const QString& input);

  QTableWidget* table() const { return table_; }
  QComboBox* edgeCombo() const { return edgeCombo_; }
  QPushButton* bindButton() const { return bindButton_; }
  QPushButton* unbindButton() const { return unbindButton_; }
  QLabel* messageLabel() const { return message_; }

 signals:
  void editRequested(const GraphEditRequest& edit);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void setCapturing(bool on);
  void unbindSelected();

  QTableWidget* table_;
  QComboBox* edgeCombo_;
  QPushButton* bindButton_;
  QPushButton* unbindButton_;
  QLabel* message_;
};

}  // namespace fatgraph::editor
