#pragma once
// The preview's one controller, fed by three sources (a gamepad, the keyboard and the dock's
// stick pad) that all speak the runtime player's language: a stick in [-1, 1] (x right,
// y forward) and a choice of edge at the next hub (0 = the hub's first outgoing edge). The
// source the user touched last drives the stick, so a gamepad resting at centre does not hold
// the keyboard's stick back; a choice from any source is kept until the next tick takes it.
#include <QString>

#include <array>

namespace fatgraph::editor {

enum class InputSource { None = 0, Keyboard = 1, Mouse = 2, Gamepad = 3 };

/// "keyboard", "mouse (stick pad)", "gamepad", "none" (translated).
QString inputSourceName(InputSource source);

class PlayControls {
 public:
  /// A stick below this length counts as resting (a worn pad's drift), so it does not take
  /// the stick over from another source; the runtime mapping has its own dead zone.
  static constexpr float kRestingLength = 0.2f;

  /// The stick of `source` now (clamped to [-1, 1]; NaN counts as centred). A source that
  /// moves off rest becomes the active one.
  void setStick(InputSource source, float x, float y);
  /// A choice of edge at the next hub from `source` (replaces an earlier one not yet taken).
  void choose(InputSource source, int choice);
  /// The pending choice, -1 when none; it is consumed.
  int takeChoice();
  int pendingChoice() const { return choice_; }

  float stickX() const { return sticks_[index(active_)][0]; }
  float stickY() const { return sticks_[index(active_)][1]; }
  InputSource activeSource() const { return active_; }
  /// Forgets every stick and choice (Stop).
  void reset();

 private:
  static size_t index(InputSource source) { return static_cast<size_t>(source); }

  std::array<std::array<float, 2>, 4> sticks_{};
  InputSource active_ = InputSource::None;
  int choice_ = -1;
};

}  // namespace fatgraph::editor
