// Graph edits as undo commands (core graph_edits.h, one GraphEditCommand keyed by the op of
// its edit): the merge id of every op, undo and redo of each edit family restoring the
// project exactly, drags merging into one step by dragId (and only
// then), rename a fat edge and a hub, set the thresholds, accept and remove hubs (on the
// worker), refused edits that change nothing, and removing a clip together with the graph
// that refers to it.
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>
#include <utility>
#include <variant>

#include "one_hub_request.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "commands/command_ids.h"
#include "commands/graph_edit_command.h"
#include "fatgraph/core/graph/fat_edge_edits.h"

using fatgraph::editor::Document;
using fatgraph::editor::GraphEditCommand;
using fatgraph::editor::GraphEditRequest;
namespace cmd = fatgraph::editor;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

std::string edgeName(const Document& doc, size_t i) { return doc.graph().fatEdges.at(i).name; }

/// Everything a graph edit may change, as text: two projects with the same text have the same
/// hubs, match sets, segments, fat edges (members, reference), thresholds, linkage, legs and
/// edit history.
std::string describe(const fatgraph::Project& project) {
  std::ostringstream out;
  out.precision(17);
  const fatgraph::MotionGraph& g = project.graph;
  out << "hub " << g.hubThreshold.rms << g.hubThreshold.automatic << g.hubThreshold.method
      << " edge " << g.edgeThreshold.rms << g.edgeThreshold.automatic << g.edgeThreshold.method
      << " linkage " << static_cast<int>(project.settings.linkage) << '\n';
  for (const fatgraph::Hub& h : g.hubs) {
    out << h.name << ' ' << h.frame.clip << ':' << h.frame.frame << " [";
    for (const fatgraph::FrameRef& f : h.matchSet) out << f.clip << ':' << f.frame << ' ';
    out << "]\n";
  }
  for (const fatgraph::Segment& s : g.segments) {
    out << s.clip << ' ' << s.first << '-' << s.last << ' ' << s.fromHub << '>' << s.toHub << '\n';
  }
  for (const fatgraph::FatEdge& e : g.fatEdges) {
    out << e.name << ' ' << e.fromHub << '>' << e.toHub << " ref " << e.reference << " {";
    for (int s : e.segments) out << s << ' ';
    out << "} warps " << e.warps.size() << '\n';
  }
  out << "parameterized " << g.parameterizations.size() << " legs " << project.legs.legs.size()
      << '\n';
  for (const std::string& edit : project.edits) out << edit << '\n';
  return out.str();
}

/// One edit of every op (each default-constructed), in GraphEdit's order.
template <std::size_t... I>
std::vector<fatgraph::GraphEdit> oneOfEveryOp(std::index_sequence<I...>) {
  return {fatgraph::GraphEdit(std::in_place_index<I>)...};
}

