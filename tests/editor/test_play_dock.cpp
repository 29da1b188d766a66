// The Play dock on a real build (144_03 through the document, one hub): without a graph it
// says what to do; W/A/S/D move the stick (diagonals on the unit circle), the number keys
// choose the edge at the next hub and the player takes it there, the stick pad steers with
// the mouse, the character walks and the camera follows, poses stay finite on the stairs
// whatever the timer does, the recorded session is the CSV `fatgraph play` reads (parsed by
// the CLI's own reader and replayed by the command), an edit restarts it (the new runtime graph
// built on the pool while the old one plays on) and undoing the build
// stops it.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QTableWidget>
#include <QUndoStack>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QImage>
#include <QSignalSpy>

#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>

#include "app/main_window.h"
#include "docks/play_dock.h"
#include "document/document.h"
#include "document/graph_edit_request.h"
#include "fatgraph/core/io/runtime_graph_export.h"
#include "fatgraph/eigen_bridge.h"
#include "one_hub_request.h"
#include "play/gamepad_input.h"
#include "play/keyboard_stick.h"
#include "play_input.h"
#include "views/action_bindings_editor.h"
#include "views/play_event_strip.h"
#include "views/stick_pad.h"
#include "views/viewport.h"
#include "virtual_gamepad.h"

using fatgraph::editor::InputSource;
using fatgraph::editor::MainWindow;
using fatgraph::editor::PlayDock;
using fatgraph::editor::PlayEventLog;
using fatgraph::editor::PlayEventStrip;
using fatgraph::editor::Viewport;
using fatgraph::AimReport;
using fatgraph::CharacterFrame;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
constexpr double kTick = 1.0 / 60.0;

bool finitePose(const fatgraph::editor::PlayerPreview& preview) {
  for (const fatgraph::Vec3& p : preview.worldPositions())
    if (!p.allFinite()) return false;
  for (const fatgraph::Quat& q : preview.worldRotations())
    if (!q.coeffs().allFinite()) return false;
  return true;
}

double groundDistance(const fatgraph::Vec3& a, const fatgraph::Vec3& b) {
  return std::hypot(a.x() - b.x(), a.z() - b.z());
}

}  // namespace

