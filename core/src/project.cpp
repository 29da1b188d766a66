#include "fatgraph/core/project.h"

namespace fatgraph {

int Project::findClip(const std::string& name) const {
  for (size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

std::string Project::validate() const {
  if (std::string e = skeleton.validate(); !e.empty()) return "skeleton: " + e;
  for (const Clip& clip : clips) {
    if (std::string e = clip.validate(skeleton); !e.empty()) return e;
  }
  return {};
}

}  // namespace fatgraph
