// The .fgraph file: core's writer and runtime_io's loader agree bit for bit on a graph exported
// from real mocap (144_03 with parameterized edges, legs and leg cycles), a version-1 file still
// loads, and every kind of bad file is refused with one line naming the file and what is wrong.
// Exports are atomic.
#include <QtTest>

#include <hdf5.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/core/io/runtime_graph_export.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime/velocity_space.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "core/runtime_graph_fixtures.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// Bit equality, so NaN equals NaN and 0.0 differs from -0.0.
template <class T>
bool sameBits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
template <class T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}
template <class T, size_t N>
bool sameBits(const T (&a)[N], const T (&b)[N]) {
  return std::memcmp(a, b, sizeof a) == 0;
}

// The first field in which two graphs differ, or empty.
std::string firstDifference(const RuntimeGraph& a, const RuntimeGraph& b) {
  const RuntimeSkeleton &s = a.skeleton, &t = b.skeleton;
  if (a.formatVersion != b.formatVersion) return "formatVersion";
  if (!sameBits(a.fps, b.fps) || a.startEdge != b.startEdge) return "fps or startEdge";
  if (!sameBits(a.transitions.blendSeconds, b.transitions.blendSeconds)) return "transitions";
  if (!sameBits(a.cycleRates.slowest, b.cycleRates.slowest) || !sameBits(a.cycleRates.fastest, b.cycleRates.fastest))
    return "cycle rates";
  if (s.names != t.names || s.parents != t.parents || s.animatedTranslation != t.animatedTranslation) {
    return "skeleton names, parents or animated translation";
  }
  for (size_t j = 0; j < s.restOffsets.size(); ++j) {
    if (!sameBits(s.restOffsets[j], t.restOffsets[j])) return "skeleton rest offset " + std::to_string(j);
  }
  if (s.endSites.size() != t.endSites.size()) return "end site count";
  for (size_t k = 0; k < s.endSites.size(); ++k) {
    if (s.endSites[k].parent != t.endSites[k].parent || !sameBits(s.endSites[k].offset, t.endSites[k].offset)) {
      return "end site " + std::to_string(k);
    }
  }
  if (a.translatedJoints != b.translatedJoints) return "translatedJoints";
  if (a.hubs.size() != b.hubs.size()) return "hub count";
  for (size_t h = 0; h < a.hubs.size(); ++h) {
    const RuntimeHub &x = a.hubs[h], &y = b.hubs[h];
    if (x.name != y.name || x.outgoing != y.outgoing || x.defaultEdge != y.defaultEdge) return "hub " + x.name;
  }
  if (a.edges.size() != b.edges.size()) return "edge count";
  for (size_t i = 0; i < a.edges.size(); ++i) {
    const RuntimeEdge &x = a.edges[i], &y = b.edges[i];
    const std::string e = "edge " + x.name + ": ";
    if (x.name != y.name || x.fromHub != y.fromHub || x.toHub != y.toHub) return e + "name or hubs";
    if (x.referenceSegment != y.referenceSegment || !sameBits(x.referenceDuration, y.referenceDuration)) {
      return e + "reference";
    }
    if (!sameBits(x.paramErrorMedian, y.paramErrorMedian)) return e + "paramErrorMedian";
    if (!sameBits(x.data, y.data)) return e + "data block";
    if (x.segments.size() != y.segments.size()) return e + "segment count";
    for (size_t k = 0; k < x.segments.size(); ++k) {
      const RuntimeSegment &p = x.segments[k], &q = y.segments[k];
      if (p.clip != q.clip || p.firstFrame != q.firstFrame || p.frameCount != q.frameCount ||
          !sameBits(p.duration, q.duration) || p.rotations != q.rotations ||
          p.translations != q.translations || p.trajectory != q.trajectory || p.warpX != q.warpX ||
          p.warpY != q.warpY || p.warpKnots != q.warpKnots) {
        return e + "segment " + std::to_string(k);
      }
    }
    const RuntimeParameterSpace &p = x.parameters, &q = y.parameters;
    if (p.dimension != q.dimension || p.joint != q.joint || !sameBits(p.referenceTime, q.referenceTime) ||
        p.gridResolution != q.gridResolution || !sameBits(p.origin, q.origin) ||
        !sameBits(p.xAxis, q.xAxis) || !sameBits(p.yAxis, q.yAxis) || !sameBits(p.gridMin, q.gridMin) ||
        !sameBits(p.gridMax, q.gridMax) || !sameBits(p.gridWeights, q.gridWeights)) {
      return e + "parameter space";
    }
    const JoystickMapping &m = x.joystick, &n = y.joystick;
    if (!sameBits(m.deadZone, n.deadZone) || !sameBits(m.responseExponent, n.responseExponent) ||
        m.invert[0] != n.invert[0] || m.invert[1] != n.invert[1] || !sameBits(m.neutral, n.neutral) ||
        !sameBits(m.rangeMin, n.rangeMin) || !sameBits(m.rangeMax, n.rangeMax)) {
      return e + "joystick";
    }
    if (x.blend != y.blend || !sameBits(x.bandSamples, y.bandSamples)) return e + "blend or band samples";
    const RuntimeVelocitySpace &vx = x.velocitySpace, &vy = y.velocitySpace;
    if (x.idle != y.idle || vx.n != vy.n || !sameBits(vx.min, vy.min) || !sameBits(vx.max, vy.max) ||
        !sameBits(vx.points, vy.points))
      return e + "idle or velocity space";
    const RuntimeLocomotion &u = x.locomotion, &v = y.locomotion;
    if (u.enabled != v.enabled || !sameBits(u.floorHeight, v.floorHeight) ||
        !sameBits(u.cycleDistance, v.cycleDistance) || !sameBits(u.cycleDuration, v.cycleDuration) ||
        u.legCycles.size() != v.legCycles.size() ||
        (!u.legCycles.empty() &&
         std::memcmp(u.legCycles.data(), v.legCycles.data(), u.legCycles.size() * sizeof(RuntimeLegCycle)) != 0)) {
      return e + "locomotion";
    }
  }
  // The generated body (issue #14), every array bit for bit.
  const SkinnedMesh &p = a.body, &q = b.body;
  if (p.vertexCount() != q.vertexCount() || p.normals.size() != q.normals.size() ||
      p.joints != q.joints || p.triangles != q.triangles || p.inverseBind.size() != q.inverseBind.size())
    return "body sizes, joints or triangles";
  for (int v = 0; v < p.vertexCount(); ++v) {
    if (!sameBits(p.positions[v], q.positions[v]) || !sameBits(p.normals[v], q.normals[v]) ||
        std::memcmp(p.weights[v].data(), q.weights[v].data(), sizeof p.weights[v]) != 0)
      return "body vertex " + std::to_string(v);
  }
  for (size_t j = 0; j < p.inverseBind.size(); ++j)
    if (!sameBits(p.inverseBind[j], q.inverseBind[j]))
      return "body inverse bind " + std::to_string(j);
  if (a.legs.size() != b.legs.size()) return "leg count";
  for (size_t l = 0; l < a.legs.size(); ++l) {
    const RuntimeLeg &x = a.legs[l], &y = b.legs[l];
    if (x.name != y.name || x.chain != y.chain || !sameBits(x.heel, y.heel) || !sameBits(x.toeTip, y.toeTip) ||
        !sameBits(x.length, y.length) || !sameBits(x.footLength, y.footLength)) {
      return "leg " + x.name;
    }
  }
  return {};
}

