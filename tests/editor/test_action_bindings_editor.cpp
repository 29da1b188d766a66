// The action mapping editor on hand-made bindings: the table lists each binding (an edge the
// graph no longer has says so), the edge chooser offers the graph's edges and keeps its choice
// across a refresh; "Bind Key or Button…" captures the next key press (or a pad button passed
// in) as one bind_action edit for the chosen edge, refuses W/A/S/D and keys without a name with
// the reason while it keeps capturing, Escape cancels; "Unbind" emits the selected row's unbind.
// (Applying the edits to a project, undo and playing the bound edge are test_play_dock.)
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

#include <memory>
#include <vector>

#include "document/graph_edit_request.h"
#include "play/action_inputs.h"
#include "views/action_bindings_editor.h"

using fatgraph::ActionBinding;
using fatgraph::editor::ActionBindingsEditor;
using fatgraph::editor::GraphEditRequest;

namespace {

QJsonObject parsed(const GraphEditRequest& edit) { return QJsonDocument::fromJson(edit.json().toUtf8()).object(); }

const QStringList kEdges{QStringLiteral("walk"), QStringLiteral("kick"), QStringLiteral("turn")};

}  // namespace

class TestActionBindingsEditor : public QObject {
  Q_OBJECT

  std::vector<GraphEditRequest> edits_;

  std::unique_ptr<ActionBindingsEditor> editor(const std::vector<ActionBinding>& bindings = {}) {
    auto e = std::make_unique<ActionBindingsEditor>();
    e->setBindings(bindings, kEdges);
    connect(e.get(), &ActionBindingsEditor::editRequested, this,
            [this](const GraphEditRequest& edit) { edits_.push_back(edit); });
    edits_.clear();
    return e;
  }

 private slots:
  void tableListsTheBindings() {
    auto e = editor({{"key:K", "kick"}, {"pad:rightshoulder", "jump"}});
    QCOMPARE(e->table()->rowCount(), 2);
    QCOMPARE(e->table()->item(0, 0)->text(), QStringLiteral("key:K"));
    QCOMPARE(e->table()->item(0, 1)->text(), QStringLiteral("kick"));
    QCOMPARE(e->table()->item(1, 1)->text(), QStringLiteral("jump (no such edge now)"));
    QCOMPARE(e->edgeCombo()->count(), 3);
    e->edgeCombo()->setCurrentIndex(2);
    e->setBindings({}, kEdges);  // a refresh keeps the chosen edge
    QCOMPARE(e->edgeCombo()->currentText(), QStringLiteral("turn"));
    QCOMPARE(e->table()->rowCount(), 0);
    e->setBindings({}, {});  // no graph: nothing to bind
    QVERIFY(!e->bindButton()->isEnabled());
  }

  void keyPressBindsTheChosenEdge_data() {
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("input");
    QTest::newRow("letter") << int(Qt::Key_K) << "key:K";
    QTest::newRow("digit") << int(Qt::Key_7) << "key:7";
    QTest::newRow("function key") << int(Qt::Key_F5) << "key:F5";
    QTest::newRow("space") << int(Qt::Key_Space) << "key:Space";
    QTest::newRow("enter is return") << int(Qt::Key_Enter) << "key:Return";
    QTest::newRow("arrow") << int(Qt::Key_Left) << "key:Left";
  }
  void keyPressBindsTheChosenEdge() {
    QFETCH(int, key);
    QFETCH(QString, input);
    auto e = editor();
    e->show();
    e->edgeCombo()->setCurrentIndex(1);
    e->bindButton()->click();
    QVERIFY(e->isCapturing());
    QTest::keyClick(e->bindButton(), static_cast<Qt::Key>(key));
    QVERIFY(!e->isCapturing());
    QCOMPARE(edits_.size(), size_t(1));
    const QJsonObject edit = parsed(edits_.front());
    QCOMPARE(edit.value(QStringLiteral("op")).toString(), QStringLiteral("bind_action"));
    QCOMPARE(edit.value(QStringLiteral("input")).toString(), input);
    QCOMPARE(edit.value(QStringLiteral("edge")).toString(), QStringLiteral("kick"));
    QCOMPARE(edits_.front().label, QStringLiteral("Bind %1 to kick").arg(input));
  }

