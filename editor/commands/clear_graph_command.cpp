#include "commands/clear_graph_command.h"

#include <QCoreApplication>

#include <utility>

#include "document/held_bytes.h"

namespace fatgraph::editor {

ClearGraphCommand::ClearGraphCommand(Document* document, QUndoCommand* parent)
    : DocumentCommand(document, parent) {
  other_.settings = document->project().settings;
  other_.distances = DistanceCache{};
  setText(QCoreApplication::translate("ClearGraphCommand", "Remove the graph"));
}

ClearGraphCommand::ClearGraphCommand(ClearGraphCommand&& from)
    : DocumentCommand(from.document_, from.text(), nullptr), other_(std::move(from.other_)) {}

std::unique_ptr<DocumentCommand> ClearGraphCommand::takeOver() {
  return std::unique_ptr<DocumentCommand>(new ClearGraphCommand(std::move(*this)));
}

std::size_t ClearGraphCommand::heldBytes() const {
  return editor::heldBytes(other_.settings) + editor::heldBytes(other_.graph) + editor::heldBytes(other_.edits) +
         editor::heldBytes(other_.legs) + (other_.distances ? editor::heldBytes(*other_.distances) : 0);
}

}  // namespace fatgraph::editor
