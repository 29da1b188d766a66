#pragma once
// A gamepad through SDL2's game controller API (its database maps every known pad to one
// layout): the left stick is the preview's stick (y up = forward); every button press is
// reported by its input name of core's action bindings ("pad:a", "pad:rightshoulder", the
// triggers "pad:lefttrigger" / "pad:righttrigger" past half travel), which the Play dock
// resolves: a bound button asks for its edge, an unbound face button A, B, X, Y chooses the
// edge 0-3 at the next hub (action_inputs.h). Controllers are hot-plugged: poll() reads SDL's queue
// (SDL_CONTROLLERDEVICEADDED / REMOVED) on the preview's timer, opens the first pad that
// arrives and, when it goes, the next one still connected.
//
// Only SDL's game controller subsystem is started (no SDL video: Qt owns the window), with
// background events allowed so the pad works while the window is not focused and without
// SDL's signal handlers (Qt's application handles Ctrl+C). SDL's event queue is
// process-wide, so button presses go to whichever GamepadInput polls first (one at a time is
// meant); hot-plug is also read off SDL's device list, so no instance misses a pad.
#include <QString>

#include <vector>

struct _SDL_GameController;

namespace fatgraph::editor {

class GamepadInput {
 public:
  GamepadInput();
  ~GamepadInput();
  GamepadInput(const GamepadInput&) = delete;
  GamepadInput& operator=(const GamepadInput&) = delete;

  /// Whether SDL's game controller subsystem started; else why not (initError()).
  bool isAvailable() const { return available_; }
  const QString& initError() const { return initError_; }

  /// Reads SDL's pending events: controllers added and removed, button presses (queued by
  /// name), and the open pad's left stick and triggers.
  void poll();

  bool isConnected() const { return controller_ != nullptr; }
  /// The open controller's name ("Xbox 360 Controller"), empty when none.
  const QString& name() const { return name_; }
  /// The left stick in [-1, 1]: x right, y forward (SDL's y axis points down).
  float stickX() const { return stickX_; }
  float stickY() const { return stickY_; }
  /// The buttons pressed since the last call, in order, by input name ("pad:a").
  std::vector<QString> takePresses();

 private:
  void open(int deviceIndex);
  void close();
  void openFirstConnected();

  bool available_ = false;
  QString initError_;
  _SDL_GameController* controller_ = nullptr;
  int instance_ = -1;  // the open controller's joystick instance id
  QString name_;
  float stickX_ = 0, stickY_ = 0;
  void pollTriggers();

  std::vector<QString> presses_;
  bool triggerDown_[2] = {false, false};  // left, right: past half travel at the last poll
};

}  // namespace fatgraph::editor
