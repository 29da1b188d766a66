// The typed edit and its JSON form (graph_edit.h): every member of every op is declared as a
// field and every op converts from its fields alone, every op reads from JSON and writes back
// the same object, each malformed form is refused with its own message, a value out of range
// is named alike whichever way the edit came, and applying an edit typed or as JSON leaves the
// same project.
#include <QtTest>

#include <set>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "fatgraph/core/graph/graph_edits.h"
#include "graph_identity.h"
#include "synthetic_projects.h"

using namespace fatgraph;

// The member count of an aggregate, outside the anonymous namespace: AnyMember's conversion
// is declared only, which clang warns of for internal linkage.
namespace aggregate {

// Converts to the type of any member: T{AnyMember{}...} compiles for at most as many
// initializers as the aggregate T has members.
struct AnyMember {
  template <class T>
  operator T() const;  // never called: only the initialization's validity is asked
};

template <class T, std::size_t... I>
constexpr bool initializableFrom(std::index_sequence<I...>) {
  return requires { T{(void(I), AnyMember{})...}; };
}

template <class T, std::size_t N = 0>
constexpr std::size_t memberCount() {
  if constexpr (!initializableFrom<T>(std::make_index_sequence<N + 1>())) {
    return N;
  } else {
    return memberCount<T, N + 1>();
  }
}

}  // namespace aggregate

