#pragma once
// A progress bar on stderr, drawn only when stderr is a terminal (scripts and CI logs stay
// clean).
#include <string>

#include "fatgraph/core/model/progress.h"

namespace fatgraph::cli {

class ProgressBar {
 public:
  explicit ProgressBar(std::string label);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// A callback drawing this bar (never cancels).
  ProgressCallback callback();
  void update(double fraction);
  void finish();

 private:
  std::string label_;
  bool enabled_ = false;
  int lastPermille_ = -1;
  bool finished_ = false;
};

}  // namespace fatgraph::cli
