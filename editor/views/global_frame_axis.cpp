#include "views/global_frame_axis.h"

#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {

GlobalFrameAxis GlobalFrameAxis::of(const Project& project) {
  GlobalFrameAxis axis;
  for (const Clip& clip : project.clips) {
    axis.clips.push_back({QString::fromStdString(clip.name), axis.frames, clip.frameCount()});
    axis.frames += clip.frameCount();
  }
  auto global = [&axis](const FrameRef& f) {
    const bool valid = f.clip >= 0 && f.clip < static_cast<int>(axis.clips.size());
    return valid ? axis.clips[static_cast<size_t>(f.clip)].start + f.frame : -1;
  };
  for (const Hub& hub : project.graph.hubs) {
    HubMark mark{QString::fromStdString(hub.name), global(hub.frame), {}};
    for (const FrameRef& m : hub.matchSet) mark.matches.push_back(global(m));
    axis.hubs.push_back(std::move(mark));
  }
  return axis;
}

}  // namespace fatgraph::editor
