// The recorded session is the input `fatgraph play` reads: the CLI's own parser
// (cli/play_input) reads every row back with its time, stick and action, edge names
// holding commas, quotes or spaces included; unchanged input adds no row; times never go
// backwards; and the file is written whole or not at all.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <string>
#include <vector>

#include "play/input_recording.h"
#include "play_input.h"

using fatgraph::editor::InputRecording;

class TestInputRecording : public QObject {
  Q_OBJECT

 private slots:
  void edgeNamesReadBackAsTheSameEdge_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("plain") << QStringLiteral("walk_left");
    QTest::newRow("comma") << QStringLiteral("turn, sharp");
    QTest::newRow("quote") << QStringLiteral("the \"long\" walk");
    QTest::newRow("non-ASCII") << QStringLiteral("marche_à_gauche");
  }
  void edgeNamesReadBackAsTheSameEdge() {
    QFETCH(QString, name);
    const std::vector<std::string> edges = {"idle", name.toStdString(), "run"};
    InputRecording recording;
    recording.sample(0.0, 0.0f, 0.0f);
    recording.sample(0.5, 0.25f, -1.0f, name);
    recording.finish(1.25, 0.25f, -1.0f);
    const fatgraph::cli::PlayInput input =
        fatgraph::cli::parsePlayInput(recording.toCsv().toStdString(), "session.csv", edges);
    QCOMPARE(input.rows.size(), size_t{3});
    QCOMPARE(input.rows[0].action, -1);
    QCOMPARE(input.rows[1].action, 1);
    QCOMPARE(input.rows[1].time, 0.5);
    QCOMPARE(input.rows[1].x, 0.25f);
    QCOMPARE(input.rows[1].y, -1.0f);
    QCOMPARE(input.duration(), 1.25);
    QCOMPARE(input.clampedValues, 0);
  }

  void unchangedInputAddsNoRow() {
    InputRecording recording;
    recording.sample(0.0, 0.0f, 0.0f);
    recording.sample(0.1, 0.0f, 0.0f);                         // same stick, no action
    recording.sample(0.2, 0.0f, 1.0f);                         // moved
    recording.sample(0.3, 0.0f, 1.0f, QStringLiteral("run"));  // an action is always a row
    recording.sample(0.25, 0.5f, 1.0f);                        // a clock that stepped back is held
    QCOMPARE(recording.rows().size(), size_t{4});
    QCOMPARE(recording.rows().back().time, 0.3);
    QCOMPARE(recording.toCsv(), QStringLiteral("t,x,y,action\n0.000,0,0,\n0.200,0,1,\n"
                                               "0.300,0,1,run\n0.300,0.5,1,\n"));
  }

  // A velocity asked for adds the group vel_x,vel_z,turn (empty where the stick drove) and a
  // changed velocity is a row; `fatgraph play` reads it back.
  void velocitiesAddTheirColumns() {
    InputRecording recording;
    recording.sample(0.0, 0.0f, 0.0f);
    recording.sample(0.1, 0.0f, 1.0f, {}, {true, 0.0f, 1.5f, 0.0f});
    recording.sample(0.2, 0.0f, 1.0f, {}, {true, 0.0f, 1.5f, 0.0f});  // unchanged: no row
    recording.sample(0.3, 0.0f, 1.0f, {}, {true, 0.0f, 1.5f, -0.75f});
    recording.finish(0.5, 0.0f, 0.0f, {true, 0.0f, 0.0f, 0.0f});
    QCOMPARE(recording.toCsv(), QStringLiteral("t,x,y,action,vel_x,vel_z,turn\n0.000,0,0,,,,\n0.100,0,1,,0,1.5,0\n"
                                               "0.300,0,1,,0,1.5,-0.75\n0.500,0,0,,0,0,0\n"));
    const fatgraph::cli::PlayInput input =
        fatgraph::cli::parsePlayInput(recording.toCsv().toStdString(), "session.csv", {"walk"});
    QVERIFY(!input.rows[0].velocity && input.rows[1].velocity);
    QCOMPARE(input.rows[2].desiredTurn, -0.75f);
  }

  // An aim adds the group aim_x,aim_y,aim_z after the velocities (empty where nothing was
  // aimed at), a row whenever the target changes; `fatgraph play` reads it back.
  void aimsAddTheirColumns() {
    InputRecording recording;
    recording.sample(0.0, 0.0f, 0.0f);
    recording.sample(0.1, 0.0f, 0.0f, {}, {}, {true, 0.25f, 1.25f, 0.5f});
    recording.sample(0.2, 0.0f, 0.0f, {}, {}, {true, 0.25f, 1.25f, 0.5f});  // unchanged: no row
    recording.sample(0.3, 0.0f, 0.0f, {}, {true, 0.0f, 1.0f, 0.0f}, {true, -0.5f, 1.25f, 0.25f});
    recording.finish(0.5, 0.0f, 0.0f);
    QCOMPARE(recording.toCsv(), QStringLiteral("t,x,y,action,vel_x,vel_z,turn,aim_x,aim_y,aim_z\n"
                                               "0.000,0,0,,,,,,,\n0.100,0,0,,,,,0.25,1.25,0.5\n"
                                               "0.300,0,0,,0,1,0,-0.5,1.25,0.25\n0.500,0,0,,,,,,,\n"));
    const fatgraph::cli::PlayInput input =
        fatgraph::cli::parsePlayInput(recording.toCsv().toStdString(), "session.csv", {"walk"});
    QVERIFY(!input.rows[0].aim && input.rows[1].aim && input.rows[2].aim && !input.rows[3].aim);
    QCOMPARE(input.rows[2].aimTarget[0], -0.5f);
    // Aims alone: no velocity columns.
    InputRecording aimsOnly;
    aimsOnly.sample(0.0, 0.0f, 0.0f, {}, {}, {true, 0.0f, 1.0f, 0.5f});
    QCOMPARE(aimsOnly.toCsv(), QStringLiteral("t,x,y,action,aim_x,aim_y,aim_z\n0.000,0,0,,0,1,0.5\n"));
  }

  void writesWholeOrNothing() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    InputRecording recording;
    const QString path = dir.filePath(QStringLiteral("session.csv"));
    QVERIFY(!recording.write(path).isEmpty());  // nothing recorded: said, not written
    QVERIFY(!QFile::exists(path));
    recording.sample(0.0, -0.0f, 0.0f);  // a negative zero is written as 0
    recording.finish(2.0, 0.0f, 0.0f);
    QCOMPARE(recording.write(path), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("t,x,y,action\n0.000,0,0,\n2.000,0,0,\n"));
    const QString missing = dir.filePath(QStringLiteral("no/such/dir/session.csv"));
    const QString error = recording.write(missing);
    QVERIFY2(error.contains(QStringLiteral("session.csv")), qPrintable(error));
  }
};

QTEST_GUILESS_MAIN(TestInputRecording)
#include "test_input_recording.moc"
