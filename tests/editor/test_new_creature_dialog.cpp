// File > New Creature… (offscreen): every type is generated and previewed, the leg slider
// chooses the legs, the stick (scripted, or W held on the viewport) walks the creature as far as
// its base speed says and the speed slider scales that, the terrain moves it up and down, a
// seed that would tip over is named and cannot be exported, the export loads back with the
// game's loader as the procedural graph that was played, and the main window opens one window.
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "app/main_window.h"
#include "dialogs/new_creature_dialog.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "views/viewport.h"

using fatgraph::editor::MainWindow;
using fatgraph::editor::NewCreatureDialog;

namespace {

constexpr double kStep = 1.0 / 60.0;

/// Plays `seconds` of the preview at 60 Hz and returns the ground distance travelled.
double travel(NewCreatureDialog& dialog, double seconds) {
  const fatgraph::Float3 from = dialog.player()->character().position;
  for (int i = 0; i < std::lround(seconds / kStep); ++i) dialog.step(kStep);
  const fatgraph::Float3 to = dialog.player()->character().position;
  return std::hypot(to.x - from.x, to.z - from.z);
}

}  // namespace

class TestNewCreatureDialog : public QObject {
  Q_OBJECT

 private slots:
  void generatesEachType_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("seed");
    QTest::addColumn<bool>("hasLegs");
    QTest::newRow("walker") << "walk" << 7 << true;
    QTest::newRow("flyer") << "fly" << 3 << true;
    QTest::newRow("swimmer") << "swim" << 5 << false;
  }

  void generatesEachType() {
    QFETCH(QString, type);
    QFETCH(int, seed);
    QFETCH(bool, hasLegs);
    NewCreatureDialog dialog;
    dialog.setLive(false);
    QCOMPARE(dialog.choose(type, seed, 0), QString());
    QVERIFY(dialog.hasCreature());
    QVERIFY(dialog.graph()->procedural());
    QCOMPARE(dialog.creature()->seed, std::uint64_t(seed));
    QCOMPARE(dialog.creature()->legCount() > 0, hasLegs);
    QCOMPARE(dialog.legsSlider()->isEnabled(), hasLegs);  // swimmers have no legs to choose
    const QString status = dialog.statusLabel()->text();
    QVERIFY2(status.contains(QStringLiteral("%1 legs").arg(dialog.creature()->legCount())), qPrintable(status));
    QVERIFY2(status.contains(QStringLiteral("generated in")), qPrintable(status));
    // The viewport shows the player's pose on the creature's own skeleton.
    dialog.setScriptedStick(0.3f, 1.0f);
    travel(dialog, 1.0);
    const auto& shown = dialog.viewport()->scene();
    QVERIFY(shown.showsPose());
    QCOMPARE(int(shown.jointModelPositions().size()), dialog.creature()->skeleton.jointCount());
    const fatgraph::CharacterFrame& frame = dialog.player()->character();
    const fatgraph::Float3 root = dialog.player()->modelPositions()[0];
    const double c = std::cos(frame.yaw), s = std::sin(frame.yaw);
    const fatgraph::Vec3 world(c * root.x + s * root.z + frame.position.x, root.y + frame.position.y,
                               -s * root.x + c * root.z + frame.position.z);
    QVERIFY2((shown.jointModelPositions()[0] - world).norm() < 1e-4,
             qPrintable(QString::number((shown.jointModelPositions()[0] - world).norm())));
    for (const fatgraph::Float3& p : dialog.player()->modelPositions()) {
      QVERIFY(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z));
    }
  }

  void legSliderChoosesPairs() {
    NewCreatureDialog dialog;
    dialog.setLive(false);
    dialog.choose(QStringLiteral("walk"), 7, 0);
    dialog.legsSlider()->setValue(3);  // regenerates
    QCOMPARE(dialog.creature()->legCount(), 6);
    QCOMPARE(dialog.graph()->legs.size(), std::size_t(6));
    QVERIFY2(dialog.statusLabel()->text().startsWith(QStringLiteral("6 legs")), qPrintable(dialog.statusLabel()->text()));
  }

  void stickWalksAtTheBaseSpeed() {
    NewCreatureDialog dialog;
    dialog.setLive(false);
    dialog.terrainCombo()->setCurrentText(QStringLiteral("flat"));
    dialog.choose(QStringLiteral("walk"), 7, 2);
    dialog.setScriptedStick(0.0f, 1.0f);
    travel(dialog, 1.0);  // starting up
    const double base = dialog.graph()->creature.baseSpeed;
    const double full = travel(dialog, 3.0) / 3.0;
    QVERIFY2(full > 0.8 * base && full < 1.2 * base, qPrintable(QString::number(full / base)));
    dialog.speedSlider()->setValue(50);
    travel(dialog, 1.5);  // slowing down
    const double half = travel(dialog, 3.0) / 3.0;
    QVERIFY2(half > 0.35 * full && half < 0.65 * full, qPrintable(QString::number(half / full)));
  }

  void keysSteer() {
    NewCreatureDialog dialog;
    dialog.setLive(false);
    dialog.choose(QStringLiteral("walk"), 7, 2);
    travel(dialog, 0.5);
    QCOMPARE(travel(dialog, 0.5), 0.0);  // no stick: it stands
    QTest::keyPress(dialog.viewport(), Qt::Key_W);
    const double walked = travel(dialog, 2.0);
    QTest::keyRelease(dialog.viewport(), Qt::Key_W);
    QVERIFY2(walked > 0.5 * dialog.graph()->creature.baseSpeed, qPrintable(QString::number(walked)));
  }

  void terrainMovesItUpAndDown() {
    NewCreatureDialog dialog;
    dialog.setLive(false);
    dialog.choose(QStringLiteral("walk"), 7, 2);
    dialog.terrainCombo()->setCurrentText(QStringLiteral("slope25"));
    dialog.setScriptedStick(0.0f, 1.0f);
    const float before = dialog.player()->character().position.y;
    travel(dialog, 3.0);
    const float after = dialog.player()->character().position.y;
    QVERIFY2(std::fabs(after - before) > 0.2f, qPrintable(QString::number(after - before)));
  }

  void seedThatTipsIsNamed() {
    NewCreatureDialog dialog;
    dialog.setLive(false);
    // Seed 547 is one of the 3 walkers in seeds 1-1000 whose centre of mass falls outside its
    // feet (core's generator test sweeps them); a good creature first, to see Export… turn off.
    QCOMPARE(dialog.choose(QStringLiteral("walk"), 7, 0), QString());
    QVERIFY(dialog.exportButton()->isEnabled());
    const QString problem = dialog.choose(QStringLiteral("walk"), 547, 0);
    QVERIFY2(problem.startsWith(QStringLiteral("creature seed 547 (walk) would tip over")), qPrintable(problem));
    QCOMPARE(dialog.statusLabel()->text(), problem);
    QVERIFY(!dialog.hasCreature());
    QVERIFY(!dialog.exportButton()->isEnabled());
    QVERIFY(dialog.exportTo(QStringLiteral("/tmp/never.fgraph")).startsWith(QStringLiteral("No creature to export")));
    dialog.step(kStep);  // nothing to play, nothing breaks
  }

  void exportLoadsBack() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    NewCreatureDialog dialog;
    dialog.setLive(false);
    for (const char* type : {"walk", "fly", "swim"}) {
      QCOMPARE(dialog.choose(QString::fromLatin1(type), 11, 0), QString());
      const QString path = dir.filePath(QStringLiteral("%1.fgraph").arg(QString::fromLatin1(type)));
      QCOMPARE(dialog.exportTo(path), QString());
      const fatgraph::RuntimeGraph loaded = fatgraph::loadRuntimeGraph(path.toStdString());
      QVERIFY(loaded.procedural());
      QCOMPARE(loaded.jointCount(), dialog.graph()->jointCount());
      QCOMPARE(loaded.legs.size(), dialog.graph()->legs.size());
      QCOMPARE(loaded.creature.locomotion, dialog.graph()->creature.locomotion);
      QCOMPARE(loaded.creature.baseSpeed, dialog.graph()->creature.baseSpeed);
    }
    const QString error = dialog.exportTo(dir.filePath(QStringLiteral("no-such-dir/x.fgraph")));
    QVERIFY2(error.contains(QStringLiteral("no-such-dir")), qPrintable(error));
  }

  void mainWindowOpensOneWindow() {
    MainWindow window;
    window.setInteractive(false);
    auto* action = window.findChild<QAction*>(QStringLiteral("newCreatureAction"));
    QVERIFY(action != nullptr);
    action->trigger();
    action->trigger();
    const auto dialogs = window.findChildren<NewCreatureDialog*>();
    QCOMPARE(dialogs.size(), 1);
    QVERIFY(dialogs[0]->isVisible());
    QVERIFY(dialogs[0]->hasCreature());
    dialogs[0]->close();  // deletes itself
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCOMPARE(window.findChildren<NewCreatureDialog*>().size(), 0);
  }
};

QTEST_MAIN(TestNewCreatureDialog)
#include "test_new_creature_dialog.moc"
