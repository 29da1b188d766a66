// Graph edits as undo commands (core graph_edits.h through ApplyGraphEditCommand): rename a
// fat edge and a hub, set the thresholds, accept and remove hubs (on the worker), refused
// edits that change nothing, and removing a clip together with the graph that refers to it.
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <cmath>

#include "one_hub_request.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "commands/apply_graph_edit_command.h"

using fatgraph::editor::Document;
using fatgraph::editor::GraphEditRequest;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

std::string edgeName(const Document& doc, size_t i) { return doc.graph().fatEdges.at(i).name; }

}  // namespace

class TestGraphEditCommands : public QObject {
  Q_OBJECT

 private:
  Document doc_;
  int built_ = 0;  // undo index right after the build

 private slots:
  void initTestCase() {
    QCOMPARE(doc_.openFile(kRoll), QString());
    QCOMPARE(doc_.buildGraph(oneHubRequest()), QString());
    built_ = doc_.undoStack()->index();
  }

  void init() { doc_.undoStack()->setIndex(built_); }

  void renameFatEdgeUndoRedo() {
    QCOMPARE(edgeName(doc_, 1), std::string("edge1"));
    QSignalSpy changed(&doc_, &Document::graphChanged);
    QCOMPARE(doc_.applyGraphEdit(GraphEditRequest::renameFatEdge(QStringLiteral("edge1"),
                                                                 QStringLiteral("roll"))),
             QString());
    QCOMPARE(edgeName(doc_, 1), std::string("roll"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(doc_.undoStack()->undoText(), QStringLiteral("Rename fat edge edge1 to roll"));
    const auto* command = dynamic_cast<const fatgraph::editor::ApplyGraphEditCommand*>(
        doc_.undoStack()->command(doc_.undoStack()->index() - 1));
    QVERIFY(command != nullptr);
    QVERIFY(command->editJson().contains(QStringLiteral("\"rename_edge\"")));
    QCOMPARE(doc_.project().edits.size(), size_t{1});  // the history a script can replay
    doc_.undoStack()->undo();
    QCOMPARE(edgeName(doc_, 1), std::string("edge1"));
    QVERIFY(doc_.project().edits.empty());
    doc_.undoStack()->redo();
    QCOMPARE(edgeName(doc_, 1), std::string("roll"));
  }

  void renameHubUndoRedo() {
    QCOMPARE(doc_.editGraph(GraphEditRequest::renameHub(QStringLiteral("hub0"),
                                                        QStringLiteral("ready"))),
             QString());  // quick: applied at once
    QCOMPARE(doc_.graph().hubs[0].name, std::string("ready"));
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().hubs[0].name, std::string("hub0"));
  }

  void setEdgeThresholdUndoRedo() {
    const fatgraph::ThresholdChoice before = doc_.graph().edgeThreshold;
    QVERIFY(before.automatic);
    QCOMPARE(doc_.applyGraphEdit(GraphEditRequest::setEdgeThreshold(0.3)), QString());
    QCOMPARE(doc_.graph().edgeThreshold.rms, 0.3);
    QVERIFY(!doc_.graph().edgeThreshold.automatic);
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().edgeThreshold.rms, before.rms);
    QVERIFY(doc_.graph().edgeThreshold.automatic);
    QCOMPARE(QString::fromStdString(doc_.graph().edgeThreshold.method),
             QString::fromStdString(before.method));
  }

