#include "app/launch_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include "dialogs/new_creature_dialog.h"
#include "views/body_display.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("LaunchOptions", text); }

struct Parser {
  QCommandLineParser parser;
  QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                tr("Render the window to <png> and exit."), tr("png")};
  QCommandLineOption frame{QStringLiteral("frame"),
                           tr("Source-file frame of the first clip to show (with --screenshot)."),
                           tr("n"), QStringLiteral("0")};
  QCommandLineOption buildGraph{QStringLiteral("build-graph"),
                                tr("Build the fat graph of the opened clips (default options).")};
  QCommandLineOption frameCharacter{
      QStringLiteral("frame-character"),
      tr("Frame the camera on the character instead of the whole clip (with --screenshot).")};
  QCommandLineOption terrain{QStringLiteral("terrain"),
                             tr("Preview ground: none, flat, slope15, slope25, stairs15cm, bumps "
                                "or a heightfield file."),
                             tr("spec")};
  QCommandLineOption view{QStringLiteral("view"),
                          tr("With --screenshot: render one view alone: viewport, heatmap, graph, "
                             "parameters or play (the Play dock, with the action mapping)."),
                          tr("name")};
  QCommandLineOption edge{QStringLiteral("edge"),
                          tr("With --view parameters: the fat edge to show (default: the one "
                             "with the most segments)."),
                          tr("name")};
  QCommandLineOption body{QStringLiteral("body"),
                          tr("What the viewport draws of the character: bones, body (skinned, "
                             "lit, with its ground shadow) or both (the body with faint bones; "
                             "the default)."),
                          tr("mode")};
  QCommandLineOption creature{
      QStringLiteral("creature"),
      tr("Open File > New Creature… on a generated creature: walk, fly or swim, then optionally "
         ":SEED and :PAIRS of legs (0: by the rules), e.g. walk:7:3. With --screenshot the "
         "picture is of that window after --frame preview steps."),
      tr("type[:seed[:pairs]]")};
  QCommandLineOption size{QStringLiteral("size"),
                          tr("With --screenshot: the picture's size in pixels, e.g. 1280x800."),
                          tr("WxH")};

  Parser() {
    parser.setApplicationDescription(tr("fatgraph editor: motion capture to game characters."));
    parser.addHelpOption();
    parser.addOption(screenshot);
    parser.addOption(frame);
    parser.addOption(buildGraph);
    parser.addOption(terrain);
    parser.addOption(frameCharacter);
    parser.addOption(view);
    parser.addOption(edge);
    parser.addOption(size);
    parser.addOption(body);
    parser.addOption(creature);
    parser.addPositionalArgument(QStringLiteral("files"), tr("BVH, glTF or FBX clips, or .fgproj projects."),
                                 tr("[file...]"));
  }
};

/// "1280x800" as a size; invalid unless both sides are in [64, 8192].
QSize parseSize(const QString& text) {
  const QStringList parts = text.toLower().split(u'x');
  if (parts.size() != 2) return {};
  bool okW = false;
  bool okH = false;
  const int w = parts[0].trimmed().toInt(&okW);
  const int h = parts[1].trimmed().toInt(&okH);
  if (!okW || !okH || w < 64 || h < 64 || w > 8192 || h > 8192) return {};
  return {w, h};
}

/// "walk:7:3" into the options' creature fields; an error message when it is not one.
QString parseCreature(const QString& text, LaunchOptions& options) {
  const QStringList parts = text.split(u':');
  const QString usage = tr("--creature expects TYPE[:SEED[:PAIRS]] with TYPE walk, fly or swim, "
                           "SEED from 0 to 999999999 and PAIRS from 0 to 8, got '%1'")
                            .arg(text);
  static const QStringList types = {QStringLiteral("walk"), QStringLiteral("fly"),
                                    QStringLiteral("swim")};
  if (parts.size() > 3 || !types.contains(parts[0])) return usage;
  bool ok = true;
  if (parts.size() > 1) options.creatureSeed = parts[1].toInt(&ok);
  if (!ok || options.creatureSeed < 0 || options.creatureSeed > 999999999) return usage;
  if (parts.size() > 2) options.creatureLegPairs = parts[2].toInt(&ok);
  if (!ok || options.creatureLegPairs < 0 || options.creatureLegPairs > 8) return usage;
  options.creatureType = parts[0];
  return {};
}

}  // namespace

