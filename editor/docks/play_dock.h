#pragma once
// The Play dock: plays the whole graph live in the viewport with the runtime player
// (play/player_preview.h), as a game would, from a gamepad (SDL2), the keyboard (W/A/S/D, the
// number keys) or the dock's stick pad. Play / Stop; the input source in use, the gamepad's
// name, the current edge and the edge the player takes at the next hub (with the choices the
// buttons and number keys make there), the live stick, the terrain the leg layer stands on
// (View > Terrain), Follow camera, and Record input…, which writes the session as the CSV
// `fatgraph play` replays (play/input_recording.h) when Play stops.
//
// Control: "Stick on the plane" maps the stick onto each edge's parameter plane (the paper's
// joystick); "Velocity" asks the player for a velocity instead, as a game's AI would
// (Player::setDesiredVelocity): stick forward is speed up to the graph's fastest blend, stick
// sideways a turning rate up to 1.5 rad/s, and a centred stick stops the character (each leg
// finishes its step, then it stands) until the stick moves again. The Velocity row says what
// was asked, what the clips do and at which cycle rate, and whether the character stops or
// stands. Under Events, the event strip draws the last seconds of footsteps (each leg's
// stances), hubs and edges on a scrolling time axis. Aim: Ctrl + click in the viewport aims
// the edges' parameterized joint at that point (Player::aim), drawn as a cross with a line
// from where the blend puts the joint; the Aim row says what the plane cannot reach. Actions:
// the project's mapping of keys and gamepad buttons to named fat edges
// (views/action_bindings_editor.h, bind_action edits saved with the project); while playing a
// bound input asks the player for its edge (the player's one-slot queue: taken at the first
// hub the edge leaves), an unbound number key or face button chooses at the next hub. A
// binding edit (or its undo) while playing plays on: the runtime graph carries no bindings.
//
// A 60 Hz timer steps the player with the wall time (a stalled tick is clamped, see
// PlayerPreview::kMaxStepSeconds). An edit of the graph rebuilds the runtime graph and, while
// playing, restarts from the start edge; when the project has no parameterized graph the dock
// says to build one.
#include <QDockWidget>
#include <QElapsedTimer>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <string>
#include <vector>

#include "play/input_recording.h"
#include "play/play_controls.h"
#include "play/play_event_log.h"
#include "play/player_preview.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QVector3D;

namespace fatgraph::editor {

class Document;
class GamepadInput;
class PreviewGraphSource;
class KeyboardStick;
class ActionBindingsEditor;
class PlayEventStrip;
class StickPad;
class Viewport;

class PlayDock : public QDockWidget {
  Q_OBJECT

 public:
  /// `viewport` shows the character and takes the keyboard while playing; it may be null.
  PlayDock(Document* document, Viewport* viewport, QWidget* parent = nullptr);
  ~PlayDock() override;

  bool isPlaying() const { return playing_; }
  const PlayerPreview& preview() const { return preview_; }
  const PlayControls& controls() const { return controls_; }
  KeyboardStick* keyboard() const { return keyboard_; }
  GamepadInput* gamepad() const { return gamepad_.get(); }
  StickPad* stickPad() const { return stickPad_; }
  QPushButton* playButton() const { return playButton_; }
  QCheckBox* followCamera() const { return followCheck_; }
  /// Stick on the plane (0) or Velocity (1); see the header.
  QComboBox* controlCombo() const { return controlCombo_; }
  bool velocityControl() const;
  /// "asked 1.20 m/s, 0.00 rad/s · clips 1.18 m/s at ×1.02", "… · standing".
  QLabel* velocityLabel() const { return velocityLabel_; }
  /// What the user should know now: how to get a graph, an edge a choice does not have, where
  /// the recording went or why it failed.
  QLabel* messageLabel() const { return messageLabel_; }
  /// The live state, one value each: "keyboard", "Xbox 360 Controller" / "no gamepad",
  /// "x 0.71, y 0.71", the current edge, the next hub with the edge taken there, what each
  /// number key / face button chooses there ("1 walk · 2 turn"), the terrain.
  QLabel* sourceLabel() const { return sourceLabel_; }
  QLabel* gamepadLabel() const { return gamepadLabel_; }
  QLabel* stickLabel() const { return stickLabel_; }
  QLabel* edgeLabel() const { return edgeLabel_; }
  QLabel* nextLabel() const { return nextLabel_; }
  QLabel* choicesLabel() const { return choicesLabel_; }
  QLabel* terrainLabel() const { return terrainLabel_; }
  QLabel* eventsLabel() const { return eventsLabel_; }
  /// The last seconds of events on a scrolling time axis (views/play_event_strip.h).
  PlayEventStrip* eventStrip() const { return eventStrip_; }
  /// Aim: while checked, Ctrl + click in the viewport aims each edge's parameterized joint
  /// at the point where the click ray meets the height of the current edge's plane
  /// (Player::aim; the paper's bat and kick); unchecked, the stick or velocity chooses again.
  QCheckBox* aimCheck() const { return aimCheck_; }
  /// "RightHand: 2.4 cm the plane cannot reach", "edge 'walk' has no plane: waits", "—".
  QLabel* aimLabel() const { return aimLabel_; }
  const PlayEventLog& events() const { return events_; }
  /// The project's action mapping (bind_action edits).
  ActionBindingsEditor* actionBindings() const { return actions_; }
  /// A key or button press by input name ("key:K", "pad:a"): a bound input asks for its
  /// edge, an unbound number key or face button chooses at the next hub; while the mapping
  /// captures, the press becomes a binding instead (tests call it as the inputs do).
  void pressInput(InputSource source, const QString& input);
  /// The file the session is recorded to (written at Stop); empty: not recording.
  const QString& recordingPath() const { return recordingPath_; }
  const InputRecording& recording() const { return recording_; }

