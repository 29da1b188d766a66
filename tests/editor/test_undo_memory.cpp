// The undo history's memory (issue 49 item 4, document/project_change.h, Document::setUndoBudget):
// undo and redo of every cheap edit (renames, the leg layer, the blend, the joystick, bindings)
// restore the project exactly; a step holds what its edit changed and shares the rest with
// the document (the pair distances, parameter planes and clips keep their buffers, pointer
// for pointer, through edits, undo and redo); a drag of cheap edits is one exact step; the
// budget drops the oldest steps, never the newest, and keeps the index and the clean state.
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <sstream>
#include <string>
#include <vector>

#include "one_hub_request.h"
#include "commands/build_graph_command.h"
#include "commands/document_command.h"
#include "commands/graph_edit_command.h"
#include "document/document.h"
#include "document/held_bytes.h"
#include "document/job_runner.h"
#include "document/project_change.h"

using fatgraph::editor::BuildGraphCommand;
using fatgraph::editor::Document;
using fatgraph::editor::GraphEditCommand;
using fatgraph::editor::GraphEditRequest;
using fatgraph::editor::ProjectChange;
namespace ed = fatgraph::editor;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

/// The settings an edit may change, as text (GraphSettings has no operator==).
std::string describe(const fatgraph::GraphSettings& s) {
  std::ostringstream out;
  out.precision(17);
  out << s.fps << ' ' << s.window << ' ' << static_cast<int>(s.linkage) << ' ' << static_cast<int>(s.locomotion) << ' '
      << s.parameterization.samples << ' ' << s.parameterization.grid << ' ' << s.parameterization.refine << '\n';
  for (double w : s.jointWeights) out << w << ' ';
  for (const auto& c : s.edgeParameterChoices) {
    out << "\nparam " << c.edge << ' ' << c.joint << ' ' << c.timeSeconds << ' ' << c.samples << ' ' << c.grid;
  }
  for (const auto& c : s.edgeLocomotionChoices) {
    out << "\nlocomotion " << c.edge << ' ' << (c.locomotion ? int(*c.locomotion) : -1) << ' '
        << (c.blend ? int(*c.blend) : -1);
  }
  for (const auto& c : s.edgeJoystickChoices) {
    out << "\njoystick " << c.edge << ' ' << c.deadZone.value_or(-1) << ' ' << c.responseExponent.value_or(-1) << ' '
        << c.invert.has_value() << ' ' << c.rangeMin.has_value() << ' ' << c.rangeMax.has_value();
  }
  for (const auto& b : s.actionBindings) out << "\nbind " << b.input << ' ' << b.edge;
  for (const auto& r : s.hubRejections) out << "\nreject " << r.clip << ' ' << r.sourceFrame;
  return out.str();
}

/// Whether `a` and `b` hold the same project as far as edits can tell: every part a change
/// compares element by element (history, thresholds, hubs, cuts, fat edges with their warps,
/// pair distances, parameterizations, distance cache, clips) and the settings and legs.
bool sameProject(const fatgraph::Project& a, const fatgraph::Project& b) {
  constexpr ed::ProjectParts compared = ed::kEditsPart | ed::kThresholdsPart | ed::kHubsPart | ed::kCutsPart |
                                        ed::kFatEdgesPart | ed::kSegmentDistancesPart | ed::kParameterizationsPart |
                                        ed::kDistancesPart | ed::kClipsPart;
  if (!ProjectChange::between(fatgraph::Project(a), b, compared).empty()) return false;
  if (describe(a.settings) != describe(b.settings)) return false;
  if (a.legs.legs.size() != b.legs.legs.size() || a.legs.method != b.legs.method) return false;
  return true;
}

const GraphEditCommand* topEdit(const Document& doc) {
  return dynamic_cast<const GraphEditCommand*>(doc.undoStack()->command(doc.undoStack()->index() - 1));
}

/// The buffers of the parts renames leave alone, to check they are the document's own, shared.
struct HeavyBuffers {
  const double* pairs = nullptr;
  std::vector<const float*> grids;
  std::vector<const fatgraph::WarpMap*> warps;
  const uint16_t* minima = nullptr;