// The message loadRuntimeGraph throws for `path`, or "(loaded)".
std::string loadError(const std::string& path) {
  try {
    loadRuntimeGraph(path);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(loaded)";
}

// Opens an exported file for editing with HDF5's C API (the tests' tampering tool).
struct TamperedFile {
  hid_t file;
  explicit TamperedFile(const std::string& path) : file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT)) {}
  ~TamperedFile() { H5Fclose(file); }
  void replaceIntAttribute(const char* name, int value) const {
    replaceAttribute("/", name, H5T_STD_I32LE, H5T_NATIVE_INT, &value);
  }
  void replaceEdgeIntAttribute(const char* group, const char* name, int value) const {
    replaceAttribute(group, name, H5T_STD_I32LE, H5T_NATIVE_INT, &value);
  }
  void replaceWithVariableString(const char* group, const char* name, const char* value) const {
    const hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    replaceAttribute(group, name, type, type, &value);
    H5Tclose(type);
  }
  void replaceFloats(const char* path, const std::vector<float>& values) const {
    replaceVector(path, H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, values.size(), values.data());
  }
  void replaceInts(const char* path, const std::vector<int>& values) const {
    replaceVector(path, H5T_STD_I32LE, H5T_NATIVE_INT, values.size(), values.data());
  }
  void replaceFloatAttribute(const char* group, const char* name, float value) const {
    replaceAttribute(group, name, H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, &value);
  }

 private:
  // A scalar attribute `name` of `group` rewritten with the given file type.
  void replaceAttribute(const char* group, const char* name, hid_t fileType, hid_t memType,
                        const void* value) const {
    const hid_t g = H5Gopen2(file, group, H5P_DEFAULT);
    H5Adelete(g, name);
    const hid_t space = H5Screate(H5S_SCALAR);
    const hid_t attr = H5Acreate2(g, name, fileType, space, H5P_DEFAULT, H5P_DEFAULT);
    H5Awrite(attr, memType, value);
    H5Aclose(attr);
    H5Sclose(space);
    H5Gclose(g);
  }
  // Dataset `path` rewritten as a 1-D array of `count` values.
  void replaceVector(const char* path, hid_t fileType, hid_t memType, hsize_t count,
                     const void* values) const {
    H5Ldelete(file, path, H5P_DEFAULT);
    const hid_t space = H5Screate_simple(1, &count, nullptr);
    const hid_t ds = H5Dcreate2(file, path, fileType, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    H5Dwrite(ds, memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, values);
    H5Dclose(ds);
    H5Sclose(space);
  }
};

}  // namespace