namespace {

// One object of every op as graphEditToJson writes it (keys sorted, compact): read and
// written back, each is the same text.
const char* const kEveryOp[] = {
    R"({"metres":0.08,"op":"set_hub_threshold"})",
    R"({"metres":0.12,"op":"set_edge_threshold"})",
    R"({"linkage":"single","op":"set_linkage"})",
    R"({"op":"accept_hub"})",
    R"({"clip":"144_03","frame":812,"name":"turn","op":"add_hub"})",
    R"({"hub":"hub1","op":"remove_hub"})",
    R"({"hub":"hub0","name":"stand","op":"rename_hub"})",
    R"({"clip":"144_03","frame":400,"hub":"hub0","op":"add_match"})",
    R"({"clip":"144_03","frame":400,"hub":"hub0","op":"remove_match"})",
    R"({"clip":"144_03","frame":400,"hub":"hub0","op":"move_match","to":404})",
    R"({"clip":"144_03","frame":-12,"op":"reject_hub"})",
    R"({"edge":"edge1","op":"move_segment","segment":7})",
    R"({"edge":"edge1","name":"fast","op":"split_edge","segments":[3,5]})",
    R"({"absorbed":"edge2","edge":"edge0","op":"merge_edges"})",
    R"({"op":"remove_segment","segment":7})",
    R"({"edge":"edge0","name":"walk","op":"rename_edge"})",
    R"({"edge":"edge0","grid":24,"joint":"LeftFoot","op":"set_edge_parameters","samples":200,"time_s":0.6})",
    R"({"grid":32,"op":"set_parameterization","refine":false,"samples":300})",
    R"({"legs":[{"chain":["LeftUpLeg","LeftLeg","LeftFoot"],"heel":[0.0,-0.08,0.0],"name":"Left",)"
    R"("toe":"LeftToeBase","toe_tip":[0.0,-0.07,0.2]}],"op":"set_legs"})",
    R"({"op":"detect_legs"})",
    R"({"follows":"LeftHand","joint":"Hand.L","op":"map_joint"})",
    R"({"joint":"Tail","op":"map_joint"})",
    R"({"edge":"edge0","locomotion":true,"op":"set_locomotion"})",
    R"({"blend":"bands","edge":"edge0","op":"set_blend"})",
    R"({"dead_zone":0.1,"edge":"edge0","invert":[false,true],"op":"set_joystick",)"
    R"("range_max":[0.4,0.3],"range_min":[-0.3,-0.2],"response":1.5})",
    R"({"edge":"kick","input":"key:K","op":"bind_action"})",
    R"({"edge":null,"input":"pad:rightshoulder","op":"bind_action"})",
};

template <std::size_t... I>
std::set<std::string> everyOp(std::index_sequence<I...>) {
  return {graphEditOp(GraphEdit(std::in_place_index<I>))...};
}

// --- what each struct declares (graph_edit_field.h) -------------------------------------------

// Every member of every op has a field in its fields(): a member added without its JSON key
// does not compile here (a struct without fields() or undoText() does not compile as part of
// GraphEdit).
template <std::size_t... I>
constexpr bool everyMemberHasAField(std::index_sequence<I...>) {
  return ((std::tuple_size_v<decltype(std::variant_alternative_t<I, GraphEdit>::fields())> ==
           aggregate::memberCount<std::variant_alternative_t<I, GraphEdit>>()) &&
          ...);
}
static_assert(everyMemberHasAField(std::make_index_sequence<std::variant_size_v<GraphEdit>>()));
static_assert(aggregate::memberCount<MoveMatch>() == 4 && aggregate::memberCount<AcceptHub>() == 0);  // the count itself

// A value of each field type unlike its default (so a field that is not carried shows), told
// apart by the key.
template <class T>
T sample(const std::string& key) {
  if constexpr (std::is_same_v<T, std::string>) return "the " + key;
  else if constexpr (std::is_same_v<T, int>) return static_cast<int>(key.size()) + 3;
  else if constexpr (std::is_same_v<T, double>) return static_cast<double>(key.size()) + 0.25;
  else if constexpr (std::is_same_v<T, bool>) return true;
  else if constexpr (std::is_same_v<T, std::vector<int>>) return {3, static_cast<int>(key.size())};
  else if constexpr (std::is_same_v<T, Linkage>) return Linkage::Single;
  else if constexpr (std::is_same_v<T, EdgeBlendMode>) return EdgeBlendMode::PolarBands;
  else if constexpr (std::is_same_v<T, std::array<bool, 2>>) return {false, true};
  else if constexpr (std::is_same_v<T, std::array<double, 2>>) return {-0.5, static_cast<double>(key.size())};
  else if constexpr (std::is_same_v<T, std::vector<LegByName>>)
    return {LegByName{"Left", {"a", "b", "c"}, "toe", Vec3(0, -0.08, 0), std::nullopt}};
  else return T(sample<typename T::value_type>(key));  // std::optional
}

// The op with every field set to its sample.
template <class Op>
Op filled() {
  Op edit;
  const auto set = [&](const auto& f) {
    edit.*f.member = sample<std::remove_cvref_t<decltype(edit.*f.member)>>(f.key);
  };
  std::apply([&](const auto&... f) { (set(f), ...); }, Op::fields());
  return edit;
}

template <class Op>
std::set<std::string> keysOf() {
  std::set<std::string> keys{"op"};
  std::apply([&](const auto&... f) { (keys.insert(f.key), ...); }, Op::fields());
  return keys;
}

// The keys of a JSON object as written (compact, no nesting among the keys read here).
std::set<std::string> keysIn(const std::string& json) {
  std::set<std::string> keys;
  int depth = 0;
  for (size_t i = 0; i < json.size(); ++i) {
    if (json[i] == '{' || json[i] == '[') ++depth;
    if (json[i] == '}' || json[i] == ']') --depth;
    if (json[i] != '"') continue;
    const size_t close = json.find('"', i + 1);
    if (depth == 1 && json[close + 1] == ':') keys.insert(json.substr(i + 1, close - i - 1));
    i = close;
  }
  return keys;
}

std::string errorOf(const std::function<void()>& work) {
  try {
    work();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

class TestGraphEditJson : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { base_ = test::twoStyleGraph(); }

  void everyOpRoundTrips_data() {
    QTest::addColumn<QString>("json");
    for (const char* row : kEveryOp) {
      QTest::newRow(graphEditOp(graphEditFromJson(row))) << QString::fromUtf8(row);
    }
  }

  void everyOpRoundTrips() {
    QFETCH(QString, json);
    const GraphEdit edit = graphEditFromJson(json.toStdString());
    QCOMPARE(QString::fromStdString(graphEditToJson(edit)), json);
    QCOMPARE(graphEditToJson(graphEditFromJson(graphEditToJson(edit))), graphEditToJson(edit));
  }

  void everyOpHasARoundTripRow() {
    std::set<std::string> rows;
    for (const char* row : kEveryOp) rows.insert(graphEditOp(graphEditFromJson(row)));
    const std::set<std::string> ops = everyOp(std::make_index_sequence<std::variant_size_v<GraphEdit>>());
    QCOMPARE(rows, ops);
    QCOMPARE(ops.size(), std::variant_size_v<GraphEdit>);  // no two ops share an "op"
  }

  // Every op, whatever its fields, is converted from what its struct declares: filled with a
  // value per field, it is written with exactly its keys, each unlike the default edit's, and
  // read back as the same edit. A new op in GraphEdit has a row here without writing one.
  void everyOpConvertsFromItsFields_data() {
    QTest::addColumn<int>("index");
    addEveryOp(std::make_index_sequence<std::variant_size_v<GraphEdit>>());
  }

  void everyOpConvertsFromItsFields() {
    QFETCH(int, index);
    checkFields(index, std::make_index_sequence<std::variant_size_v<GraphEdit>>());
  }

  // Absent and null optionals read alike and are written as null; names left out stay out.
  void shortFormsReadAsTheirFullForm_data() {
    QTest::addColumn<QString>("given");
    QTest::addColumn<QString>("written");
    QTest::newRow("add_hub without name") << R"({"op": "add_hub", "clip": "c", "frame": 3})"
                                          << R"({"clip":"c","frame":3,"op":"add_hub"})";
    QTest::newRow("split_edge without name") << R"({"op": "split_edge", "edge": "e", "segments": []})"
                                             << R"({"edge":"e","op":"split_edge","segments":[]})";
    QTest::newRow("parameters automatic")
        << R"({"op": "set_edge_parameters", "edge": "e", "joint": null})"
        << R"({"edge":"e","grid":null,"joint":null,"op":"set_edge_parameters","samples":null,"time_s":null})";
    QTest::newRow("parameterization defaults")
        << R"({"op": "set_parameterization"})"
        << R"({"grid":null,"op":"set_parameterization","refine":null,"samples":null})";
    QTest::newRow("locomotion auto") << R"({"op": "set_locomotion", "edge": "e", "locomotion": "auto"})"
                                     << R"({"edge":"e","locomotion":"auto","op":"set_locomotion"})";
    QTest::newRow("leg without toe or points")
        << R"({"op": "set_legs", "legs": [{"name": "L", "chain": ["a", "b", "c"], "toe": null}]})"
        << R"({"legs":[{"chain":["a","b","c"],"heel":null,"name":"L","toe":null,"toe_tip":null}],"op":"set_legs"})";
    QTest::newRow("joystick automatic")
        << R"({"op": "set_joystick", "edge": "e", "invert": null})"
        << R"({"dead_zone":null,"edge":"e","invert":null,"op":"set_joystick","range_max":null,"range_min":null,)"
           R"("response":null})";
    QTest::newRow("unbind without edge") << R"({"op": "bind_action", "input": "key:K"})"
                                         << R"({"edge":null,"input":"key:K","op":"bind_action"})";
    QTest::newRow("resolved and unknown keys") << R"({"op": "remove_hub", "hub": "h", "resolved": {}, "why": 1})"
                                               << R"({"hub":"h","op":"remove_hub"})";
  }

  void shortFormsReadAsTheirFullForm() {
    QFETCH(QString, given);
    QFETCH(QString, written);
    QCOMPARE(QString::fromStdString(graphEditToJson(graphEditFromJson(given.toStdString()))), written);
  }

  // Each row's object is given as graphEditFromJson shows it (keys sorted, compact), so the
  // whole message is known: "edit <object>: <why>".
  void malformedFormsAreNamed_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("why");
    const auto row = [](const char* name, const char* json, const char* why) {
      QTest::newRow(name) << QString::fromUtf8(json) << QString::fromUtf8(why);
    };
    row("not an object", R"([1])", R"(an edit must be a JSON object with an "op")");
    row("no op", R"({})", R"(missing "op")");
    row("op a number", R"({"op":3})", R"("op" must be a string)");
    row("unknown op", R"({"op":"explode"})", R"(unknown op 'explode')");
    row("metres missing", R"({"op":"set_hub_threshold"})", R"(missing "metres")");
    row("metres text", R"({"metres":"far","op":"set_edge_threshold"})", R"("metres" must be a number)");
    row("linkage unknown", R"({"linkage":"average","op":"set_linkage"})",
        R"("linkage" must be "complete" or "single")");
    row("frame not integer", R"({"clip":"c","frame":1.5,"op":"add_hub"})", R"("frame" must be an integer)");
    row("hub name null", R"({"clip":"c","frame":1,"name":null,"op":"add_hub"})", R"("name" must be a string)");
    row("rename without name", R"({"edge":"edge0","op":"rename_edge"})", R"(missing "name")");
    row("move without to", R"({"clip":"c","frame":1,"hub":"h","op":"move_match"})", R"(missing "to")");
    row("segments text", R"({"edge":"e","op":"split_edge","segments":"3"})",
        R"("segments" must be an array of segment indices)");
    row("segments mixed", R"({"edge":"e","op":"split_edge","segments":[1,"a"]})", R"("segments" must hold integers)");
    row("parameters without edge", R"({"op":"set_edge_parameters"})", R"("edge" must name a fat edge)");
    row("joint number", R"({"edge":"e","joint":3,"op":"set_edge_parameters"})",
        R"("joint" must be null or a joint name, got 3)");
    row("time text", R"({"edge":"e","op":"set_edge_parameters","time_s":"x"})",
        R"("time_s" must be null or a time in seconds >= 0, got "x")");
    row("grid fraction", R"({"edge":"e","grid":2.5,"op":"set_edge_parameters"})",
        R"("grid" must be null or an integer from 2 to 1024, got 2.5)");
    row("samples beyond int", R"({"op":"set_parameterization","samples":1000000000000})",
        R"("samples" must be null or an integer from 1 to 100000, got 1000000000000)");
    row("refine text", R"({"op":"set_parameterization","refine":"yes"})",
        R"("refine" must be null, true or false, got "yes")");
    row("legs object", R"({"legs":{},"op":"set_legs"})",
        R"("legs" must be a non-empty array of {name, chain, toe, heel, toe_tip})");
    row("leg a number", R"({"legs":[3],"op":"set_legs"})", R"(each leg must be an object with "name" and "chain")");
    row("leg without name", R"({"legs":[{"chain":[]}],"op":"set_legs"})", R"(each leg needs a non-empty "name")");
    row("leg without chain", R"({"legs":[{"name":"L"}],"op":"set_legs"})",
        R"(leg 'L': "chain" must be an array of joint names, hip first)");
    row("chain of numbers", R"({"legs":[{"chain":[1],"name":"L"}],"op":"set_legs"})",
        R"(leg 'L': each chain entry must be a joint name)");
    row("toe number", R"({"legs":[{"chain":[],"name":"L","toe":1}],"op":"set_legs"})",
        R"(leg 'L': "toe" must be a joint name)");
    row("heel of two", R"({"legs":[{"chain":[],"heel":[0,0],"name":"L"}],"op":"set_legs"})",
        R"(leg 'L': "heel" must be [x, y, z] in metres (ankle frame))");
    row("toe tip with text", R"({"legs":[{"chain":[],"name":"L","toe_tip":[0,"a",0]}],"op":"set_legs"})",
        R"(leg 'L': "toe_tip" must hold three finite numbers)");
    row("locomotion text", R"({"edge":"e","locomotion":"yes","op":"set_locomotion"})",
        R"("locomotion" must be true, false or "auto", got "yes")");
    row("locomotion missing", R"({"edge":"e","op":"set_locomotion"})", R"("locomotion" must be true, false or "auto")");
    row("blend unknown", R"({"blend":"spline","edge":"e","op":"set_blend"})",
        R"("blend" must be "grid", "bands" or "polar", got "spline")");
    row("blend without edge", R"({"blend":"grid","op":"set_blend"})", R"("edge" must name a fat edge)");
    row("dead zone text", R"({"dead_zone":"small","edge":"e","op":"set_joystick"})",
        R"("dead_zone" must be a number or null, got "small")");
    row("invert numbers", R"({"edge":"e","invert":[1,0],"op":"set_joystick"})",
        R"("invert" must be [x, y] (two booleans) or null, got [1,0])");
    row("range of three", R"({"edge":"e","op":"set_joystick","range_min":[-1,-1,-1]})",
        R"("range_min" must be [x, y] (two numbers) or null, got [-1,-1,-1])");
  }

  void malformedFormsAreNamed() {
    QFETCH(QString, json);
    QFETCH(QString, why);
    const QString expected = QStringLiteral("edit ") + json + QStringLiteral(": ") + why;
    QCOMPARE(QString::fromStdString(errorOf([&] { graphEditFromJson(json.toStdString()); })), expected);
    Project p = base_;  // applying the text says the same and changes nothing
    QCOMPARE(QString::fromStdString(errorOf([&] { applyGraphEdit(p, json.toStdString()); })), expected);
    QVERIFY(p.edits.empty());
  }

  void malformedJsonIsNamed() {
    const std::string error = errorOf([] { graphEditFromJson("{op: rename"); });
    QVERIFY2(error.starts_with("malformed JSON: "), error.c_str());
  }

  // Values are checked when the edit is applied: typed or read from JSON, the same message
  // (after the edit's JSON as graphEditToJson writes it) and an unchanged project.
  void valuesOutOfRangeAreNamedEitherWay_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("why");
    QTest::newRow("negative threshold") << R"({"metres":-1.0,"op":"set_edge_threshold"})"
                                        << R"("metres" must be a positive distance)";
    QTest::newRow("no samples") << R"({"grid":null,"op":"set_parameterization","refine":null,"samples":0})"
                                << R"("samples" must be null or an integer from 1 to 100000, got 0)";
    QTest::newRow("negative time")
        << R"({"edge":"edge0","grid":null,"joint":null,"op":"set_edge_parameters","samples":null,"time_s":-1.5})"
        << R"("time_s" must be null or a time in seconds >= 0, got -1.5)";
    QTest::newRow("no legs") << R"({"legs":[],"op":"set_legs"})"
                             << R"("legs" must be a non-empty array of {name, chain, toe, heel, toe_tip})";
    QTest::newRow("unnamed leg") << R"({"legs":[{"chain":[],"heel":null,"name":"","toe":null,"toe_tip":null}],"op":"set_legs"})"
                                 << R"(each leg needs a non-empty "name")";
    QTest::newRow("range beyond float")
        << R"({"dead_zone":null,"edge":"edge0","invert":null,"op":"set_joystick","range_max":[1e+40,1.0],)"
           R"("range_min":null,"response":null})"
        << R"("range_max" holds 1e+40, beyond a float's range)";
    QTest::newRow("unknown edge") << R"({"blend":"polar","edge":"edge9","op":"set_blend"})"
                                  << R"(no fat edge named 'edge9')";
  }

