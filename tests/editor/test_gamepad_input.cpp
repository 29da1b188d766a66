// The gamepad on SDL's virtual joystick (SDL >= 2.24): a controller attached while the input
// runs appears by name (hot-plug), its left stick maps to the preview's stick (SDL's y axis
// points down, ours forward), its face buttons A/B/X/Y to the choices 0-3, and when it is
// detached it goes. Expected values are SDL's raw axis over its positive range, 32767.
#include <QList>
#include <QTest>

#include <SDL.h>

#include <memory>
#include <vector>

#include "skippable_test_main.h"
#include "fatgraph/core/model/action_binding.h"
#include "play/action_inputs.h"
#include "play/gamepad_input.h"
#include "virtual_gamepad.h"

using fatgraph::editor::GamepadInput;

namespace {

/// SDL starts its game controller subsystem here (a container without /dev/input may refuse).
bool sdlStarts() {
  if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0) return false;
  SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
  return true;
}

/// No real joystick is plugged in: the input opens the first pad, which must be ours.
bool noRealJoystick() {
  if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0) return true;  // sdlStarts says why
  const bool none = SDL_NumJoysticks() == 0;
  SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
  return none;
}

}  // namespace

class TestGamepadInput : public QObject {
  Q_OBJECT

  std::unique_ptr<GamepadInput> input_;

 private slots:
  void init() {
    input_ = std::make_unique<GamepadInput>();
    QVERIFY2(input_->isAvailable(), qPrintable(input_->initError()));
    input_->poll();  // whatever real pads there are, before the virtual one
  }
  void cleanup() { input_.reset(); }

  void hotPlugShowsAndDropsThePad() {
    QVERIFY(!input_->isConnected());
    auto pad = std::make_unique<VirtualPad>();
    QVERIFY2(pad->isValid(), SDL_GetError());
    input_->poll();
    QVERIFY(input_->isConnected());
    QCOMPARE(input_->name(), QString::fromLatin1(kVirtualPadName));
    pad.reset();  // unplugged
    input_->poll();
    QVERIFY(!input_->isConnected());
    QVERIFY(input_->name().isEmpty());
    QCOMPARE(input_->stickX(), 0.0f);
  }

  void leftStickIsThePreviewStick_data() {
    QTest::addColumn<int>("rawX");
    QTest::addColumn<int>("rawY");
    QTest::addColumn<float>("x");
    QTest::addColumn<float>("y");
    QTest::newRow("centre") << 0 << 0 << 0.0f << 0.0f;
    QTest::newRow("right") << 32767 << 0 << 1.0f << 0.0f;
    QTest::newRow("forward (SDL up is negative)") << 0 << -32767 << 0.0f << 1.0f;
    QTest::newRow("back") << 0 << 32767 << 0.0f << -1.0f;
    QTest::newRow("half left, full forward clamped")
        << -16384 << -32768 << -16384.0f / 32767.0f << 1.0f;
  }
  void leftStickIsThePreviewStick() {
    QFETCH(int, rawX);
    QFETCH(int, rawY);
    QFETCH(float, x);
    QFETCH(float, y);
    VirtualPad pad;
    QVERIFY2(pad.isValid(), SDL_GetError());
    input_->poll();
    QVERIFY(input_->isConnected());
    pad.setAxis(SDL_CONTROLLER_AXIS_LEFTX, static_cast<Sint16>(rawX));
    pad.setAxis(SDL_CONTROLLER_AXIS_LEFTY, static_cast<Sint16>(rawY));
    pad.setAxis(SDL_CONTROLLER_AXIS_RIGHTX, 32767);  // the right stick is not the stick
    input_->poll();
    QCOMPARE(input_->stickX(), x);
    QCOMPARE(input_->stickY(), y);
  }

  // Every press by its binding name; the face buttons' unbound meaning is the k-th edge.
  void buttonsArePressesByName_data() {
    QTest::addColumn<int>("button");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("choice");
    QTest::newRow("A") << int(SDL_CONTROLLER_BUTTON_A) << "pad:a" << 0;
    QTest::newRow("B") << int(SDL_CONTROLLER_BUTTON_B) << "pad:b" << 1;
    QTest::newRow("X") << int(SDL_CONTROLLER_BUTTON_X) << "pad:x" << 2;
    QTest::newRow("Y") << int(SDL_CONTROLLER_BUTTON_Y) << "pad:y" << 3;
    QTest::newRow("start") << int(SDL_CONTROLLER_BUTTON_START) << "pad:start" << -1;
    QTest::newRow("right shoulder") << int(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER) << "pad:rightshoulder" << -1;
    QTest::newRow("d-pad up") << int(SDL_CONTROLLER_BUTTON_DPAD_UP) << "pad:dpup" << -1;
  }
  void buttonsArePressesByName() {
    QFETCH(int, button);
    QFETCH(QString, name);
    QFETCH(int, choice);
    VirtualPad pad;
    QVERIFY2(pad.isValid(), SDL_GetError());
    input_->poll();
    QVERIFY(input_->takePresses().empty());
    pad.setButton(static_cast<SDL_GameControllerButton>(button), true);
    input_->poll();
    pad.setButton(static_cast<SDL_GameControllerButton>(button), false);
    input_->poll();
    const std::vector<QString> taken = input_->takePresses();
    QCOMPARE(QStringList(taken.begin(), taken.end()), QStringList{name});
    QVERIFY(input_->takePresses().empty());  // taken once
    QVERIFY2(fatgraph::actionInputProblem(name.toStdString()).empty(), "a name core binds");
    QCOMPARE(fatgraph::editor::unboundChoice(name), choice);
  }

  // A trigger is an axis: pressed once past half travel, again only after it came back. The
  // raw values lie far out on both sides, so the test holds whether SDL maps the virtual
  // axis's full range onto the trigger's or takes its positive half.
  void triggersPressPastHalfTravel() {
    VirtualPad pad;
    QVERIFY2(pad.isValid(), SDL_GetError());
    pad.setAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, -32768);
    input_->poll();
    (void)input_->takePresses();
    const std::vector<Sint16> travel{-30000, 30000, 32767, 30000, -30000, 30000};
    QStringList presses;
    for (const Sint16 t : travel) {
      pad.setAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, t);
      input_->poll();
      for (const QString& p : input_->takePresses()) presses << p;
    }
    // Pressed at the first 30000, held through 32767 and 30000, released, pressed again.
    QCOMPARE(presses, (QStringList{QStringLiteral("pad:righttrigger"), QStringLiteral("pad:righttrigger")}));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestGamepadInput,
                             {sdlStarts(), "SDL's game controller subsystem does not start here"},
                             {noRealJoystick(), "a real joystick is plugged in"})

#include "test_gamepad_input.moc"