class TestRuntimeGraphFile : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  RuntimeGraph graph_;  // 144_03 with one hub, parameterized
  std::string exported_;
  std::string project_;  // the project it came from

  std::string path(const char* name) const { return dir_.filePath(QString::fromUtf8(name)).toStdString(); }
  // A fresh copy of the exported file to damage.
  std::string copyOfExport(const char* name) const {
    const std::string p = path(name);
    std::filesystem::copy_file(exported_, p, std::filesystem::copy_options::overwrite_existing);
    return p;
  }

 private slots:
  void initTestCase() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    const Project project = test::smallParameterizedWalk14403();
    QVERIFY(!project.graph.fatEdges.empty());
    graph_ = buildRuntimeGraph(project);
    QVERIFY(!graph_.legs.empty());
    QVERIFY(std::any_of(graph_.edges.begin(), graph_.edges.end(),
                        [](const RuntimeEdge& e) { return e.locomotion.enabled; }));
    QCOMPARE(graph_.validate(), std::string());
    QVERIFY(graph_.edges[0].parameters.gridResolution == 8);
    project_ = path("144_03.fgproj");
    saveProject(project, project_);
    exported_ = path("144_03.fgraph");
    const ExportSummary summary = exportProject(project, exported_);
    QCOMPARE(summary.bytes, std::filesystem::file_size(exported_));
    QCOMPARE(summary.edges, static_cast<int>(graph_.edges.size()));
    QVERIFY(!graph_.body.empty());  // the builder generates the body
    QCOMPARE(summary.bodyVertices, graph_.body.vertexCount());
    QCOMPARE(summary.bodyTriangles, graph_.body.triangleCount());
    qInfo("144_03 (1 hub, %d edges, %d segments): %llu bytes", summary.edges, summary.segments,
          static_cast<unsigned long long>(summary.bytes));
  }

  void roundTripIsBitExact() {
    const RuntimeGraph loaded = loadRuntimeGraph(exported_);
    QCOMPARE(firstDifference(graph_, loaded), std::string());
  }

  // Export -> load -> play equals playing the graph the editor previews (built in memory from
  // the same project), bit for bit: 20 s of a stick sweeping left and right with an action.
  void loadedGraphPlaysBitIdentically() {
    const RuntimeGraph loaded = loadRuntimeGraph(exported_);
    Player built(graph_), fromFile(loaded);
    for (int k = 0; k < 1200; ++k) {
      const float x = std::sin(0.01f * k), y = std::cos(0.013f * k);
      const int action = k == 300 ? 0 : -1;
      built.update(1.0f / 60.0f, x, y, action);
      fromFile.update(1.0f / 60.0f, x, y, action);
      const auto a = built.modelPositions(), b = fromFile.modelPositions();
      QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(Float3)) == 0);
      QVERIFY(sameBits(built.character().position, fromFile.character().position));
      QVERIFY(built.character().yaw == fromFile.character().yaw);
    }
    QVERIFY(built.transitionCount() > 0);
  }

  // Values the builder does not produce: NaN error, inverted axes, odd settings, no edges' grid.
  void roundTripOfUnusualValues() {
    RuntimeGraph g = graph_;
    g.fps = 30.0f;
    g.transitions.blendSeconds = 0.0f;
    RuntimeEdge& e = g.edges[0];
    e.paramErrorMedian = std::numeric_limits<float>::quiet_NaN();
    e.joystick.invert[1] = true;
    e.joystick.deadZone = 0.3f;
    e.joystick.responseExponent = 1.7f;
    e.name = "a much longer edge name than the others, with UTF-8: \xc3\xa9t\xc3\xa9";
    applyBlendMode(e, EdgeBlendMode::PolarBands);
    g.edges.back().blend = EdgeBlendMode::CartesianBands;
    g.edges.back().parameters.gridResolution = 0;
    g.edges.back().parameters.gridWeights.clear();
    QCOMPARE(g.validate(), std::string());
    const std::string p = path("unusual.fgraph");
    writeRuntimeGraph(g, p);
    QCOMPARE(firstDifference(g, loadRuntimeGraph(p)), std::string());
  }

  void badFiles_data() {
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("expected");  // part of the message after the file name
    QTest::newRow("missing file") << "missing" << "no such file";
    QTest::newRow("not HDF5") << "text" << "not an HDF5 file";
    QTest::newRow("truncated") << "truncate" << "cannot open";
    QTest::newRow("newer format") << "version" << "format_version is 5 but this build reads versions 1 to 4";
    QTest::newRow("idle flag") << "idle" << "/edges/0000: attribute 'idle': 7 is not 0 or 1";
    QTest::newRow("velocity lattice") << "lattice" << "/edges/0000: attribute 'velocity_lattice': 1 points per axis (0, or 2 to 1025)";
    QTest::newRow("velocity space shape") << "velocity" << "/edges/0000/velocity_space: expected shape [L=";
    QTest::newRow("cycle rates") << "rates" << "inconsistent graph: cycle rate bounds must satisfy 0 < slowest <= 1 <= fastest";
    QTest::newRow("a project") << "project" << "not a fatgraph runtime graph (a fatgraph project?";
    QTest::newRow("odd file_type") << "file_type" << "attribute 'file_type': expected a string, found integer";
    // The format stores fixed-length strings only: the loader never follows a global heap
    // reference, even one the HDF5 layer would check.
    QTest::newRow("variable-length name") << "vlen name" << "/edges/0000: attribute 'name': expected a fixed-length string";
    QTest::newRow("wrong size") << "size" << "/edges/0000/segments/duration: expected shape [S=";
    QTest::newRow("missing dataset") << "unlink" << "/hubs/default_edge: missing dataset";
    QTest::newRow("inconsistent values") << "values" << "inconsistent graph: ";
    QTest::newRow("unknown blend") << "blend" << "/edges/0000: attribute 'blend': 7 is not a blend mode";
    QTest::newRow("band samples shape") << "bands" << "/edges/0000/band_samples: expected shape [S=";
    QTest::newRow("leg chain joint") << "chain" << "inconsistent graph: leg '";
    QTest::newRow("key time out of range") << "keys" << "key times must be finite and in [0, 1]";
  }

  void badFiles() {
    QFETCH(QString, damage);
    QFETCH(QString, expected);
    const std::string p = damage == QStringLiteral("missing") ? path("nowhere.fgraph") : copyOfExport("bad.fgraph");
    if (damage == QStringLiteral("text")) writeBytes(p, "HIERARCHY\nROOT Hips\n");
    if (damage == QStringLiteral("project")) std::filesystem::copy_file(project_, p, std::filesystem::copy_options::overwrite_existing);
    if (damage == QStringLiteral("truncate")) {
      const std::string bytes = readBytes(p);
      writeBytes(p, bytes.substr(0, bytes.size() / 2));
    }
    if (damage == QStringLiteral("version")) TamperedFile(p).replaceIntAttribute("format_version", 5);
    if (damage == QStringLiteral("idle")) TamperedFile(p).replaceEdgeIntAttribute("/edges/0000", "idle", 7);
    if (damage == QStringLiteral("lattice")) TamperedFile(p).replaceEdgeIntAttribute("/edges/0000", "velocity_lattice", 1);
    if (damage == QStringLiteral("velocity")) TamperedFile(p).replaceFloats("/edges/0000/velocity_space", {0.0f, 0.0f, 0.0f});
    if (damage == QStringLiteral("rates")) TamperedFile(p).replaceFloatAttribute("/", "cycle_rate_max", 0.5f);
    if (damage == QStringLiteral("blend")) TamperedFile(p).replaceEdgeIntAttribute("/edges/0000", "blend", 7);
    if (damage == QStringLiteral("bands")) TamperedFile(p).replaceFloats("/edges/0000/band_samples", {0.0f});
    if (damage == QStringLiteral("chain")) {
      std::vector<int> chains;
      for (const RuntimeLeg& l : graph_.legs) chains.insert(chains.end(), l.chain.begin(), l.chain.end());
      chains.back() = 9999;
      TamperedFile(p).replaceInts("/legs/chains", chains);
    }
    if (damage == QStringLiteral("keys")) {  // a locomotion edge's stance times, one past 1
      size_t e = 0;
      while (!graph_.edges[e].locomotion.enabled) ++e;
      const std::string object = "/edges/" + std::string(4 - std::to_string(e).size(), '0') + std::to_string(e);
      const TamperedFile f(p);
      const hid_t ds = H5Dopen2(f.file, (object + "/locomotion/stance_time").c_str(), H5P_DEFAULT);
      std::vector<float> v(graph_.edges[e].locomotion.legCycles.size(), 0.25f);
      v[0] = 1.5f;
      H5Dwrite(ds, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data());
      H5Dclose(ds);
    }
    if (damage == QStringLiteral("file_type")) TamperedFile(p).replaceIntAttribute("file_type", 7);
    if (damage == QStringLiteral("vlen name")) TamperedFile(p).replaceWithVariableString("/edges/0000", "name", "walk");
    if (damage == QStringLiteral("size")) {
      const size_t s = graph_.edges[0].segments.size();
      TamperedFile(p).replaceFloats("/edges/0000/segments/duration", std::vector<float>(s + 1, 1.0f));
    }
    if (damage == QStringLiteral("unlink")) H5Ldelete(TamperedFile(p).file, "/hubs/default_edge", H5P_DEFAULT);
    if (damage == QStringLiteral("values")) {  // right shapes, impossible durations
      const size_t s = graph_.edges[0].segments.size();
      TamperedFile(p).replaceFloats("/edges/0000/segments/duration", std::vector<float>(s, -1.0f));
    }
    const std::string message = loadError(p);
    qInfo("%s", message.c_str());
    QVERIFY2(message.rfind(p + ": ", 0) == 0, message.c_str());  // starts with the file
    QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
    QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
  }

  // A version-1 file (before the leg layer) loads: no legs, no locomotion, grid blends, and the
  // band samples computed from the trajectories on load.
  void versionOneFileLoads() {
    const std::string p = copyOfExport("version1.fgraph");
    {
      const TamperedFile f(p);
      f.replaceIntAttribute("format_version", 1);
      H5Ldelete(f.file, "/legs", H5P_DEFAULT);
      for (size_t e = 0; e < graph_.edges.size(); ++e) {
        const std::string object = "/edges/" + std::string(4 - std::to_string(e).size(), '0') + std::to_string(e);
        H5Ldelete(f.file, (object + "/locomotion").c_str(), H5P_DEFAULT);
        H5Ldelete(f.file, (object + "/band_samples").c_str(), H5P_DEFAULT);
        H5Adelete_by_name(f.file, object.c_str(), "blend", H5P_DEFAULT);
      }
    }
    const RuntimeGraph loaded = loadRuntimeGraph(p);
    QCOMPARE(loaded.formatVersion, kRuntimeGraphFormatVersion);
    QVERIFY(loaded.legs.empty());
    for (size_t e = 0; e < loaded.edges.size(); ++e) {
      QCOMPARE(loaded.edges[e].blend, EdgeBlendMode::Grid);
      QVERIFY(!loaded.edges[e].locomotion.enabled);
      QVERIFY(sameBits(loaded.edges[e].bandSamples, graph_.edges[e].bandSamples));
      QVERIFY(sameBits(loaded.edges[e].data, graph_.edges[e].data));
    }
  }

  // A version-2 file (before idle edges, stored velocity spaces and cycle-rate bounds) loads:
  // no idle edge, the default ±20 % rates, and velocity spaces measured at load that equal
  // the ones the exporter stores now, bit for bit (one measurement, made twice).
  void versionTwoFileLoads() {
    const std::string p = copyOfExport("version2.fgraph");
    {
      const TamperedFile f(p);
      f.replaceIntAttribute("format_version", 2);
      H5Adelete_by_name(f.file, "/", "cycle_rate_min", H5P_DEFAULT);
      H5Adelete_by_name(f.file, "/", "cycle_rate_max", H5P_DEFAULT);
      for (size_t e = 0; e < graph_.edges.size(); ++e) {
        const std::string object = "/edges/" + std::string(4 - std::to_string(e).size(), '0') + std::to_string(e);
        H5Adelete_by_name(f.file, object.c_str(), "idle", H5P_DEFAULT);
        H5Adelete_by_name(f.file, object.c_str(), "velocity_lattice", H5P_DEFAULT);
        H5Ldelete(f.file, (object + "/velocity_space").c_str(), H5P_DEFAULT);
        H5Ldelete(f.file, (object + "/velocity_space_bounds").c_str(), H5P_DEFAULT);
      }
    }
    const RuntimeGraph loaded = loadRuntimeGraph(p);
    QCOMPARE(loaded.cycleRates.slowest, 0.8f);
    QCOMPARE(loaded.cycleRates.fastest, 1.2f);
    for (size_t e = 0; e < loaded.edges.size(); ++e) {
      QVERIFY(!loaded.edges[e].idle);
      QVERIFY(loaded.edges[e].velocitySpace.empty());
      QVERIFY(!graph_.edges[e].velocitySpace.empty());
      const RuntimeVelocitySpace measured = VelocitySpace::measure(loaded, static_cast<int>(e));
      QVERIFY(sameBits(measured.points, graph_.edges[e].velocitySpace.points));
    }
  }

  // Refused before a byte is written; a write failed midway (a full disk) is
  // tests/cli/test_cli_full_disk.cpp's.
  void invalidGraphIsRefusedBeforeWriting() {
    const std::string p = copyOfExport("keep.fgraph");
    const std::string before = readBytes(p);
    RuntimeGraph broken = graph_;
    broken.edges[0].segments[0].warpKnots = 1 << 20;  // offsets past the block
    FATGRAPH_VERIFY_THROWS(Error, "cannot export an invalid runtime graph: ", writeRuntimeGraph(broken, p));
    QCOMPARE(readBytes(p), before);
    // Nothing left beside it either (the temporary file is removed).
    int files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir_.path().toStdString())) ++files;
    const std::string out = path("nodir/graph.fgraph");
    FATGRAPH_VERIFY_THROWS(Error, out, writeRuntimeGraph(graph_, out));  // names the file
    int after = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir_.path().toStdString())) ++after;
    QCOMPARE(after, files);
  }

  void exportWithoutBody() {
    const Project project = loadProject(project_);
    const std::string p = path("no_body.fgraph");
    ExportOptions options;
    options.body = false;
    const ExportSummary summary = exportProject(project, p, options);
    QCOMPARE(summary.bodyVertices, 0);
    QCOMPARE(summary.bodyTriangles, 0);
    RuntimeGraph loaded = loadRuntimeGraph(p);
    QVERIFY(loaded.body.empty());
    // Everything else is the same graph.
    loaded.body = graph_.body;
    QCOMPARE(firstDifference(graph_, loaded), std::string());
  }

  void projectWithoutGraphWritesNothing() {
    Project empty = importClipSet({FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"}, {}).project;
    const std::string p = path("empty.fgraph");
    FATGRAPH_VERIFY_THROWS(Error, "the project has no fat graph to export (build one with 'fatgraph build'); " + p + " not written",
                           exportProject(empty, p));
    QVERIFY(!std::filesystem::exists(p));
  }
};

QTEST_GUILESS_MAIN(TestRuntimeGraphFile)
#include "test_runtime_graph_file.moc"
