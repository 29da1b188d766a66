#include "fatgraph/core/model/motion_graph.h"

namespace fatgraph {

int MotionGraph::findHub(const std::string& name) const {
  for (size_t h = 0; h < hubs.size(); ++h) {
    if (hubs[h].name == name) return static_cast<int>(h);
  }
  return -1;
}

}  // namespace fatgraph
