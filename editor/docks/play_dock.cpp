#include "docks/play_dock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QVector3D>

#include <algorithm>
#include <cmath>
#include <optional>

#include "document/document.h"
#include "play/gamepad_input.h"
#include "play/keyboard_stick.h"
#include "play/preview_graph_source.h"
#include "views/action_bindings_editor.h"
#include "views/play_event_strip.h"
#include "views/stick_pad.h"
#include "views/viewport.h"

namespace fatgraph::editor {
namespace {

constexpr int kTickMs = 16;       // about 60 Hz
constexpr int kIdlePollMs = 250;  // hot-plug while stopped: the name shows within a moment
constexpr float kTopTurnRate = 1.5f;  // rad/s at full sideways stick (Velocity control)

QString stickText(float x, float y) {
  return PlayDock::tr("x %1, y %2").arg(x, 0, 'f', 2).arg(y, 0, 'f', 2);
}

}  // namespace

PlayDock::PlayDock(Document* document, Viewport* viewport, QWidget* parent)
    : QDockWidget(tr("Play"), parent),
      document_(document),
      viewport_(viewport),
      graphSource_(new PreviewGraphSource(document, this)),
      keyboard_(new KeyboardStick(this)),
      gamepad_(std::make_unique<GamepadInput>()),
      stickPad_(new StickPad(this)),
      playButton_(new QPushButton(tr("Play"), this)),
      recordButton_(new QPushButton(tr("Record Input…"), this)),
      followCheck_(new QCheckBox(tr("Follow camera"), this)),
      controlCombo_(new QComboBox(this)),
      velocityLabel_(new QLabel(this)),
      sourceLabel_(new QLabel(this)),
      gamepadLabel_(new QLabel(this)),
      stickLabel_(new QLabel(this)),
      edgeLabel_(new QLabel(this)),
      nextLabel_(new QLabel(this)),
      choicesLabel_(new QLabel(this)),
      terrainLabel_(new QLabel(this)),
      eventsLabel_(new QLabel(this)),
      eventStrip_(new PlayEventStrip(this)),
      aimCheck_(new QCheckBox(tr("Aim (Ctrl + click in the view)"), this)),
      aimLabel_(new QLabel(tr("—"), this)),
      actions_(new ActionBindingsEditor(this)),
      messageLabel_(new QLabel(this)) {
  setObjectName(QStringLiteral("playDock"));
  playButton_->setObjectName(QStringLiteral("playGraphButton"));
  recordButton_->setObjectName(QStringLiteral("recordInputButton"));
  followCheck_->setObjectName(QStringLiteral("followCameraCheck"));
  followCheck_->setChecked(true);
  controlCombo_->setObjectName(QStringLiteral("playControlCombo"));
  controlCombo_->addItem(tr("Stick on the plane"));
  controlCombo_->addItem(tr("Velocity (speed and turn)"));
  controlCombo_->setToolTip(
      tr("Stick on the plane: the stick picks each edge's blend. Velocity: the stick asks for a "
         "speed (forward) and a turning rate (sideways), as a game's AI would; centred, the "
         "character stops and stands"));
  velocityLabel_->setObjectName(QStringLiteral("playVelocityLabel"));
  velocityLabel_->setWordWrap(true);
  playButton_->setToolTip(
      tr("Play the graph with the runtime player: W/A/S/D or the left "
         "stick steer, 1–9 or A/B/X/Y choose the edge at the next hub, bound keys and "
         "buttons (Actions) ask for their edge"));
  recordButton_->setToolTip(
      tr("Record the session as a CSV that `fatgraph play` replays; "
         "written when Play stops"));
  for (QLabel* label : {choicesLabel_, eventsLabel_, messageLabel_}) label->setWordWrap(true);
  eventsLabel_->setObjectName(QStringLiteral("playEventsLabel"));
  eventsLabel_->setToolTip(tr("The runtime player's events since Play: foot strikes per leg, hubs "
                              "reached, the last event (`fatgraph play --events` writes them all)"));
  terrainLabel_->setToolTip(tr("View > Terrain chooses the ground"));
  messageLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(playButton_);
  buttons->addWidget(recordButton_);
  auto* form = new QFormLayout;
  form->addRow(tr("Input"), sourceLabel_);
  form->addRow(tr("Gamepad"), gamepadLabel_);
  form->addRow(tr("Control"), controlCombo_);
  form->addRow(tr("Stick"), stickLabel_);
  form->addRow(tr("Velocity"), velocityLabel_);
  form->addRow(tr("Edge"), edgeLabel_);
  form->addRow(tr("Next hub"), nextLabel_);
  form->addRow(tr("Choices"), choicesLabel_);
  form->addRow(tr("Terrain"), terrainLabel_);
  form->addRow(tr("Events"), eventsLabel_);
  form->addRow(eventStrip_);
  form->addRow(aimCheck_);
  form->addRow(tr("Aim"), aimLabel_);
  form->addRow(new QLabel(tr("Actions"), this));
  form->addRow(actions_);
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(buttons);
  layout->addWidget(followCheck_);
  layout->addLayout(form);
  layout->addWidget(stickPad_, 1, Qt::AlignHCenter);
  layout->addWidget(messageLabel_);
  layout->addStretch();
  setWidget(content);

  // The keys steer while the viewport or the dock has the focus.
  installEventFilter(keyboard_);
  stickPad_->installEventFilter(keyboard_);
  if (viewport_ != nullptr) viewport_->installEventFilter(keyboard_);
  connect(keyboard_, &KeyboardStick::stickChanged, this,
          [this](float x, float y) { controls_.setStick(InputSource::Keyboard, x, y); });
  connect(keyboard_, &KeyboardStick::inputPressed, this,
          [this](const QString& input) { pressInput(InputSource::Keyboard, input); });
  connect(actions_, &ActionBindingsEditor::editRequested, this,
          [this](const GraphEditRequest& edit) { document_->editGraph(edit); });
  connect(stickPad_, &StickPad::stickMoved, this,
          [this](float x, float y) { controls_.setStick(InputSource::Mouse, x, y); });
  connect(playButton_, &QPushButton::clicked, this, [this] { playing_ ? stop() : (void)play(); });
  aimCheck_->setObjectName(QStringLiteral("playAimCheck"));
  aimLabel_->setObjectName(QStringLiteral("playAimLabel"));
  aimLabel_->setWordWrap(true);
  aimCheck_->setToolTip(tr("Ctrl + click in the viewport aims each edge's parameterized joint at "
                           "that point, as the Fat Graph paper's bat and kick; uncheck to let the "
                           "stick choose again"));
  connect(aimCheck_, &QCheckBox::toggled, this, [this](bool on) {
    if (!on) preview_.setAim(std::nullopt);
    showAim();
  });
  if (viewport_ != nullptr)
    connect(viewport_, &Viewport::aimRequested, this,
            [this](const QVector3D& origin, const QVector3D& direction) { aimAlong(origin, direction); });
  connect(recordButton_, &QPushButton::clicked, this, &PlayDock::chooseRecordingFile);
  connect(graphSource_, &PreviewGraphSource::ready, this, &PlayDock::graphReady);
  connect(document_, &Document::graphChanged, this, &PlayDock::graphChanged);
  connect(document_, &Document::reset, this, &PlayDock::graphChanged);

  timer_.setInterval(kTickMs);
  timer_.setTimerType(Qt::PreciseTimer);
  connect(&timer_, &QTimer::timeout, this, [this] {
    // Restarted before the step, so the time the step itself takes counts for the next one.
    const qint64 nanoseconds = clock_.nsecsElapsed();
    clock_.restart();
    advance(static_cast<double>(nanoseconds) * 1e-9);
  });
  idleTimer_.setInterval(kIdlePollMs);
  connect(&idleTimer_, &QTimer::timeout, this, &PlayDock::pollIdleGamepad);
  if (gamepad_->isAvailable()) idleTimer_.start();
  setTerrain(nullptr, tr("none"));
  graphChanged();
}

PlayDock::~PlayDock() = default;

void PlayDock::graphChanged() {
  refreshBindings();
  if (playing_ && onlyBindingsChanged()) {
    // The runtime graph does not carry the bindings: play on, the new binding live at once.
    playedEdits_ = document_->project().edits;
    return;
  }
  stale_ = true;
  const QString problem = PlayerPreview::playableProblem(document_->graph());
  if (playing_ && problem.isEmpty()) {
    // The edit changed what plays: the old graph plays on while the pool builds the new one,
    // which then plays from the start edge (graphReady).
    graphSource_->request();
    return;
  }
  if (playing_) stop();  // nothing left to play: say what to do, below
  playButton_->setEnabled(problem.isEmpty());
  messageLabel_->setText(problem.isEmpty()
                             ? tr("Press Play, then steer with W/A/S/D, a gamepad or the stick pad")
                             : problem);
  refreshStatus();
}

void PlayDock::graphReady() {
  if (!playing_ || !stale_) return;
  const bool restarting = preview_.isReady();
  QString why = preview_.adopt(graphSource_->graph());
  if (!why.isEmpty()) {
    if (!graphSource_->why().isEmpty()) why = graphSource_->why();
    stop();
    messageLabel_->setText(why);
    return;
  }
  stale_ = false;  // a recording goes on across a restart: sessionTime_ keeps counting
  playedEdits_ = document_->project().edits;
  topSpeed_ = 0;   // another graph: measured again when Velocity control asks
  events_.reset(static_cast<int>(preview_.graph().legs.size()));
  legNames_.clear();
  edgeNames_.clear();
  for (const RuntimeLeg& leg : preview_.graph().legs) legNames_.push_back(QString::fromStdString(leg.name));
  for (const RuntimeEdge& edge : preview_.graph().edges) edgeNames_.push_back(QString::fromStdString(edge.name));
  showPlayingMessage(restarting);
  showPose(0.0);
}

void PlayDock::showPlayingMessage(bool restarted) {
  if (restarted) {
    messageLabel_->setText(tr("The graph changed: playing it again from the start edge"));
  } else {
    messageLabel_->setText(
        recordingPath_.isEmpty()
            ? tr("Playing")
            : tr("Playing, recording to %1").arg(QFileInfo(recordingPath_).fileName()));
  }
}

void PlayDock::waitForGraph() { graphSource_->waitForGraph(); }

bool PlayDock::play() {
  if (playing_) return true;
  if (const QString why = PlayerPreview::playableProblem(document_->graph()); !why.isEmpty()) {
    messageLabel_->setText(why);
    return false;
  }
  playing_ = true;
  controls_.reset();
  keyboard_->setEnabled(true);
  sessionTime_ = 0;
  recording_.clear();
  if (!recordingPath_.isEmpty()) recording_.sample(0.0, 0.0f, 0.0f);
  playButton_->setText(tr("Stop"));
  idleTimer_.stop();
  if (viewport_ != nullptr) viewport_->setFocus(Qt::OtherFocusReason);
  if (stale_ || !preview_.isReady()) {
    // Built on the pool from the project as it is (preview_graph_source.h); graphReady starts
    // the player, and until then the ticks wait.
    preview_.clear();
    messageLabel_->setText(tr("Preparing the graph to play…"));
    graphSource_->request();
  } else {
    preview_.restart();
    events_.reset(static_cast<int>(preview_.graph().legs.size()));
    showPlayingMessage(false);
  }
  showPose(0.0);
  clock_.start();
  timer_.start();
  return true;
}

void PlayDock::stop() {
  if (!playing_) return;
  playing_ = false;
  timer_.stop();
  keyboard_->setEnabled(false);
  if (viewport_ != nullptr) viewport_->clearPose();
  playButton_->setText(tr("Play"));
  messageLabel_->clear();
  if (!recordingPath_.isEmpty()) {
    recording_.finish(sessionTime_, controls_.stickX(), controls_.stickY(), velocity_, recordedAim());
    const QString error = recording_.write(recordingPath_);
    messageLabel_->setText(
        error.isEmpty() ? tr("Recorded %1 s of input to %2: fatgraph play GRAPH.fgraph --input %2")
                              .arg(sessionTime_, 0, 'f', 1)
                              .arg(QDir::toNativeSeparators(recordingPath_))
                        : error);
  }
  controls_.reset();
  stickPad_->setStick(0.0f, 0.0f);
  showAim();
  if (gamepad_->isAvailable()) idleTimer_.start();
  refreshStatus();
}

void PlayDock::setRecordingPath(const QString& path) {
  recordingPath_ = path;
  recording_.clear();
  if (playing_) {  // the recording starts now
    sessionTime_ = 0;
    if (!path.isEmpty()) recording_.sample(0.0, controls_.stickX(), controls_.stickY());
  }
  recordButton_->setText(path.isEmpty() ? tr("Record Input…")
                                        : tr("Recording to %1").arg(QFileInfo(path).fileName()));
}

void PlayDock::chooseRecordingFile() {
  QString path = QFileDialog::getSaveFileName(this, tr("Record input as"), QString(),
                                              tr("fatgraph play input (*.csv)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".csv");
  setRecordingPath(path);
}

void PlayDock::setTerrain(const Terrain* terrain, const QString& name) {
  preview_.setTerrain(terrain);
  terrainName_ = name;
  terrainLabel_->setText(name);
}

void PlayDock::advance(double seconds) {
  if (!playing_ || !preview_.isReady()) return;
  gamepad_->poll();
  if (gamepad_->isConnected()) {
    controls_.setStick(InputSource::Gamepad, gamepad_->stickX(), gamepad_->stickY());
  }
  for (const QString& press : gamepad_->takePresses()) pressInput(InputSource::Gamepad, press);

  const int action = takeAction();
  const double dt =
      std::isfinite(seconds) ? std::clamp(seconds, 0.0, PlayerPreview::kMaxStepSeconds) : 0.0;
  sessionTime_ += dt;
  const float x = controls_.stickX(), y = controls_.stickY();
  velocity_ = velocityControl() ? stickVelocity(x, y) : RecordedVelocity{};
  preview_.setDesiredVelocity(velocity_.enabled, velocity_.x, velocity_.z, velocity_.turn);
  if (!recordingPath_.isEmpty()) recording_.sample(sessionTime_, x, y, preview_.edgeName(action), velocity_, recordedAim());
  preview_.step(dt, x, y, action);
  events_.observe(preview_.player());
  showPose(dt);
}

bool PlayDock::velocityControl() const { return controlCombo_->currentIndex() == 1; }

// Velocity control: stick forward (y) is a speed up to the graph's fastest blend, stick right
// (x) turns right; a centred stick asks for nothing, which stops the character.
RecordedVelocity PlayDock::stickVelocity(float x, float y) {
  if (topSpeed_ <= 0.0f) topSpeed_ = preview_.topSpeed();
  RecordedVelocity v;
  v.enabled = true;
  v.z = y * topSpeed_;
  v.turn = -x * kTopTurnRate;
  return v;
}

QString PlayDock::velocityText() const {
  if (!velocityControl()) return tr("the stick picks the blend (Control: Velocity asks for speeds)");
  if (!playing_ || !preview_.isReady()) return tr("—");
  const Player& player = preview_.player();
  const VelocityControlReport& r = player.velocityControl();
  QString text = tr("asked %1 m/s, %2 rad/s · clips %3 m/s at ×%4")
                     .arg(std::hypot(r.requested.velocity.x, r.requested.velocity.y), 0, 'f', 2)
                     .arg(r.requested.turnRate, 0, 'f', 2)
                     .arg(std::hypot(r.planned.velocity.x, r.planned.velocity.y), 0, 'f', 2)
                     .arg(r.cycleRate, 0, 'f', 2);
  if (player.standing()) return text + tr(" · standing");
  if (player.stopping()) return text + tr(" · stopping");
  return text;
}

void PlayDock::showPose(double seconds) {
  if (viewport_ != nullptr && preview_.isReady()) {
    if (followCheck_->isChecked()) {
      const Vec3& root = preview_.worldPositions()[0];
      viewport_->camera().follow(
          QVector3D(static_cast<float>(root.x()), static_cast<float>(root.y()),
                    static_cast<float>(root.z())),
          static_cast<float>(seconds));
    }
    viewport_->showPose(preview_.skeleton(), preview_.worldRotations(), preview_.worldPositions());
    showAim();
    if (!preview_.graph().legs.empty()) {
      const PreviewFootprints prints = preview_.footprints();
      viewport_->setPreviewFootprints(prints.footprints, prints.legNames);
    }
  }
  refreshStatus();
}

bool PlayDock::aimAlong(const QVector3D& origin, const QVector3D& direction) {
  if (!playing_ || !preview_.isReady()) {
    messageLabel_->setText(tr("Play first, then Ctrl + click where the joint should go"));
    return false;
  }
  // The click ray meets the horizontal plane at the aimed joint's height.
  const double height = preview_.aimHeight();
  if (!(std::abs(direction.y()) > 1e-4f)) {
    messageLabel_->setText(tr("Aim: the view is level with the aim's height; look down or up at it"));
    return false;
  }
  const double t = (height - origin.y()) / direction.y();
  if (!(t > 0.0) || !std::isfinite(t)) {
    messageLabel_->setText(tr("Aim: the click points away from the aim's height (%1 m)").arg(height, 0, 'f', 2));
    return false;
  }
  const QVector3D at = origin + static_cast<float>(t) * direction;
  preview_.setAim(Vec3(at.x(), at.y(), at.z()));
  aimCheck_->setChecked(true);
  showAim();
  return true;
}

void PlayDock::showAim() {
  aimLabel_->setText(aimText());
  if (viewport_ == nullptr) return;
  const auto toQt = [](const std::optional<Vec3>& v) -> std::optional<QVector3D> {
    if (!v) return std::nullopt;
    return QVector3D(static_cast<float>(v->x()), static_cast<float>(v->y()), static_cast<float>(v->z()));
  };
  const bool shown = playing_ && preview_.isReady() && aimCheck_->isChecked();
  viewport_->setAimMarker(shown ? toQt(preview_.aim()) : std::nullopt,
                          shown ? toQt(preview_.aimPlanned()) : std::nullopt);
}

RecordedAim PlayDock::recordedAim() const {
  const std::optional<Float3>& local = preview_.aimLocal();
  if (!local || !aimCheck_->isChecked()) return {};
  return {true, local->x, local->y, local->z};
}

QString PlayDock::aimText() const {
  if (!playing_ || !preview_.isReady() || !preview_.aim() || !aimCheck_->isChecked()) return tr("—");
  const AimReport& r = preview_.player().aimReport();
  const QString edge = preview_.edgeName(preview_.currentEdge());
  if (!r.active) return tr("aiming from the next update");
  if (!r.aimable) return tr("edge '%1' has no parameter plane: the aim waits for one that has").arg(edge);
  const RuntimeGraph& g = preview_.graph();
  const QString joint = r.joint >= 0 && r.joint < g.jointCount() ? QString::fromStdString(g.skeleton.names[r.joint]) : tr("joint");
  return tr("%1 of '%2' at %3 s: %4 cm the plane cannot reach")
      .arg(joint, edge)
      .arg(r.atTime, 0, 'f', 2)
      .arg(100.0 * r.unreachable, 0, 'f', 1);
}

void PlayDock::pollIdleGamepad() {
  gamepad_->poll();
  // While stopped a button only means something to a binding being made.
  for (const QString& press : gamepad_->takePresses()) actions_->capturePress(press);
  gamepadLabel_->setText(gamepadText());
}

QString PlayDock::gamepadText() const {
  if (!gamepad_->isAvailable()) return gamepad_->initError();
  return gamepad_->isConnected() ? gamepad_->name() : tr("no gamepad");
}

void PlayDock::refreshStatus() {
  gamepadLabel_->setText(gamepadText());
  sourceLabel_->setText(inputSourceName(controls_.activeSource()));
  stickLabel_->setText(stickText(controls_.stickX(), controls_.stickY()));
  velocityLabel_->setText(velocityText());
  if (controls_.activeSource() != InputSource::Mouse || !stickPad_->isDragging()) {
    stickPad_->setStick(controls_.stickX(), controls_.stickY());
  }
  if (!playing_ || !preview_.isReady()) {
    eventsLabel_->setText(tr("—"));
    eventStrip_->clear();
    edgeLabel_->setText(tr("—"));
    nextLabel_->setText(tr("—"));
    choicesLabel_->setText(tr("—"));
    return;
  }
  const Player& player = preview_.player();
  edgeLabel_->setText(tr("%1 at %2 s")
                          .arg(preview_.edgeName(player.currentEdge()))
                          .arg(player.referenceTime(), 0, 'f', 2));
  // What each number key / face button would take there, so the user knows what to press.
  const int hub = preview_.nextHub();
  QStringList choices;
  for (int k = 0; k < 9; ++k) {
    const int edge = preview_.edgeForChoice(k);
    if (edge < 0) break;
    choices << tr("%1 %2").arg(k + 1).arg(preview_.edgeName(edge));
  }
  nextLabel_->setText(
      tr("%1 → %2").arg(preview_.hubName(hub), preview_.edgeName(preview_.nextEdge())));
  choices << boundChoices();
  choicesLabel_->setText(choices.join(QStringLiteral(" · ")));
  eventsLabel_->setText(events_.text(preview_.graph()));
  eventStrip_->setEvents(events_.history(), events_.now(), legNames_, edgeNames_);
}

}  // namespace fatgraph::editor
