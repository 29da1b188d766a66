// `fatgraph play`'s input: the CSV reader (every malformed file names its line) and the update
// schedule (each row's stick from its time on, each action sent once).
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "play_input.h"

using fatgraph::cli::PlayInput;
using fatgraph::cli::PlayUpdate;

namespace {
const std::vector<std::string> kEdges = {"walk", "kick, left"};
const std::string kFile = "in.csv";

PlayInput parse(const QByteArray& text) {
  return fatgraph::cli::parsePlayInput(std::string_view(text.constData(), size_t(text.size())), kFile, kEdges);
}

PlayInput parse(const char* text) { return parse(QByteArray(text)); }
}  // namespace

class TestPlayInput : public QObject {
  Q_OBJECT
 private slots:
  void rejects_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");  // 0: the file as a whole
    QTest::addColumn<QString>("message");
    const QByteArray h = "t,x,y,action\n";
    QTest::newRow("empty file") << QByteArray() << 0 << QStringLiteral("empty file");
    QTest::newRow("blank lines only") << QByteArray("\n \r\n\n") << 0 << QStringLiteral("empty file");
    QTest::newRow("missing header") << QByteArray("0,0,0,\n") << 1 << QStringLiteral(",aim_x,aim_y,aim_z in this order, got '0,0,0,'");
    QTest::newRow("other header") << QByteArray("time,x,y,action\n0,0,0,\n") << 1 << QStringLiteral("expected the header");
    QTest::newRow("header with a fifth column") << QByteArray("t,x,y,action,z\n") << 1 << QStringLiteral("expected the header");
    QTest::newRow("header after a blank line") << QByteArray("\nt,x,y\n") << 2 << QStringLiteral("expected the header");
    QTest::newRow("header only") << h << 0 << QStringLiteral("no rows after the header");
    QTest::newRow("three columns") << h + "0,0,0,\n1,0,0\n" << 3 << QStringLiteral("expected 4 columns (t,x,y,action), got 3");
    QTest::newRow("five columns") << h + "0,0,0,walk,1\n" << 2 << QStringLiteral("got 5");
    QTest::newRow("non-numeric time") << h + "0,0,0,\nabc,0,0,\n" << 3 << QStringLiteral("t 'abc' is not a number");
    QTest::newRow("unit after a number") << h + "1.5s,0,0,\n" << 2 << QStringLiteral("t '1.5s' is not a number");
    QTest::newRow("empty x") << h + "0,,0,\n" << 2 << QStringLiteral("x is empty");
    QTest::newRow("NaN y") << h + "0,0,nan,\n" << 2 << QStringLiteral("y 'nan' is not finite");
    QTest::newRow("infinite x") << h + "0,-inf,0,\n" << 2 << QStringLiteral("x '-inf' is not finite");
    QTest::newRow("huge time") << h + "1e999,0,0,\n" << 2 << QStringLiteral("out of range");
    QTest::newRow("negative time") << h + "0,0,0,\n-0.5,0,0,\n" << 3 << QStringLiteral("time -0.5 is negative");
    QTest::newRow("time beyond an hour") << h + "3600.5,0,0,\n" << 2 << QStringLiteral("beyond the limit of 3600 s");
    QTest::newRow("time going backwards") << h + "0,0,0,\n0.5,1,0,\n1.5,0,0,\n1.2,0,0,\n" << 5 << QStringLiteral("time 1.2 goes backwards (previous 1.5)");
    QTest::newRow("unknown edge") << h + "0,0,0,walk\n1,0,0,run\n" << 3 << QStringLiteral("action 'run' names no fat edge of the graph");
    QTest::newRow("edge name in another case") << h + "0,0,0,Walk\n" << 2 << QStringLiteral("action 'Walk'");
    QTest::newRow("unterminated quote") << h + "0,0,0,\"walk\n" << 2 << QStringLiteral("quote");
    QTest::newRow("text after a quote") << h + "0,0,0,\"walk\"x\n" << 2 << QStringLiteral("quote");
    QTest::newRow("NUL byte") << h + QByteArray("0,0\0,0,\n", 8) << 2 << QStringLiteral("NUL byte");
    QTest::newRow("binary file") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << 1 << QStringLiteral("expected the header");
    QTest::newRow("line numbers count blank lines") << h + "\n0,0,0,\n\n0,x,0,\n" << 5 << QStringLiteral("x 'x' is not a number");
    QTest::newRow("CRLF lines") << QByteArray("t,x,y,action\r\n0,0,0,\r\n-1,0,0,\r\n") << 3 << QStringLiteral("negative");
    const QByteArray st = "t,x,y,action,steer_x,steer_z,steer_turn\n";
    QTest::newRow("steering header, 4 columns") << st + "0,0,0,\n" << 2 << QStringLiteral("expected 7 columns");
    QTest::newRow("steering not a number") << st + "0,0,0,,0.5,fast,0\n" << 2 << QStringLiteral("steer_z 'fast' is not a number");
    QTest::newRow("steering half given") << st + "0,0,0,,0.5,,\n" << 2 << QStringLiteral("steer_z is empty");
    QTest::newRow("steering NaN turn") << st + "0,0,0,,0,0,nan\n" << 2 << QStringLiteral("steer_turn 'nan' is not finite");
    const QByteArray vel = "t,x,y,action,vel_x,vel_z,turn\n";
    QTest::newRow("velocity header, 4 columns") << vel + "0,0,0,\n" << 2 << QStringLiteral("expected 7 columns (t,x,y,action,vel_x,vel_z,turn), got 4");
    QTest::newRow("velocity half given") << vel + "0,0,0,,0,1.2,\n" << 2 << QStringLiteral("turn is empty");
    QTest::newRow("velocity not a number") << vel + "0,0,0,,0,brisk,0\n" << 2 << QStringLiteral("vel_z 'brisk' is not a number");
    const QByteArray both = "t,x,y,action,steer_x,steer_z,steer_turn,vel_x,vel_z,turn\n";
    QTest::newRow("both groups, 7 columns") << both + "0,0,0,,1,0,0\n" << 2 << QStringLiteral("expected 10 columns");
    QTest::newRow("both groups, NaN velocity") << both + "0,0,0,,,,,inf,0,0\n" << 2 << QStringLiteral("vel_x 'inf' is not finite");
    QTest::newRow("groups out of order") << QByteArray("t,x,y,action,vel_x,vel_z,turn,steer_x,steer_z,steer_turn\n0,0,0,,,,,,,\n")
                                         << 1 << QStringLiteral("expected the header");
    QTest::newRow("aim before velocity") << QByteArray("t,x,y,action,aim_x,aim_y,aim_z,vel_x,vel_z,turn\n0,0,0,,0,1,2,,,\n")
                                         << 1 << QStringLiteral("expected the header");
    QTest::newRow("aim half given") << QByteArray("t,x,y,action,aim_x,aim_y,aim_z\n0,0,0,,0,1,\n") << 2
                                    << QStringLiteral("aim_z is empty");
  }

  void rejects() {
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(QString, message);
    try {
      parse(text);
      QFAIL("accepted a malformed file");
    } catch (const fatgraph::FileError& e) {
      const QString what = QString::fromStdString(e.what());
      QCOMPARE(e.line(), line);
      const QString prefix = line > 0 ? QStringLiteral("in.csv:%1: ").arg(line) : QStringLiteral("in.csv: ");
      QVERIFY2(what.startsWith(prefix), qPrintable(what));
      QVERIFY2(what.contains(message), qPrintable(what));
      QVERIFY2(!what.contains(QLatin1Char('\n')), qPrintable(what));
    }
  }

  void accepts_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("rows");
    QTest::addColumn<double>("duration");
    QTest::addColumn<QList<int>>("actions");
    QTest::addColumn<int>("clamped");
    QTest::newRow("one row at t = 0") << QByteArray("t,x,y,action\n0,0,0,\n") << 1 << 0.0 << QList<int>{-1} << 0;
    QTest::newRow("equal times") << QByteArray("t,x,y,action\n0,0,0,\n1,0.5,0,walk\n1,-0.5,0,\n2,0,0,\n") << 4 << 2.0
                                 << QList<int>{-1, 0, -1, -1} << 0;
    QTest::newRow("BOM, CRLF, quoted name with a comma")
        << QByteArray("\xEF\xBB\xBFt,x,y,action\r\n0,1,0,\"kick, left\"\r\n0.5,0,0,walk\r\n") << 2 << 0.5
        << QList<int>{1, 0} << 0;
    QTest::newRow("quoted quote-free name, blank lines") << QByteArray("t,x,y,action\n\n0,0,0,\"walk\"\n\n") << 1 << 0.0
                                                         << QList<int>{0} << 0;
    QTest::newRow("spaces, plus signs, exponents") << QByteArray("t,x,y,action\n0, +0.5 , -2.5e-1 , walk \n1e1,0,0,\n")
                                                   << 2 << 10.0 << QList<int>{0, -1} << 0;
    QTest::newRow("no final newline") << QByteArray("t,x,y,action\n0,0,0,\n3.25,0,1,walk") << 2 << 3.25
                                      << QList<int>{-1, 0} << 0;
    QTest::newRow("clamped stick") << QByteArray("t,x,y,action\n0,2,-3,\n0.5,0.5,1,\n") << 2 << 0.5
                                   << QList<int>{-1, -1} << 2;
  }

  void accepts() {
    QFETCH(QByteArray, text);
    QFETCH(int, rows);
    QFETCH(double, duration);
    QFETCH(QList<int>, actions);
    QFETCH(int, clamped);
    const PlayInput input = parse(text);
    QCOMPARE(int(input.rows.size()), rows);
    QCOMPARE(input.duration(), duration);
    for (int i = 0; i < rows; ++i) QCOMPARE(input.rows[size_t(i)].action, actions[i]);
    QCOMPARE(input.clampedValues, clamped);
    for (const auto& row : input.rows) {
      QVERIFY(row.x >= -1 && row.x <= 1 && row.y >= -1 && row.y <= 1);
    }
  }

  void valuesAndLines() {
    const PlayInput input = parse("t,x,y,action\n\n0,2,-0.25,\n0.5,0.5,-7,walk\n");
    QCOMPARE(input.rows[0].line, 3);
    QCOMPARE(input.rows[1].line, 4);
    QCOMPARE(input.rows[0].x, 1.0f);   // clamped
    QCOMPARE(input.rows[0].y, -0.25f);
    QCOMPARE(input.rows[1].y, -1.0f);  // clamped
    QCOMPARE(input.firstClampedLine, 3);
  }

  // The steering columns: given values steer from their row on, an all-empty row hands the
  // character back to the clips; the schedule carries them to every update.
  void steeringColumns() {
    const PlayInput input = parse("t,x,y,action,steer_x,steer_z,steer_turn\n0,0,0,,,,\n"
                                  "1,0,0,walk,0.5,-0.25,1.5\n2,0,0,,,,\n");
    QCOMPARE(int(input.rows.size()), 3);
    QVERIFY(!input.rows[0].steer);
    QVERIFY(input.rows[1].steer);
    QCOMPARE(input.rows[1].steerVelocity[0], 0.5f);
    QCOMPARE(input.rows[1].steerVelocity[1], -0.25f);
    QCOMPARE(input.rows[1].steerTurn, 1.5f);
    QCOMPARE(input.rows[1].action, 0);
    QVERIFY(!input.rows[2].steer);
    const auto updates = fatgraph::cli::schedulePlayUpdates(input, 2.0);
    QCOMPARE(int(updates.size()), 5);  // t = 0, 0.5, 1, 1.5, 2
    const bool expected[] = {false, false, true, true, false};
    for (int i = 0; i < 5; ++i) QCOMPARE(updates[size_t(i)].steer, expected[i]);
    QCOMPARE(updates[3].steerTurn, 1.5f);
  }

  // The velocity columns, alone and after the steering ones: given values ask for a velocity
  // from their row on, an all-empty group hands control back (to the stick, the clips).
  void velocityColumns() {
    const PlayInput input = parse("t,x,y,action,steer_x,steer_z,steer_turn,vel_x,vel_z,turn\n0,0,0,,,,,0,1.4,0\n"
                                  "1,0,0,,0.5,0,0,,,\n2,0,0,,,,,-0.2,2.5,0.3\n");
    QCOMPARE(int(input.rows.size()), 3);
    QVERIFY(input.rows[0].velocity && !input.rows[0].steer);
    QCOMPARE(input.rows[0].desiredVelocity[1], 1.4f);
    QVERIFY(!input.rows[1].velocity && input.rows[1].steer);
    QVERIFY(input.rows[2].velocity && !input.rows[2].steer);
    QCOMPARE(input.rows[2].desiredVelocity[0], -0.2f);
    QCOMPARE(input.rows[2].desiredTurn, 0.3f);
    const auto updates = fatgraph::cli::schedulePlayUpdates(input, 2.0);
    const bool expected[] = {true, true, false, false, true};
    for (int i = 0; i < 5; ++i) QCOMPARE(updates[size_t(i)].velocity, expected[i]);
    QCOMPARE(updates[4].desiredVelocity[1], 2.5f);
    const PlayInput alone = parse("t,x,y,action,vel_x,vel_z,turn\n0,0,0,,0.1,0.9,-0.4\n");
    QVERIFY(alone.rows[0].velocity);
    QCOMPARE(alone.rows[0].desiredTurn, -0.4f);
  }

  // The aim columns, after the others: a target from its row on, empty stops aiming.
  void aimColumns() {
    const PlayInput input = parse("t,x,y,action,steer_x,steer_z,steer_turn,vel_x,vel_z,turn,aim_x,aim_y,aim_z\n"
                                  "0,0,0,,,,,,,,0.1,1.2,0.8\n1,0,0,,,,,0,1,0,,,\n");
    QVERIFY(input.rows[0].aim && !input.rows[0].velocity);
    QCOMPARE(input.rows[0].aimTarget[1], 1.2f);
    QVERIFY(!input.rows[1].aim && input.rows[1].velocity);
    const auto updates = fatgraph::cli::schedulePlayUpdates(input, 2.0);
    QVERIFY(updates[1].aim && !updates[2].aim);
    QCOMPARE(updates[1].aimTarget[2], 0.8f);
  }

  void missingFileNamesIt() {
    try {
      fatgraph::cli::readPlayInput("/no/such/input.csv", kEdges);
      QFAIL("read a missing file");
    } catch (const fatgraph::FileError& e) {
      QCOMPARE(QString::fromStdString(e.what()), QStringLiteral("/no/such/input.csv: cannot open the input file"));
    }
  }

  void frameCount_data() {
    QTest::addColumn<double>("lastTime");
    QTest::addColumn<double>("fps");
    QTest::addColumn<int>("frames");
    QTest::newRow("t = 0: one frame") << 0.0 << 30.0 << 1;
    QTest::newRow("10 s at 30 fps") << 10.0 << 30.0 << 301;
    QTest::newRow("just short of a frame") << 0.999 << 30.0 << 30;
    QTest::newRow("0.1 s at 30 fps (3/30 in decimal)") << 0.1 << 30.0 << 4;
    QTest::newRow("0.7 s at 10 fps") << 0.7 << 10.0 << 8;
    QTest::newRow("below one frame") << 0.01 << 30.0 << 1;
  }

  void frameCount() {
    QFETCH(double, lastTime);
    QFETCH(double, fps);
    QFETCH(int, frames);
    PlayInput input;
    input.rows.push_back({1, 0.0, 0, 0, -1});
    input.rows.push_back({2, lastTime, 0, 0, -1});
    QCOMPARE(fatgraph::cli::playFrameCount(input, fps), frames);
    const std::vector<PlayUpdate> updates = fatgraph::cli::schedulePlayUpdates(input, fps, 3);
    QCOMPARE(int(std::count_if(updates.begin(), updates.end(), [](const PlayUpdate& u) { return u.outputFrame; })), frames);
  }

  // Rows hold from their time on; actions are sent in the first update at or after their row.
  void scheduleRows() {
    const PlayInput input = parse(
        "t,x,y,action\n"
        "0,0,0.5,\n"
        "0.05,1,0,walk\n"    // between frames 0 and 1: read by frame 1
        "0.2,-1,0,\n"        // exactly at frame 2
        "0.2,0.5,0,\"kick, left\"\n"  // equal time: this one holds
        "0.21,0,0,walk\n"    // two actions inside (0.2, 0.3]: the later one is sent
        "0.25,0,0,\"kick, left\"\n"
        "0.3,0,0,\n");
    const std::vector<PlayUpdate> u = fatgraph::cli::schedulePlayUpdates(input, 10.0);
    QCOMPARE(int(u.size()), 4);
    QCOMPARE(u[0].dt, 0.0f);
    QCOMPARE(u[0].y, 0.5f);
    QCOMPARE(u[0].action, -1);
    QCOMPARE(u[1].x, 1.0f);
    QCOMPARE(u[1].action, 0);
    QCOMPARE(u[2].x, 0.5f);
    QCOMPARE(u[2].action, 1);
    QCOMPARE(u[3].x, 0.0f);
    QCOMPARE(u[3].action, 1);
    for (size_t i = 1; i < u.size(); ++i) {
      QVERIFY(std::abs(u[i].dt - 0.1f) < 1e-6f);
      QVERIFY(u[i].outputFrame);
    }
  }

  void actionAtZeroIsSentFirst() {
    const PlayInput input = parse("t,x,y,action\n0,0,0,walk\n");
    const std::vector<PlayUpdate> u = fatgraph::cli::schedulePlayUpdates(input, 30.0);
    QCOMPARE(int(u.size()), 1);
    QCOMPARE(u[0].action, 0);
    QVERIFY(u[0].outputFrame);
  }

  void substeps() {
    const PlayInput input = parse("t,x,y,action\n0,0,0,\n0.26,1,0,walk\n1,0,0,\n");
    const std::vector<PlayUpdate> u = fatgraph::cli::schedulePlayUpdates(input, 4.0, 3);
    QCOMPARE(int(u.size()), 1 + 4 * 3);
    double played = 0;
    int frames = 0, sent = 0;
    for (const PlayUpdate& step : u) {
      played += step.dt;
      frames += step.outputFrame;
      sent += step.action >= 0;
      QVERIFY(step.dt <= 0.25f / 3 + 1e-6f);
    }
    QVERIFY(std::abs(played - 1.0) < 1e-6);
    QCOMPARE(frames, 5);
    QCOMPARE(sent, 1);
    // 0.26 s falls in the first third of frame 1 -> 2 (0.25 .. 0.5): the update ending at 1/3.
    QCOMPARE(u[4].action, 0);
    QCOMPARE(u[3].x, 0.0f);
    QCOMPARE(u[4].x, 1.0f);
  }
};

QTEST_GUILESS_MAIN(TestPlayInput)
#include "test_play_input.moc"
