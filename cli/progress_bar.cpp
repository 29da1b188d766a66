#include "progress_bar.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace fatgraph::cli {

ProgressBar::ProgressBar(std::string label)
    : label_(std::move(label)), enabled_(::isatty(STDERR_FILENO) == 1) {}

ProgressBar::~ProgressBar() { finish(); }

ProgressCallback ProgressBar::callback() {
  return [this](double f) {
    update(f);
    return true;
  };
}

void ProgressBar::update(double fraction) {
  if (!enabled_ || finished_) return;
  const int permille = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 1000);
  if (permille == lastPermille_) return;
  lastPermille_ = permille;
  constexpr int kWidth = 30;
  const int filled = permille * kWidth / 1000;
  std::fprintf(stderr, "\r%s [%.*s%*s] %5.1f%%", label_.c_str(), filled,
               "##############################", kWidth - filled, "", permille / 10.0);
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (!enabled_ || finished_) return;
  finished_ = true;
  if (lastPermille_ >= 0) std::fprintf(stderr, "\n");
}

}  // namespace fatgraph::cli
