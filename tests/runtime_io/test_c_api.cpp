// The C API (fatgraph/fatgraph_runtime_c.h) called from C++ on a graph exported from 144_03:
// load errors are codes with one-line messages naming the file, null handles and arguments and
// small buffers are refused with messages naming the call, the graph queries and the pose equal
// the C++ RuntimeGraph's and Player's bit for bit, a terrain callback carries the character,
// and NaN inputs never give a NaN pose.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "core/runtime_graph_fixtures.h"
#include "fatgraph/core/io/runtime_graph_export.h"
#include "fatgraph/fatgraph_runtime_c.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime/skinning.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"

using namespace fatgraph;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// The stick and action of update k of the comparison runs: a sweep left and right with one
// action request.
float stickX(int k) { return std::sin(0.01f * static_cast<float>(k)); }
float stickY(int k) { return std::cos(0.013f * static_cast<float>(k)); }
int action(int k) { return k == 300 ? 0 : -1; }

std::string lastError() { return fg_last_error(); }

// A C pose read into a vector of `perEntry` floats per entry, checking the size query first.
template <class Read>
std::vector<float> read(Read readFunction, const fg_player* player, std::size_t perEntry) {
  std::size_t needed = 0;
  if (readFunction(player, nullptr, 0, &needed) != FG_OK) return {};
  std::vector<float> out(needed * perEntry);
  if (readFunction(player, out.data(), needed, nullptr) != FG_OK) return {};
  return out;
}

template <class T>
bool sameBits(const std::vector<float>& c, Span<const T> cpp) {
  return c.size() * sizeof(float) == cpp.size() * sizeof(T) &&
         (c.empty() || std::memcmp(c.data(), cpp.data(), c.size() * sizeof(float)) == 0);
}

bool allFinite(const std::vector<float>& values) {
  for (const float v : values)
    if (!std::isfinite(v)) return false;
  return !values.empty();
}

// A flat ground at the height `*user` (metres), for the terrain callback.
float raisedGround(void* user, float, float) { return *static_cast<const float*>(user); }
float nanGround(void*, float, float) { return kNaN; }
// The slope15 preset's plane, y = z tan 15 deg, with its exact normal.
float slope15(void*, float, float z) { return z * std::tan(15.0f * 3.14159265f / 180.0f); }
void slope15Normal(void*, float, float, float* n) {
  const float a = 15.0f * 3.14159265f / 180.0f;
  n[0] = 0.0f;
  n[1] = std::cos(a);
  n[2] = -std::sin(a);
}

// Owns C handles for the length of a test function.
struct Handles {
  fg_graph* graph = nullptr;
  fg_player* player = nullptr;
  ~Handles() {
    fg_player_free(player);
    fg_graph_free(graph);
  }
};

}  // namespace

