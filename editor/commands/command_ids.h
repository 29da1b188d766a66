#pragma once
// The QUndoCommand::id() of every graph edit command, in one place (as Tiled's
// undocommands.h): QUndoStack merges a pushed command into the one on top only when both
// return the same id, so each op family has its own id and edits of different ops never
// merge. A command returns its id only while it is part of a drag (GraphEditRequest::dragId
// non-zero); otherwise it returns -1 and is never merged.
namespace fatgraph::editor {

enum class CommandId : int {
  GraphEdit = 1,  // an op without a class of its own (a newer core op): still undoable
  AcceptHub,
  AddHub,
  RejectHub,
  RemoveHub,
  RenameHub,
  AddMatch,
  RemoveMatch,
  MoveMatch,
  SetHubThreshold,
  SetEdgeThreshold,
  SetLinkage,
  MoveSegment,
  SplitEdge,
  MergeEdges,
  RemoveSegment,
  RenameEdge,
  SetEdgeParameters,
  SetParameterization,
  SetLegs,
  DetectLegs,
  SetLocomotion,
  SetBlend,
  SetJoystick,
};

}  // namespace fatgraph::editor
