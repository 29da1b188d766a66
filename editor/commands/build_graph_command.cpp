#include "commands/build_graph_command.h"

#include <QCoreApplication>

#include <utility>

namespace fatgraph::editor {

BuildGraphCommand::BuildGraphCommand(Document* document, Project built, QUndoCommand* parent)
    : QUndoCommand(parent), document_(document), other_(std::move(built)) {
  setText(QCoreApplication::translate("BuildGraphCommand", "Build graph (%1)")
              .arg(describeGraph(other_.graph)));
}

void BuildGraphCommand::redo() { document_->swapProject(other_); }

void BuildGraphCommand::undo() { document_->swapProject(other_); }

}  // namespace fatgraph::editor
