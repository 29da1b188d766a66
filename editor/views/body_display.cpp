#include "views/body_display.h"

namespace fatgraph::editor {

QString bodyDisplayName(BodyDisplay display) {
  switch (display) {
    case BodyDisplay::Bones: return QStringLiteral("bones");
    case BodyDisplay::Body: return QStringLiteral("body");
    case BodyDisplay::Both: break;
  }
  return QStringLiteral("both");
}

std::optional<BodyDisplay> bodyDisplayFromName(const QString& name) {
  for (BodyDisplay display : {BodyDisplay::Bones, BodyDisplay::Body, BodyDisplay::Both}) {
    if (bodyDisplayName(display) == name) return display;
  }
  return std::nullopt;
}

QStringList bodyDisplayNames() {
  return {bodyDisplayName(BodyDisplay::Bones), bodyDisplayName(BodyDisplay::Body),
          bodyDisplayName(BodyDisplay::Both)};
}

}  // namespace fatgraph::editor
