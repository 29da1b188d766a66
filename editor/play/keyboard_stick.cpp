#include "play/keyboard_stick.h"

#include <QEvent>
#include <QKeyEvent>

#include <cmath>

#include "play/action_inputs.h"

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

QString KeyboardStick::pressOf(int key) const {
  const QString input = keyInputName(key);
  return boundKeys_.contains(input) || unboundChoice(input) >= 0 ? input : QString();
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
        if (directionOf(key->key()) != 0 || !pressOf(key->key()).isEmpty()) {
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
      const QString press = pressOf(key->key());
      if (direction == 0 && press.isEmpty()) break;
      // A modifier key is itself a bindable key (its own modifier is set while it is down).
      const bool modifierKey = key->key() == Qt::Key_Shift || key->key() == Qt::Key_Control || key->key() == Qt::Key_Alt;
      if (!modifierKey && (key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier))) break;
      if (key->isAutoRepeat()) return true;  // held keys repeat; the stick is held already
      const bool down = event->type() == QEvent::KeyPress;
      if (direction != 0) {
        setHeld(down ? held_ | direction : held_ & ~direction);
      } else if (down) {
        emit inputPressed(press);
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
