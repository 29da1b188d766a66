#pragma once
// File > New Creature…: a creature generated without mocap (core creature_generation.h) from
// a type, a seed and the number of leg pairs, previewed live: the runtime Player walks, flies
// or swims it on the chosen terrain from the keyboard (W/A/S/D) or a gamepad's left stick, as
// a game would, and Export… writes it as a procedural .fgraph (what `fatgraph creature`
// writes). The dialog owns its preview; it changes nothing in the open project.
#include <QDialog>

#include <memory>
#include <optional>

#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime/terrain.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;

namespace fatgraph::editor {

class GamepadInput;
class KeyboardStick;
class Viewport;

class NewCreatureDialog : public QDialog {
  Q_OBJECT

 public:
  explicit NewCreatureDialog(QWidget* parent = nullptr);
  ~NewCreatureDialog() override;

  /// The terrain presets the window offers (runtime terrainFromSpec names), "flat" first.
  static QStringList terrains();

  /// Generates the creature the fields describe and starts its preview. Empty on success, else
  /// why there is none (a walker that would tip over names its seed); the status line says it.
  QString generate();
  /// Sets the type ("walk", "fly" or "swim"), seed and leg pairs (0: by the rules) and
  /// generates once; what generate() returns.
  QString choose(const QString& type, int seed, int legPairs);
  /// Whether the 60 Hz timer plays the preview (on by default); screenshots and tests step it.
  void setLive(bool live);
  /// One preview update of `seconds` with the current input (the 60 Hz timer calls it).
  void step(double seconds);
  /// Writes the creature as a .fgraph. Empty on success, else the error.
  QString exportTo(const QString& path);

  bool hasCreature() const { return player_ != nullptr; }
  const Creature* creature() const { return creature_ ? &*creature_ : nullptr; }
  const RuntimeGraph* graph() const { return graph_.get(); }
  const Player* player() const { return player_.get(); }
  /// The stick the preview plays when no key or pad is held (tests, screenshots).
  void setScriptedStick(float x, float y) { scripted_[0] = x, scripted_[1] = y; }

  QComboBox* typeCombo() const { return type_; }
  QSpinBox* seedSpin() const { return seed_; }
  QSlider* legsSlider() const { return legs_; }
  QSlider* speedSlider() const { return speed_; }
  QComboBox* terrainCombo() const { return terrain_; }
  QLabel* statusLabel() const { return status_; }
  QPushButton* exportButton() const { return export_; }
  Viewport* viewport() const { return viewport_; }

 private:
  void chooseTerrain();
  void exportWithDialog();
  /// Shows the player's pose; the camera follows the creature over `seconds`.
  void showPose(double seconds = 0.0);
  void describe(double milliseconds);

  QComboBox* type_;
  QSpinBox* seed_;
  QSlider* legs_;
  QLabel* legsValue_;
  QSlider* speed_;
  QComboBox* terrain_;
  QLabel* status_;
  QPushButton* export_;
  Viewport* viewport_;
  QTimer* timer_;
  KeyboardStick* keyboard_;
  std::unique_ptr<GamepadInput> gamepad_;
  std::optional<Creature> creature_;
  std::unique_ptr<RuntimeGraph> graph_;  // the player holds a pointer to it
  std::unique_ptr<Player> player_;
  std::optional<Heightfield> ground_;
  float scripted_[2] = {0, 0};
};

}  // namespace fatgraph::editor