  explicit HeavyBuffers(const fatgraph::Project& p)
      : pairs(p.graph.segmentDistances.pairValues().data()), minima(p.distances.scan.minimaBins.data()) {
    for (const auto& e : p.graph.parameterizations) grids.push_back(e.grid.weights.data());
    for (const auto& e : p.graph.fatEdges) warps.push_back(e.warps.data());
  }
  bool operator==(const HeavyBuffers&) const = default;
};

}  // namespace

class TestUndoMemory : public QObject {
  Q_OBJECT

 private:
  Document doc_;
  int built_ = 0;  // undo index right after the build

  QString firstEdge() const { return QString::fromStdString(doc_.graph().fatEdges.at(0).name); }
  std::size_t stepBytes(int i) const {
    return dynamic_cast<const ed::DocumentCommand*>(doc_.undoStack()->command(i))->heldBytes();
  }

 private slots:
  void initTestCase() {
    QCOMPARE(doc_.openFile(kRoll), QString());
    QCOMPARE(doc_.buildGraph(oneHubRequest()), QString());
    QVERIFY(doc_.graph().fatEdges.size() >= 2);
    QCOMPARE(doc_.graph().parameterizations.size(), doc_.graph().fatEdges.size());
    QVERIFY(doc_.graph().segmentDistances.pairCount() > 0);
    built_ = doc_.undoStack()->index();
  }

  void init() {
    doc_.setUndoBudget(Document::kDefaultUndoBudget);
    doc_.undoStack()->setIndex(built_);
  }

  // Each cheap edit, applied, undone and redone: exactly the project before, then after.
  void cheapEditsUndoRedoExactly_data() {
    QTest::addColumn<QString>("json");
    QTest::newRow("rename_edge") << QStringLiteral(R"({"op":"rename_edge","edge":"edge0","name":"walk"})");
    QTest::newRow("rename_hub") << QStringLiteral(R"({"op":"rename_hub","hub":"hub0","name":"stand"})");
    QTest::newRow("set_locomotion on") << QStringLiteral(R"({"op":"set_locomotion","edge":"edge0","locomotion":true})");
    QTest::newRow("set_locomotion off") << QStringLiteral(R"({"op":"set_locomotion","edge":"edge0","locomotion":false})");
    QTest::newRow("set_blend") << QStringLiteral(R"({"op":"set_blend","edge":"edge0","blend":"polar"})");
    QTest::newRow("set_joystick") << QStringLiteral(R"({"op":"set_joystick","edge":"edge0","dead_zone":0.2})");
    QTest::newRow("bind_action") << QStringLiteral(R"({"op":"bind_action","input":"key:K","edge":"edge1"})");
  }

  void cheapEditsUndoRedoExactly() {
    QFETCH(QString, json);
    const fatgraph::Project before = doc_.project();
    QCOMPARE(doc_.editGraph({json, QStringLiteral("cheap"), false}), QString());
    QVERIFY(!doc_.isBusy());  // applied at once
    const fatgraph::Project after = doc_.project();
    QVERIFY(!sameProject(before, after));
    const GraphEditCommand* step = topEdit(doc_);
    QVERIFY(step != nullptr);
    // An inverse, not a snapshot: no heavy part, a few KB at most (the settings, a history
    // entry, a name).
    QVERIFY(!step->change().holds(ed::kSegmentDistancesPart));
    QVERIFY(!step->change().holds(ed::kDistancesPart));
    QVERIFY(!step->change().holds(ed::kCutsPart));
    QVERIFY2(step->heldBytes() < 16 * 1024, qPrintable(QString::number(step->heldBytes())));
    for (int round = 0; round < 2; ++round) {
      QCOMPARE(doc_.undo(), QString());
      QVERIFY(sameProject(doc_.project(), before));
      QCOMPARE(doc_.redo(), QString());
      QVERIFY(sameProject(doc_.project(), after));
    }
  }

