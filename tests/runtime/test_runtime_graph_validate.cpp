// RuntimeGraph::validate() (runtime_graph.cpp): the one check between a loaded file and the
// player's unchecked inner loop. Each row breaks one thing of an otherwise valid hand-made graph
// (two edges of two segments with a leg and leg cycles) and expects validate()'s exact message,
// so every rejection is reached and says which object and what is wrong. Skeleton and body
// problems are SkinnedMesh's and Skeleton's own checks (test_skinning, test_clip); one row each
// shows validate() passes them on with their prefix.
#include <QTest>
#include <cmath>
#include <limits>
#include <string>

#include "runtime/hand_made_graph.h"

using namespace fatgraph;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

RuntimeGraph validGraph() {
  test::HandMadeGraphOptions options;
  options.segments = 2;
  options.legs = true;
  return test::handMadeGraph(options);
}

RuntimeEdge& there(RuntimeGraph& g) { return g.edges[0]; }
RuntimeSegment& lastSegment(RuntimeGraph& g) { return g.edges[0].segments[1]; }
RuntimeLegCycle& firstCycle(RuntimeGraph& g) { return g.edges[0].locomotion.legCycles[0]; }

struct Breakage {
  const char* name;
  void (*apply)(RuntimeGraph&);
  const char* message;  // validate()'s whole answer
};

