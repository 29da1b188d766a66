// The malformed-file corpus: every broken BVH gets a FileError naming the file, the line and
// what was expected; never a crash, a hang, a huge allocation or a partial load.
#include <QtTest>

#include <random>
#include <string>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/error.h"

using namespace fatgraph;

namespace {
// A valid two-joint file; rows below break it in one place each.
const std::string kHead =
    "HIERARCHY\n"                                                               // 1
    "ROOT Hips\n"                                                               // 2
    "{\n"                                                                       // 3
    "\tOFFSET 0 0 0\n"                                                          // 4
    "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n"  // 5
    "\tJOINT Spine\n"                                                           // 6
    "\t{\n"                                                                     // 7
    "\t\tOFFSET 0 10 0\n"                                                       // 8
    "\t\tCHANNELS 3 Zrotation Yrotation Xrotation\n"                            // 9
    "\t\tEnd Site\n"                                                            // 10
    "\t\t{\n"                                                                   // 11
    "\t\t\tOFFSET 0 5 0\n"                                                      // 12
    "\t\t}\n"                                                                   // 13
    "\t}\n"                                                                     // 14
    "}\n";                                                                      // 15
const std::string kMotion2 = "MOTION\nFrames: 2\nFrame Time: 0.033333\n";     // 16-18
const std::string kFrame = "0 15 0 0 0 0 0 0 0\n";

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

std::string deepHierarchy(int depth) {
  std::string s = "HIERARCHY\nROOT j0\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Yrotation Xrotation\n";
  for (int i = 1; i < depth; ++i) {
    s += "JOINT j" + std::to_string(i) + "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Yrotation Xrotation\n";
  }
  for (int i = 0; i < depth; ++i) s += "}\n";
  return s + "MOTION\nFrames: 0\nFrame Time: 0.1\n";
}

std::string wideHierarchy(int joints) {
  std::string s = "HIERARCHY\nROOT j0\n{\nOFFSET 0 0 0\nCHANNELS 0\n";
  for (int i = 1; i < joints; ++i) s += "JOINT j" + std::to_string(i) + "\n{\nOFFSET 0 1 0\n}\n";
  return s + "}\nMOTION\nFrames: 0\nFrame Time: 0.1\n";
}
}  // namespace

class TestBvhMalformed : public QObject {
  Q_OBJECT
 private slots:
  void validBaselineLoads() {
    const BvhImport b = parseBvh(kHead + kMotion2 + kFrame + kFrame, "ok.bvh");
    QCOMPARE(b.clip.frameCount(), 2);
  }

