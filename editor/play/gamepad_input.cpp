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

// A trigger is pressed past half travel and released below a third, so a trigger resting near
// half does not chatter.
constexpr float kTriggerPress = 0.5f;
constexpr float kTriggerRelease = 0.33f;

QString buttonInputName(Uint8 button) {
  const char* name = SDL_GameControllerGetStringForButton(static_cast<SDL_GameControllerButton>(button));
  return name != nullptr ? QStringLiteral("pad:") + QString::fromLatin1(name) : QString();
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
  triggerDown_[0] = triggerDown_[1] = false;
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
          if (QString name = buttonInputName(event.cbutton.button); !name.isEmpty()) presses_.push_back(name);
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
    pollTriggers();
  }
}

void GamepadInput::pollTriggers() {
  const SDL_GameControllerAxis axes[2] = {SDL_CONTROLLER_AXIS_TRIGGERLEFT, SDL_CONTROLLER_AXIS_TRIGGERRIGHT};
  const char* names[2] = {"pad:lefttrigger", "pad:righttrigger"};
  for (int t = 0; t < 2; ++t) {
    const float travel = axisValue(controller_, axes[t]);
    if (!triggerDown_[t] && travel >= kTriggerPress) {
      triggerDown_[t] = true;
      presses_.push_back(QString::fromLatin1(names[t]));
    } else if (triggerDown_[t] && travel < kTriggerRelease) {
      triggerDown_[t] = false;
    }
  }
}

std::vector<QString> GamepadInput::takePresses() { return std::exchange(presses_, {}); }

}  // namespace fatgraph::editor