  void refusedKeysKeepCapturing_data() {
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("message");
    QTest::newRow("W steers") << int(Qt::Key_W) << "'key:W' steers the keyboard stick";
    QTest::newRow("D steers") << int(Qt::Key_D) << "'key:D' steers the keyboard stick";
    QTest::newRow("no name") << int(Qt::Key_Percent) << "That key has no name";
  }
  void refusedKeysKeepCapturing() {
    QFETCH(int, key);
    QFETCH(QString, message);
    auto e = editor();
    e->show();
    e->bindButton()->click();
    QTest::keyClick(e->bindButton(), static_cast<Qt::Key>(key));
    QVERIFY(edits_.empty());
    QVERIFY(e->isCapturing());
    QVERIFY2(e->messageLabel()->text().contains(message), qPrintable(e->messageLabel()->text()));
    QTest::keyClick(e->bindButton(), Qt::Key_Escape);  // cancels
    QVERIFY(!e->isCapturing());
    QVERIFY(edits_.empty());
  }

  void padButtonBindsWhileCapturingOnly() {
    auto e = editor();
    e->capturePress(QStringLiteral("pad:x"));  // not capturing: nothing
    QVERIFY(edits_.empty());
    e->bindButton()->click();
    e->capturePress(QStringLiteral("pad:righttrigger"));
    QCOMPARE(edits_.size(), size_t(1));
    QCOMPARE(parsed(edits_.front()).value(QStringLiteral("input")).toString(), QStringLiteral("pad:righttrigger"));
    QCOMPARE(parsed(edits_.front()).value(QStringLiteral("edge")).toString(), QStringLiteral("walk"));
  }

  void unbindEmitsTheSelectedRow() {
    auto e = editor({{"key:K", "kick"}, {"pad:y", "turn"}});
    QVERIFY(!e->unbindButton()->isEnabled());
    e->table()->selectRow(1);
    QVERIFY(e->unbindButton()->isEnabled());
    e->unbindButton()->click();
    QCOMPARE(edits_.size(), size_t(1));
    const QJsonObject edit = parsed(edits_.front());
    QCOMPARE(edit.value(QStringLiteral("input")).toString(), QStringLiteral("pad:y"));
    QVERIFY(edit.value(QStringLiteral("edge")).isNull());
    QCOMPARE(edits_.front().label, QStringLiteral("Unbind pad:y"));
  }

  void keyNamesAndUnboundChoices() {
    using fatgraph::editor::keyInputName;
    using fatgraph::editor::unboundChoice;
    QCOMPARE(keyInputName(Qt::Key_Escape), QString());
    QCOMPARE(keyInputName(Qt::Key_PageDown), QStringLiteral("key:PageDown"));
    QCOMPARE(unboundChoice(QStringLiteral("key:1")), 0);
    QCOMPARE(unboundChoice(QStringLiteral("key:9")), 8);
    QCOMPARE(unboundChoice(QStringLiteral("key:0")), -1);
    QCOMPARE(unboundChoice(QStringLiteral("pad:y")), 3);
    QCOMPARE(unboundChoice(QStringLiteral("pad:start")), -1);
    // Every key name the editor produces is one core accepts (W/A/S/D refused by name).
    for (int key = Qt::Key_Space; key <= Qt::Key_AsciiTilde; ++key) {
      const QString name = keyInputName(key);
      if (name.isEmpty()) continue;
      const std::string problem = fatgraph::actionInputProblem(name.toStdString());
      QVERIFY2(problem.empty() || problem.find("steers") != std::string::npos, problem.c_str());
    }
    for (int key = 0x01000000; key <= 0x01000100; ++key) {
      const QString name = keyInputName(key);
      if (!name.isEmpty()) QVERIFY2(fatgraph::actionInputProblem(name.toStdString()).empty(), qPrintable(name));
    }
  }
};

QTEST_MAIN(TestActionBindingsEditor)
#include "test_action_bindings_editor.moc"