QStringList LaunchOptions::views() {
  return {QStringLiteral("viewport"), QStringLiteral("heatmap"), QStringLiteral("graph"),
          QStringLiteral("parameters"), QStringLiteral("play")};
}

LaunchOptions parseLaunchOptions(const QStringList& arguments) {
  Parser p;
  LaunchOptions options;
  if (!p.parser.parse(arguments)) {
    options.error = p.parser.errorText();
    return options;
  }
  if (p.parser.isSet(QStringLiteral("help"))) {
    options.error = launchUsage();
    return options;
  }
  options.files = p.parser.positionalArguments();
  options.screenshotPath = p.parser.value(p.screenshot);
  options.buildGraph = p.parser.isSet(p.buildGraph);
  options.terrain = p.parser.value(p.terrain);
  options.frameCharacter = p.parser.isSet(p.frameCharacter);
  options.view = p.parser.value(p.view);
  options.edge = p.parser.value(p.edge);
  options.body = p.parser.value(p.body);
  if (p.parser.isSet(p.size)) options.size = parseSize(p.parser.value(p.size));
  bool ok = false;
  options.frame = p.parser.value(p.frame).toInt(&ok);
  const QString creatureError =
      p.parser.isSet(p.creature) ? parseCreature(p.parser.value(p.creature), options) : QString();
  if (!creatureError.isEmpty()) {
    options.error = creatureError;
  } else if (options.creatureMode() && !options.terrain.isEmpty() &&
             !NewCreatureDialog::terrains().contains(options.terrain)) {
    options.error = tr("--terrain with --creature expects one of %1, got '%2'")
                        .arg(NewCreatureDialog::terrains().join(QStringLiteral(", ")),
                             options.terrain);
  } else if (options.creatureMode() && !options.view.isEmpty() &&
             options.view != QLatin1String("viewport")) {
    options.error = tr("--view with --creature expects viewport, got '%1'").arg(options.view);
  } else if (!ok || options.frame < 0) {
    options.error = tr("--frame expects a frame number >= 0, got '%1'")
                        .arg(p.parser.value(p.frame));
  } else if (p.parser.isSet(p.frame) && !options.screenshotMode()) {
    options.error = tr("--frame is only used with --screenshot");
  } else if (options.frameCharacter && !options.screenshotMode()) {
    options.error = tr("--frame-character is only used with --screenshot");
  } else if ((p.parser.isSet(p.view) || p.parser.isSet(p.edge) || p.parser.isSet(p.size)) &&
             !options.screenshotMode()) {
    options.error = tr("--view, --edge and --size are only used with --screenshot");
  } else if (p.parser.isSet(p.view) && !LaunchOptions::views().contains(options.view)) {
    options.error = tr("--view expects one of %1, got '%2'")
                        .arg(LaunchOptions::views().join(QStringLiteral(", ")), options.view);
  } else if (p.parser.isSet(p.body) && !bodyDisplayFromName(options.body)) {
    options.error = tr("--body expects one of %1, got '%2'")
                        .arg(bodyDisplayNames().join(QStringLiteral(", ")), options.body);
  } else if (p.parser.isSet(p.size) && !options.size.isValid()) {
    options.error = tr("--size expects WxH with both sides from 64 to 8192, got '%1'")
                        .arg(p.parser.value(p.size));
  } else if (!options.edge.isEmpty() && options.view != QLatin1String("parameters")) {
    options.error = tr("--edge is only used with --view parameters");
  } else if (!options.view.isEmpty() && options.files.isEmpty() && !options.creatureMode()) {
    options.error = tr("--view needs a clip or project to show");
  } else if (options.buildGraph && options.files.isEmpty()) {
    options.error = tr("--build-graph needs a clip or project to build from");
  }
  return options;
}

QString launchUsage() { return Parser().parser.helpText(); }

}  // namespace fatgraph::editor