/// Edits (as JSON, a short way to write them) and the undo text and speed the editor shows.
struct UndoTextRow {
  const char* json;
  const char* text;
  bool slow;
};
const UndoTextRow kUndoTexts[] = {
    {R"({"op":"set_hub_threshold","metres":0.08})", "Set hub threshold to 0.080 m", true},
    {R"({"op":"set_hub_threshold","metres":0.0625})", "Set hub threshold to 0.063 m", true},
    {R"({"op":"set_hub_threshold","metres":1.0005})", "Set hub threshold to 1.000 m", true},
    {R"({"op":"set_edge_threshold","metres":-1234.5})", "Set edge threshold to -1234.500 m", true},
    {R"({"op":"set_linkage","linkage":"single"})", "Cluster fat edges by single linkage", true},
    {R"({"op":"set_linkage","linkage":"complete"})", "Cluster fat edges by complete linkage", true},
    {R"({"op":"accept_hub"})", "Accept hub suggestion", true},
    {R"({"op":"add_hub","clip":"144_03","frame":812,"name":"turn"})", "Add hub at 144_03 frame 812", true},
    {R"({"op":"remove_hub","hub":"hub1"})", "Remove hub hub1", true},
    {R"({"op":"rename_hub","hub":"hub0","name":"stand"})", "Rename hub hub0 to stand", false},
    {R"({"op":"add_match","hub":"hub0","clip":"144_03","frame":400})",
        "Add 144_03 frame 400 to the match set of hub0", true},
    {R"({"op":"remove_match","hub":"hub0","clip":"144_03","frame":400})",
        "Remove 144_03 frame 400 from the match set of hub0", true},
    {R"({"op":"move_match","hub":"hub0","clip":"144_03","frame":400,"to":404})",
        "Move a match of hub0 from 144_03 frame 400 to 404", true},
    {R"({"op":"reject_hub","clip":"144_03","frame":-12})", "Reject hub suggestion at 144_03 frame -12", true},
    {R"({"op":"move_segment","segment":7,"edge":"edge1"})", "Move segment 7 to edge1", true},
    {R"({"op":"split_edge","edge":"edge1","segments":[3]})", "Split 1 segment off edge1", true},
    {R"({"op":"split_edge","edge":"edge1","segments":[3,5],"name":"fast"})", "Split 2 segments off edge1", true},
    {R"({"op":"merge_edges","edge":"edge0","absorbed":"edge2"})", "Merge fat edge edge2 into edge0", true},
    {R"({"op":"remove_segment","segment":7})", "Remove segment 7 from its fat edge", true},
    {R"({"op":"rename_edge","edge":"edge0","name":"walk"})", "Rename fat edge edge0 to walk", false},
    {R"({"op":"set_edge_parameters","edge":"edge0","joint":"LeftFoot","time_s":0.6,"samples":200})",
        "Parameterize edge0 by LeftFoot at 0.60 s", true},
    {R"({"op":"set_edge_parameters","edge":"edge0","time_s":0.125})",
        "Parameterize edge0 by automatic joint at 0.13 s", true},
    {R"({"op":"set_edge_parameters","edge":"edge0"})",
        "Parameterize edge0 by automatic joint at automatic time", true},
    {R"({"op":"set_parameterization","samples":300})", "Set parameterization defaults", true},
    {R"({"op":"set_legs","legs":[]})", "Set legs", true},
    {R"({"op":"detect_legs"})", "Detect legs", true},
    {R"({"op":"map_joint","joint":"Hand.L","follows":"LeftHand"})", "Map joint Hand.L to LeftHand", true},
    {R"({"op":"map_joint","joint":"Tail"})", "Unmap joint Tail", true},
    {R"({"op":"set_locomotion","edge":"edge0","locomotion":true})", "Set locomotion of edge0 to on", false},
    {R"({"op":"set_locomotion","edge":"edge0","locomotion":false})", "Set locomotion of edge0 to off", false},
    {R"({"op":"set_locomotion","edge":"edge0","locomotion":"auto"})",
        "Set locomotion of edge0 to automatic", false},
    {R"({"op":"set_blend","edge":"edge0","blend":"grid"})", "Set blend of edge0 to grid", false},
    {R"({"op":"set_blend","edge":"edge0","blend":"polar"})", "Set blend of edge0 to polar", false},
    {R"({"op":"set_joystick","edge":"edge0","dead_zone":0.1})", "Set joystick mapping of edge0", false},
    {R"({"op":"bind_action","input":"key:K","edge":"edge0"})", "Bind key:K to edge0", false},
    {R"({"op":"bind_action","input":"key:K"})", "Unbind key:K", false},
};

QString opOf(const GraphEditCommand& command) { return QString::fromLatin1(fatgraph::graphEditOp(command.edit())); }