  // A binding follows its edge's rename, and comes back with the undo.
  void bindingFollowsRenameAndUndo() {
    QCOMPARE(doc_.editGraph(GraphEditRequest(QStringLiteral(R"({"op":"bind_action","input":"key:K","edge":"edge1"})"),
                                             QStringLiteral("bind"), false)),
             QString());
    QCOMPARE(doc_.editGraph(GraphEditRequest::renameFatEdge(QStringLiteral("edge1"), QStringLiteral("kick"))), QString());
    QCOMPARE(doc_.project().settings.actionBindings.at(0).edge, std::string("kick"));
    QCOMPARE(doc_.undo(), QString());
    QCOMPARE(doc_.project().settings.actionBindings.at(0).edge, std::string("edge1"));
    QCOMPARE(doc_.graph().fatEdges.at(1).name, std::string("edge1"));
    QCOMPARE(doc_.graph().parameterizations.at(1).edge, std::string("edge1"));
  }

  // Renames share the heavy parts with the document: the pair distances and the distance
  // cache keep their buffers through the renames; the fat edges' warps and the parameter
  // planes (which core copies when it renames) through every undo and redo. The steps hold
  // names, not planes.
  void renamesShareTheHeavyParts() {
    const double* pairs = doc_.graph().segmentDistances.pairValues().data();
    const uint16_t* minima = doc_.project().distances.scan.minimaBins.data();
    const std::size_t graphBytes = ed::heldBytes(doc_.graph());
    for (int k = 0; k < 4; ++k) {
      const auto& g = doc_.graph();
      const QString edge = QString::fromStdString(g.fatEdges.at(static_cast<size_t>(k) % g.fatEdges.size()).name);
      QCOMPARE(doc_.editGraph(GraphEditRequest::renameFatEdge(edge, QStringLiteral("renamed %1").arg(k))), QString());
      QCOMPARE(doc_.editGraph(GraphEditRequest::renameHub(QString::fromStdString(g.hubs.at(0).name),
                                                          QStringLiteral("hub renamed %1").arg(k))),
               QString());
      QCOMPARE(doc_.graph().segmentDistances.pairValues().data(), pairs);
      QCOMPARE(doc_.project().distances.scan.minimaBins.data(), minima);
    }
    QVERIFY2(doc_.undoBytes() * 20 < graphBytes,  // eight steps: under a twentieth of one copy of the graph
             qPrintable(QStringLiteral("%1 of %2").arg(doc_.undoBytes()).arg(graphBytes)));
    const HeavyBuffers buffers(doc_.project());
    QCOMPARE(buffers.pairs, pairs);
    while (doc_.undoStack()->index() > built_) {
      QCOMPARE(doc_.undo(), QString());
      QVERIFY(HeavyBuffers(doc_.project()) == buffers);
    }
    QCOMPARE(doc_.graph().fatEdges.at(0).name, std::string("edge0"));
    while (doc_.undoStack()->canRedo()) {
      QCOMPARE(doc_.redo(), QString());
      QVERIFY(HeavyBuffers(doc_.project()) == buffers);
    }
    QCOMPARE(doc_.graph().hubs.at(0).name, std::string("hub renamed 3"));
  }

  // A slow edit holds what it changed: a new edge threshold re-clusters the fat edges but
  // keeps the pair distances and the distance cache, which stay shared, on the calling
  // thread and on the worker (whose copy of the project is dropped once compared).
  void slowEditsShareWhatTheyLeave_data() {
    QTest::addColumn<bool>("worker");
    QTest::newRow("calling thread") << false;
    QTest::newRow("worker") << true;
  }

