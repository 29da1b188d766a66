#include "play/play_controls.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <utility>

namespace fatgraph::editor {
namespace {

float axis(float v) { return std::isfinite(v) ? std::clamp(v, -1.0f, 1.0f) : 0.0f; }

}  // namespace

QString inputSourceName(InputSource source) {
  switch (source) {
    case InputSource::Keyboard: return QCoreApplication::translate("PlayControls", "keyboard");
    case InputSource::Mouse:
      return QCoreApplication::translate("PlayControls", "mouse (stick pad)");
    case InputSource::Gamepad: return QCoreApplication::translate("PlayControls", "gamepad");
    case InputSource::None: break;
  }
  return QCoreApplication::translate("PlayControls", "none");
}

void PlayControls::setStick(InputSource source, float x, float y) {
  if (source == InputSource::None) return;
  std::array<float, 2>& stick = sticks_[index(source)];
  stick = {axis(x), axis(y)};
  if (std::hypot(stick[0], stick[1]) >= kRestingLength) active_ = source;
}

void PlayControls::choose(InputSource source, int choice) {
  if (choice < 0) return;
  choice_ = choice;
  requestedEdge_.clear();
  // A button does not take the stick over (a pad resting at centre would stop the character
  // the keyboard is steering); it only names a source when none has acted yet.
  if (active_ == InputSource::None) active_ = source;
}

void PlayControls::requestEdge(InputSource source, const QString& edge) {
  if (edge.isEmpty()) return;
  requestedEdge_ = edge;
  choice_ = -1;
  if (active_ == InputSource::None) active_ = source;
}

int PlayControls::takeChoice() { return std::exchange(choice_, -1); }

QString PlayControls::takeRequestedEdge() { return std::exchange(requestedEdge_, {}); }

void PlayControls::reset() {
  sticks_ = {};
  active_ = InputSource::None;
  choice_ = -1;
  requestedEdge_.clear();
}

}  // namespace fatgraph::editor
