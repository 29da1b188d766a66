#include "document/background_reads.h"

#include <algorithm>

namespace fatgraph::editor {

void BackgroundReads::finishAll() {
  for (Running& r : running_) r.stop->store(true);
  for (Running& r : running_) r.future.waitForFinished();
  running_.clear();
}

int BackgroundReads::runningCount() {
  dropFinished();
  return static_cast<int>(running_.size());
}

void BackgroundReads::dropFinished() {
  std::erase_if(running_, [](const Running& r) { return r.future.isFinished(); });
}

}  // namespace fatgraph::editor
