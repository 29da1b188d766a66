#pragma once
// The clips of a project laid end to end on one axis of global frames (PoseFeatures' order,
// working rate), with the hubs and their match sets on it: what the heat map and the distance
// curve mark along their axes.
#include <QString>

#include <vector>

namespace fatgraph {
struct Project;
}

namespace fatgraph::editor {

struct ClipSpan {
  QString name;
  int start = 0;  // first global frame
  int count = 0;  // frames
};

struct HubMark {
  QString name;
  int frame = -1;            // global frame; -1 when its clip is gone
  std::vector<int> matches;  // global frames
};

struct GlobalFrameAxis {
  std::vector<ClipSpan> clips;
  std::vector<HubMark> hubs;
  int frames = 0;  // over all clips

  static GlobalFrameAxis of(const Project& project);
};

}  // namespace fatgraph::editor
