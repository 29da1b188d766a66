#pragma once
// What the viewport draws of the character: its bones, the skinned body generated from them
// (core/body_generation.h), or the body with faint bones seen through it. Named for the View
// menu and for `fatgraph-editor --body bones|body|both`.
#include <QString>
#include <QStringList>

#include <optional>

namespace fatgraph::editor {

enum class BodyDisplay { Bones, Body, Both };

/// "bones", "body" or "both".
QString bodyDisplayName(BodyDisplay display);
/// The display called `name` (as bodyDisplayName spells it); nullopt for anything else.
std::optional<BodyDisplay> bodyDisplayFromName(const QString& name);
/// Every name, in the order the menu and --help list them.
QStringList bodyDisplayNames();

}  // namespace fatgraph::editor