class TestCApi : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string exported_;  // 144_03, one hub, legs and body
  RuntimeGraph graph_;    // the same file loaded by the C++ loader

  std::string path(const char* name) const { return dir_.filePath(QString::fromUtf8(name)).toStdString(); }

  // A graph and a player on the exported file through the C API.
  void open(Handles& h, const fg_player_options* options = nullptr) {
    QCOMPARE(fg_graph_load(exported_.c_str(), &h.graph), FG_OK);
    QCOMPARE(fg_player_create(h.graph, options, &h.player), FG_OK);
    QCOMPARE(lastError(), std::string());
  }

  // Plays `updates` of the comparison script on both players and compares everything the C API
  // reads after each update with the C++ player's own values, bit for bit.
  void compareRuns(fg_player* c, Player& cpp, int updates) {
    for (int k = 0; k < updates; ++k) {
      compareEvents(c, cpp);
      QCOMPARE(fg_player_update(c, 1.0f / 60.0f, stickX(k), stickY(k), action(k)), FG_OK);
      cpp.update(1.0f / 60.0f, stickX(k), stickY(k), action(k));
      QVERIFY(sameBits(read(fg_player_local_rotations, c, 4), cpp.localRotations()));
      QVERIFY(sameBits(read(fg_player_local_translations, c, 3), cpp.localTranslations()));
      QVERIFY(sameBits(read(fg_player_model_rotations, c, 4), cpp.modelRotations()));
      QVERIFY(sameBits(read(fg_player_model_positions, c, 3), cpp.modelPositions()));
      QVERIFY(sameBits(read(fg_player_weights, c, 1), cpp.weights()));
      fg_character frame;
      QCOMPARE(fg_player_character(c, &frame), FG_OK);
      QVERIFY(std::memcmp(frame.position, &cpp.character().position, sizeof(Float3)) == 0);
      QVERIFY(frame.yaw == cpp.character().yaw);
      fg_player_state state;
      QCOMPARE(fg_player_get_state(c, &state), FG_OK);
      QCOMPARE(state.current_edge, cpp.currentEdge());
      QVERIFY(state.reference_time == cpp.referenceTime());
      QCOMPARE(state.transition_count, cpp.transitionCount());
      QCOMPARE(state.pending_action, cpp.pendingAction());
      compareEvents(c, cpp);
      events_ += static_cast<int>(cpp.events().size());
    }
  }

  // The last update's events through fg_player_events equal the C++ player's, field by field.
  void compareEvents(fg_player* c, const Player& cpp) {
    size_t needed = 0;
    QCOMPARE(fg_player_events(c, nullptr, 0, &needed), FG_OK);
    QCOMPARE(needed, cpp.events().size());
    std::vector<fg_event> events(needed);
    QCOMPARE(fg_player_events(c, events.data(), events.size(), nullptr), FG_OK);
    for (size_t i = 0; i < needed; ++i) {
      const PlayerEvent& e = cpp.events()[i];
      QCOMPARE(events[i].kind, static_cast<int32_t>(e.kind));
      QCOMPARE(std::string(fg_event_kind_name(events[i].kind)), std::string(playerEventName(e.kind)));
      QCOMPARE(events[i].leg, e.leg);
      QCOMPARE(events[i].edge, e.edge);
      QCOMPARE(events[i].from_edge, e.fromEdge);
      QCOMPARE(events[i].hub, e.hub);
      QVERIFY(events[i].time == e.time);
      QVERIFY(std::memcmp(events[i].position, &e.position, sizeof(Float3)) == 0);
      QVERIFY(std::memcmp(events[i].normal, &e.normal, sizeof(Float3)) == 0);
    }
  }
  int events_ = 0;  // events compared

 private slots:
  void initTestCase() {
    exported_ = path("144_03.fgraph");
    exportProject(test::smallParameterizedWalk14403(), exported_);
    graph_ = loadRuntimeGraph(exported_);
    QVERIFY(!graph_.legs.empty());
    QVERIFY(!graph_.body.empty());
    QVERIFY(graph_.edges.size() >= 2);
  }

  void versions() {
    QCOMPARE(fg_c_api_version(), FG_C_API_VERSION);
    QVERIFY(QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+$")).match(QString::fromUtf8(fg_version_string())).hasMatch());
    QCOMPARE(std::string(fg_result_name(FG_ERROR_FILE)), std::string("FG_ERROR_FILE"));
    QCOMPARE(std::string(fg_result_name(static_cast<fg_result>(99))), std::string("unknown"));
  }

  void loadErrorsNameTheFile_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");  // in the message, after the file's name
    QTest::newRow("missing") << QString::fromStdString(path("nowhere.fgraph")) << QStringLiteral("no such file");
    QTest::newRow("not HDF5") << QString::fromStdString(path("text.fgraph")) << QStringLiteral("not an HDF5 file");
    QTest::newRow("truncated") << QString::fromStdString(path("half.fgraph")) << QString();
  }

  void loadErrorsNameTheFile() {
    QFETCH(QString, file);
    QFETCH(QString, expected);
    std::ofstream(path("text.fgraph")) << "fatgraph\n";
    std::filesystem::copy_file(exported_, path("half.fgraph"), std::filesystem::copy_options::overwrite_existing);
    std::filesystem::resize_file(path("half.fgraph"), std::filesystem::file_size(exported_) / 2);

    fg_graph* graph = reinterpret_cast<fg_graph*>(&file);  // must be reset to null
    QCOMPARE(fg_graph_load(file.toUtf8().constData(), &graph), FG_ERROR_FILE);
    QVERIFY(graph == nullptr);
    const QString message = QString::fromUtf8(fg_last_error());
    QVERIFY2(message.startsWith(file + QStringLiteral(": ")), qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY(!message.contains(QLatin1Char('\n')));
    // The next successful call clears the message.
    fg_graph_info info;
    Handles h;
    QCOMPARE(fg_graph_load(exported_.c_str(), &h.graph), FG_OK);
    QCOMPARE(lastError(), std::string());
    QCOMPARE(fg_graph_get_info(h.graph, &info), FG_OK);
  }

  void nullArgumentsAreRefusedByName() {
    fg_graph* graph = nullptr;
    fg_player* player = nullptr;
    const char* file = exported_.c_str();
    const std::vector<std::pair<std::function<fg_result()>, std::string>> calls = {
        {[&] { return fg_graph_load(nullptr, &graph); }, "fg_graph_load: path is null"},
        {[&] { return fg_graph_load(file, nullptr); }, "fg_graph_load: out_graph is null"},
        {[&] { return fg_graph_get_info(nullptr, nullptr); }, "fg_graph_get_info: graph is null"},
        {[&] { return fg_graph_joint_parents(nullptr, nullptr, 0, nullptr); }, "fg_graph_joint_parents: graph is null"},
        {[&] { return fg_graph_find_joint(nullptr, "Head", nullptr); }, "fg_graph_find_joint: graph is null"},
        {[&] { return fg_player_create(nullptr, nullptr, &player); }, "fg_player_create: graph is null"},
        {[&] { return fg_player_update(nullptr, 0.1f, 0, 0, -1); }, "fg_player_update: player is null"},
        {[&] { return fg_player_reset(nullptr); }, "fg_player_reset: player is null"},
        {[&] { return fg_player_events(nullptr, nullptr, 0, nullptr); }, "fg_player_events: player is null"},
        {[&] { return fg_player_set_steering(nullptr, 1, 0, 0, 0); }, "fg_player_set_steering: player is null"},
        {[&] { return fg_player_set_desired_velocity(nullptr, 1, 0, 0, 0); }, "fg_player_set_desired_velocity: player is null"},
        {[&] { return fg_player_velocity_report(nullptr, nullptr); }, "fg_player_velocity_report: player is null"},
        {[&] { return fg_player_aim(nullptr, 1, nullptr); }, "fg_player_aim: player is null"},
        {[&] { return fg_player_aim_report(nullptr, nullptr); }, "fg_player_aim_report: player is null"},
        {[&] { return fg_player_set_terrain(nullptr, nullptr, nullptr, nullptr); }, "fg_player_set_terrain: player is null"},
        {[&] { return fg_player_set_terrain_preset(nullptr, "flat"); }, "fg_player_set_terrain_preset: player is null"},
        {[&] { return fg_player_character(nullptr, nullptr); }, "fg_player_character: player is null"},
        {[&] { return fg_player_model_positions(nullptr, nullptr, 0, nullptr); }, "fg_player_model_positions: player is null"},
        {[&] { return fg_player_palette(nullptr, nullptr, 0, nullptr); }, "fg_player_palette: player is null"},
        {[&] { return fg_player_get_state(nullptr, nullptr); }, "fg_player_get_state: player is null"},
    };
    for (const auto& [call, message] : calls) {
      QCOMPARE(call(), FG_ERROR_NULL_ARGUMENT);
      QCOMPARE(lastError(), message);
    }
    QVERIFY(graph == nullptr && player == nullptr);

    Handles h;
    open(h);
    QCOMPARE(fg_graph_get_info(h.graph, nullptr), FG_ERROR_NULL_ARGUMENT);
    QCOMPARE(lastError(), std::string("fg_graph_get_info: out_info is null"));
    QCOMPARE(fg_player_character(h.player, nullptr), FG_ERROR_NULL_ARGUMENT);
    QCOMPARE(lastError(), std::string("fg_player_character: out_character is null"));
    // A buffer that is needed but null.
    QCOMPARE(fg_player_model_rotations(h.player, nullptr, 1000, nullptr), FG_ERROR_NULL_ARGUMENT);
    QCOMPARE(lastError(), std::string("fg_player_model_rotations: rotations_xyzw is null"));
    fg_graph_free(nullptr);  // no-ops
    fg_player_free(nullptr);
  }

  void graphQueriesMatchTheGraph() {
    Handles h;
    open(h);
    fg_graph_info info;
    QCOMPARE(fg_graph_get_info(h.graph, &info), FG_OK);
    QCOMPARE(info.joint_count, graph_.jointCount());
    QCOMPARE(info.edge_count, static_cast<int>(graph_.edges.size()));
    QCOMPARE(info.hub_count, static_cast<int>(graph_.hubs.size()));
    QCOMPARE(info.leg_count, static_cast<int>(graph_.legs.size()));
    QCOMPARE(info.start_edge, graph_.startEdge);
    QCOMPARE(info.has_body, 1);
    QCOMPARE(info.body_vertex_count, graph_.body.vertexCount());
    QCOMPARE(info.body_triangle_count, graph_.body.triangleCount());
    QCOMPARE(info.fps, graph_.fps);

    std::vector<int32_t> parents(info.joint_count);
    std::size_t needed = 0;
    QCOMPARE(fg_graph_joint_parents(h.graph, parents.data(), parents.size(), &needed), FG_OK);
    QCOMPARE(needed, parents.size());
    QVERIFY(std::equal(parents.begin(), parents.end(), graph_.skeleton.parents.begin()));
    std::vector<float> offsets(3 * info.joint_count);
    QCOMPARE(fg_graph_rest_offsets(h.graph, offsets.data(), info.joint_count, nullptr), FG_OK);
    QVERIFY(std::memcmp(offsets.data(), graph_.skeleton.restOffsets.data(), offsets.size() * sizeof(float)) == 0);
    for (int j = 0; j < info.joint_count; ++j) {
      char name[256];
      QCOMPARE(fg_graph_joint_name(h.graph, j, name, sizeof name, &needed), FG_OK);
      QCOMPARE(std::string(name), graph_.skeleton.names[j]);
      QCOMPARE(needed, graph_.skeleton.names[j].size() + 1);
      int32_t index = -2;
      QCOMPARE(fg_graph_find_joint(h.graph, name, &index), FG_OK);
      QCOMPARE(index, j);
    }
    for (int e = 0; e < info.edge_count; ++e) {
      char name[256];
      QCOMPARE(fg_graph_edge_name(h.graph, e, name, sizeof name, nullptr), FG_OK);
      QCOMPARE(std::string(name), graph_.edges[e].name);
      int32_t index = -2;
      QCOMPARE(fg_graph_find_edge(h.graph, name, &index), FG_OK);
      QCOMPARE(index, e);
    }
    int32_t index = 0;
    QCOMPARE(fg_graph_find_joint(h.graph, "no such joint", &index), FG_OK);
    QCOMPARE(index, -1);
    char name[8];
    QCOMPARE(fg_graph_edge_name(h.graph, info.edge_count, name, sizeof name, nullptr), FG_ERROR_INVALID_ARGUMENT);
    QCOMPARE(lastError(), "fg_graph_edge_name: edge " + std::to_string(info.edge_count) + " is not in [0, " +
                              std::to_string(info.edge_count) + ")");
    QCOMPARE(fg_graph_joint_name(h.graph, -1, name, sizeof name, nullptr), FG_ERROR_INVALID_ARGUMENT);
  }

  // Too small a buffer: the needed count, the error, and nothing written.
  void smallBuffersAreRefusedUntouched() {
    Handles h;
    open(h);
    const std::size_t joints = graph_.jointCount();
    std::size_t needed = 0;
    QCOMPARE(fg_player_palette(h.player, nullptr, 0, &needed), FG_OK);  // the size query
    QCOMPARE(needed, joints);
    std::vector<float> buffer(16 * joints, -7.0f);
    QCOMPARE(fg_player_palette(h.player, buffer.data(), joints - 1, &needed), FG_ERROR_BUFFER_TOO_SMALL);
    QCOMPARE(lastError(), "fg_player_palette: matrices holds " + std::to_string(joints - 1) + " entries, " +
                              std::to_string(joints) + " needed");
    QVERIFY(std::all_of(buffer.begin(), buffer.end(), [](float v) { return v == -7.0f; }));
    QCOMPARE(fg_player_local_rotations(h.player, buffer.data(), joints - 1, &needed), FG_ERROR_BUFFER_TOO_SMALL);
    QCOMPARE(fg_player_model_positions(h.player, buffer.data(), 0, &needed), FG_ERROR_BUFFER_TOO_SMALL);
    QVERIFY(std::all_of(buffer.begin(), buffer.end(), [](float v) { return v == -7.0f; }));
    QCOMPARE(fg_graph_joint_parents(h.graph, nullptr, 0, &needed), FG_OK);
    QCOMPARE(needed, joints);
    // A name needs its NUL: one byte short is refused.
    char name[64] = "untouched";
    const std::size_t nameSize = graph_.skeleton.names[0].size();
    QCOMPARE(fg_graph_joint_name(h.graph, 0, name, nameSize, &needed), FG_ERROR_BUFFER_TOO_SMALL);
    QCOMPARE(needed, nameSize + 1);
    QCOMPARE(std::string(name), std::string("untouched"));
    QCOMPARE(fg_player_palette(h.player, buffer.data(), buffer.size() / 16, nullptr), FG_OK);
  }

  void poseEqualsTheCppPlayers() {
    Handles h;
    open(h);
    Player cpp(graph_);
    compareRuns(h.player, cpp, 600);
    QVERIFY2(events_ > 20, qPrintable(QString::number(events_)));  // footsteps and hubs were compared
    QCOMPARE(std::string(fg_event_kind_name(99)), std::string("unknown"));
    fg_player_state state;
    QCOMPARE(fg_player_get_state(h.player, &state), FG_OK);
    QVERIFY(state.transition_count > 0);

    // The palette is the skinning job's on the body's inverse bind matrices.
    std::vector<Float4x4> palette(graph_.jointCount());
    QVERIFY((SkinningPaletteJob{cpp.modelRotations(), cpp.modelPositions(), graph_.body.inverseBind, palette}.run()));
    QVERIFY(sameBits(read(fg_player_palette, h.player, 16), Span<const Float4x4>(palette)));

    // Reset is the C++ reset; the run replays the same.
    QCOMPARE(fg_player_reset(h.player), FG_OK);
    cpp.reset();
    compareRuns(h.player, cpp, 120);
  }

  // A copied state plays on as the original: two players, one a second behind, copied at a
  // moment mid-edge (a transition decaying, feet planted), then driven alike.
  void aCopiedStatePlaysOnBitForBit() {
    Handles a, other;
    open(a);
    open(other);  // the same file loaded again: another graph
    fg_player* behind = nullptr;
    QCOMPARE(fg_player_create(a.graph, nullptr, &behind), FG_OK);
    for (int k = 0; k < 100; ++k) QCOMPARE(fg_player_update(a.player, 1.0f / 60.0f, stickX(k), stickY(k), action(k)), FG_OK);
    QCOMPARE(fg_player_copy_state(behind, a.player), FG_OK);
    for (int k = 100; k < 220; ++k) {
      QCOMPARE(fg_player_update(a.player, 1.0f / 60.0f, stickX(k), stickY(k), action(k)), FG_OK);
      QCOMPARE(fg_player_update(behind, 1.0f / 60.0f, stickX(k), stickY(k), action(k)), FG_OK);
      const std::vector<float> original = read(fg_player_model_positions, a.player, 3);
      QVERIFY(!original.empty());
      QVERIFY2(read(fg_player_model_positions, behind, 3) == original, qPrintable(QString("update %1").arg(k)));
    }
    QCOMPARE(fg_player_copy_state(other.player, a.player), FG_ERROR_INVALID_ARGUMENT);
    QVERIFY2(lastError().find("different graphs") != std::string::npos, lastError().c_str());
    fg_player_free(behind);
  }

  void theKindIsWhatTheLoaderRead() {
    Handles h;
    open(h);
    int32_t kind = -1;
    QCOMPARE(fg_graph_kind_of(h.graph, &kind), FG_OK);
    QCOMPARE(kind, int32_t(FG_GRAPH_FAT_GRAPH));
    QCOMPARE(fg_graph_kind_of(h.graph, nullptr), FG_ERROR_NULL_ARGUMENT);
    QVERIFY2(lastError().find("out_kind") != std::string::npos, lastError().c_str());
  }

  void optionsReachThePlayer() {
    fg_player_options options;
    fg_player_options_init(&options);
    QCOMPARE(options.start_edge, -1);
    QCOMPARE(options.legs_enabled, 1);
    options.start_edge = 1;
    options.legs_enabled = 0;
    options.start_position[0] = 2.0f;
    options.start_position[2] = -3.0f;
    options.start_yaw = 0.5f;
    Handles h;
    open(h, &options);
    PlayerOptions cppOptions;
    cppOptions.startEdge = 1;
    cppOptions.legs.enabled = false;
    cppOptions.start.position = {2.0f, 0.0f, -3.0f};
    cppOptions.start.yaw = 0.5f;
    Player cpp(graph_, cppOptions);
    compareRuns(h.player, cpp, 200);

    // Steering reaches the player as PlayerSteering.
    QCOMPARE(fg_player_set_steering(h.player, 1, 0.5f, 1.0f, 0.3f), FG_OK);
    cpp.setSteering(PlayerSteering{true, {0.5f, 1.0f}, 0.3f});
    compareRuns(h.player, cpp, 100);

    // A desired velocity reaches it as setDesiredVelocity, and the report says what it did.
    QCOMPARE(fg_player_set_desired_velocity(h.player, 1, 0.1f, 1.4f, -0.2f), FG_OK);
    cpp.setDesiredVelocity({0.1f, 1.4f}, -0.2f);
    compareRuns(h.player, cpp, 100);
    fg_velocity_report report;
    QCOMPARE(fg_player_velocity_report(h.player, &report), FG_OK);
    const VelocityControlReport& r = cpp.velocityControl();
    QCOMPARE(report.active, 1);
    QCOMPARE(report.chooses_weights, 1);
    QCOMPARE(report.requested[1], 1.4f);
    QCOMPARE(report.planned[1], r.planned.velocity.y);
    QCOMPARE(report.remainder[2], r.remainder.turnRate);
    QCOMPARE(report.cycle_rate, r.cycleRate);
    QCOMPARE(fg_player_set_desired_velocity(h.player, 0, 0, 0, 0), FG_OK);
    cpp.clearDesiredVelocity();
    compareRuns(h.player, cpp, 50);
    QCOMPARE(fg_player_velocity_report(h.player, &report), FG_OK);
    QCOMPARE(report.chooses_weights, 0);

    // An aim reaches it as Player::aim; the report is the player's.
    const float target[3] = {0.05f, 0.9f, 0.6f};
    QCOMPARE(fg_player_aim(h.player, 1, target), FG_OK);
    cpp.aim({0.05f, 0.9f, 0.6f});
    compareRuns(h.player, cpp, 60);
    fg_aim_report aim;
    QCOMPARE(fg_player_aim_report(h.player, &aim), FG_OK);
    QCOMPARE(aim.active, 1);
    QCOMPARE(aim.aimable, cpp.aimReport().aimable ? 1 : 0);
    QCOMPARE(aim.planned[2], cpp.aimReport().planned.z);
    QCOMPARE(aim.unreachable, cpp.aimReport().unreachable);
    QCOMPARE(aim.joint, cpp.aimReport().joint);
    QCOMPARE(fg_player_aim(h.player, 0, nullptr), FG_OK);
    cpp.clearAim();
    compareRuns(h.player, cpp, 30);
    QCOMPARE(fg_player_aim_report(h.player, &aim), FG_OK);
    QCOMPARE(aim.active, 0);
  }

  void badOptionsAreRefused_data() {
    QTest::addColumn<int>("startEdge");
    QTest::addColumn<float>("yaw");
    QTest::addColumn<QString>("expected");
    QTest::newRow("edge too large") << 1000 << 0.0f << QStringLiteral("start_edge 1000 is neither -1 nor an edge");
    QTest::newRow("edge -2") << -2 << 0.0f << QStringLiteral("start_edge -2 is neither -1 nor an edge");
    QTest::newRow("NaN yaw") << -1 << kNaN << QStringLiteral("start_position and start_yaw must be finite");
    QTest::newRow("stick 2") << -1 << 0.0f
                             << QStringLiteral("stick 2 is none of FG_STICK_GRAPH (-1), FG_STICK_PLANE (0), FG_STICK_VELOCITY (1)");
  }

  void badOptionsAreRefused() {
    QFETCH(int, startEdge);
    QFETCH(float, yaw);
    QFETCH(QString, expected);
    fg_player_options options;
    fg_player_options_init(&options);
    options.start_edge = startEdge;
    options.start_yaw = yaw;
    if (QString(QTest::currentDataTag()) == QStringLiteral("stick 2")) options.stick = 2;
    Handles h;
    QCOMPARE(fg_graph_load(exported_.c_str(), &h.graph), FG_OK);
    QCOMPARE(fg_player_create(h.graph, &options, &h.player), FG_ERROR_INVALID_ARGUMENT);
    QVERIFY(h.player == nullptr);
    const QString message = QString::fromUtf8(fg_last_error());
    QVERIFY2(message.startsWith(QStringLiteral("fg_player_create: ") + expected), qPrintable(message));
  }

  // A player holds its graph: freeing the graph's handle first leaves the player playing.
  void playerOutlivesItsGraphHandle() {
    Handles h;
    open(h);
    fg_graph_free(h.graph);
    h.graph = nullptr;
    for (int k = 0; k < 60; ++k) QCOMPARE(fg_player_update(h.player, 1.0f / 60.0f, 0.0f, 1.0f, -1), FG_OK);
    QVERIFY(allFinite(read(fg_player_model_positions, h.player, 3)));
  }

  // A raised ground from the callback lifts the character by its height; the slope from
  // callbacks plays as the slope15 preset does (the exact same plane, through the adapter).
  void terrainCallbackCarriesTheCharacter() {
    Handles flat, raised;
    open(flat);
    open(raised);
    float height = 0.3f;
    QCOMPARE(fg_player_set_terrain(raised.player, raisedGround, nullptr, &height), FG_OK);
    for (int k = 0; k < 240; ++k) {
      QCOMPARE(fg_player_update(flat.player, 1.0f / 60.0f, stickX(k), 1.0f, -1), FG_OK);
      QCOMPARE(fg_player_update(raised.player, 1.0f / 60.0f, stickX(k), 1.0f, -1), FG_OK);
    }
    fg_character a, b;
    QCOMPARE(fg_player_character(flat.player, &a), FG_OK);
    QCOMPARE(fg_player_character(raised.player, &b), FG_OK);
    qInfo("character height: flat %.4f m, on the 0.3 m ground %.4f m", a.position[1], b.position[1]);
    QVERIFY(std::fabs(b.position[1] - a.position[1] - 0.3f) < 1e-3f);
    // Back to flat ground (null callback): the character steps down again within 2 s.
    QCOMPARE(fg_player_set_terrain(raised.player, nullptr, nullptr, nullptr), FG_OK);
    for (int k = 0; k < 120; ++k) QCOMPARE(fg_player_update(raised.player, 1.0f / 60.0f, 0.0f, 1.0f, -1), FG_OK);
    QCOMPARE(fg_player_character(raised.player, &b), FG_OK);
    QVERIFY2(std::fabs(b.position[1]) < 0.01f, qPrintable(QString::number(b.position[1])));

    Handles callback, differences, preset;
    open(callback);
    open(differences);
    open(preset);
    QCOMPARE(fg_player_set_terrain(callback.player, slope15, slope15Normal, nullptr), FG_OK);
    QCOMPARE(fg_player_set_terrain(differences.player, slope15, nullptr, nullptr), FG_OK);
    QCOMPARE(fg_player_set_terrain_preset(preset.player, "slope15"), FG_OK);
    for (int k = 0; k < 240; ++k)
      for (fg_player* p : {callback.player, differences.player, preset.player})
        QCOMPARE(fg_player_update(p, 1.0f / 60.0f, stickX(k), 1.0f, -1), FG_OK);
    const std::vector<float> expected = read(fg_player_model_positions, preset.player, 3);
    QCOMPARE(fg_player_character(preset.player, &a), FG_OK);
    QVERIFY2(a.position[1] > 0.1f, "the walk climbed the slope");
    for (fg_player* p : {callback.player, differences.player}) {
      const std::vector<float> positions = read(fg_player_model_positions, p, 3);
      QCOMPARE(positions.size(), expected.size());
      float largest = 0.0f;
      for (std::size_t i = 0; i < positions.size(); ++i) largest = std::max(largest, std::fabs(positions[i] - expected[i]));
      QCOMPARE(fg_player_character(p, &b), FG_OK);
      qInfo("slope15 by callback vs preset: joints within %.2e m, character height %.4f vs %.4f m", largest,
            b.position[1], a.position[1]);
      QVERIFY(largest < 1e-3f);
      QVERIFY(std::fabs(b.position[1] - a.position[1]) < 1e-3f);
    }
    QCOMPARE(fg_player_set_terrain_preset(preset.player, "hills"), FG_ERROR_INVALID_ARGUMENT);
    QVERIFY2(lastError().find("fg_player_set_terrain_preset: ") == 0 && lastError().find("slope15") != std::string::npos,
             fg_last_error());
  }

  void nanInputsGiveAFinitePose() {
    Handles h;
    open(h);
    QCOMPARE(fg_player_set_terrain(h.player, nanGround, nullptr, nullptr), FG_OK);
    QCOMPARE(fg_player_set_steering(h.player, 1, kNaN, kInf, kNaN), FG_OK);
    QCOMPARE(fg_player_set_desired_velocity(h.player, 1, kInf, kNaN, -kInf), FG_OK);
    const float wild[3] = {kNaN, kInf, 1e30f};
    QCOMPARE(fg_player_aim(h.player, 1, wild), FG_OK);
    const float values[] = {kNaN, kInf, -kInf, 1.0f / 60.0f, 0.0f, -1.0f, 5.0f};
    for (const float dt : values)
      for (const float x : values) QCOMPARE(fg_player_update(h.player, dt, x, kNaN, 12345), FG_OK);
    QVERIFY(allFinite(read(fg_player_local_rotations, h.player, 4)));
    QVERIFY(allFinite(read(fg_player_local_translations, h.player, 3)));
    QVERIFY(allFinite(read(fg_player_model_positions, h.player, 3)));
    QVERIFY(allFinite(read(fg_player_palette, h.player, 16)));
    fg_character frame;
    QCOMPARE(fg_player_character(h.player, &frame), FG_OK);
    QVERIFY(std::isfinite(frame.position[0]) && std::isfinite(frame.position[1]) && std::isfinite(frame.position[2]) &&
            std::isfinite(frame.yaw));
  }
};

QTEST_GUILESS_MAIN(TestCApi)
#include "test_c_api.moc"