  void setHubThresholdOnTheWorker() {
    const size_t matches = doc_.graph().hubs[0].matchSet.size();
    QCOMPARE(doc_.editGraph(GraphEditRequest::setHubThreshold(0.05)), QString());
    QVERIFY(doc_.isBusy());  // a hub edit runs on the worker
    QVERIFY(doc_.jobs()->waitForFinished(30000));
    QCOMPARE(doc_.graph().hubThreshold.rms, 0.05);
    QVERIFY(doc_.graph().hubs[0].matchSet.size() < matches);
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().hubs[0].matchSet.size(), matches);
  }

  void acceptThenRemoveHub() {
    const size_t segments = doc_.graph().segments.size();
    QCOMPARE(doc_.editGraph(GraphEditRequest::acceptHub()), QString());
    QVERIFY(doc_.jobs()->waitForFinished(30000));
    QCOMPARE(doc_.graph().hubs.size(), size_t{2});
    QCOMPARE(doc_.graph().hubs[1].name, std::string("hub1"));
    QVERIFY(doc_.graph().segments.size() > segments);
    QCOMPARE(doc_.editGraph(GraphEditRequest::removeHub(QStringLiteral("hub0"))), QString());
    QVERIFY(doc_.jobs()->waitForFinished(30000));
    QCOMPARE(doc_.graph().hubs.size(), size_t{1});
    QCOMPARE(doc_.graph().hubs[0].name, std::string("hub1"));
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().hubs.size(), size_t{2});
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().hubs.size(), size_t{1});
    QCOMPARE(doc_.graph().segments.size(), segments);
  }

  // Authored edits outlast re-derivations, and the document tells which no longer apply.
  void authoredEditsLastAndLapsesAreTold() {
    QCOMPARE(doc_.applyGraphEdit(GraphEditRequest::renameFatEdge(QStringLiteral("edge1"),
                                                                 QStringLiteral("roll"))),
             QString());
    const auto roll = doc_.graph().fatEdges.at(1).segments;
    QCOMPARE(doc_.applyGraphEdit(GraphEditRequest::setEdgeThreshold(
                 doc_.graph().edgeThreshold.rms * 1.001)),
             QString());
    QCOMPARE(edgeName(doc_, 1), std::string("roll"));  // same segments, same name
    QCOMPARE(doc_.graph().fatEdges.at(1).segments, roll);

    // Remove the longest segment from its edge, then cut it in two with a new match: the
    // removal has nothing left to apply to, and a notice says so.
    const auto& segments = doc_.graph().segments;
    const auto longest = std::max_element(segments.begin(), segments.end(), [](const auto& a, const auto& b) {
      return a.frameCount() < b.frameCount();
    });
    const fatgraph::Segment cut = *longest;
    const QString remove = QStringLiteral(R"({"op":"remove_segment","segment":%1})")
                               .arg(longest - segments.begin());
    QCOMPARE(doc_.applyGraphEdit({remove, QStringLiteral("Remove segment"), false}), QString());
    const fatgraph::Clip& clip = doc_.project().clips.at(cut.clip);
    const long middle = std::lround(clip.sourceFrame((cut.first + cut.last) / 2));
    const QString match = QStringLiteral(R"({"op":"add_match","hub":"%1","clip":"%2","frame":%3})")
                              .arg(QString::fromStdString(doc_.graph().hubs.at(cut.fromHub).name),
                                   QString::fromStdString(clip.name))
                              .arg(middle);
    QSignalSpy notices(&doc_, &Document::notice);
    QCOMPARE(doc_.applyGraphEdit({match, QStringLiteral("Add match"), true}), QString());
    bool told = false;
    for (const auto& n : notices) {
      const QString text = n.at(0).toString();
      told = told || (text.contains(QStringLiteral("remove_segment")) &&
                      text.contains(QStringLiteral("no longer applies")));
    }
    QVERIFY(told);
  }

  void refusedEditsChangeNothing_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("expected");  // part of the message
    QTest::newRow("unknown edge") << QStringLiteral(R"({"op":"rename_edge","edge":"nope","name":"x"})")
                                  << QStringLiteral("nope");
    QTest::newRow("only hub") << QStringLiteral(R"({"op":"remove_hub","hub":"hub0"})")
                              << QStringLiteral("only hub");
    QTest::newRow("bad threshold") << QStringLiteral(R"({"op":"set_edge_threshold","metres":-1})")
                                   << QStringLiteral("metres");
    QTest::newRow("unknown op") << QStringLiteral(R"({"op":"fly"})") << QStringLiteral("fly");
    QTest::newRow("malformed") << QStringLiteral("{") << QStringLiteral("JSON");
  }

  void refusedEditsChangeNothing() {
    QFETCH(QString, json);
    QFETCH(QString, expected);
    QSignalSpy errors(&doc_, &Document::errorOccurred);
    const int commands = doc_.undoStack()->count();
    const QString error = doc_.applyGraphEdit({json, QStringLiteral("Test edit"), false});
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(error.startsWith(QStringLiteral("Test edit: ")));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(doc_.undoStack()->count(), commands);
    QCOMPARE(doc_.graph().hubs.size(), size_t{1});
  }

  void removingAClipTakesTheGraphAlong() {
    Document doc;
    QCOMPARE(doc.openFiles({kRoll, kRoll}), QStringList());
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    const size_t hubs = doc.graph().hubs.size();
    const int commands = doc.undoStack()->count();
    QCOMPARE(doc.removeClip(1), QString());
    QCOMPARE(doc.clipCount(), 1);
    QVERIFY(doc.graph().empty());
    QCOMPARE(doc.undoStack()->count(), commands + 1);  // one step
    doc.undoStack()->undo();
    QCOMPARE(doc.clipCount(), 2);
    QCOMPARE(doc.graph().hubs.size(), hubs);
    QVERIFY(doc.project().distances.valid());
  }
};

QTEST_MAIN(TestGraphEditCommands)
#include "test_graph_edit_commands.moc"
