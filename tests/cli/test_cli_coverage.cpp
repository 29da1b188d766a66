// `fatgraph build` and `fatgraph inspect` report coverage (the command-line contract:
// coverage {overall, clips [{clip, fraction}]}), and `--hubs auto` (the default) accepts hubs
// until the 12 mixed clips of data/cmu-leonardo-ono-roll/ are at least 90 % covered.
#include <QtTest>

#include "cli_run.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include "fatgraph/core/io/project_store.h"

using namespace fatgraph;

namespace {
using Run = CliRun;

QString s(const char* text) { return QString::fromUtf8(text); }

QStringList mixedClips() {
  const QDir dir(s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll"));
  QStringList files;
  for (const QString& f : dir.entryList({s("*.bvh")}, QDir::Files, QDir::Name)) files << dir.filePath(f);
  return files;
}

// Coverage of clip `c` counted from the saved project: a frame counts when a member segment
// of some fat edge holds it.
double coverageFromProject(const Project& p, int c, int& covered, int& frames) {
  frames = p.clips[c].frameCount();
  covered = 0;
  for (int f = 0; f < frames; ++f) {
    bool inside = false;
    for (const FatEdge& e : p.graph.fatEdges) {
      for (int k : e.segments) {
        const Segment& seg = p.graph.segments[k];
        inside = inside || (seg.clip == c && seg.first <= f && f <= seg.last);
      }
    }
    covered += inside;
  }
  return static_cast<double>(covered) / frames;
}
}  // namespace

class TestCliCoverage : public QObject {
  Q_OBJECT
 private slots:
  void mixedClipsAreCoveredByAutomaticHubs() {
    const QStringList clips = mixedClips();
    QCOMPARE(clips.size(), 12);
    QTemporaryDir dir;
    const QString out = dir.filePath(s("mix.fgproj"));
    const Run r = runCli(QStringList{s("build")} + clips + QStringList{s("-o"), out, s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject o = r.json();
    const QJsonObject coverage = o.value(s("coverage")).toObject();
    QVERIFY(coverage.contains(s("overall")));
    const QJsonArray perClip = coverage.value(s("clips")).toArray();
    QCOMPARE(perClip.size(), 12);

    const Project p = loadProject(out.toStdString());
    int coveredAll = 0, framesAll = 0;
    for (int c = 0; c < 12; ++c) {
      const QJsonObject entry = perClip[c].toObject();
      QCOMPARE(entry.value(s("clip")).toString(), QString::fromStdString(p.clips[c].name));
      int covered = 0, frames = 0;
      const double expected = coverageFromProject(p, c, covered, frames);
      QCOMPARE(entry.value(s("fraction")).toDouble(), expected);
      coveredAll += covered;
      framesAll += frames;
    }
    QCOMPARE(coverage.value(s("overall")).toDouble(), static_cast<double>(coveredAll) / framesAll);
    QVERIFY2(coverage.value(s("overall")).toDouble() >= 0.9,
             qPrintable(QString::number(coverage.value(s("overall")).toDouble())));

    // Several kinds of motion need several hubs, listed in acceptance order; the notes say why
    // the automatic count stopped.
    const QJsonArray hubs = o.value(s("hubs")).toArray();
    QVERIFY(hubs.size() >= 2);
    for (int h = 0; h < hubs.size(); ++h) QCOMPARE(hubs[h].toObject().value(s("name")).toString(), s("hub%1").arg(h));
    bool stopped = false;
    for (const QJsonValue& n : o.value(s("notes")).toArray()) stopped = stopped || n.toString().startsWith(s("stopped at"));
    QVERIFY(stopped);

    // inspect reports the same coverage for the saved project.
    const Run inspect = runCli({s("inspect"), out, s("--json")});
    QCOMPARE(inspect.exitCode, 0);
    QCOMPARE(inspect.json().value(s("coverage")).toObject(), coverage);
    const Run human = runCli({s("inspect"), out});
    QVERIFY(human.out.contains(s("coverage ")));
  }

  void hubsOption() {
    QTemporaryDir dir;
    const QString walk = s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
    const QString kicks = s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_05.bvh");
    const Run two = runCli({s("build"), walk, kicks, s("-o"), dir.filePath(s("a.fgproj")), s("--hubs"), s("2"), s("--json")});
    QCOMPARE(two.exitCode, 0);
    QCOMPARE(two.json().value(s("hubs")).toArray().size(), 2);
    const Run automatic = runCli({s("build"), walk, kicks, s("-o"), dir.filePath(s("b.fgproj")), s("--hubs"), s("auto"), s("--json")});
    QCOMPARE(automatic.exitCode, 0);
    const Run byDefault = runCli({s("build"), walk, kicks, s("-o"), dir.filePath(s("c.fgproj")), s("--json")});
    QCOMPARE(byDefault.json().value(s("hubs")), automatic.json().value(s("hubs")));
    QCOMPARE(byDefault.json().value(s("coverage")), automatic.json().value(s("coverage")));
    const std::pair<const char*, const char*> bad[] = {{"0", "--hubs: expects auto or an integer in [1, 1000], got '0'"},
                                                       {"many", "--hubs: expects auto or an integer in [1, 1000], got 'many'"}};
    for (const auto& [value, message] : bad) {
      const Run r = runCli({s("build"), walk, s("-o"), dir.filePath(s("d.fgproj")), s("--hubs"), s(value)});
      FATGRAPH_VERIFY_CLI_FAILS(r, kCliUsageError, s(message));
    }
  }
};

QTEST_GUILESS_MAIN(TestCliCoverage)
#include "test_cli_coverage.moc"