  void corpus_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, const std::string& text, int line, const char* expected) {
      QTest::newRow(name) << QString::fromStdString(text) << line << QString::fromUtf8(expected);
    };
    row("empty file", "", 0, "empty file");
    row("only whitespace", " \r\n\t\n", 0, "empty file");
    row("not a BVH", "ply\nformat ascii 1.0\n", 1, "expected 'HIERARCHY', found 'ply'");
    row("binary garbage", std::string("\x7f" "ELF\x01\x02\x00\x00", 8), 1, "expected 'HIERARCHY'");
    row("truncated in hierarchy", kHead.substr(0, 120), 6, "found end of file");
    row("truncated in frames", kHead + kMotion2 + "0 15 0 0 0", 19, "frame 0 has 5 values, expected 9");
    row("missing MOTION", kHead, 16, "expected 'ROOT' or 'MOTION', found end of file");
    row("fewer frames than declared", kHead + kMotion2 + kFrame, 20, "file ends after 1 of 2 frames");
    row("more frames than declared", kHead + kMotion2 + kFrame + kFrame + kFrame, 21, "more data after the 2 frames");
    row("too few values", kHead + kMotion2 + kFrame + "0 15 0 0 0 0 0 0\n", 20, "frame 1 has 8 values, expected 9");
    row("too many values", kHead + kMotion2 + kFrame + "0 15 0 0 0 0 0 0 0 7\n", 20, "more than the 9 values");
    row("NaN value", kHead + kMotion2 + kFrame + "0 nan 0 0 0 0 0 0 0\n", 20, "channel 2: expected a finite number, found 'nan'");
    row("infinite value", kHead + kMotion2 + "0 15 0 inf 0 0 0 0 0\n" + kFrame, 19, "found 'inf'");
    row("non-numeric value", kHead + kMotion2 + "0 15 0 0 abc 0 0 0 0\n" + kFrame, 19, "found 'abc'");
    row("half a number", kHead + kMotion2 + "0 15 0 0 1.5x 0 0 0 0\n" + kFrame, 19, "found '1.5x'");
    row("absurd frame count", kHead + "MOTION\nFrames: 1000000000\nFrame Time: 0.01\n" + kFrame, 17, "more than the limit");
    row("frame count beyond file", kHead + "MOTION\nFrames: 5000000\nFrame Time: 0.01\n" + kFrame, 20, "file ends after 1 of 5000000 frames");
    row("negative frame count", kHead + "MOTION\nFrames: -4\nFrame Time: 0.01\n", 17, "non-negative frame count");
    row("non-integer frame count", kHead + "MOTION\nFrames: 2.5\nFrame Time: 0.01\n", 17, "frame count after 'Frames:' (an integer)");
    row("zero frame time", kHead + "MOTION\nFrames: 1\nFrame Time: 0\n" + kFrame, 18, "positive frame time");
    row("missing frame time", kHead + "MOTION\nFrames: 1\n" + kFrame, 18, "expected 'Frame', found '0'");
    row("channel count too large", replaced(kHead, "CHANNELS 3", "CHANNELS 4"), 9, "declares 4 channels but lists 3");
    row("channel count too small", replaced(kHead, "CHANNELS 3", "CHANNELS 2"), 9, "declares 2 channels but lists more");
    row("channel count absurd", replaced(kHead, "CHANNELS 3", "CHANNELS 99"), 9, "expected 0 to 6 channels");
    row("unknown channel", replaced(kHead, "Yrotation Xrotation\n\t\tEnd", "Wrotation Xrotation\n\t\tEnd"), 9, "found 'Wrotation'");
    row("channel listed twice", replaced(kHead, "Zrotation Yrotation Xrotation\n\t\tEnd", "Zrotation Zrotation Xrotation\n\t\tEnd"), 9, "listed twice");
    row("short OFFSET", replaced(kHead, "OFFSET 0 10 0", "OFFSET 0 10"), 9, "expected an OFFSET value (a finite number), found 'CHANNELS'");
    row("missing brace", replaced(kHead, "\tJOINT Spine\n\t{", "\tJOINT Spine\n"), 8, "expected '{', found 'OFFSET'");
    row("extra closing brace", kHead + "}\n" + kMotion2, 16, "expected 'ROOT' or 'MOTION', found '}'");
    row("unexpected keyword", replaced(kHead, "\t\tEnd Site", "\t\tBone Site"), 10, "expected 'JOINT', 'End Site' or '}'");
    row("missing joint name", replaced(kHead, "JOINT Spine", "JOINT"), 6, "expected a joint name");
    row("duplicate joint name", replaced(kHead, "JOINT Spine", "JOINT Hips"), 6, "duplicate joint name 'Hips'");
    row("deep hierarchy", deepHierarchy(300), 1030, "deeper than 256 joints");
    row("too many joints", wideHierarchy(5000), 16386, "more than 4096 joints");
  }

  void corpus() {
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, expected);
    try {
      parseBvh(text.toStdString(), "broken.bvh");
      QFAIL("expected a FileError");
    } catch (const FileError& e) {
      const QString message = QString::fromStdString(e.what());
      QVERIFY2(message.startsWith(QStringLiteral("broken.bvh")), qPrintable(message));
      QVERIFY2(message.contains(expected), qPrintable(message));
      QVERIFY2(e.line() == line, qPrintable(QStringLiteral("line %1 in: %2").arg(e.line()).arg(message)));
      QVERIFY(!message.contains(QLatin1Char('\n')));
    }
  }

  // Random damage to a valid file: byte flips, deletions, insertions of BVH-ish tokens and
  // truncation. Every result either loads consistently or is a FileError with a line; never
  // a crash, a hang or another exception (run under the sanitizers in CI).
  void randomDamage() {
    const std::string valid = kHead + kMotion2 + kFrame + kFrame;
    const char* tokens[] = {"{", "}", "JOINT", "End Site", "CHANNELS 3", "OFFSET", "nan", "-1e309",
                            "\n", "\r\n", "\t", "MOTION", "Frames: 99999999", "ROOT X", "9"};
    std::mt19937 rng(20261122);
    int loaded = 0, rejected = 0;
    for (int trial = 0; trial < 3000; ++trial) {
      std::string text = valid;
      const int edits = 1 + static_cast<int>(rng() % 3);
      for (int e = 0; e < edits && !text.empty(); ++e) {
        const size_t at = rng() % text.size();
        switch (rng() % 4) {
          case 0: text[at] = static_cast<char>(rng() % 256); break;
          case 1: text.erase(at, 1 + rng() % 8); break;
          case 2: text.insert(at, tokens[rng() % std::size(tokens)]); break;
          default: text.resize(at); break;
        }
      }
      try {
        const BvhImport b = parseBvh(text, "damaged.bvh");
        QVERIFY(b.skeleton.validate().empty());
        QVERIFY(b.clip.validate(b.skeleton).empty());
        ++loaded;
      } catch (const FileError& e) {
        QVERIFY(std::string(e.what()).rfind("damaged.bvh", 0) == 0);
        ++rejected;
      }
    }
    QVERIFY(rejected > 1000);  // most damage is caught
    QVERIFY(loaded > 0);       // and harmless damage (e.g. in a number's digits) still loads
  }
};

QTEST_GUILESS_MAIN(TestBvhMalformed)
#include "test_bvh_malformed.moc"