// clang-format off
const Breakage kBreakages[] = {
  // The graph as a whole.
  {"old format version", [](RuntimeGraph& g) { g.formatVersion = 1; }, "format version 1, expected 4"},
  {"skeleton", [](RuntimeGraph& g) { g.skeleton.names[3] = "hip"; },
   "skeleton: duplicate joint name 'hip'"},
  {"translated joint out of range", [](RuntimeGraph& g) { g.translatedJoints = {7}; },
   "translated joint 7 out of range"},
  {"translated joints not ascending", [](RuntimeGraph& g) { g.translatedJoints = {1, 0}; },
   "translated joints not ascending"},
  {"fps zero", [](RuntimeGraph& g) { g.fps = 0.0f; }, "fps must be positive and finite"},
  {"fps NaN", [](RuntimeGraph& g) { g.fps = kNaN; }, "fps must be positive and finite"},
  {"negative transition blend", [](RuntimeGraph& g) { g.transitions.blendSeconds = -0.1f; },
   "transition blend seconds must be >= 0 and finite"},
  {"cycle rates out of order", [](RuntimeGraph& g) { g.cycleRates = {1.2f, 0.8f}; },
   "cycle rate bounds must satisfy 0 < slowest <= 1 <= fastest (finite)"},
  {"cycle rate zero", [](RuntimeGraph& g) { g.cycleRates.slowest = 0.0f; },
   "cycle rate bounds must satisfy 0 < slowest <= 1 <= fastest (finite)"},
  // Legs.
  {"leg chain too short", [](RuntimeGraph& g) { g.legs[0].chain = {2, 3}; },
   "leg 'Left': chain needs >= 3 joints (hip to ankle)"},
  {"leg joint out of range", [](RuntimeGraph& g) { g.legs[0].chain = {1, 2, 9}; },
   "leg 'Left': joint 9 out of range"},
  {"leg chain skips a joint", [](RuntimeGraph& g) { g.legs[0].chain = {0, 2, 3}; },
   "leg 'Left': chain joint 2 is not the child of the one before"},
  // An ankle may be a foot bone beside the chain, not one hanging below it or above the hip.
  {"leg ankle below the chain", [](RuntimeGraph& g) { g.legs[0].chain = {0, 1, 3}; },
   "leg 'Left': ankle 3 is neither the child of the joint before it nor beside the chain"},
  {"leg ankle above the hip", [](RuntimeGraph& g) { g.legs[0].chain = {1, 2, 0}; },
   "leg 'Left': ankle 0 is above the hip"},
  {"heel not finite", [](RuntimeGraph& g) { g.legs[0].heel[1] = kNaN; },
   "leg 'Left': heel or toe not finite"},
  {"foot length zero", [](RuntimeGraph& g) { g.legs[0].footLength = 0.0f; },
   "leg 'Left': length and foot length must be > 0 and finite"},
  // An edge.
  {"edge hub out of range", [](RuntimeGraph& g) { there(g).toHub = 2; },
   "edge 'there': hub index out of range"},
  {"edge without segments", [](RuntimeGraph& g) { there(g).segments.clear(); },
   "edge 'there': has no segments"},
  {"reference segment out of range", [](RuntimeGraph& g) { there(g).referenceSegment = 2; },
   "edge 'there': reference segment 2 out of range"},
  {"reference duration", [](RuntimeGraph& g) { there(g).referenceDuration = 2.0f; },
   "edge 'there': reference duration does not match the reference segment"},
  {"data not finite", [](RuntimeGraph& g) { there(g).data.back() = kNaN; },
   "edge 'there': data block has non-finite values"},
  // A stored velocity space (format 3).
  {"velocity lattice of one point",
   [](RuntimeGraph& g) { there(g).velocitySpace = {{0, 0}, {1, 1}, 1, {0, 0, 0}}; },
   "edge 'there': velocity space lattice of 1 points per axis (2 to 1025)"},
  {"velocity space short",
   [](RuntimeGraph& g) { there(g).velocitySpace = {{0, 0}, {1, 1}, 2, std::vector<float>(11, 0.0f)}; },
   "edge 'there': velocity space holds 11 values, expected 12"},
  {"velocity space not finite",
   [](RuntimeGraph& g) {
     there(g).velocitySpace = {{0, 0}, {1, 1}, 2, std::vector<float>(12, 0.0f)};
     there(g).velocitySpace.points[5] = kNaN;
   },
   "edge 'there': velocity space has non-finite values"},
  {"velocity points without a lattice",
   [](RuntimeGraph& g) { there(g).velocitySpace = {{0, 0}, {1, 1}, 0, {0, 0, 0}}; },
   "edge 'there': velocity space has points but no lattice size"},
  // A segment (the second, so the reference checks above pass).
  {"one frame", [](RuntimeGraph& g) { lastSegment(g).frameCount = 1; },
   "edge 'there': segment 1: has 1 frames, expected >= 2"},
  {"duration", [](RuntimeGraph& g) { lastSegment(g).duration = 0.5f; },
   "edge 'there': segment 1: duration 0.500000 s does not match its 31 frames at 30.000000 fps"},
  {"rotations outside",
   [](RuntimeGraph& g) { lastSegment(g).rotations = static_cast<std::uint32_t>(there(g).data.size()); },
   "edge 'there': segment 1: rotations lie outside the data block"},
  {"translations outside",
   [](RuntimeGraph& g) { lastSegment(g).translations = static_cast<std::uint32_t>(there(g).data.size() - 10); },
   "edge 'there': segment 1: translations lie outside the data block"},
  {"trajectory outside", [](RuntimeGraph& g) { lastSegment(g).trajectory = 0xffffffffu; },
   "edge 'there': segment 1: trajectory lies outside the data block"},
  {"one warp knot", [](RuntimeGraph& g) { lastSegment(g).warpKnots = 1; },
   "edge 'there': segment 1: has 1 warp knots, expected >= 2"},
  {"warp outside",
   [](RuntimeGraph& g) { lastSegment(g).warpY = static_cast<std::uint32_t>(there(g).data.size() - 1); },
   "edge 'there': segment 1: warp knots lie outside the data block"},
  {"warp not increasing", [](RuntimeGraph& g) { there(g).data[lastSegment(g).warpX + 1] = 0.0f; },
   "edge 'there': segment 1: warp knots not increasing"},
  {"rotation not unit",
   [](RuntimeGraph& g) { there(g).data[lastSegment(g).rotations + 4 * 4 + 3 * 4 + 2] = 2.0f; },  // frame 1, w of the knee
   "edge 'there': segment 1: frame 1 joint 2: rotation is not a unit quaternion"},
  // The parameter space and joystick.
  {"parameter dimension", [](RuntimeGraph& g) { there(g).parameters.dimension = 3; },
   "edge 'there': parameter dimension 3"},
  {"parameter origin NaN", [](RuntimeGraph& g) { there(g).parameters.origin[1] = kNaN; },
   "edge 'there': parameter space has non-finite values"},
  {"parameter joint", [](RuntimeGraph& g) { there(g).parameters.joint = 4; },
   "edge 'there': parameter joint 4 out of range"},
  {"grid resolution one", [](RuntimeGraph& g) { there(g).parameters.gridResolution = 1; },
   "edge 'there': grid resolution 1, expected 0 or >= 2"},
  {"grid weight count", [](RuntimeGraph& g) { there(g).parameters.gridWeights.pop_back(); },
   "edge 'there': grid has 7 weights, expected 8"},
  {"grid weight negative", [](RuntimeGraph& g) { there(g).parameters.gridWeights[3] = -0.5f; },
   "edge 'there': grid weight negative or not finite"},
  {"grid bounds inverted", [](RuntimeGraph& g) { there(g).parameters.gridMin[1] = 2.0f; },
   "edge 'there': grid bounds inverted"},
  {"dead zone one", [](RuntimeGraph& g) { there(g).joystick.deadZone = 1.0f; },
   "edge 'there': joystick dead zone outside [0, 1)"},
  {"response exponent zero", [](RuntimeGraph& g) { there(g).joystick.responseExponent = 0.0f; },
   "edge 'there': joystick response exponent not positive"},
  {"joystick range NaN", [](RuntimeGraph& g) { there(g).joystick.rangeMax[0] = kNaN; },
   "edge 'there': joystick mapping has non-finite values"},
  // Blend mode, band samples and the leg layer's cycles.
  {"blend mode", [](RuntimeGraph& g) { there(g).blend = static_cast<EdgeBlendMode>(7); },
   "edge 'there': blend mode 7 unknown"},
  {"band sample count", [](RuntimeGraph& g) { there(g).bandSamples.pop_back(); },
   "edge 'there': has 3 band sample floats, expected 4"},
  {"band sample NaN", [](RuntimeGraph& g) { there(g).bandSamples[2] = kNaN; },
   "edge 'there': band samples not finite"},
  {"floor height", [](RuntimeGraph& g) { there(g).locomotion.floorHeight = kNaN; },
   "edge 'there': floor height not finite"},
  {"cycles while off", [](RuntimeGraph& g) { there(g).locomotion.enabled = false; },
   "edge 'there': locomotion is off but the edge has leg cycles"},
  {"locomotion without legs", [](RuntimeGraph& g) { g.legs.clear(); },
   "edge 'there': locomotion is on but the graph has no legs"},
  {"leg cycle count", [](RuntimeGraph& g) { there(g).locomotion.legCycles.pop_back(); },
   "edge 'there': has 1 leg cycles, expected 2 (segments x legs)"},
  {"cycle durations count", [](RuntimeGraph& g) { there(g).locomotion.cycleDuration.pop_back(); },
   "edge 'there': cycle distances and durations must have one entry per segment"},
  {"cycle duration zero", [](RuntimeGraph& g) { there(g).locomotion.cycleDuration[1] = 0.0f; },
   "edge 'there': segment 1: cycle distance or duration out of range"},
  {"key time NaN", [](RuntimeGraph& g) { firstCycle(g).footOff = kNaN; },
   "edge 'there': segment 0 leg 'Left': key times must be finite and in [0, 1]"},
  {"stance time one", [](RuntimeGraph& g) { firstCycle(g).stanceTime = 1.0f; },
   "edge 'there': segment 0 leg 'Left': stance time must be below 1"},
  {"key times out of order", [](RuntimeGraph& g) { firstCycle(g).footLift = 0.35f; },
   "edge 'there': segment 0 leg 'Left': key times out of order"},
  {"stride negative", [](RuntimeGraph& g) { firstCycle(g).strideLength = -0.1f; },
   "edge 'there': segment 0 leg 'Left': stance or stride not finite"},
  // Hubs, the start edge and the body.
  {"outgoing edge out of range", [](RuntimeGraph& g) { g.hubs[0].outgoing = {0, 5}; },
   "hub 'hub0': outgoing edge 5 out of range"},
  {"outgoing edges repeated", [](RuntimeGraph& g) { g.hubs[0].outgoing = {0, 0}; },
   "hub 'hub0': outgoing edges not ascending"},
  {"outgoing edge from another hub", [](RuntimeGraph& g) { g.hubs[1].outgoing = {0, 1}; },
   "hub 'hub1': outgoing edge 'there' starts at another hub"},
  {"default edge not outgoing", [](RuntimeGraph& g) { g.hubs[0].defaultEdge = 1; },
   "hub 'hub0': default edge is not one of its outgoing edges"},
  {"no default edge", [](RuntimeGraph& g) { g.hubs[1].defaultEdge = -1; },
   "hub 'hub1': has outgoing edges but no default edge"},
  {"start edge", [](RuntimeGraph& g) { g.startEdge = 2; }, "start edge 2 out of range"},
  {"start edge without edges",
   [](RuntimeGraph& g) {
     g.edges.clear();
     for (RuntimeHub& h : g.hubs) h = RuntimeHub{h.name, {}, -1};
   },
   "start edge 0 out of range"},
  {"body", [](RuntimeGraph& g) { g.body.triangles = {0, 1, 2}; }, "body: has no vertices"},
};
// clang-format on

}  // namespace

class TestRuntimeGraphValidate : public QObject {
  Q_OBJECT
 private slots:
  // The starting point of every row is itself valid, with and without its legs.
  void handMadeGraphIsValid() {
    QCOMPARE(validGraph().validate(), std::string());
    QCOMPARE(test::handMadeGraph().validate(), std::string());
  }

  void rejection_data() {
    QTest::addColumn<int>("row");
    for (int r = 0; r < static_cast<int>(std::size(kBreakages)); ++r)
      QTest::newRow(kBreakages[r].name) << r;
  }

  void rejection() {
    QFETCH(int, row);
    RuntimeGraph g = validGraph();
    kBreakages[row].apply(g);
    QCOMPARE(g.validate(), std::string(kBreakages[row].message));
  }
};

QTEST_GUILESS_MAIN(TestRuntimeGraphValidate)
#include "test_runtime_graph_validate.moc"
