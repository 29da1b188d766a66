// The joystick mapping editor on a hand-made mapping: the response curve follows
// JoystickMapping's documented steps (clamp, inversion, radial dead zone, response exponent,
// a range either side of the neutral) at a table of points worked out by hand; every control
// emits one set_joystick edit carrying the whole choice (untouched fields stay automatic,
// "Automatic" clears it); a range drag keeps its bound on its side of the neutral and carries
// the drag's id. (Applying the edits to a project, undo included, is test_parameter_dock.)
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QTest>

#include <vector>

#include "document/graph_edit_request.h"
#include "views/joystick_mapping_editor.h"
#include "views/response_curve_plot.h"

using fatgraph::EdgeJoystickChoice;
using fatgraph::JoystickMapping;
using fatgraph::editor::GraphEditRequest;
using fatgraph::editor::JoystickMappingEditor;
using fatgraph::editor::ResponseCurvePlot;

namespace {

/// Dead zone 0.2, squared response, y inverted, neutral (0.1, -0.2), x from -0.5 to 0.8 and
/// y from -1 to 0.4 metres.
JoystickMapping handMadeMapping() {
  JoystickMapping m;
  m.deadZone = 0.2f;
  m.responseExponent = 2.0f;
  m.invert[0] = false;
  m.invert[1] = true;
  m.neutral[0] = 0.1f;
  m.neutral[1] = -0.2f;
  m.rangeMin[0] = -0.5f;
  m.rangeMin[1] = -1.0f;
  m.rangeMax[0] = 0.8f;
  m.rangeMax[1] = 0.4f;
  return m;
}

QJsonObject parsed(const GraphEditRequest& edit) {
  return QJsonDocument::fromJson(edit.json().toUtf8()).object();
}

bool near(const QJsonValue& value, double expected) {
  return std::abs(value.toDouble() - expected) < 1e-5;
}

}  // namespace

class TestJoystickMappingEditor : public QObject {
  Q_OBJECT

  std::vector<GraphEditRequest> edits_;

  /// An editor on edge "walk" whose edits land in edits_.
  std::unique_ptr<JoystickMappingEditor> editor(const EdgeJoystickChoice& choice = {}) {
    auto e = std::make_unique<JoystickMappingEditor>();
    e->setEdge(QStringLiteral("walk"), handMadeMapping(), choice);
    connect(e.get(), &JoystickMappingEditor::editRequested, this,
            [this](const GraphEditRequest& edit) { edits_.push_back(edit); });
    edits_.clear();
    return e;
  }

 private slots:
  void curveFollowsTheDocumentedFormula_data() {
    QTest::addColumn<double>("stickX");
    QTest::addColumn<double>("stickY");
    QTest::addColumn<double>("planeX");
    QTest::addColumn<double>("planeY");
    // By hand: past the dead zone |s| -> ((|s| - 0.2) / 0.8)^2, then neutral + that times the
    // range on the stick's side; y's stick is negated first; the dead zone is radial.
    QTest::newRow("centred") << 0.0 << 0.0 << 0.1 << -0.2;
    QTest::newRow("inside the dead zone") << 0.1 << 0.15 << 0.1 << -0.2;
    QTest::newRow("x 0.6: quarter of the right range") << 0.6 << 0.0 << 0.275 << -0.2;
    QTest::newRow("x full right") << 1.0 << 0.0 << 0.8 << -0.2;
    QTest::newRow("x full left") << -1.0 << 0.0 << -0.5 << -0.2;
    QTest::newRow("x beyond full is clamped") << 1.5 << 0.0 << 0.8 << -0.2;
    QTest::newRow("y 0.6 inverted: quarter down") << 0.0 << 0.6 << 0.1 << -0.4;
    QTest::newRow("y full down inverted: top") << 0.0 << -1.0 << 0.1 << 0.4;
    // (0.6, 0.8) has radius 1, so the dead-zone rescale is 1: x 0.36, y -0.64 of the ranges.
    QTest::newRow("diagonal on the unit circle") << 0.6 << 0.8 << 0.352 << -0.712;
  }

  void curveFollowsTheDocumentedFormula() {
    QFETCH(double, stickX);
    QFETCH(double, stickY);
    QFETCH(double, planeX);
    QFETCH(double, planeY);
    const Eigen::Vector2d p = ResponseCurvePlot::planePointOf(handMadeMapping(), stickX, stickY);
    QVERIFY2(std::abs(p.x() - planeX) < 1e-6, qPrintable(QString::number(p.x())));
    QVERIFY2(std::abs(p.y() - planeY) < 1e-6, qPrintable(QString::number(p.y())));
    // The drawn curves are the same mapping with the other axis centred.
    ResponseCurvePlot plot;
    plot.setMapping(handMadeMapping());
    if (stickY == 0.0) QVERIFY(std::abs(plot.curveAt(0, stickX) - planeX) < 1e-6);
    if (stickX == 0.0) QVERIFY(std::abs(plot.curveAt(1, stickY) - planeY) < 1e-6);
  }

