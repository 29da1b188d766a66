#pragma once
// The editor's keys and gamepad buttons in the names of core's action bindings
// (fatgraph/core/model/action_binding.h: "key:K", "pad:rightshoulder"), and the bindings of the
// project as the Play dock looks them up while playing. The pad names are SDL's own button
// names, so gamepad_input.cpp names a press with SDL_GameControllerGetStringForButton.
#include <QString>

#include <vector>

#include "fatgraph/core/model/action_binding.h"

namespace fatgraph::editor {

/// "key:K" for Qt::Key_K, "key:Return" for Return and Enter, …; empty for a key the
/// vocabulary has no name for (punctuation, Escape, media keys).
QString keyInputName(int qtKey);

/// What a face button or number key chooses without a binding: pad:a … pad:y → 0 … 3,
/// key:1 … key:9 → 0 … 8 (the k-th outgoing edge of the next hub); -1 for any other input.
int unboundChoice(const QString& input);

/// The edge bound to `input` in `bindings`, empty when none.
QString boundEdge(const std::vector<ActionBinding>& bindings, const QString& input);

}  // namespace fatgraph::editor
