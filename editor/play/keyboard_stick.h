#pragma once
// The keyboard as the preview's stick: W/A/S/D push it up/left/down/right (held keys combine,
// a diagonal lies on the unit circle as a pad's does), the number keys 1-9 choose the edge
// 0-8 at the next hub. It is an event filter on the widgets that take the keys (the viewport,
// the Play dock) and only while enabled (playing), so W/A/S/D and the digits stay free
// otherwise; while enabled it also claims them before any shortcut.
#include <QObject>

class QKeyEvent;

namespace fatgraph::editor {

class KeyboardStick : public QObject {
  Q_OBJECT

 public:
  explicit KeyboardStick(QObject* parent = nullptr);

  void setEnabled(bool enabled);
  bool isEnabled() const { return enabled_; }
  float stickX() const;
  float stickY() const;

 signals:
  void stickChanged(float x, float y);
  /// A number key: `choice` 0 for key 1, ... 8 for key 9.
  void choiceRequested(int choice);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  enum Direction { Up = 1, Left = 2, Down = 4, Right = 8 };
  static int directionOf(int key);
  static int choiceOf(int key);
  void setHeld(int held);

  bool enabled_ = false;
  int held_ = 0;  // Direction bits of the keys held down
};

}  // namespace fatgraph::editor
