// The Play dock's actions (play_dock.h): presses by input name resolved through the project's
// bindings (bind_action) or, unbound, as the k-th choice at the next hub; the mapping editor
// fed with the project's bindings and the keys the keyboard stick must claim.
#include <QLabel>
#include <QSet>

#include "docks/play_dock.h"
#include "document/document.h"
#include "play/action_inputs.h"
#include "play/keyboard_stick.h"
#include "views/action_bindings_editor.h"

namespace fatgraph::editor {

void PlayDock::pressInput(InputSource source, const QString& input) {
  if (actions_->isCapturing()) {
    actions_->capturePress(input);
    return;
  }
  if (const QString edge = boundEdge(document_->project().settings.actionBindings, input); !edge.isEmpty()) {
    controls_.requestEdge(source, edge);
  } else {
    controls_.choose(source, unboundChoice(input));
  }
}

// The runtime edge of the pending action, -1 when none (or when it names nothing playable,
// which the message line says).
int PlayDock::takeAction() {
  if (const QString edge = controls_.takeRequestedEdge(); !edge.isEmpty()) {
    if (const int e = preview_.graph().findEdge(edge.toStdString()); e >= 0) return e;
    messageLabel_->setText(tr("The played graph has no edge '%1' (it may be entry or exit material, "
                              "which is not exported): the binding waits").arg(edge));
    return -1;
  }
  const int choice = controls_.takeChoice();
  if (choice < 0) return -1;
  const int action = preview_.edgeForChoice(choice);
  if (action < 0)
    messageLabel_->setText(tr("Hub %1 has no edge %2").arg(preview_.hubName(preview_.nextHub())).arg(choice + 1));
  return action;
}

// Whether the project differs from the one the played graph was built from by bind_action
// edits alone (made or undone): the histories are equal once those are left out, and not equal
// with them. Any other change (an edit, a build, an undo of either) leaves them equal or makes
// them differ elsewhere.
bool PlayDock::onlyBindingsChanged() const {
  const std::vector<std::string>& now = document_->project().edits;
  if (now == playedEdits_) return false;
  const auto withoutBindings = [](const std::vector<std::string>& edits) {
    std::vector<std::string> out;
    for (const std::string& e : edits)
      if (e.find("\"op\":\"bind_action\"") == std::string::npos) out.push_back(e);
    return out;
  };
  return withoutBindings(now) == withoutBindings(playedEdits_);
}

void PlayDock::refreshBindings() {
  const std::vector<ActionBinding>& bindings = document_->project().settings.actionBindings;
  QStringList edges;
  for (const FatEdge& e : document_->graph().fatEdges) edges << QString::fromStdString(e.name);
  actions_->setBindings(bindings, edges);
  QSet<QString> keys;
  for (const ActionBinding& b : bindings)
    if (b.input.rfind("key:", 0) == 0) keys.insert(QString::fromStdString(b.input));
  keyboard_->setBoundKeys(keys);
}

// "key:K kick", one per binding, for the Choices row.
QStringList PlayDock::boundChoices() const {
  QStringList out;
  for (const ActionBinding& b : document_->project().settings.actionBindings)
    out << tr("%1 %2").arg(QString::fromStdString(b.input), QString::fromStdString(b.edge));
  return out;
}

}  // namespace fatgraph::editor