  void slowEditsShareWhatTheyLeave() {
    QFETCH(bool, worker);
    const double* pairs = doc_.graph().segmentDistances.pairValues().data();
    const uint16_t* minima = doc_.project().distances.scan.minimaBins.data();
    const fatgraph::Project before = doc_.project();
    const GraphEditRequest request = GraphEditRequest::setEdgeThreshold(0.02);
    if (worker) {
      QCOMPARE(doc_.startGraphEdit(request), QString());
      QVERIFY(doc_.jobs()->waitForFinished(-1));
    } else {
      QCOMPARE(doc_.applyGraphEdit(request), QString());
    }
    QCOMPARE(doc_.graph().edgeThreshold.rms, 0.02);
    const GraphEditCommand* step = topEdit(doc_);
    QVERIFY(step != nullptr);
    QVERIFY(step->change().holds(ed::kFatEdgesPart));
    QVERIFY(!step->change().holds(ed::kSegmentDistancesPart));
    QVERIFY(!step->change().holds(ed::kDistancesPart));
    QVERIFY(!step->change().holds(ed::kHubsPart));
    QCOMPARE(doc_.graph().segmentDistances.pairValues().data(), pairs);
    QCOMPARE(doc_.project().distances.scan.minimaBins.data(), minima);
    const fatgraph::Project after = doc_.project();
    QCOMPARE(doc_.undo(), QString());
    QVERIFY(sameProject(doc_.project(), before));
    QCOMPARE(doc_.graph().segmentDistances.pairValues().data(), pairs);
    QCOMPARE(doc_.redo(), QString());
    QVERIFY(sameProject(doc_.project(), after));
  }

  // A joystick range dragged through four values: one step, exact both ways, holding no
  // more than one edit would.
  void dragOfCheapEditsIsOneExactStep() {
    const fatgraph::Project before = doc_.project();
    const int drag = GraphEditRequest::nextDragId();
    for (float zone : {0.1F, 0.15F, 0.2F, 0.25F}) {
      fatgraph::EdgeJoystickChoice choice;
      choice.deadZone = zone;
      QCOMPARE(doc_.editGraph(GraphEditRequest::setJoystick(firstEdge(), choice, drag)), QString());
    }
    QCOMPARE(doc_.undoStack()->index(), built_ + 1);
    QVERIFY(topEdit(doc_)->heldBytes() < 16 * 1024);
    const fatgraph::Project after = doc_.project();
    QCOMPARE(doc_.project().settings.edgeJoystickChoices.at(0).deadZone.value_or(0), 0.25F);
    QCOMPARE(doc_.project().edits.size(), before.edits.size() + 4);
    QCOMPARE(doc_.undo(), QString());
    QVERIFY(sameProject(doc_.project(), before));
    QCOMPARE(doc_.redo(), QString());
    QVERIFY(sameProject(doc_.project(), after));
  }

  // A build at the clips' own rate leaves them alone: the step holds none of them, and the
  // clip buffers are the document's through undo and redo.
  void buildSharesTheClips() {
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    const fatgraph::Quat* frames = doc.clip(0).rotations.data();
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    const auto* step = dynamic_cast<const BuildGraphCommand*>(doc.undoStack()->command(doc.undoStack()->index() - 1));
    QVERIFY(step != nullptr);
    QVERIFY(step->heldBytes() < ed::heldBytes(doc.clip(0)));
    QCOMPARE(doc.clip(0).rotations.data(), frames);
    QCOMPARE(doc.undo(), QString());
    QVERIFY(doc.graph().empty());
    QCOMPARE(doc.clip(0).rotations.data(), frames);
    QCOMPARE(doc.redo(), QString());
    QVERIFY(!doc.graph().empty());
    QCOMPARE(doc.clip(0).rotations.data(), frames);
  }

