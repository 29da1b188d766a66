#pragma once
// The keyboard as the preview's stick: W/A/S/D push it up/left/down/right (held keys combine,
// a diagonal lies on the unit circle as a pad's does); the number keys 1-9 and the keys the
// project binds to actions (setBoundKeys, core action_binding.h) are presses, named as core
// names inputs ("key:1", "key:K"), for the Play dock to resolve. It is an event filter on the
// widgets that take the keys (the viewport, the Play dock) and only while enabled (playing),
// so those keys stay free otherwise; while enabled it also claims them before any shortcut.
#include <QObject>
#include <QSet>
#include <QString>

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
  /// The input names of bound keys ("key:K"), claimed while enabled beside W/A/S/D and 1-9.
  void setBoundKeys(const QSet<QString>& inputs) { boundKeys_ = inputs; }

 signals:
  void stickChanged(float x, float y);
  /// A number key or a bound key was pressed: its input name ("key:1", "key:K").
  void inputPressed(const QString& input);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  enum Direction { Up = 1, Left = 2, Down = 4, Right = 8 };
  static int directionOf(int key);
  /// The key's input name when it is a press this stick reports (1-9 or bound), else empty.
  QString pressOf(int key) const;
  void setHeld(int held);

  bool enabled_ = false;
  int held_ = 0;  // Direction bits of the keys held down
  QSet<QString> boundKeys_;
};

}  // namespace fatgraph::editor
