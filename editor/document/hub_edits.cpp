#include "document/hub_edits.h"

#include <algorithm>
#include <cmath>

namespace fatgraph::editor {
namespace {

QString clipName(const Project& project, FrameRef frame) {
  return QString::fromStdString(project.clips.at(static_cast<size_t>(frame.clip)).name);
}

int sourceFrame(const Project& project, FrameRef frame) {
  return sourceFrameOf(project.clips.at(static_cast<size_t>(frame.clip)), frame.frame);
}

QString hubName(const Project& project, int hub) {
  return QString::fromStdString(project.graph.hubs.at(static_cast<size_t>(hub)).name);
}

}  // namespace

int sourceFrameOf(const Clip& clip, int frame) {
  return static_cast<int>(std::lround(clip.sourceFrame(frame)));
}

GraphEditRequest addHubAt(const Project& project, FrameRef frame) {
  return GraphEditRequest::addHub(clipName(project, frame), sourceFrame(project, frame));
}

bool isMatchOf(const Project& project, int hub, FrameRef frame) {
  const auto& set = project.graph.hubs.at(static_cast<size_t>(hub)).matchSet;
  return std::find(set.begin(), set.end(), frame) != set.end();
}

GraphEditRequest toggleMatchAt(const Project& project, int hub, FrameRef frame) {
  const QString name = hubName(project, hub);
  if (isMatchOf(project, hub, frame)) {
    return GraphEditRequest::removeMatch(name, clipName(project, frame), sourceFrame(project, frame));
  }
  return GraphEditRequest::addMatch(name, clipName(project, frame), sourceFrame(project, frame));
}

GraphEditRequest moveMatchTo(const Project& project, int hub, FrameRef from, int toFrame,
                             int dragId) {
  return GraphEditRequest::moveMatch(hubName(project, hub), clipName(project, from),
                                     sourceFrame(project, from),
                                     sourceFrame(project, {from.clip, toFrame}), dragId);
}

}  // namespace fatgraph::editor
