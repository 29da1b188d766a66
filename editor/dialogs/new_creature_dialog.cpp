#include "dialogs/new_creature_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <string>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "play/gamepad_input.h"
#include "play/keyboard_stick.h"
#include "views/viewport.h"

namespace fatgraph::editor {

namespace {

constexpr int kTickMs = 16;  // about 60 Hz, as the Play dock

// The creature's skinned body as the viewport's character mesh (one part, untextured).
CharacterMesh characterOf(const SkinnedMesh& body) {
  CharacterMesh m;
  m.positions = body.positions;
  m.normals = body.normals;
  m.triangles = body.triangles;
  m.inverseBind = body.inverseBind;
  for (std::size_t v = 0; v < body.positions.size(); ++v) {
    std::array<std::uint16_t, kMaxImportedInfluences> joints{};
    std::array<float, kMaxImportedInfluences> weights{};
    for (int k = 0; k < kMaxSkinInfluences; ++k) {
      joints[std::size_t(k)] = body.joints[v][std::size_t(k)];
      weights[std::size_t(k)] = body.weights[v][std::size_t(k)];
    }
    m.joints.push_back(joints);
    m.weights.push_back(weights);
  }
  m.parts.push_back({"creature", 0, body.triangleCount(), -1});
  return m;
}

// The rest pose as a one-frame clip: the viewport poses a skeleton through a clip.
Clip restClip(const Skeleton& skeleton) {
  Clip c;
  c.name = "creature";
  c.jointCount = skeleton.jointCount();
  c.rotations.assign(std::size_t(c.jointCount), Quat::Identity());
  c.translations = skeleton.restOffsets;
  return c;
}

}  // namespace

NewCreatureDialog::NewCreatureDialog(QWidget* parent)
    : QDialog(parent),
      type_(new QComboBox(this)),
      seed_(new QSpinBox(this)),
      legs_(new QSlider(Qt::Horizontal, this)),
      legsValue_(new QLabel(this)),
      speed_(new QSlider(Qt::Horizontal, this)),
      terrain_(new QComboBox(this)),
      status_(new QLabel(this)),
      export_(new QPushButton(tr("Export…"), this)),
      viewport_(new Viewport(this)),
      timer_(new QTimer(this)),
      keyboard_(new KeyboardStick(this)),
      gamepad_(std::make_unique<GamepadInput>()) {
  setWindowTitle(tr("New Creature"));
  setObjectName(QStringLiteral("newCreatureDialog"));
  type_->addItem(tr("Walker"), QStringLiteral("walk"));
  type_->addItem(tr("Flyer"), QStringLiteral("fly"));
  type_->addItem(tr("Swimmer"), QStringLiteral("swim"));
  seed_->setRange(0, 999999999);
  seed_->setValue(7);
  legs_->setRange(0, 8);
  legs_->setToolTip(tr("Leg pairs: 0 lets the placement rules decide (walkers 1-8, flyers 1-3); swimmers have none"));
  speed_->setRange(25, 150);
  speed_->setValue(100);
  speed_->setToolTip(tr("How fast full stick forward goes, in percent of the creature's base speed"));
  terrain_->addItems(terrains());
  terrain_->setCurrentText(QStringLiteral("bumps"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  viewport_->setMinimumSize(480, 360);
  viewport_->setFocusPolicy(Qt::StrongFocus);

  auto* legsRow = new QHBoxLayout;
  legsRow->addWidget(legs_, 1);
  legsRow->addWidget(legsValue_);
  auto* form = new QFormLayout;
  form->addRow(tr("Type"), type_);
  form->addRow(tr("Seed"), seed_);
  form->addRow(tr("Leg pairs"), legsRow);
  form->addRow(tr("Speed"), speed_);
  form->addRow(tr("Terrain"), terrain_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  buttons->addButton(export_, QDialogButtonBox::ActionRole);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(viewport_, 1);
  layout->addWidget(new QLabel(tr("Steer with W/A/S/D or a gamepad's left stick (forward, back, turn)"), this));
  layout->addWidget(status_);
  layout->addWidget(buttons);

  auto regenerate = [this] { generate(); };
  connect(type_, &QComboBox::currentIndexChanged, this, regenerate);
  connect(seed_, &QSpinBox::valueChanged, this, regenerate);
  connect(legs_, &QSlider::valueChanged, this, regenerate);
  connect(terrain_, &QComboBox::currentIndexChanged, this, &NewCreatureDialog::chooseTerrain);
  connect(export_, &QPushButton::clicked, this, &NewCreatureDialog::exportWithDialog);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  keyboard_->setEnabled(true);  // the dialog is a player: its keys always steer
  installEventFilter(keyboard_);
  viewport_->installEventFilter(keyboard_);
  connect(timer_, &QTimer::timeout, this, [this] { step(kTickMs / 1000.0); });
  timer_->start(kTickMs);
  chooseTerrain();
  generate();
}

NewCreatureDialog::~NewCreatureDialog() = default;

QStringList NewCreatureDialog::terrains() {
  return {QStringLiteral("flat"), QStringLiteral("bumps"), QStringLiteral("slope15"),
          QStringLiteral("slope25"), QStringLiteral("stairs15cm")};
}

QString NewCreatureDialog::generate() {
  player_.reset();
  graph_.reset();
  creature_.reset();
  const int pairs = legs_->value();
  legsValue_->setText(pairs == 0 ? tr("by the rules") : QString::number(pairs));
  CreatureOptions options;
  options.type = parseCreatureType(type_->currentData().toString().toStdString());
  options.seed = static_cast<std::uint64_t>(seed_->value());
  options.legPairs = options.type == CreatureType::Swim ? 0 : pairs;
  legs_->setEnabled(options.type != CreatureType::Swim);
  try {
    QElapsedTimer clock;
    clock.start();
    creature_ = generateCreature(options);
    const double milliseconds = clock.nsecsElapsed() / 1e6;
    graph_ = std::make_unique<RuntimeGraph>(creatureRuntimeGraph(*creature_));
    player_ = std::make_unique<Player>(*graph_);
    player_->setTerrain(ground_ ? &*ground_ : nullptr);
    player_->reset();
    viewport_->setCharacter(characterOf(creature_->mesh));
    viewport_->setClip(creature_->skeleton, restClip(creature_->skeleton));
    describe(milliseconds);
    showPose();
    // The camera on the new creature, far enough back to see its legs and the ground around it.
    viewport_->frameCharacter();
    viewport_->camera().zoom(-5.0f);
  } catch (const Error& e) {
    creature_.reset();
    graph_.reset();
    viewport_->clearClip();
    status_->setText(QString::fromStdString(e.what()));
    export_->setEnabled(false);
    return status_->text();
  }
  export_->setEnabled(true);
  return {};
}

QString NewCreatureDialog::choose(const QString& type, int seed, int legPairs) {
  {
    const QSignalBlocker blockType(type_), blockSeed(seed_), blockLegs(legs_);
    type_->setCurrentIndex(type_->findData(type));
    seed_->setValue(seed);
    legs_->setValue(legPairs);
  }
  return generate();
}

void NewCreatureDialog::setLive(bool live) {
  if (live) {
    timer_->start(kTickMs);
  } else {
    timer_->stop();
  }
}

void NewCreatureDialog::describe(double milliseconds) {
  const Creature& c = *creature_;
  status_->setText(tr("%1 legs, %2 joints, %3 vertices; %4 m long, base speed %5 m/s; generated in %6 ms")
                       .arg(c.legCount())
                       .arg(c.skeleton.jointCount())
                       .arg(c.mesh.vertexCount())
                       .arg(c.length, 0, 'f', 2)
                       .arg(c.baseSpeed, 0, 'f', 2)
                       .arg(milliseconds, 0, 'f', 2));
}

void NewCreatureDialog::chooseTerrain() {
  const std::string spec = terrain_->currentText().toStdString();
  ground_.reset();
  if (spec != "flat") ground_ = terrainFromSpec(spec);
  viewport_->setTerrain(ground_ ? &*ground_ : nullptr);
  if (player_) {
    player_->setTerrain(ground_ ? &*ground_ : nullptr);
    player_->reset();
    showPose();
  }
}

void NewCreatureDialog::step(double seconds) {
  if (!player_) return;
  gamepad_->poll();
  float x = scripted_[0], y = scripted_[1];
  if (keyboard_->stickX() != 0.0f || keyboard_->stickY() != 0.0f) {
    x = keyboard_->stickX();
    y = keyboard_->stickY();
  } else if (gamepad_->isConnected() && (gamepad_->stickX() != 0.0f || gamepad_->stickY() != 0.0f)) {
    x = gamepad_->stickX();
    y = gamepad_->stickY();
  }
  // The speed slider scales the forward request; turning stays the stick's.
  const float base = graph_->creature.baseSpeed * static_cast<float>(speed_->value()) / 100.0f;
  const float forward = std::fabs(y) < 0.1f ? 0.0f : y * (y > 0 ? base : 0.5f * base);
  const float turn = std::fabs(x) < 0.1f ? 0.0f : -x * kCreatureTurnRate;
  player_->setDesiredVelocity({0.0f, forward}, turn);
  player_->update(static_cast<float>(seconds), x, y);
  showPose(seconds);
}

void NewCreatureDialog::showPose(double seconds) {
  if (!player_ || !creature_) return;
  const CharacterFrame& frame = player_->character();
  const Quat yaw(Eigen::AngleAxisd(frame.yaw, Vec3::UnitY()));
  const Vec3 at = toEigenDouble(frame.position);
  const int n = graph_->jointCount();
  std::vector<Quat> rotations(static_cast<std::size_t>(n));
  std::vector<Vec3> positions(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) {
    rotations[std::size_t(j)] = yaw * toEigenDouble(player_->modelRotations()[std::size_t(j)]);
    positions[std::size_t(j)] = yaw * toEigenDouble(player_->modelPositions()[std::size_t(j)]) + at;
  }
  viewport_->camera().follow(QVector3D(float(positions[0].x()), float(positions[0].y()), float(positions[0].z())),
                               static_cast<float>(seconds));
  viewport_->showPose(creature_->skeleton, rotations, positions);
}

QString NewCreatureDialog::exportTo(const QString& path) {
  if (!graph_) return tr("No creature to export: %1").arg(status_->text());
  try {
    writeRuntimeGraph(*graph_, QFile::encodeName(path).toStdString());
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

void NewCreatureDialog::exportWithDialog() {
  const QString name = QStringLiteral("%1-%2.fgraph").arg(type_->currentData().toString()).arg(seed_->value());
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Creature"), name, tr("Runtime graphs (*.fgraph)"));
  if (path.isEmpty()) return;
  const QString error = exportTo(path);
  status_->setText(error.isEmpty() ? tr("Exported %1").arg(path) : error);
}

}  // namespace fatgraph::editor