/// The first fat edge with at least two segments, -1 when none.
int edgeWithTwoSegments(const fatgraph::MotionGraph& graph) {
  for (size_t e = 0; e < graph.fatEdges.size(); ++e) {
    if (graph.fatEdges[e].segments.size() >= 2) return static_cast<int>(e);
  }
  return -1;
}

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

  // Every op's undo text and speed as the editor has always shown them, from a typed edit
  // (kUndoTexts). Numbers round half away from zero, as QString::number does.
  void everyOpKeepsItsUndoText_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("slow");
    for (const UndoTextRow& row : kUndoTexts) {
      QTest::newRow(row.json) << QString::fromUtf8(row.json) << QString::fromUtf8(row.text) << row.slow;
    }
  }

  void everyOpKeepsItsUndoText() {
    QFETCH(QString, json);
    QFETCH(QString, text);
    QFETCH(bool, slow);
    const GraphEditRequest request(fatgraph::graphEditFromJson(json.toStdString()));
    QCOMPARE(request.label, text);
    QCOMPARE(request.slow, slow);
  }

  void everyOpHasAnUndoTextRow() {
    std::set<std::string> rows;
    std::set<std::string> ops;
    for (const UndoTextRow& row : kUndoTexts) rows.insert(fatgraph::graphEditOp(fatgraph::graphEditFromJson(row.json)));
    for (const fatgraph::GraphEdit& edit :
         oneOfEveryOp(std::make_index_sequence<std::variant_size_v<fatgraph::GraphEdit>>())) {
      ops.insert(fatgraph::graphEditOp(edit));
    }
    QVERIFY(rows == ops);
  }

  void renameFatEdgeUndoRedo() {
    QCOMPARE(edgeName(doc_, 1), std::string("edge1"));
    QSignalSpy changed(&doc_, &Document::graphChanged);
    QCOMPARE(doc_.applyGraphEdit(GraphEditRequest::renameFatEdge(QStringLiteral("edge1"),
                                                                 QStringLiteral("roll"))),
             QString());
    QCOMPARE(edgeName(doc_, 1), std::string("roll"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(doc_.undoStack()->undoText(), QStringLiteral("Rename fat edge edge1 to roll"));
    const auto* command = dynamic_cast<const GraphEditCommand*>(
        doc_.undoStack()->command(doc_.undoStack()->index() - 1));
    QVERIFY(command != nullptr);
    QCOMPARE(opOf(*command), QStringLiteral("rename_edge"));
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
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    QCOMPARE(doc_.graph().hubThreshold.rms, 0.05);
    QVERIFY(doc_.graph().hubs[0].matchSet.size() < matches);
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().hubs[0].matchSet.size(), matches);
  }

  void acceptThenRemoveHub() {
    const size_t segments = doc_.graph().segments.size();
    QCOMPARE(doc_.editGraph(GraphEditRequest::acceptHub()), QString());
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    QCOMPARE(doc_.graph().hubs.size(), size_t{2});
    QCOMPARE(doc_.graph().hubs[1].name, std::string("hub1"));
    QVERIFY(doc_.graph().segments.size() > segments);
    QCOMPARE(doc_.editGraph(GraphEditRequest::removeHub(QStringLiteral("hub0"))), QString());
    QVERIFY(doc_.jobs()->waitForFinished(-1));
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

  // One command class for every op, keyed by it: during a drag its id is its op's, and no
  // two ops share one (command_ids.h); otherwise -1. Its text is the request's.
  void everyOpHasItsOwnMergeId() {
    QList<int> ids;
    for (const fatgraph::GraphEdit& edit : oneOfEveryOp(std::make_index_sequence<std::variant_size_v<fatgraph::GraphEdit>>())) {
      const QString op = QString::fromLatin1(fatgraph::graphEditOp(edit));
      fatgraph::Project copy = doc_.project();
      const GraphEditCommand command(&doc_, edit, op, 0, doc_.graphStateOf(std::move(copy)));
      QCOMPARE(command.id(), -1);  // no drag: never merged
      QCOMPARE(command.text(), op);
      QCOMPARE(opOf(command), op);
      fatgraph::Project again = doc_.project();
      const GraphEditCommand dragged(&doc_, edit, op, 7, doc_.graphStateOf(std::move(again)));
      QCOMPARE(dragged.id(), cmd::graphEditCommandId(edit));
      QVERIFY2(!ids.contains(dragged.id()), qPrintable(op));
      ids << dragged.id();
    }
    QCOMPARE(ids.size(), static_cast<qsizetype>(std::variant_size_v<fatgraph::GraphEdit>));
  }

  // Each edit family applied, undone and redone: the project is exactly as before, then as
  // after (hubs, match sets, segments, fat edges, thresholds, linkage, history).
  void undoRedoRestoresTheProject_data() {
    QTest::addColumn<QString>("op");
    for (const char* op : {"rename_edge", "rename_hub", "set_edge_threshold", "set_linkage",
                           "move_segment", "split_edge", "merge_edges", "remove_segment",
                           "add_match", "remove_match"}) {
      QTest::newRow(op) << QString::fromLatin1(op);
    }
  }

  void undoRedoRestoresTheProject() {
    QFETCH(QString, op);
    const fatgraph::MotionGraph& g = doc_.graph();
    const int two = edgeWithTwoSegments(g);
    QVERIFY(two >= 0);
    QVERIFY(g.fatEdges.size() >= 2);
    const QString twoName = QString::fromStdString(g.fatEdges[static_cast<size_t>(two)].name);
    const int other = two == 0 ? 1 : 0;
    const QString otherName = QString::fromStdString(g.fatEdges[static_cast<size_t>(other)].name);
    const int member = g.fatEdges[static_cast<size_t>(two)].segments.back();
    const fatgraph::Hub& hub = g.hubs.at(0);
    const fatgraph::Clip& clip = doc_.clip(hub.matchSet.at(0).clip);
    const auto source = [&clip](int frame) { return static_cast<int>(std::lround(clip.sourceFrame(frame))); };
    const QString clipName = QString::fromStdString(clip.name);
    const QString hubName = QString::fromStdString(hub.name);
    GraphEditRequest edit;
    if (op == QLatin1String("rename_edge")) {
      edit = GraphEditRequest::renameFatEdge(twoName, QStringLiteral("walk"));
    } else if (op == QLatin1String("rename_hub")) {
      edit = GraphEditRequest::renameHub(hubName, QStringLiteral("stand"));
    } else if (op == QLatin1String("set_edge_threshold")) {
      edit = GraphEditRequest::setEdgeThreshold(g.edgeThreshold.rms * 0.5);
    } else if (op == QLatin1String("set_linkage")) {
      edit = GraphEditRequest::setLinkage(true);
    } else if (op == QLatin1String("move_segment")) {
      edit = GraphEditRequest::moveSegment(member, otherName);
    } else if (op == QLatin1String("split_edge")) {
      edit = GraphEditRequest::splitEdge(twoName, {member});
    } else if (op == QLatin1String("merge_edges")) {
      edit = GraphEditRequest::mergeEdges(twoName, otherName);
    } else if (op == QLatin1String("remove_segment")) {
      edit = GraphEditRequest::removeSegment(member);
    } else if (op == QLatin1String("add_match")) {
      // Halfway between two matches: a frame no match set holds yet.
      const int frame = (hub.matchSet.at(0).frame + hub.matchSet.at(1).frame) / 2;
      edit = {QStringLiteral(R"({"op":"add_match","hub":"%1","clip":"%2","frame":%3})")
                  .arg(hubName, clipName).arg(source(frame)),
              QStringLiteral("Add match"), true};
    } else {
      edit = {QStringLiteral(R"({"op":"remove_match","hub":"%1","clip":"%2","frame":%3})")
                  .arg(hubName, clipName).arg(source(hub.matchSet.at(1).frame)),
              QStringLiteral("Remove match"), true};
    }
    const std::string before = describe(doc_.project());
    const int commands = doc_.undoStack()->index();
    QCOMPARE(doc_.applyGraphEdit(edit), QString());
    QCOMPARE(doc_.undoStack()->index(), commands + 1);
    const auto* top = dynamic_cast<const GraphEditCommand*>(
        doc_.undoStack()->command(doc_.undoStack()->index() - 1));
    QVERIFY(top != nullptr);
    QCOMPARE(opOf(*top), op);
    const std::string after = describe(doc_.project());
    QVERIFY(after != before);
    doc_.undoStack()->undo();
    QCOMPARE(describe(doc_.project()), before);
    doc_.undoStack()->redo();
    QCOMPARE(describe(doc_.project()), after);
  }

  // A slider dragged through five thresholds: one undo step that goes back to the threshold
  // before the drag, labelled with the last value.
  void dragOfThresholdEditsIsOneStep() {
    const fatgraph::ThresholdChoice before = doc_.graph().edgeThreshold;
    const std::string project = describe(doc_.project());
    const int commands = doc_.undoStack()->index();
    const int drag = GraphEditRequest::nextDragId();
    const double values[] = {0.05, 0.07, 0.09, 0.11, 0.13};
    for (double m : values) {
      QCOMPARE(doc_.applyGraphEdit(GraphEditRequest::setEdgeThreshold(m, drag)), QString());
    }
    QCOMPARE(doc_.undoStack()->index(), commands + 1);
    QCOMPARE(doc_.graph().edgeThreshold.rms, 0.13);
    QCOMPARE(doc_.undoStack()->undoText(), GraphEditRequest::setEdgeThreshold(0.13).label);
    const auto* top = dynamic_cast<const GraphEditCommand*>(
        doc_.undoStack()->command(doc_.undoStack()->index() - 1));
    QVERIFY(top != nullptr);
    QCOMPARE(opOf(*top), QStringLiteral("set_edge_threshold"));
    QVERIFY(top->editJson().contains(QStringLiteral("0.13")));
    const std::string dragged = describe(doc_.project());
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().edgeThreshold.rms, before.rms);
    QCOMPARE(doc_.graph().edgeThreshold.automatic, before.automatic);
    QCOMPARE(describe(doc_.project()), project);
    doc_.undoStack()->redo();
    QCOMPARE(describe(doc_.project()), dragged);
  }

  void editsOfOtherDragsDoNotMerge_data() {
    QTest::addColumn<int>("firstDrag");
    QTest::addColumn<int>("secondDrag");
    QTest::addColumn<bool>("otherOp");
    QTest::addColumn<int>("steps");
    const int a = GraphEditRequest::nextDragId();
    const int b = GraphEditRequest::nextDragId();
    QTest::newRow("same drag") << a << a << false << 1;
    QTest::newRow("two drags") << a << b << false << 2;
    QTest::newRow("no drag") << 0 << 0 << false << 2;
    QTest::newRow("same drag, other op") << a << a << true << 2;
  }

  void editsOfOtherDragsDoNotMerge() {
    QFETCH(int, firstDrag);
    QFETCH(int, secondDrag);
    QFETCH(bool, otherOp);
    QFETCH(int, steps);
    const int commands = doc_.undoStack()->index();
    QCOMPARE(doc_.applyGraphEdit(GraphEditRequest::setEdgeThreshold(0.06, firstDrag)), QString());
    GraphEditRequest second = otherOp ? GraphEditRequest::setLinkage(true)
                                      : GraphEditRequest::setEdgeThreshold(0.08);
    second.dragId = secondDrag;
    QCOMPARE(doc_.applyGraphEdit(second), QString());
    QCOMPARE(doc_.undoStack()->index(), commands + steps);
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
