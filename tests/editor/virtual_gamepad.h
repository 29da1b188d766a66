#pragma once
// A virtual game controller on SDL's virtual joystick driver (SDL >= 2.24) for the gamepad
// tests: every standard button and axis, in SDL's own order, so virtual button b is
// SDL_GameControllerButton b and axis a is SDL_GameControllerAxis a. Attached on
// construction (hot-plugged), detached on destruction.
#include <SDL.h>

inline constexpr char kVirtualPadName[] = "fatgraph virtual pad";

class VirtualPad {
 public:
  VirtualPad() {
    SDL_VirtualJoystickDesc desc;
    SDL_zero(desc);
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.axis_mask = (1u << SDL_CONTROLLER_AXIS_MAX) - 1u;
    desc.button_mask = (1u << SDL_CONTROLLER_BUTTON_MAX) - 1u;
    desc.name = kVirtualPadName;
    device_ = SDL_JoystickAttachVirtualEx(&desc);
    if (device_ >= 0) joystick_ = SDL_JoystickOpen(device_);
  }
  ~VirtualPad() { detach(); }

  bool isValid() const { return joystick_ != nullptr; }
  void setAxis(SDL_GameControllerAxis axis, Sint16 value) {
    SDL_JoystickSetVirtualAxis(joystick_, axis, value);
  }
  void setButton(SDL_GameControllerButton button, bool down) {
    SDL_JoystickSetVirtualButton(joystick_, button, down ? 1 : 0);
  }
  void detach() {
    if (joystick_ != nullptr) SDL_JoystickClose(joystick_);
    joystick_ = nullptr;
    if (device_ >= 0) SDL_JoystickDetachVirtual(device_);
    device_ = -1;
  }

 private:
  int device_ = -1;
  SDL_Joystick* joystick_ = nullptr;
};

