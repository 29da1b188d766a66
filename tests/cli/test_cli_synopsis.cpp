// The command line's synopses cannot drift from its options: for every command, the options
// `fatgraph <command> --help` lists (generated from their declarations) are exactly those its
// own usage line (generated from the same declarations), the README's and docs/DESIGN.md's
// hand-written synopses name, and the other way round.
#include <QtTest>

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <set>

using namespace Qt::StringLiterals;

namespace {

const QStringList kCommands = {u"inspect"_s, u"convert"_s, u"build"_s, u"edit"_s,
                               u"export"_s,  u"play"_s,    u"body"_s, u"creature"_s};
const std::set<QString> kRigOptions = {u"--translations"_s, u"--up"_s, u"--motion-root"_s, u"--in-place"_s, u"--loops"_s};

// Option names in a piece of synopsis; "RIG OPTIONS" stands for the rig conventions' four.
std::set<QString> optionsIn(const QString& text) {
  std::set<QString> out;
  static const QRegularExpression option(uR"((?<![\w-])(--[a-z][a-z0-9-]*|-o)(?![\w-]))"_s);
  for (auto it = option.globalMatch(text); it.hasNext();) out.insert(it.next().captured(1));
  if (text.contains(u"RIG OPTIONS"_s)) out.insert(kRigOptions.begin(), kRigOptions.end());
  return out;
}

QString join(const std::set<QString>& names) {
  QStringList list(names.begin(), names.end());
  return list.join(u" "_s);
}

// The synopsis of `command` in a document: its line ("fatgraph <command> ...") and the
// indented lines continuing it.
QString documentSynopsis(const QString& document, const QString& command) {
  const QStringList lines = document.split(u'\n');
  for (qsizetype i = 0; i < lines.size(); ++i) {
    if (!lines[i].trimmed().startsWith(u"fatgraph "_s + command + u" "_s)) continue;
    QString out = lines[i];
    for (qsizetype j = i + 1; j < lines.size(); ++j) {
      const QString& next = lines[j];
      const bool continues = next.startsWith(u' ') && next.trimmed().startsWith(u'[');
      if (!continues) break;
      out += u" "_s + next.trimmed();
    }
    return out;
  }
  return {};
}

struct Help {
  QString usage;            // the usage line and its continuation lines
  std::set<QString> options;  // declared options, --help left out
};

Help help(const QString& command) {
  QProcess p;
  p.start(QStringLiteral(FATGRAPH_CLI), {command, u"--help"_s});
  p.waitForFinished(-1);
  const QString text = QString::fromUtf8(p.readAllStandardOutput());
  Help h;
  const QStringList lines = text.split(u'\n');
  bool usage = true, options = false;
  for (const QString& line : lines) {
    if (usage && line.trimmed().isEmpty()) usage = false;
    if (usage) h.usage += line + u" "_s;
    if (line.startsWith(u"Options:"_s)) {
      options = true;
      continue;
    }
    if (!options) continue;
    static const QRegularExpression declared(uR"(^  (-[-\w,]+))"_s);
    const QRegularExpressionMatch m = declared.match(line);
    if (!m.hasMatch()) continue;
    for (const QString& name : m.captured(1).split(u','))
      if (name != u"-h"_s && name != u"--help"_s) h.options.insert(name);
  }
  return h;
}

QString readFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

}  // namespace

class TestCliSynopsis : public QObject {
  Q_OBJECT

 private slots:
  void synopsesNameEveryOption_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("source");  // usage, README.md or docs/DESIGN.md
    for (const QString& c : kCommands) {
      for (const QString& s : {u"usage"_s, u"README.md"_s, u"docs/DESIGN.md"_s}) {
        QTest::addRow("%s, %s", qPrintable(c), qPrintable(s)) << c << s;
      }
    }
  }

  void synopsesNameEveryOption() {
    QFETCH(QString, command);
    QFETCH(QString, source);
    const Help h = help(command);
    QVERIFY2(h.options.size() >= 2, qPrintable(u"no options read from fatgraph "_s + command + u" --help"_s));
    QString synopsis;
    if (source == u"usage"_s) {
      synopsis = h.usage;
    } else {
      const QString document = readFile(QStringLiteral(FATGRAPH_SOURCE_DIR) + u"/"_s + source);
      QVERIFY2(!document.isEmpty(), qPrintable(u"cannot read "_s + source));
      synopsis = documentSynopsis(document, command);
    }
    QVERIFY2(!synopsis.isEmpty(), qPrintable(source + u" has no synopsis of fatgraph "_s + command));
    const std::set<QString> named = optionsIn(synopsis);
    std::set<QString> missing, extra;
    for (const QString& o : h.options)
      if (!named.count(o)) missing.insert(o);
    for (const QString& o : named)
      if (!h.options.count(o)) extra.insert(o);
    QVERIFY2(missing.empty() && extra.empty(),
             qPrintable(source + u": fatgraph "_s + command + u" synopsis lacks {"_s + join(missing) +
                        u"} and names {"_s + join(extra) + u"}, which --help does not list"_s));
  }
};

QTEST_GUILESS_MAIN(TestCliSynopsis)
#include "test_cli_synopsis.moc"
