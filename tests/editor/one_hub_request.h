#pragma once
// The editor tests check the document's wiring (undo, workers, views) on a graph of one hub;
// the default build accepts hubs automatically (see test_main_window for the default itself).
#include "document/graph_build.h"

inline fatgraph::editor::GraphBuildRequest oneHubRequest() {
  fatgraph::editor::GraphBuildRequest request;
  request.hubCount = 1;
  return request;
}
