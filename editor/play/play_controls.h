#pragma once
// The preview's one controller, fed by three sources (a gamepad, the keyboard and the dock's
// stick pad) that all speak the runtime player's language: a stick in [-1, 1] (x right,
// y forward) and an action: a choice of edge at the next hub (0 = the hub's first outgoing
// edge) or, from a bound key or button, a fat edge by name. The source the user touched last
// drives the stick, so a gamepad resting at centre does not hold the keyboard's stick back; an
// action from any source is kept until the next tick takes it, the latest replacing an earlier
// one (the player's own queue holds one action the same way).
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
  /// A choice of edge at the next hub from `source` (replaces an earlier action not yet taken).
  void choose(InputSource source, int choice);
  /// The fat edge a bound input asks for (replaces an earlier action not yet taken).
  void requestEdge(InputSource source, const QString& edge);
  /// The pending choice, -1 when none; it is consumed.
  int takeChoice();
  int pendingChoice() const { return choice_; }
  /// The pending edge by name, empty when none; it is consumed.
  QString takeRequestedEdge();
  const QString& requestedEdge() const { return requestedEdge_; }

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
  QString requestedEdge_;
};

}  // namespace fatgraph::editor
