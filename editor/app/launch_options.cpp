#include "app/launch_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("LaunchOptions", text); }

struct Parser {
  QCommandLineParser parser;
  QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                tr("Render the window to <png> and exit."), tr("png")};
  QCommandLineOption frame{QStringLiteral("frame"),
                           tr("Frame of the current clip to show (with --screenshot)."),
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

  Parser() {
    parser.setApplicationDescription(tr("fatgraph editor: motion capture to game characters."));
    parser.addHelpOption();
    parser.addOption(screenshot);
    parser.addOption(frame);
    parser.addOption(buildGraph);
    parser.addOption(terrain);
    parser.addOption(frameCharacter);
    parser.addPositionalArgument(QStringLiteral("files"), tr("BVH clips or .fgproj projects."),
                                 tr("[file...]"));
  }
};

}  // namespace

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
  bool ok = false;
  options.frame = p.parser.value(p.frame).toInt(&ok);
  if (!ok || options.frame < 0) {
    options.error = tr("--frame expects a frame number >= 0, got '%1'")
                        .arg(p.parser.value(p.frame));
  } else if (p.parser.isSet(p.frame) && !options.screenshotMode()) {
    options.error = tr("--frame is only used with --screenshot");
  } else if (options.frameCharacter && !options.screenshotMode()) {
    options.error = tr("--frame-character is only used with --screenshot");
  } else if (options.buildGraph && options.files.isEmpty()) {
    options.error = tr("--build-graph needs a clip or project to build from");
  }
  return options;
}

QString launchUsage() { return Parser().parser.helpText(); }

}  // namespace fatgraph::editor
