#include "commands/clear_graph_command.h"

#include <QCoreApplication>

namespace fatgraph::editor {

ClearGraphCommand::ClearGraphCommand(Document* document, QUndoCommand* parent)
    : QUndoCommand(parent), document_(document) {
  other_.settings = document->project().settings;
  other_.distances = DistanceCache{};
  setText(QCoreApplication::translate("ClearGraphCommand", "Remove the graph"));
}

void ClearGraphCommand::redo() { document_->swapGraphState(other_); }

void ClearGraphCommand::undo() { document_->swapGraphState(other_); }

}  // namespace fatgraph::editor