  void showsTheEffectiveMapping() {
    auto e = editor();
    QCOMPARE(e->deadZoneBox()->value(), 0.2);
    QCOMPARE(e->responseBox()->value(), 2.0);
    QVERIFY(!e->invertBox(0)->isChecked());
    QVERIFY(e->invertBox(1)->isChecked());
    QCOMPARE(e->rangeBox(0, 0)->value(), -0.5);
    QCOMPARE(e->rangeBox(1, 1)->value(), 0.4);
    QCOMPARE(e->curve()->mapping().deadZone, 0.2f);
    QVERIFY(!e->automaticButton()->isEnabled());  // nothing chosen: already automatic
    QVERIFY(e->deadZoneBox()->font().italic());
    QVERIFY(edits_.empty());  // showing is no edit
  }

  void deadZoneEditKeepsTheRestAutomatic() {
    auto e = editor();
    e->deadZoneBox()->setValue(0.3);
    QCOMPARE(edits_.size(), size_t(1));
    const QJsonObject j = parsed(edits_[0]);
    QCOMPARE(j.value(QStringLiteral("op")).toString(), QStringLiteral("set_joystick"));
    QCOMPARE(j.value(QStringLiteral("edge")).toString(), QStringLiteral("walk"));
    QVERIFY(near(j.value(QStringLiteral("dead_zone")), 0.3));
    for (const char* key : {"response", "invert", "range_min", "range_max"})
      QVERIFY2(j.value(QLatin1String(key)).isNull(), key);
    QVERIFY(!edits_[0].slow);
    QCOMPARE(edits_[0].dragId, 0);
  }

  void eachControlSetsItsField() {
    EdgeJoystickChoice chosen;
    chosen.deadZone = 0.3f;  // an earlier choice is carried along
    auto e = editor(chosen);
    QVERIFY(e->automaticButton()->isEnabled());
    e->responseBox()->setValue(1.5);
    e->invertBox(0)->click();
    e->rangeBox(0, 1)->setValue(0.7);
    QCOMPARE(edits_.size(), size_t(3));
    const QJsonObject response = parsed(edits_[0]);
    QVERIFY(near(response.value(QStringLiteral("response")), 1.5));
    QVERIFY(near(response.value(QStringLiteral("dead_zone")), 0.3));
    const QJsonArray invert = parsed(edits_[1]).value(QStringLiteral("invert")).toArray();
    QCOMPARE(invert, (QJsonArray{true, true}));  // x clicked on, y as shown
    const QJsonObject range = parsed(edits_[2]);
    const QJsonArray hi = range.value(QStringLiteral("range_max")).toArray();
    const QJsonArray lo = range.value(QStringLiteral("range_min")).toArray();
    QVERIFY(near(hi[0], 0.7) && near(hi[1], 0.4));
    QVERIFY(near(lo[0], -0.5) && near(lo[1], -1.0));

    e->automaticButton()->click();
    const QJsonObject cleared = parsed(edits_.back());
    for (const char* key : {"dead_zone", "response", "invert", "range_min", "range_max"})
      QVERIFY2(cleared.value(QLatin1String(key)).isNull(), key);
  }

  void rangeDragStaysOnItsSide() {
    auto e = editor();
    const int drag = GraphEditRequest::nextDragId();
    e->dragRange(0, 1, 0.6, drag);   // max x to 0.6
    e->dragRange(1, 0, 0.5, drag);   // min y past the neutral (-0.2): stops below it
    QCOMPARE(edits_.size(), size_t(2));
    QCOMPARE(edits_[0].dragId, drag);
    QCOMPARE(edits_[1].dragId, drag);
    const QJsonArray hi = parsed(edits_[0]).value(QStringLiteral("range_max")).toArray();
    QVERIFY(near(hi[0], 0.6) && near(hi[1], 0.4));
    const QJsonArray lo = parsed(edits_[1]).value(QStringLiteral("range_min")).toArray();
    QVERIFY2(lo[1].toDouble() < -0.2 && lo[1].toDouble() > -0.21,
             qPrintable(QString::number(lo[1].toDouble())));
  }

  void noEdgeNoEdits() {
    JoystickMappingEditor e;
    QVERIFY(!e.isEnabled());
    connect(&e, &JoystickMappingEditor::editRequested, this,
            [this](const GraphEditRequest& edit) { edits_.push_back(edit); });
    edits_.clear();
    e.deadZoneBox()->setValue(0.5);
    QVERIFY(edits_.empty());
  }
};

QTEST_MAIN(TestJoystickMappingEditor)
#include "test_joystick_mapping_editor.moc"