  void valuesOutOfRangeAreNamedEitherWay() {
    QFETCH(QString, json);
    QFETCH(QString, why);
    const QString expected = QStringLiteral("edit ") + json + QStringLiteral(": ") + why;
    Project typed = base_;
    const GraphEdit edit = graphEditFromJson(json.toStdString());
    QCOMPARE(QString::fromStdString(errorOf([&] { applyGraphEdit(typed, edit); })), expected);
    Project text = base_;
    QCOMPARE(QString::fromStdString(errorOf([&] { applyGraphEdit(text, json.toStdString()); })), expected);
    QVERIFY(typed.edits.empty() && text.edits.empty());
  }

  // The same edits, typed on one copy and as JSON text on another: the same notes, history
  // and graph, bit for bit, also where a re-derivation applies the history again.
  void typedAndJsonPathsLeaveTheSameProject() {
    const std::vector<GraphEdit> edits = {
        RenameEdge{"edge0", "plain"},
        SetBlend{"plain", EdgeBlendMode::CartesianBands},
        SetLocomotion{"plain", false},
        SetJoystick{"plain", 0.2, std::nullopt, std::array<bool, 2>{true, false}, std::nullopt, std::nullopt},
        BindAction{"key:K", "plain"},
        SetEdgeThreshold{0.3},
        RenameHub{"hub0", "stand"},
        SplitEdge{"plain", {base_.graph.fatEdges[0].segments[1]}, std::nullopt},
        SetLinkage{Linkage::Single},
        RemoveSegment{base_.graph.fatEdges[0].segments[0]},
        AddHub{"clip0", 45, "mid"},  // re-cuts: the history above is applied again
        SetHubThreshold{0.05},
    };
    Project typed = base_;
    Project text = base_;
    for (const GraphEdit& edit : edits) {
      const std::vector<std::string> notes = applyGraphEdit(typed, edit);
      QCOMPARE(applyGraphEdit(text, graphEditToJson(edit)), notes);
    }
    QCOMPARE(typed.edits, text.edits);
    QCOMPARE(typed.edits.size(), edits.size());
    QCOMPARE(QString::fromStdString(test::graphDifference(typed.graph, text.graph)), QString());
    QVERIFY(typed.settings.edgeJoystickChoices == text.settings.edgeJoystickChoices);
    QVERIFY(typed.settings.actionBindings == text.settings.actionBindings);
    QCOMPARE(typed.settings.actionBindings.size(), size_t(1));
    QCOMPARE(typed.settings.linkage, Linkage::Single);
    QCOMPARE(text.settings.linkage, Linkage::Single);
  }