  // Over the budget the oldest steps go, the newest never; what is left undoes exactly.
  void budgetDropsTheOldestSteps() {
    doc_.undoStack()->clear();  // the build's step holds the whole graph
    built_ = 0;
    std::vector<fatgraph::Project> states{doc_.project()};
    std::vector<std::size_t> bytes;
    for (int k = 0; k < 6; ++k) {
      QCOMPARE(doc_.editGraph(GraphEditRequest::renameFatEdge(firstEdge(), QStringLiteral("name %1").arg(k))), QString());
      states.push_back(doc_.project());
      bytes.push_back(topEdit(doc_)->heldBytes());
      QVERIFY(bytes.back() > 0);
    }
    QCOMPARE(doc_.undoStack()->count(), 6);
    std::size_t all = 0;
    for (std::size_t b : bytes) all += b;
    QCOMPARE(doc_.undoBytes(), all);
    doc_.undoStack()->setIndex(3);  // renames 3 to 5 can be redone
    doc_.undoStack()->setClean();
    QVERIFY(!doc_.isModified());
    doc_.undoStack()->setIndex(4);
    // What a step holds depends on the side it holds (the history entry, the settings): read
    // them where they stand now.
    for (int i = 0; i < 6; ++i) bytes[static_cast<size_t>(i)] = stepBytes(i);
    QSignalSpy modified(&doc_, &Document::modifiedChanged);
    // Room for the last four steps: the two oldest go.
    doc_.setUndoBudget(bytes[2] + bytes[3] + bytes[4] + bytes[5]);
    QCOMPARE(doc_.undoStack()->count(), 4);
    QCOMPARE(doc_.undoStack()->index(), 2);
    QCOMPARE(doc_.undoStack()->cleanIndex(), 1);
    QVERIFY(doc_.isModified());
    QCOMPARE(modified.count(), 0);  // modified before, modified after
    QCOMPARE(doc_.undoStack()->text(0), GraphEditRequest::renameFatEdge(QStringLiteral("name 1"), QStringLiteral("name 2")).label);
    QVERIFY(sameProject(doc_.project(), states[4]));
    QCOMPARE(doc_.redo(), QString());
    QVERIFY(sameProject(doc_.project(), states[5]));
    QCOMPARE(doc_.undo(), QString());
    QCOMPARE(doc_.undo(), QString());
    QCOMPARE(doc_.undo(), QString());
    QVERIFY(!doc_.undoStack()->canUndo());
    QVERIFY(sameProject(doc_.project(), states[2]));
    QCOMPARE(doc_.undoBytes(), stepBytes(0) + stepBytes(1) + stepBytes(2) + stepBytes(3));
    // A budget of nothing keeps the newest done step alone, and the clean state goes with the
    // steps dropped under it.
    QCOMPARE(doc_.redo(), QString());
    QCOMPARE(doc_.redo(), QString());
    QCOMPARE(doc_.redo(), QString());
    doc_.setUndoBudget(0);
    QCOMPARE(doc_.undoStack()->count(), 2);  // the newest done step and the one to redo
    QCOMPARE(doc_.undoStack()->index(), 1);
    QCOMPARE(doc_.undoStack()->cleanIndex(), -1);
    QVERIFY(doc_.isModified());
    QCOMPARE(doc_.undo(), QString());
    QVERIFY(sameProject(doc_.project(), states[4]));
    QCOMPARE(doc_.redo(), QString());
    QCOMPARE(doc_.redo(), QString());
    QVERIFY(sameProject(doc_.project(), states[6]));
    // Each push keeps the budget.
    QCOMPARE(doc_.editGraph(GraphEditRequest::renameHub(QStringLiteral("hub0"), QStringLiteral("only"))), QString());
    QCOMPARE(doc_.undoStack()->count(), 1);
  }

  // Steps dropped and pushed again keep merging where a drag goes on.
  void aDragGoesOnAfterOlderStepsAreDropped() {
    doc_.undoStack()->clear();
    QCOMPARE(doc_.editGraph(GraphEditRequest::renameHub(QStringLiteral("hub0"), QStringLiteral("stand"))), QString());
    const fatgraph::Project before = doc_.project();
    const int drag = GraphEditRequest::nextDragId();
    fatgraph::EdgeJoystickChoice choice;
    choice.deadZone = 0.3F;
    QCOMPARE(doc_.editGraph(GraphEditRequest::setJoystick(firstEdge(), choice, drag)), QString());
    doc_.setUndoBudget(0);  // the rename goes, the drag's step is pushed again
    QCOMPARE(doc_.undoStack()->count(), 1);
    choice.deadZone = 0.35F;
    QCOMPARE(doc_.editGraph(GraphEditRequest::setJoystick(firstEdge(), choice, drag)), QString());
    QCOMPARE(doc_.undoStack()->count(), 1);
    QCOMPARE(doc_.undo(), QString());
    QVERIFY(sameProject(doc_.project(), before));
  }
};

QTEST_MAIN(TestUndoMemory)
#include "test_undo_memory.moc"
