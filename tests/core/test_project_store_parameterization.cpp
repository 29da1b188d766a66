// The project store's /parameterization: settings, edge choices and every edge's
// parameterization round-trip exactly; a file without the group (written before it existed)
// loads with the defaults and no parameterization.
#include <QTemporaryDir>
#include <QTest>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "synthetic_projects.h"

using namespace fatgraph;

namespace {

Project builtProject() {
  const test::TwoStyles s = test::twoStyleWalks();
  Project p = test::projectOf({s.plain, s.crouched, s.plain, s.crouched});
  buildMotionGraph(p);
  return p;
}

void expectSameAccuracy(const ParameterAccuracy& a, const ParameterAccuracy& b) {
  QCOMPARE(a.targets, b.targets);
  QCOMPARE(a.median3d, b.median3d);
  QCOMPARE(a.p95_3d, b.p95_3d);
  QCOMPARE(a.medianPlane, b.medianPlane);
  QCOMPARE(a.p95Plane, b.p95Plane);
}

void expectSame(const EdgeParameterization& a, const EdgeParameterization& b) {
  QCOMPARE(a.edge, b.edge);
  QCOMPARE(a.joint, b.joint);
  QCOMPARE(a.referenceTime, b.referenceTime);
  QCOMPARE(a.jointAutomatic, b.jointAutomatic);
  QCOMPARE(a.timeAutomatic, b.timeAutomatic);
  QCOMPARE(a.jointReason, b.jointReason);
  QVERIFY(a.sampleWeights == b.sampleWeights);
  QVERIFY(a.samplePositions == b.samplePositions);
  QCOMPARE(a.plane.dimension, b.plane.dimension);
  QCOMPARE(a.plane.reason, b.plane.reason);
  QCOMPARE(a.plane.centroid, b.plane.centroid);
  QCOMPARE(a.plane.normal, b.plane.normal);
  QCOMPARE(a.plane.xAxis, b.plane.xAxis);
  QCOMPARE(a.plane.yAxis, b.plane.yAxis);
  QCOMPARE(a.plane.spread, b.plane.spread);
  QCOMPARE(a.plane.tiltDegrees, b.plane.tiltDegrees);
  QCOMPARE(a.plane.steep, b.plane.steep);
  QVERIFY(a.plane.projected == b.plane.projected);
  QCOMPARE(a.triangulation.dimension, b.triangulation.dimension);
  QCOMPARE(a.triangulation.segmentCount, b.triangulation.segmentCount);
  QVERIFY(a.triangulation.sites == b.triangulation.sites);
  QVERIFY(a.triangulation.weights == b.triangulation.weights);
  QVERIFY(a.triangulation.siteOfPoint == b.triangulation.siteOfPoint);
  QVERIFY(a.triangulation.triangles == b.triangulation.triangles);
  QVERIFY(a.triangulation.hull == b.triangulation.hull);
  QCOMPARE(a.grid.resolution, b.grid.resolution);
  QCOMPARE(a.grid.segmentCount, b.grid.segmentCount);
  QCOMPARE(a.grid.minCorner, b.grid.minCorner);
  QCOMPARE(a.grid.maxCorner, b.grid.maxCorner);
  QVERIFY(a.grid.weights == b.grid.weights);
  QCOMPARE(a.refined, b.refined);
  expectSameAccuracy(a.plain, b.plain);
  expectSameAccuracy(a.achieved, b.achieved);
  QVERIFY(a.vertexError == b.vertexError);
  QVERIFY(a.notes == b.notes);
  QCOMPARE(a.settings.samples, b.settings.samples);
  QCOMPARE(a.settings.grid, b.settings.grid);
  QCOMPARE(a.settings.refine, b.settings.refine);
  QCOMPARE(a.settings.seed, b.settings.seed);
}

}  // namespace

class TestProjectStoreParameterization : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip() {
    Project p = builtProject();
    applyGraphEdit(p, R"({"op": "set_parameterization", "samples": 40, "grid": 8, "refine": true})");
    applyGraphEdit(p, R"({"op": "set_edge_parameters", "edge": "edge1", "joint": "LeftHand", "time_s": 0.3})");
    QCOMPARE(p.graph.parameterizations.size(), p.graph.fatEdges.size());
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("p.fgproj")).toStdString();
    saveProject(p, path);
    const Project q = loadProject(path);
    QCOMPARE(q.settings.parameterization.samples, 40);
    QCOMPARE(q.settings.parameterization.grid, 8);
    QVERIFY(q.settings.parameterization.refine);
    QCOMPARE(int(q.settings.edgeParameterChoices.size()), 1);
    const EdgeParameterChoice& c = q.settings.edgeParameterChoices[0];
    QCOMPARE(c.edge, std::string("edge1"));
    QCOMPARE(c.joint, p.skeleton.find("LeftHand"));
    QCOMPARE(c.timeSeconds, 0.3);
    QCOMPARE(c.samples, 0);
    QCOMPARE(c.grid, 0);
    QCOMPARE(q.graph.parameterizations.size(), p.graph.parameterizations.size());
    for (size_t e = 0; e < p.graph.parameterizations.size(); ++e) {
      expectSame(p.graph.parameterizations[e], q.graph.parameterizations[e]);
    }
  }

  void unparameterizedFileLoadsWithDefaults() {
    // No non-default settings, choices or results: nothing is written, as before the group
    // existed, and reading gives the defaults.
    const Project p = builtProject();
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("p.fgproj")).toStdString();
    saveProject(p, path);
    const Project q = loadProject(path);
    QVERIFY(q.graph.parameterizations.empty());
    QVERIFY(q.settings.edgeParameterChoices.empty());
    QCOMPARE(q.settings.parameterization.samples, 300);
    QCOMPARE(q.settings.parameterization.grid, 32);
    QVERIFY(q.settings.parameterization.refine);
  }
};

QTEST_GUILESS_MAIN(TestProjectStoreParameterization)
#include "test_project_store_parameterization.moc"