class TestPlayDock : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> window_;
  PlayDock* dock_ = nullptr;

  QWidget* viewport() const { return window_->viewport(); }
  void tick(int ticks) {
    for (int i = 0; i < ticks; ++i) dock_->advance(kTick);
  }
  // Exports the document's graph beside `csv` and replays `csv` through `fatgraph play
  // --json` into `bvh`; false with the CLI's error when it fails.
  bool replay(const QTemporaryDir& dir, const QString& csv, const QString& bvh, QJsonObject& report, QString& error) {
    const QString fgraph = dir.filePath(QStringLiteral("roll.fgraph"));
    fatgraph::exportProject(window_->document()->project(), fgraph.toStdString());
    QProcess play;
    play.start(QStringLiteral(FATGRAPH_CLI), {QStringLiteral("play"), fgraph, QStringLiteral("--input"), csv,
                                              QStringLiteral("-o"), dir.filePath(bvh), QStringLiteral("--json")});
    if (!play.waitForFinished(-1) || play.exitStatus() != QProcess::NormalExit || play.exitCode() != 0) {
      error = QString::fromUtf8(play.readAllStandardError());
      return false;
    }
    report = QJsonDocument::fromJson(play.readAllStandardOutput()).object();
    return true;
  }

 private slots:
  void initTestCase() {
    window_ = std::make_unique<MainWindow>();
    window_->setInteractive(false);
    dock_ = window_->findChild<PlayDock*>();
    QVERIFY(dock_ != nullptr);
    QCOMPARE(window_->openFiles({kRoll}), QStringList());
    // No graph yet: the dock says how to get one and does not play.
    QVERIFY(!dock_->playButton()->isEnabled());
    QVERIFY2(dock_->messageLabel()->text().contains(QStringLiteral("Build Graph")),
             qPrintable(dock_->messageLabel()->text()));
    QVERIFY(!dock_->play());
    QVERIFY(!dock_->isPlaying());

    QCOMPARE(window_->document()->buildGraph(oneHubRequest()), QString());
    QVERIFY(dock_->playButton()->isEnabled());
  }

  void init() {
    QVERIFY(dock_->play());
    QVERIFY(dock_->isPlaying());
    dock_->waitForGraph();  // built on the pool
    QVERIFY(dock_->preview().isReady());
  }
  void cleanup() {
    dock_->stop();
    dock_->setRecordingPath({});
  }

  void keysAreFreeWhileStopped() {
    dock_->stop();
    QTest::keyPress(viewport(), Qt::Key_W);
    QTest::keyRelease(viewport(), Qt::Key_W);
    QCOMPARE(dock_->controls().activeSource(), InputSource::None);
    QCOMPARE(dock_->controls().stickY(), 0.0f);
  }

  void wasdMovesTheStick_data() {
    QTest::addColumn<QList<int>>("keys");
    QTest::addColumn<float>("x");
    QTest::addColumn<float>("y");
    const float d = static_cast<float>(1.0 / std::sqrt(2.0));  // a diagonal on the unit circle
    QTest::newRow("W forward") << QList<int>{Qt::Key_W} << 0.0f << 1.0f;
    QTest::newRow("A left") << QList<int>{Qt::Key_A} << -1.0f << 0.0f;
    QTest::newRow("S back") << QList<int>{Qt::Key_S} << 0.0f << -1.0f;
    QTest::newRow("D right") << QList<int>{Qt::Key_D} << 1.0f << 0.0f;
    QTest::newRow("W+D") << QList<int>{Qt::Key_W, Qt::Key_D} << d << d;
    QTest::newRow("A+S") << QList<int>{Qt::Key_A, Qt::Key_S} << -d << -d;
    QTest::newRow("W+S cancel") << QList<int>{Qt::Key_W, Qt::Key_S} << 0.0f << 0.0f;
  }
  void wasdMovesTheStick() {
    QFETCH(QList<int>, keys);
    QFETCH(float, x);
    QFETCH(float, y);
    for (int key : keys) QTest::keyPress(viewport(), static_cast<Qt::Key>(key));
    QCOMPARE(dock_->controls().stickX(), x);
    QCOMPARE(dock_->controls().stickY(), y);
    if (x != 0.0f || y != 0.0f) QCOMPARE(dock_->controls().activeSource(), InputSource::Keyboard);
    tick(1);
    QCOMPARE(dock_->stickLabel()->text(),
             QStringLiteral("x %1, y %2").arg(x, 0, 'f', 2).arg(y, 0, 'f', 2));
    for (int key : keys) QTest::keyRelease(viewport(), static_cast<Qt::Key>(key));
    QCOMPARE(dock_->controls().stickX(), 0.0f);
    QCOMPARE(dock_->controls().stickY(), 0.0f);
  }

  void numberKeyChoosesTheEdgeAtTheNextHub() {
    const fatgraph::RuntimeGraph& graph = dock_->preview().graph();
    const fatgraph::Player& player = dock_->preview().player();
    const int current = player.currentEdge();
    const std::vector<int>& outgoing =
        graph.hubs[static_cast<size_t>(graph.edges[static_cast<size_t>(current)].toHub)].outgoing;
    QVERIFY2(outgoing.size() >= 2, "the one-hub walk has several edges from its hub");
    // Not the default: choosing must change where the player goes.
    const int hub = graph.edges[static_cast<size_t>(current)].toHub;
    int choice = 0;
    while (outgoing[static_cast<size_t>(choice)] ==
           graph.hubs[static_cast<size_t>(hub)].defaultEdge)
      ++choice;
    const int chosen = outgoing[static_cast<size_t>(choice)];
    QTest::keyClick(viewport(), static_cast<Qt::Key>(Qt::Key_1 + choice));
    QCOMPARE(dock_->controls().pendingChoice(), choice);
    tick(1);
    QCOMPARE(player.pendingAction(), chosen);
    QCOMPARE(dock_->preview().nextEdge(), chosen);
    QVERIFY2(dock_->nextLabel()->text().contains(
                 QString::fromStdString(graph.edges[static_cast<size_t>(chosen)].name)),
             qPrintable(dock_->nextLabel()->text()));
    // Play on to the hub: the player takes the chosen edge there.
    const int transitions = player.transitionCount();
    for (int i = 0; i < 60 * 30 && player.transitionCount() == transitions; ++i) tick(1);
    QCOMPARE(player.transitionCount(), transitions + 1);
    QCOMPARE(player.currentEdge(), chosen);
    // A number the hub has no edge for is said, not sent.
    QTest::keyClick(viewport(), Qt::Key_9);
    tick(1);
    if (outgoing.size() < 9) {
      QCOMPARE(player.pendingAction(), -1);
      QVERIFY2(dock_->messageLabel()->text().contains(QStringLiteral("no edge 9")),
               qPrintable(dock_->messageLabel()->text()));
    }
  }

  void stickPadSteersWithTheMouse() {
    fatgraph::editor::StickPad* pad = dock_->stickPad();
    pad->resize(120, 120);
    QTest::mousePress(pad, Qt::LeftButton, Qt::NoModifier, pad->toWidget(0.6f, 0.0f).toPoint());
    QVERIFY(std::abs(dock_->controls().stickX() - 0.6f) < 0.03f);  // a pixel of rounding
    QCOMPARE(dock_->controls().activeSource(), InputSource::Mouse);
    // Past the rim: held on the unit circle.
    QTest::mouseMove(pad, pad->toWidget(0.0f, 3.0f).toPoint());
    QVERIFY(std::abs(dock_->controls().stickY() - 1.0f) < 1e-3f);
    QTest::mouseRelease(pad, Qt::LeftButton, Qt::NoModifier, pad->toWidget(0.0f, 3.0f).toPoint());
    QCOMPARE(dock_->controls().stickX(), 0.0f);
    QCOMPARE(dock_->controls().stickY(), 0.0f);
  }

  void gamepadSteersAndChooses() {
    QVERIFY2(dock_->gamepad()->isAvailable(), qPrintable(dock_->gamepad()->initError()));
    QCOMPARE(dock_->gamepadLabel()->text(), QStringLiteral("no gamepad"));
    auto pad = std::make_unique<VirtualPad>();  // plugged in while playing
    QVERIFY2(pad->isValid(), SDL_GetError());
    tick(1);
    QCOMPARE(dock_->gamepadLabel()->text(), QString::fromLatin1(kVirtualPadName));
    pad->setAxis(SDL_CONTROLLER_AXIS_LEFTY, -32767);  // SDL's up: forward
    tick(1);
    QCOMPARE(dock_->controls().activeSource(), InputSource::Gamepad);
    QCOMPARE(dock_->controls().stickY(), 1.0f);
    QCOMPARE(dock_->sourceLabel()->text(), QStringLiteral("gamepad"));
    const int chosen = dock_->preview().edgeForChoice(1);
    QVERIFY(chosen >= 0);
    pad->setButton(SDL_CONTROLLER_BUTTON_B, true);  // the second edge at the next hub
    tick(1);
    pad->setButton(SDL_CONTROLLER_BUTTON_B, false);
    QCOMPARE(dock_->preview().player().pendingAction(), chosen);
    pad.reset();  // unplugged
    tick(1);
    QCOMPARE(dock_->gamepadLabel()->text(), QStringLiteral("no gamepad"));
  }

  void characterWalksAndTheCameraFollows() {
    const fatgraph::Vec3 start = fatgraph::toEigenDouble(dock_->preview().player().character().position);
    QTest::keyPress(viewport(), Qt::Key_W);
    tick(3 * 60);
    const fatgraph::Vec3 end = fatgraph::toEigenDouble(dock_->preview().player().character().position);
    QTest::keyRelease(viewport(), Qt::Key_W);
    QVERIFY2(groundDistance(start, end) > 1.0,  // a walk covers about a metre a second
             qPrintable(QString::number(groundDistance(start, end))));
    // Footsteps arrive as events: 3 s of a ~1.1 s gait cycle, two feet, shown in the dock.
    const PlayEventLog& events = dock_->events();
    QVERIFY2(events.footsteps() >= 4 && events.footsteps() <= 7, qPrintable(QString::number(events.footsteps())));
    QVERIFY(std::abs(events.footsteps(0) - events.footsteps(1)) <= 1);
    QVERIFY2(dock_->eventsLabel()->text().contains(QStringLiteral("%1 footsteps (").arg(events.footsteps())),
             qPrintable(dock_->eventsLabel()->text()));
    QVERIFY2(dock_->eventsLabel()->text().contains(QStringLiteral("last: ")), qPrintable(dock_->eventsLabel()->text()));
    QVERIFY(finitePose(dock_->preview()));
    // The viewport shows the player's pose; the camera has caught up with the hips within a
    // step (it lags by speed times its time constant, 0.2 s).
    auto* view = window_->viewport();
    QVERIFY(view->scene().showsPose());
    const fatgraph::Vec3 hips = dock_->preview().worldPositions()[0];
    const QVector3D target = view->camera().target;
    QVERIFY2(std::hypot(target.x() - hips.x(), target.z() - hips.z()) < 0.5,
             qPrintable(QStringLiteral("%1 %2").arg(target.x()).arg(hips.x())));
    // Not following: the camera stays where the user put it.
    dock_->followCamera()->setChecked(false);
    tick(30);
    QCOMPARE(view->camera().target, target);
    dock_->followCamera()->setChecked(true);
  }

  // The event strip draws what the events say: after 3 s of walking each leg has one stance
  // per foot strike (one more when its first event is a foot-off: a stance begun before Play),
  // every hub reached since Play is marked, and the strip paints them.
  void eventStripShowsTheFootsteps() {
    QTest::keyPress(viewport(), Qt::Key_W);
    tick(3 * 60);
    QTest::keyRelease(viewport(), Qt::Key_W);
    const PlayEventStrip* strip = dock_->eventStrip();
    const PlayEventLog& events = dock_->events();
    std::vector<int> perLeg(2, 0);
    for (const PlayEventStrip::Stance& s : strip->stances()) {
      QVERIFY(s.leg >= 0 && s.leg < 2);
      QVERIFY(s.end >= s.start);
      ++perLeg[s.leg];
    }
    for (int l = 0; l < 2; ++l)
      QVERIFY2(perLeg[l] >= 2 && (perLeg[l] == events.footsteps(l) || perLeg[l] == events.footsteps(l) + 1),
               qPrintable(QStringLiteral("leg %1: %2 stances, %3 strikes").arg(l).arg(perLeg[l]).arg(events.footsteps(l))));
    QCOMPARE(static_cast<int>(strip->hubTimes().size()), events.hubsReached());
    // Painted: the stance bars' colour appears (offscreen grab, no GL needed).
    const QImage image = const_cast<PlayEventStrip*>(strip)->grab().toImage();
    const QColor bar = QColor(80, 170, 255).darker(140);
    int barPixels = 0;
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) barPixels += (image.pixel(x, y) & 0xffffffu) == (bar.rgb() & 0xffffffu) ? 1 : 0;
    QVERIFY2(barPixels > 20, qPrintable(QStringLiteral("%1 bar pixels in %2 x %3").arg(barPixels).arg(image.width()).arg(image.height())));
  }

  // Ctrl + click in the viewport aims: the ray meets the aim height, the player aims each
  // parameterized edge's joint there, the viewport draws the target and where the blend puts
  // the joint, the Aim row says what the plane cannot reach; unchecking Aim ends it.
  void ctrlClickAimsTheJoint() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csv = dir.filePath(QStringLiteral("aimed.csv"));
    dock_->setRecordingPath(csv);
    tick(30);
    auto* view = window_->viewport();
    QSignalSpy asked(view, &Viewport::aimRequested);
    QTest::mouseClick(view, Qt::LeftButton, Qt::ControlModifier, view->rect().center());
    QCOMPARE(asked.count(), 1);
    // A ray straight down onto a point 0.4 m ahead of the character at the aim height.
    const CharacterFrame c = dock_->preview().player().character();
    const double height = dock_->preview().aimHeight();
    const QVector3D target(c.position.x + 0.4f * std::sin(c.yaw), static_cast<float>(height),
                           c.position.z + 0.4f * std::cos(c.yaw));
    QVERIFY(dock_->aimAlong(target + QVector3D(0.0f, 3.0f, 0.0f), QVector3D(0.0f, -1.0f, 0.0f)));
    QVERIFY(dock_->aimCheck()->isChecked());
    QVERIFY(dock_->preview().aim().has_value());
    QVERIFY((*dock_->preview().aim() - fatgraph::Vec3(target.x(), target.y(), target.z())).norm() < 1e-4);
    tick(150);  // over two whole edges of the walk: aimed passes for the replay to measure
    const AimReport& report = dock_->preview().player().aimReport();
    QVERIFY(report.active);
    QVERIFY(report.aimable);
    QVERIFY(std::isfinite(report.unreachable));
    QVERIFY(!view->aimLines().vertices.empty());
    QVERIFY2(dock_->aimLabel()->text().contains(QStringLiteral("cannot reach")), qPrintable(dock_->aimLabel()->text()));
    QVERIFY(finitePose(dock_->preview()));
    // A ray that never comes down to the aim's height is refused with a reason.
    QVERIFY(!dock_->aimAlong(target + QVector3D(0.0f, 3.0f, 0.0f), QVector3D(0.0f, 1.0f, 0.0f)));
    QVERIFY2(dock_->messageLabel()->text().contains(QStringLiteral("away from the aim's height")),
             qPrintable(dock_->messageLabel()->text()));
    dock_->aimCheck()->setChecked(false);
    tick(2);
    QVERIFY(!dock_->preview().player().aimReport().active);
    QVERIFY(view->aimLines().vertices.empty());
    QCOMPARE(dock_->aimLabel()->text(), QStringLiteral("—"));
    // The session recorded the aim (in each edge's start frame) and `fatgraph play` aims too.
    dock_->stop();
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().startsWith("t,x,y,action,aim_x,aim_y,aim_z\n"));
    QJsonObject played;
    QString error;
    QVERIFY2(replay(dir, csv, QStringLiteral("aimed.bvh"), played, error), qPrintable(error));
    QVERIFY2(played.value(QStringLiteral("aim")).toObject().value(QStringLiteral("passes")).toInt() > 0,
             QJsonDocument(played.value(QStringLiteral("aim")).toObject()).toJson().constData());
  }

  void posesStayFiniteOnTheStairs() {
    QCOMPARE(window_->setTerrain(QStringLiteral("stairs15cm")), QString());
    QVERIFY(dock_->terrainLabel()->text().contains(QStringLiteral("stairs15cm")));
    QTest::keyPress(viewport(), Qt::Key_W);
    double lowest = 1e9, highest = -1e9;
    const double steps[] = {kTick, 5.0 /* a stalled timer */,
                            std::numeric_limits<double>::quiet_NaN(), -1.0, kTick};
    for (int i = 0; i < 4 * 60; ++i) {
      dock_->advance(steps[i % 5]);
      QVERIFY(finitePose(dock_->preview()));
      const double y = dock_->preview().player().character().position.y;
      lowest = std::min(lowest, y);
      highest = std::max(highest, y);
    }
    QTest::keyRelease(viewport(), Qt::Key_W);
    QVERIFY(std::isfinite(lowest) && std::isfinite(highest));
    qInfo("ground under the character on stairs15cm: %.3f .. %.3f m", lowest, highest);
    QCOMPARE(window_->setTerrain(QStringLiteral("none")), QString());
  }

  void recordingReplaysThroughTheCli() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csv = dir.filePath(QStringLiteral("session.csv"));
    dock_->setRecordingPath(csv);
    const fatgraph::RuntimeGraph& graph = dock_->preview().graph();
    QTest::keyPress(viewport(), Qt::Key_W);
    tick(60);
    QTest::keyClick(viewport(), Qt::Key_2);
    const int chosen = dock_->preview().edgeForChoice(1);
    QVERIFY(chosen >= 0);
    tick(30);
    QTest::keyPress(viewport(), Qt::Key_D);
    tick(45);
    QTest::keyRelease(viewport(), Qt::Key_D);
    QTest::keyRelease(viewport(), Qt::Key_W);
    tick(15);
    dock_->stop();
    QVERIFY2(QFile::exists(csv), qPrintable(dock_->messageLabel()->text()));

    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.startsWith("t,x,y,action\n"));
    std::vector<std::string> names;
    for (const fatgraph::RuntimeEdge& edge : graph.edges) names.push_back(edge.name);
    const fatgraph::cli::PlayInput input =
        fatgraph::cli::parsePlayInput(text.toStdString(), "session.csv", names);
    // Rows: the start, W, the choice, W+D, W again, centred, and the closing row.
    QCOMPARE(input.rows.size(), dock_->recording().rows().size());
    QVERIFY(input.rows.size() >= 6);
    QCOMPARE(input.rows.front().time, 0.0);
    QVERIFY(std::abs(input.duration() - 150 * kTick) < 2e-3);
    int actions = 0;
    bool diagonal = false;
    for (const fatgraph::cli::PlayInputRow& row : input.rows) {
      if (row.action >= 0) {
        ++actions;
        QCOMPARE(row.action, chosen);
      }
      diagonal = diagonal || (row.x > 0.7f && row.y > 0.7f);
    }
    QCOMPARE(actions, 1);
    QVERIFY(diagonal);

    // `fatgraph play` replays it on the exported graph.
    const QString fgraph = dir.filePath(QStringLiteral("roll.fgraph"));
    fatgraph::exportProject(window_->document()->project(), fgraph.toStdString());
    QProcess play;
    play.start(
        QStringLiteral(FATGRAPH_CLI),
        {QStringLiteral("play"), fgraph, QStringLiteral("--input"), csv, QStringLiteral("-o"),
         dir.filePath(QStringLiteral("played.bvh")), QStringLiteral("--json")});
    QVERIFY(play.waitForFinished(-1));
    QCOMPARE(play.exitStatus(), QProcess::NormalExit);  // a crash's exit code may read 0
    QVERIFY2(play.exitCode() == 0, play.readAllStandardError().constData());
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("played.bvh"))));
  }

  // Velocity control: the stick asks for a speed and a turn, a centred stick stops the
  // character (it stands), and the session replays through `fatgraph play` with the velocity
  // columns, stopping there too.
  void velocityControlWalksStopsAndReplays() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csv = dir.filePath(QStringLiteral("velocity.csv"));
    dock_->setRecordingPath(csv);
    dock_->controlCombo()->setCurrentIndex(1);
    QVERIFY(dock_->velocityControl());
    const fatgraph::Player& player = dock_->preview().player();
    const fatgraph::Vec3 start = fatgraph::toEigenDouble(player.character().position);
    QTest::keyPress(viewport(), Qt::Key_W);
    tick(3 * 60);
    QTest::keyRelease(viewport(), Qt::Key_W);
    const fatgraph::Vec3 walked = fatgraph::toEigenDouble(player.character().position);
    QVERIFY2(groundDistance(start, walked) > 1.0, qPrintable(QString::number(groundDistance(start, walked))));
    QVERIFY(player.hasDesiredVelocity());
    QVERIFY2(dock_->velocityLabel()->text().startsWith(QStringLiteral("asked ")), qPrintable(dock_->velocityLabel()->text()));
    tick(2 * 60);  // centred: each leg finishes its step, then the character stands
    QVERIFY(player.standing());
    QVERIFY2(dock_->velocityLabel()->text().endsWith(QStringLiteral("standing")), qPrintable(dock_->velocityLabel()->text()));
    const fatgraph::Vec3 standing = fatgraph::toEigenDouble(player.character().position);
    tick(30);
    QVERIFY(groundDistance(standing, fatgraph::toEigenDouble(player.character().position)) < 0.02);
    QTest::keyPress(viewport(), Qt::Key_W);
    tick(60);
    QTest::keyRelease(viewport(), Qt::Key_W);
    QVERIFY(!player.standing());
    QVERIFY(finitePose(dock_->preview()));
    dock_->stop();
    dock_->controlCombo()->setCurrentIndex(0);

    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY2(text.startsWith("t,x,y,action,vel_x,vel_z,turn\n"), text.left(60).constData());
    std::vector<std::string> names;
    for (const fatgraph::RuntimeEdge& edge : dock_->preview().graph().edges) names.push_back(edge.name);
    const fatgraph::cli::PlayInput input = fatgraph::cli::parsePlayInput(text.toStdString(), "velocity.csv", names);
    // The recording began before Velocity was chosen: its first row is the stick's.
    QVERIFY(input.rows.size() >= 4 && !input.rows.front().velocity);
    QVERIFY(std::all_of(input.rows.begin() + 1, input.rows.end(), [](const auto& row) { return row.velocity; }));
    QJsonObject report;
    QString error;
    QVERIFY2(replay(dir, csv, QStringLiteral("played.bvh"), report, error), qPrintable(error));
    QCOMPARE(report.value(QStringLiteral("velocity")).toObject().value(QStringLiteral("stops")).toInt(), 1);
  }

  void boundKeysAndButtonsAskForTheirEdge() {
    fatgraph::editor::Document* document = window_->document();
    const fatgraph::RuntimeGraph& graph = dock_->preview().graph();
    const int hub = graph.edges[static_cast<size_t>(dock_->preview().player().currentEdge())].toHub;
    const fatgraph::RuntimeHub& next = graph.hubs[static_cast<size_t>(hub)];
    int target = -1;  // not the hub's default, so the binding must change where the player goes
    for (const int e : next.outgoing)
      if (e != next.defaultEdge) target = e;
    QVERIFY(target >= 0);
    const QString name = QString::fromStdString(graph.edges[static_cast<size_t>(target)].name);
    fatgraph::editor::ActionBindingsEditor* actions = dock_->actionBindings();
    actions->edgeCombo()->setCurrentIndex(actions->edgeCombo()->findText(name));
    QVERIFY(actions->edgeCombo()->currentText() == name);

    // K bound to the edge: one undo step, kept in the project; the runtime graph does not
    // carry bindings, so the player plays on (no rebuild, no restart).
    const fatgraph::Player& player = dock_->preview().player();
    tick(20);
    const float timeBefore = player.referenceTime();
    actions->bindButton()->click();
    QTest::keyClick(actions->bindButton(), Qt::Key_K);
    QCOMPARE(document->project().settings.actionBindings.size(), size_t(1));
    QCOMPARE(document->undoStack()->undoText(), QStringLiteral("Bind key:K to %1").arg(name));
    dock_->waitForGraph();
    QCOMPARE(&dock_->preview().graph(), &graph);
    QCOMPARE(&dock_->preview().player(), &player);
    QCOMPARE(player.referenceTime(), timeBefore);
    QTest::keyClick(viewport(), Qt::Key_K);
    QCOMPARE(dock_->controls().requestedEdge(), name);
    tick(1);
    QCOMPARE(player.pendingAction(), target);
    QVERIFY2(dock_->choicesLabel()->text().contains(QStringLiteral("key:K %1").arg(name)),
             qPrintable(dock_->choicesLabel()->text()));
    // The player takes it at its hub.
    const int transitions = player.transitionCount();
    for (int i = 0; i < 60 * 30 && player.transitionCount() == transitions; ++i) tick(1);
    QCOMPARE(player.currentEdge(), target);

    // A pad's right shoulder, bound while playing: the dock passes the press to the capture.
    auto pad = std::make_unique<VirtualPad>();
    QVERIFY2(pad->isValid(), SDL_GetError());
    tick(1);
    actions->bindButton()->click();
    pad->setButton(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, true);
    tick(1);
    pad->setButton(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, false);
    QCOMPARE(document->project().settings.actionBindings.size(), size_t(2));
    QCOMPARE(document->project().settings.actionBindings.back().input, std::string("pad:rightshoulder"));
    QCOMPARE(&dock_->preview().graph(), &graph);
    tick(1);
    QCOMPARE(player.pendingAction(), -1);
    pad->setButton(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, true);
    tick(1);
    pad->setButton(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, false);
    QCOMPARE(dock_->preview().player().pendingAction(), target);
    pad.reset();

    // Undo unbinds: K chooses nothing again (it is no number key).
    QCOMPARE(document->undo(), QString());
    QCOMPARE(document->undo(), QString());
    QVERIFY(document->project().settings.actionBindings.empty());
    QCOMPARE(actions->table()->rowCount(), 0);
    QCOMPARE(&dock_->preview().graph(), &graph);  // undoing a binding plays on too
    QTest::keyClick(viewport(), Qt::Key_K);
    QVERIFY(dock_->controls().requestedEdge().isEmpty());
  }

  void anEditRestartsAndUndoingTheBuildStops() {
    fatgraph::editor::Document* document = window_->document();
    tick(90);
    // A rename while playing: the runtime graph is rebuilt from the project (the new name) and
    // the player starts again from the start edge.
    const QString old = QString::fromStdString(document->graph().fatEdges.front().name);
    QCOMPARE(document->applyGraphEdit(fatgraph::editor::GraphEditRequest::renameFatEdge(
                 old, QStringLiteral("walk_renamed"))),
             QString());
    QVERIFY(dock_->isPlaying());
    // The old graph plays on while the pool builds the new one.
    QCOMPARE(dock_->preview().graph().edges.front().name, old.toStdString());
    dock_->waitForGraph();
    QCOMPARE(dock_->preview().graph().edges.front().name, std::string("walk_renamed"));
    QCOMPARE(dock_->preview().player().currentEdge(), dock_->preview().graph().startEdge);
    QCOMPARE(dock_->preview().player().transitionCount(), 0);
    QCOMPARE(document->undo(), QString());  // the rename
    dock_->waitForGraph();
    QCOMPARE(dock_->preview().graph().edges.front().name, old.toStdString());

    QCOMPARE(document->undo(), QString());  // the build: nothing left to play
    QVERIFY(document->graph().fatEdges.empty());
    QVERIFY(!dock_->isPlaying());
    QVERIFY2(dock_->messageLabel()->text().contains(QStringLiteral("Build Graph")),
             qPrintable(dock_->messageLabel()->text()));
    QVERIFY(!dock_->playButton()->isEnabled());
    QCOMPARE(document->redo(), QString());
    QVERIFY(dock_->playButton()->isEnabled());
  }

  void cleanupTestCase() {
    dock_ = nullptr;
    window_.reset();
  }
};

// A real joystick plugged in would be the pad the dock opens, not the test's virtual one: the
// whole program then reports SKIPPED (77) rather than pass without checking the gamepad path.
int main(int argc, char* argv[]) {
  QApplication app(argc, argv);
  if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0) {
    const bool realJoystick = SDL_NumJoysticks() > 0;
    SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
    if (realJoystick) {
      std::puts("SKIP: a real joystick is plugged in; the dock would open it, not the test's pad");
      return 77;
    }
  }
  TestPlayDock test;
  return QTest::qExec(&test, argc, argv);
}
#include "test_play_dock.moc"
