#include "play/keyboard_stick.h"

#include <QEvent>
#include <QKeyEvent>

#include <cmath>

namespace fatgraph::editor {

KeyboardStick::KeyboardStick(QObject* parent) : QObject(parent) {}

void KeyboardStick::setEnabled(bool enabled) {
  enabled_ = enabled;
  if (!enabled) setHeld(0);
}

int KeyboardStick::directionOf(int key) {
  switch (key) {
    case Qt::Key_W: return Up;
    case Qt::Key_A: return Left;
    case Qt::Key_S: return Down;
    case Qt::Key_D: return Right;
    default: return 0;
  }
}

int KeyboardStick::choiceOf(int key) {
  return key >= Qt::Key_1 && key <= Qt::Key_9 ? key - Qt::Key_1 : -1;
}

float KeyboardStick::stickX() const {
  const float x = static_cast<float>(((held_ & Right) != 0) - ((held_ & Left) != 0));
  const float y = static_cast<float>(((held_ & Up) != 0) - ((held_ & Down) != 0));
  return x != 0.0f && y != 0.0f ? x / std::sqrt(2.0f) : x;
}

float KeyboardStick::stickY() const {
  const float x = static_cast<float>(((held_ & Right) != 0) - ((held_ & Left) != 0));
  const float y = static_cast<float>(((held_ & Up) != 0) - ((held_ & Down) != 0));
  return x != 0.0f && y != 0.0f ? y / std::sqrt(2.0f) : y;
}

void KeyboardStick::setHeld(int held) {
  if (held == held_) return;
  held_ = held;
  emit stickChanged(stickX(), stickY());
}

bool KeyboardStick::eventFilter(QObject* watched, QEvent* event) {
  if (!enabled_) return QObject::eventFilter(watched, event);
  switch (event->type()) {
    case QEvent::ShortcutOverride: {
      // Accepting the override delivers the key as a key press instead of a shortcut.
      auto* key = static_cast<QKeyEvent*>(event);
      if (key->modifiers() == Qt::NoModifier || key->modifiers() == Qt::KeypadModifier) {
        if (directionOf(key->key()) != 0 || choiceOf(key->key()) >= 0) {
          event->accept();
          return true;
        }
      }
      break;
    }
    case QEvent::KeyPress:
    case QEvent::KeyRelease: {
      auto* key = static_cast<QKeyEvent*>(event);
      const int direction = directionOf(key->key());
      const int choice = choiceOf(key->key());
      if (direction == 0 && choice < 0) break;
      if (key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier)) break;
      if (key->isAutoRepeat()) return true;  // held keys repeat; the stick is held already
      const bool press = event->type() == QEvent::KeyPress;
      if (direction != 0) {
        setHeld(press ? held_ | direction : held_ & ~direction);
      } else if (press) {
        emit choiceRequested(choice);
      }
      return true;
    }
    case QEvent::FocusOut:
      // Releases go to the widget with focus: without it a held key would stay held.
      setHeld(0);
      break;
    default: break;
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace fatgraph::editor
