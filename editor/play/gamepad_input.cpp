#include "play/gamepad_input.h"

#include <QCoreApplication>

#include <SDL.h>

#include <algorithm>
#include <utility>

namespace fatgraph::editor {
namespace {

float axisValue(SDL_GameController* controller, SDL_GameControllerAxis axis) {
  const auto raw = static_cast<float>(SDL_GameControllerGetAxis(controller, axis));
  return std::clamp(raw / 32767.0f, -1.0f, 1.0f);  // the range is [-32768, 32767]
}

int choiceOf(Uint8 button) {
  switch (button) {
    case SDL_CONTROLLER_BUTTON_A: return 0;
    case SDL_CONTROLLER_BUTTON_B: return 1;
    case SDL_CONTROLLER_BUTTON_X: return 2;
    case SDL_CONTROLLER_BUTTON_Y: return 3;
    default: return -1;
  }
}

}  // namespace

GamepadInput::GamepadInput() {
  SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
  SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
  // Reference-counted by SDL, so several instances (tests) start and stop it safely.
  if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0) {
    initError_ = QCoreApplication::translate("GamepadInput", "SDL could not start: %1")
                     .arg(QString::fromUtf8(SDL_GetError()));
    return;
  }
  available_ = true;
}

GamepadInput::~GamepadInput() {
  if (!available_) return;
  close();
  SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
}

void GamepadInput::open(int deviceIndex) {
  if (controller_ != nullptr || !SDL_IsGameController(deviceIndex)) return;
  SDL_GameController* controller = SDL_GameControllerOpen(deviceIndex);
  if (controller == nullptr) return;
  controller_ = controller;
  instance_ = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller));
  const char* name = SDL_GameControllerName(controller);
  name_ = name != nullptr ? QString::fromUtf8(name)
                          : QCoreApplication::translate("GamepadInput", "gamepad");
}

void GamepadInput::close() {
  if (controller_ != nullptr) SDL_GameControllerClose(controller_);
  controller_ = nullptr;
  instance_ = -1;
  name_.clear();
  stickX_ = stickY_ = 0;
}

void GamepadInput::openFirstConnected() {
  for (int i = 0; i < SDL_NumJoysticks() && controller_ == nullptr; ++i) open(i);
}

void GamepadInput::poll() {
  if (!available_) return;
  SDL_Event event;
  while (SDL_PollEvent(&event) != 0) {
    switch (event.type) {
      case SDL_CONTROLLERDEVICEADDED:  // `which` is a device index here
        open(event.cdevice.which);
        break;
      case SDL_CONTROLLERDEVICEREMOVED:  // ... and a joystick instance id here
        if (event.cdevice.which == instance_) {
          close();
          openFirstConnected();
        }
        break;
      case SDL_CONTROLLERBUTTONDOWN:
        if (event.cbutton.which == instance_) {
          if (const int choice = choiceOf(event.cbutton.button); choice >= 0) {
            choices_.push_back(choice);
          }
        }
        break;
      default: break;
    }
  }
  // The queue is process-wide: should another reader have taken an add or remove event, the
  // device list still tells.
  if (controller_ != nullptr && !SDL_GameControllerGetAttached(controller_)) close();
  if (controller_ == nullptr) openFirstConnected();
  if (controller_ != nullptr) {
    stickX_ = axisValue(controller_, SDL_CONTROLLER_AXIS_LEFTX);
    stickY_ = -axisValue(controller_, SDL_CONTROLLER_AXIS_LEFTY);
  }
}

std::vector<int> GamepadInput::takeChoices() { return std::exchange(choices_, {}); }

}  // namespace fatgraph::editor
