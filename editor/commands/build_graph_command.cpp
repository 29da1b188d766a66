#include "commands/build_graph_command.h"

#include <QCoreApplication>

#include <utility>

namespace fatgraph::editor {

BuildGraphCommand::BuildGraphCommand(Document* document, Project built, QUndoCommand* parent)
    : DocumentCommand(document, parent) {
  setText(QCoreApplication::translate("BuildGraphCommand", "Build graph (%1)").arg(describeGraph(built.graph)));
  other_ = ProjectChange::between(std::move(built), document->project(), kWholeProject);
}

BuildGraphCommand::BuildGraphCommand(BuildGraphCommand&& from)
    : DocumentCommand(from.document_, from.text(), nullptr), other_(std::move(from.other_)) {}

std::unique_ptr<DocumentCommand> BuildGraphCommand::takeOver() {
  return std::unique_ptr<DocumentCommand>(new BuildGraphCommand(std::move(*this)));
}

void BuildGraphCommand::apply() { document_->exchangeProject(other_); }

void BuildGraphCommand::revert() { document_->exchangeProject(other_); }

}  // namespace fatgraph::editor