 public slots:
  /// Starts playing from the start edge; false (and says why) when there is no graph to play.
  bool play();
  /// Stops, returns the viewport to the clip and writes the recording if one is armed.
  void stop();
  /// Records the session to `path` from now (or from the next Play) until Stop; empty disarms.
  void setRecordingPath(const QString& path);
  /// Record input…: asks for the CSV file, then setRecordingPath.
  void chooseRecordingFile();
  /// The ground the player's leg layer stands on (null: flat), and its name. Not owned.
  void setTerrain(const Terrain* terrain, const QString& name);
  /// One tick: reads the inputs and steps the player by `seconds` (the timer passes the wall
  /// time since the last tick; tests call it directly).
  void advance(double seconds);
  /// Waits until the graph Play asked for is built and playing (tests).
  void waitForGraph();
  /// Aims at the point where the world ray meets the current edge's plane height (the
  /// viewport's Ctrl + click; checks Aim). False, saying why, when the ray never gets there.
  bool aimAlong(const QVector3D& origin, const QVector3D& direction);

 private:
  void graphChanged();
  void graphReady();
  void showPlayingMessage(bool restarted);
  void showPose(double seconds);
  void refreshStatus();
  void pollIdleGamepad();
  RecordedVelocity stickVelocity(float x, float y);
  QString velocityText() const;
  QString aimText() const;
  RecordedAim recordedAim() const;
  void showAim();
  QString gamepadText() const;
  // play_dock_actions.cpp
  void refreshBindings();
  int takeAction();
  bool onlyBindingsChanged() const;
  QStringList boundChoices() const;

  Document* document_;
  Viewport* viewport_;
  PreviewGraphSource* graphSource_;  // builds the runtime graph on the pool
  PlayerPreview preview_;
  PlayControls controls_;
  InputRecording recording_;
  KeyboardStick* keyboard_;
  std::unique_ptr<GamepadInput> gamepad_;
  StickPad* stickPad_;
  QPushButton* playButton_;
  QPushButton* recordButton_;
  QCheckBox* followCheck_;
  QComboBox* controlCombo_;
  QLabel* velocityLabel_;
  QLabel* sourceLabel_;
  QLabel* gamepadLabel_;
  QLabel* stickLabel_;
  QLabel* edgeLabel_;
  QLabel* nextLabel_;
  QLabel* choicesLabel_;
  QLabel* terrainLabel_;
  QLabel* eventsLabel_;
  PlayEventStrip* eventStrip_;
  QCheckBox* aimCheck_;
  QLabel* aimLabel_;
  ActionBindingsEditor* actions_;
  std::vector<QString> legNames_, edgeNames_;  // for the event strip, per graph
  QLabel* messageLabel_;
  QString terrainName_;
  QString recordingPath_;
  bool stale_ = true;  // the graph changed since the runtime graph was built
  std::vector<std::string> playedEdits_;  // the project's edit history the played graph was built at
  bool playing_ = false;
  RecordedVelocity velocity_;  // asked for in the last tick (Velocity control)
  float topSpeed_ = 0;                 // the graph's fastest blend, m/s (0: not measured yet)
  PlayEventLog events_;     // footsteps and hubs since Play
  double sessionTime_ = 0;  // seconds played since Play (or since recording began)
  QTimer timer_;            // 60 Hz while playing
  QTimer idleTimer_;        // hot-plug while stopped, so the dock names the pad
  QElapsedTimer clock_;     // wall time between ticks
};

}  // namespace fatgraph::editor
