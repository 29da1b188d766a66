// The graph view: one disc per hub and one edge per fat edge, labelled "name · N segments",
// discs sized by match set, edge widths by segment count, parallel edges and loops drawn
// apart, clicks on a disc or an edge asking to select it (on a hand-made graph whose answers
// are known, and on the graph built from the sample walk).
#include <QSignalSpy>
#include <QTest>

#include <cmath>

#include "document/document.h"
#include "fatgraph/core/model/motion_graph.h"
#include "one_hub_request.h"
#include "views/graph_view.h"

using fatgraph::editor::GraphView;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

fatgraph::FatEdge edge(const char* name, int from, int to, int segments) {
  fatgraph::FatEdge e;
  e.name = name;
  e.fromHub = from;
  e.toHub = to;
  for (int s = 0; s < segments; ++s) e.segments.push_back(s);
  return e;
}

/// Three hubs; two edges each way between hubs 0 and 1, two loops on hub 1, one edge 0 -> 2.
fatgraph::MotionGraph handMadeGraph() {
  fatgraph::MotionGraph graph;
  for (int h = 0; h < 3; ++h) {
    fatgraph::Hub hub;
    hub.name = "hub" + std::to_string(h);
    hub.frame = {0, 10 * h};
    for (int m = 0; m < (h == 1 ? 12 : 3); ++m) hub.matchSet.push_back({0, 100 + m});
    graph.hubs.push_back(hub);
  }
  graph.fatEdges = {edge("walk", 0, 1, 5), edge("back", 1, 0, 2), edge("turn", 1, 1, 3),
                    edge("idle", 1, 1, 1), edge("jump", 0, 2, 1)};
  return graph;
}

double distance(const QPointF& a, const QPointF& b) { return std::hypot(a.x() - b.x(), a.y() - b.y()); }

}  // namespace

class TestGraphView : public QObject {
  Q_OBJECT

 private slots:
  void labelsAndSizes() {
    GraphView view;
    view.resize(600, 500);
    view.setGraph(handMadeGraph());
    QCOMPARE(view.nodeCount(), 3);
    QCOMPARE(view.edgeCount(), 5);
    const auto& nodes = view.layout().nodes;
    const auto& edges = view.layout().edges;
    QCOMPARE(nodes[1].name, QStringLiteral("hub1"));
    QCOMPARE(nodes[1].matches, 12);
    QVERIFY(nodes[1].radius > nodes[0].radius);  // the larger match set
    QCOMPARE(edges[0].label, QStringLiteral("walk · 5 segments"));
    QCOMPARE(edges[3].label, QStringLiteral("idle · 1 segment"));
    QVERIFY(edges[0].width > edges[1].width);  // 5 segments against 2
    // Nodes apart from each other, all inside the widget.
    for (int a = 0; a < 3; ++a) {
      QVERIFY(QRectF(0, 0, 600, 500).contains(nodes[a].centre));
      for (int b = a + 1; b < 3; ++b) QVERIFY(distance(nodes[a].centre, nodes[b].centre) > 100);
    }
  }

  void parallelEdgesAndLoopsApart() {
    GraphView view;
    view.resize(600, 500);
    view.setGraph(handMadeGraph());
    const auto& edges = view.layout().edges;
    // walk (0 -> 1) and back (1 -> 0) bend to opposite sides; the two loops fan out, the
    // second reaching further.
    QVERIFY2(distance(edges[0].labelAnchor, edges[1].labelAnchor) > 20,
             qPrintable(QStringLiteral("%1").arg(distance(edges[0].labelAnchor, edges[1].labelAnchor))));
    QVERIFY(distance(edges[2].labelAnchor, edges[3].labelAnchor) > 15);
    const QPointF hub1 = view.layout().nodes[1].centre;
    QVERIFY(distance(edges[3].labelAnchor, hub1) > distance(edges[2].labelAnchor, hub1));
  }

  void clicksSelect_data() {
    QTest::addColumn<int>("edge");
    for (int e = 0; e < 5; ++e) QTest::addRow("edge %d", e) << e;
  }

  void clicksSelect() {
    QFETCH(int, edge);
    GraphView view;
    view.resize(600, 500);
    view.setGraph(handMadeGraph());
    QSignalSpy hubs(&view, &GraphView::hubClicked);
    QSignalSpy edges(&view, &GraphView::edgeClicked);
    QSignalSpy cleared(&view, &GraphView::cleared);
    const QPointF anchor = view.layout().edges[static_cast<size_t>(edge)].labelAnchor;
    QTest::mouseClick(&view, Qt::LeftButton, {}, anchor.toPoint());
    QCOMPARE(edges.count(), 1);
    QCOMPARE(edges.at(0).at(0).toInt(), edge);
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.layout().nodes[2].centre.toPoint());
    QCOMPARE(hubs.count(), 1);
    QCOMPARE(hubs.at(0).at(0).toInt(), 2);
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(cleared.count(), 1);
    view.setSelectedEdge(edge);
    QCOMPARE(view.selectedEdge(), edge);
    QVERIFY(!view.grab().isNull());
  }

  void builtGraph() {
    fatgraph::editor::Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    QCOMPARE(doc.applyGraphEdit(fatgraph::editor::GraphEditRequest::acceptHub()), QString());
    const fatgraph::MotionGraph& graph = doc.graph();
    GraphView view;
    view.resize(640, 520);
    view.setGraph(graph);
    QCOMPARE(view.nodeCount(), static_cast<int>(graph.hubs.size()));
    QCOMPARE(view.edgeCount(), static_cast<int>(graph.fatEdges.size()));
    QVERIFY(view.edgeCount() >= 2);
    for (size_t e = 0; e < graph.fatEdges.size(); ++e) {
      const QString expected = QStringLiteral("%1 · %2 segment%3")
                                   .arg(QString::fromStdString(graph.fatEdges[e].name))
                                   .arg(graph.fatEdges[e].segments.size())
                                   .arg(graph.fatEdges[e].segments.size() == 1 ? QString() : QStringLiteral("s"));
      QCOMPARE(view.layout().edges[e].label, expected);
    }
    for (size_t h = 0; h < graph.hubs.size(); ++h) {
      QCOMPARE(view.layout().nodes[h].matches, static_cast<int>(graph.hubs[h].matchSet.size()));
      QCOMPARE(view.hubAt(view.layout().nodes[h].centre), static_cast<int>(h));
    }
  }
};

QTEST_MAIN(TestGraphView)
#include "test_graph_view.moc"
