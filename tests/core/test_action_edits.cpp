// bind_action as data: any key or gamepad button of core's vocabulary bound to a named fat
// edge, one edge per input, refused with the reason for a name that is not in the vocabulary,
// the keyboard stick's keys or an unknown edge; kept by edge name through a re-clustering and
// a rename (a vanished edge's binding is named in the notes), stored in the project file, and
// refused on read when the file's rows are damaged.
#include <QtTest>

#include <algorithm>
#include <string>

#include "fatgraph/core/model/action_binding.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "project_store_test_support.h"
#include "synthetic_projects.h"

using namespace fatgraph;
using fatgraph::test::editFile;
using fatgraph::test::errorFrom;
using fatgraph::test::replaceStrings;

namespace {

bool mentions(const std::vector<std::string>& notes, const std::string& a, const std::string& b) {
  return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
    return n.find(a) != std::string::npos && n.find(b) != std::string::npos;
  });
}

std::string bind(const std::string& input, const std::string& edge) {
  return R"({"op": "bind_action", "input": ")" + input + R"(", "edge": ")" + edge + "\"}";
}

}  // namespace

class TestActionEdits : public QObject {
  Q_OBJECT
  Project base_;
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    base_ = test::twoStyleGraph();  // one hub, two fat edges
    QCOMPARE(int(base_.graph.fatEdges.size()), 2);
  }

  void vocabularyIsBindable() {
    const auto& names = actionInputNames();
    QCOMPARE(int(names.size()), 22 + 10 + 12 + 17 + 23);  // A-Z less W/A/S/D, digits, F-keys, named, pad
    for (const std::string& n : names) QVERIFY2(actionInputProblem(n).empty(), n.c_str());
    QVERIFY(std::find(names.begin(), names.end(), "key:W") == names.end());
    QVERIFY(std::find(names.begin(), names.end(), "pad:righttrigger") != names.end());
  }

  void bindReplaceAndUnbind() {
    Project p = base_;
    applyGraphEdit(p, bind("key:K", "edge0"));
    applyGraphEdit(p, bind("pad:rightshoulder", "edge1"));
    applyGraphEdit(p, bind("key:K", "edge1"));  // one edge per input: replaced in place
    const std::vector<ActionBinding> expected{{"key:K", "edge1"}, {"pad:rightshoulder", "edge1"}};
    QVERIFY(p.settings.actionBindings == expected);
    applyGraphEdit(p, R"({"op": "bind_action", "input": "key:K", "edge": null})");
    QCOMPARE(p.settings.actionBindings.size(), size_t(1));
    QCOMPARE(p.settings.actionBindings.front().input, std::string("pad:rightshoulder"));
    // The history keeps each edit's JSON, which reads back as the same edit.
    QCOMPARE(p.edits.size(), base_.edits.size() + 4);
    const GraphEdit unbind = graphEditFromJson(p.edits.back());
    QVERIFY(std::get<BindAction>(unbind).input == "key:K");
    QVERIFY(!std::get<BindAction>(unbind).edge);
    QCOMPARE(graphEditUndoText(unbind), std::string("Unbind key:K"));
    QCOMPARE(graphEditUndoText(graphEditFromJson(bind("key:F5", "edge0"))), std::string("Bind key:F5 to edge0"));
  }

  void badEditsChangeNothing_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("message");
    QTest::newRow("stick key") << QString::fromStdString(bind("key:W", "edge0"))
                               << "'key:W' steers the keyboard stick and cannot be bound";
    QTest::newRow("stick key D") << QString::fromStdString(bind("key:D", "edge0")) << "'key:D' steers";
    QTest::newRow("no such key") << QString::fromStdString(bind("key:Esc", "edge0"))
                                 << "'key:Esc' is no input name (keys are key:A to key:Z";
    QTest::newRow("lower case key") << QString::fromStdString(bind("key:k", "edge0")) << "'key:k' is no input name";
    QTest::newRow("pad upper case") << QString::fromStdString(bind("pad:A", "edge0")) << "'pad:A' is no input name";
    QTest::newRow("no prefix") << QString::fromStdString(bind("K", "edge0")) << "'K' is no input name";
    QTest::newRow("unknown edge") << QString::fromStdString(bind("key:K", "edge9")) << "edge9";
    QTest::newRow("unbind unbound") << R"({"op": "bind_action", "input": "key:K"})"
                                    << "no action is bound to 'key:K'";
    QTest::newRow("edge a number") << R"({"op": "bind_action", "input": "key:K", "edge": 3})"
                                   << "\"edge\" must be null or name a fat edge, got 3";
    QTest::newRow("no input") << R"({"op": "bind_action", "edge": "edge0"})" << "missing \"input\"";
  }
  void badEditsChangeNothing() {
    QFETCH(QString, edit);
    QFETCH(QString, message);
    Project p = base_;
    const QString error = errorFrom([&] { applyGraphEdit(p, edit.toStdString()); });
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("bind_action")), qPrintable(error));  // the edit is named
    QCOMPARE(p.edits.size(), base_.edits.size());
    QVERIFY(p.settings.actionBindings.empty());
  }

  void keptByNameThroughReclusteringRenameAndReload() {
    Project p = base_;
    applyGraphEdit(p, bind("key:K", "edge0"));
    applyGraphEdit(p, bind("pad:y", "edge1"));
    const auto notes = applyGraphEdit(
        p, "{\"op\": \"set_edge_threshold\", \"metres\": " + std::to_string(p.graph.edgeThreshold.rms * 1.01) + "}");
    QCOMPARE(int(p.graph.fatEdges.size()), 2);
    QVERIFY(!mentions(notes, "bind_action", "edge0"));
    applyGraphEdit(p, R"({"op": "rename_edge", "edge": "edge0", "name": "kick"})");
    QCOMPARE(p.settings.actionBindings.front().edge, std::string("kick"));
    const std::string path = dir_.filePath(QStringLiteral("actions.fgproj")).toStdString();
    saveProject(p, path);
    const Project loaded = loadProject(path);
    QVERIFY(loaded.settings.actionBindings == p.settings.actionBindings);
    // A project without bindings writes no /actions and loads with none.
    const std::string plain = dir_.filePath(QStringLiteral("plain.fgproj")).toStdString();
    saveProject(base_, plain);
    QVERIFY(loadProject(plain).settings.actionBindings.empty());
  }

  void bindingOfAVanishedEdgeIsNoted() {
    Project p = base_;
    applyGraphEdit(p, bind("key:J", "edge1"));
    const auto notes = applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 1000})");
    QCOMPARE(int(p.graph.fatEdges.size()), 1);
    QVERIFY2(mentions(notes, "bind_action", "no fat edge is called 'edge1'"),
             notes.empty() ? "no notes" : notes.front().c_str());
    QCOMPARE(p.settings.actionBindings.size(), size_t(1));  // kept: it returns with the name
  }

  void damagedRowsAreRefused_data() {
    QTest::addColumn<QStringList>("inputs");
    QTest::addColumn<QStringList>("edges");
    QTest::addColumn<QString>("message");
    QTest::newRow("stick key") << QStringList{QStringLiteral("key:W")} << QStringList{QStringLiteral("edge0")}
                               << "/actions/inputs: row 0: 'key:W' steers the keyboard stick";
    QTest::newRow("unknown input") << QStringList{QStringLiteral("key:K"), QStringLiteral("joy:1")}
                                   << QStringList{QStringLiteral("edge0"), QStringLiteral("edge1")}
                                   << "/actions/inputs: row 1: 'joy:1' is no input name";
    QTest::newRow("bound twice") << QStringList{QStringLiteral("key:K"), QStringLiteral("key:K")}
                                 << QStringList{QStringLiteral("edge0"), QStringLiteral("edge1")}
                                 << "/actions/inputs: row 1: 'key:K' is bound twice";
    QTest::newRow("edge without a name") << QStringList{QStringLiteral("key:K")} << QStringList{QString()}
                                         << "/actions/edges: row 0: the edge bound to 'key:K' has no name";
    QTest::newRow("fewer edges than inputs") << QStringList{QStringLiteral("key:K"), QStringLiteral("key:L")}
                                             << QStringList{QStringLiteral("edge0")} << "/actions/edges";
  }
  void damagedRowsAreRefused() {
    QFETCH(QStringList, inputs);
    QFETCH(QStringList, edges);
    QFETCH(QString, message);
    Project p = base_;
    applyGraphEdit(p, bind("key:K", "edge0"));
    const std::string path = dir_.filePath(QStringLiteral("damaged.fgproj")).toStdString();
    saveProject(p, path);
    const auto strings = [](const QStringList& list) {
      std::vector<std::string> out;
      for (const QString& s : list) out.push_back(s.toStdString());
      return out;
    };
    editFile(path, [&](hid_t f) {
      replaceStrings(f, "/actions/inputs", strings(inputs));
      replaceStrings(f, "/actions/edges", strings(edges));
    });
    const QString error = errorFrom([&] { loadProject(path); });
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(error.contains(QString::fromStdString(path)), qPrintable(error));  // the file is named
  }
};

QTEST_GUILESS_MAIN(TestActionEdits)
#include "test_action_edits.moc"