 private:
  template <std::size_t... I>
  static void addEveryOp(std::index_sequence<I...>) {
    ((QTest::newRow(std::variant_alternative_t<I, GraphEdit>::kOp) << static_cast<int>(I)), ...);
  }

  template <std::size_t... I>
  static void checkFields(int index, std::index_sequence<I...>) {
    ((static_cast<int>(I) == index ? checkFieldsOf<std::variant_alternative_t<I, GraphEdit>>() : void()), ...);
  }

  template <class Op>
  static void checkFieldsOf() {
    const std::string json = graphEditToJson(filled<Op>());
    QCOMPARE(keysOf<Op>().size(), std::tuple_size_v<decltype(Op::fields())> + 1);  // no key twice
    QCOMPARE(keysIn(json), keysOf<Op>());
    QCOMPARE(graphEditToJson(graphEditFromJson(json)), json);
    QVERIFY(std::holds_alternative<Op>(graphEditFromJson(json)));
    const std::string defaults = graphEditToJson(Op{});
    const auto valueAt = [](const std::string& json, const std::string& key) {
      const size_t at = json.find("\"" + key + "\":");
      return at == std::string::npos ? std::string("absent") : json.substr(at, json.find_first_of(",}", at) - at);
    };
    for (const std::string& key : keysOf<Op>()) {
      if (key != "op") QVERIFY2(valueAt(json, key) != valueAt(defaults, key), key.c_str());
    }
    QVERIFY(!filled<Op>().undoText().empty());
  }

  Project base_;
};

QTEST_GUILESS_MAIN(TestGraphEditJson)
#include "test_graph_edit_json.moc"
