#pragma once
// A gamepad through SDL2's game controller API (its database maps every known pad to one
// layout): the left stick is the preview's stick (y up = forward), the face buttons A, B, X, Y
// choose the edges 0-3 at the next hub. Controllers are hot-plugged: poll() reads SDL's queue
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

  /// Reads SDL's pending events: controllers added and removed, button presses (queued as
  /// choices), and the open pad's left stick.
  void poll();

  bool isConnected() const { return controller_ != nullptr; }
  /// The open controller's name ("Xbox 360 Controller"), empty when none.
  const QString& name() const { return name_; }
  /// The left stick in [-1, 1]: x right, y forward (SDL's y axis points down).
  float stickX() const { return stickX_; }
  float stickY() const { return stickY_; }
  /// Face buttons pressed since the last call, in order: 0 = A, 1 = B, 2 = X, 3 = Y.
  std::vector<int> takeChoices();

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
  std::vector<int> choices_;
};

}  // namespace fatgraph::editor
