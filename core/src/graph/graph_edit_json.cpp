// The JSON form of every edit op (graph_edit.h), in one place. Each op lists its keys once, in
// fields(): a reader fills the struct from an object and a writer fills an object from the
// struct with the same list (cereal's serialize idiom), so the two cannot drift apart.
#include "graph_edit_json.h"

#include <climits>
#include <concepts>
#include <cstdint>
#include <type_traits>

#include "edit_argument_checks.h"
#include "fatgraph/core/locomotion_settings.h"

namespace fatgraph::detail {
namespace {

using nlohmann::json;

std::string quoted(const char* key) { return "\"" + std::string(key) + "\""; }

bool fitsInt(const json& v) {
  if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT_MAX);
  const std::int64_t i = v.get<std::int64_t>();
  return i >= INT_MIN && i <= INT_MAX;
}

// A set_legs heel or toe tip: [x, y, z], or nothing when absent or null.
std::optional<Vec3> legPoint(const json& leg, const char* key, const std::string& name) {
  const auto it = leg.find(key);
  if (it == leg.end() || it->is_null()) return std::nullopt;
  if (!it->is_array() || it->size() != 3) {
    throw Error("leg '" + name + "': \"" + key + "\" must be [x, y, z] in metres (ankle frame)");
  }
  Vec3 point;
  for (int k = 0; k < 3; ++k) {
    if (!(*it)[k].is_number()) throw Error(legPointProblem(name, key));
    point[k] = (*it)[k].get<double>();
  }
  return point;
}

LegByName readLeg(const json& o) {
  if (!o.is_object()) throw Error("each leg must be an object with \"name\" and \"chain\"");
  const auto name = o.find("name");
  if (name == o.end() || !name->is_string()) throw Error(kLegNameProblem);
  LegByName leg;
  leg.name = name->get<std::string>();
  const std::string prefix = "leg '" + leg.name + "': ";
  const auto chain = o.find("chain");
  if (chain == o.end() || !chain->is_array()) {
    throw Error(prefix + "\"chain\" must be an array of joint names, hip first");
  }
  for (const json& joint : *chain) {
    if (!joint.is_string()) throw Error(prefix + "each chain entry must be a joint name");
    leg.chain.push_back(joint.get<std::string>());
  }
  if (const auto toe = o.find("toe"); toe != o.end() && !toe->is_null()) {
    if (!toe->is_string()) throw Error(prefix + "\"toe\" must be a joint name");
    leg.toe = toe->get<std::string>();
  }
  leg.heel = legPoint(o, "heel", leg.name);
  leg.toeTip = legPoint(o, "toe_tip", leg.name);
  return leg;
}

template <class T>
json orNull(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json pointOrNull(const std::optional<Vec3>& point) {
  return point ? json{(*point)[0], (*point)[1], (*point)[2]} : json(nullptr);
}

json legJson(const LegByName& leg) {
  return {{"name", leg.name},
          {"chain", leg.chain},
          {"toe", orNull(leg.toe)},
          {"heel", pointOrNull(leg.heel)},
          {"toe_tip", pointOrNull(leg.toeTip)}};
}

// Fills one field of an edit from its object, refusing a missing or mistyped value with the
// message `fatgraph edit` has always given. Values are checked when the edit is applied.
class ArgumentReader {
 public:
  explicit ArgumentReader(const json& edit) : edit_(edit) {}

  void text(const char* key, std::string& out) const {
    const json& v = required(key);
    if (!v.is_string()) throw Error(quoted(key) + " must be a string");
    out = v.get<std::string>();
  }
  void number(const char* key, double& out) const {
    const json& v = required(key);
    if (!v.is_number()) throw Error(quoted(key) + " must be a number");
    out = v.get<double>();
  }
  void integer(const char* key, int& out) const {
    const json& v = required(key);
    if (!v.is_number_integer()) throw Error(quoted(key) + " must be an integer");
    out = v.get<int>();
  }
  // A name that may be absent (not null).
  void optionalText(const char* key, std::optional<std::string>& out) const {
    if (!edit_.contains(key)) return;
    text(key, out.emplace());
  }
  void segments(const char* key, std::vector<int>& out) const {
    const json& v = required(key);
    if (!v.is_array()) throw Error(quoted(key) + " must be an array of segment indices");
    for (const json& s : v) {
      if (!s.is_number_integer()) throw Error(quoted(key) + " must hold integers");
      out.push_back(s.get<int>());
    }
  }
  void linkage(const char* key, Linkage& out) const {
    std::string name;
    text(key, name);
    if (name == "complete") out = Linkage::Complete;
    else if (name == "single") out = Linkage::Single;
    else throw Error(quoted(key) + " must be \"complete\" or \"single\"");
  }
  // The fat edge a per-edge choice (parameters, locomotion, blend, joystick) is for.
  void edgeName(const char* key, std::string& out) const {
    const auto it = edit_.find(key);
    if (it == edit_.end() || !it->is_string()) throw Error(quoted(key) + " must name a fat edge");
    out = it->get<std::string>();
  }
  void joint(const char* key, std::optional<std::string>& out) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_string()) throw Error(quoted(key) + " must be null or a joint name, got " + v->dump());
    out = v->get<std::string>();
  }
  void seconds(const char* key, std::optional<double>& out) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_number()) throw Error(timeChoiceProblem(key, v->dump()));
    out = v->get<double>();
  }
  void integer(const char* key, std::optional<int>& out, IntegerLimits limits) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_number_integer() || !fitsInt(*v)) throw Error(integerChoiceProblem(key, limits, v->dump()));
    out = v->get<int>();
  }
  void flag(const char* key, std::optional<bool>& out) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_boolean()) throw Error(quoted(key) + " must be null, true or false, got " + v->dump());
    out = v->get<bool>();
  }
  void number(const char* key, std::optional<double>& out) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_number()) throw Error(quoted(key) + " must be a number or null, got " + v->dump());
    out = v->get<double>();
  }
  void pair(const char* key, std::optional<std::array<double, 2>>& out) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_array() || v->size() != 2 || !(*v)[0].is_number() || !(*v)[1].is_number())
      throw Error(quoted(key) + " must be [x, y] (two numbers) or null, got " + v->dump());
    out = {(*v)[0].get<double>(), (*v)[1].get<double>()};
  }
  void pair(const char* key, std::optional<std::array<bool, 2>>& out) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_array() || v->size() != 2 || !(*v)[0].is_boolean() || !(*v)[1].is_boolean())
      throw Error(quoted(key) + " must be [x, y] (two booleans) or null, got " + v->dump());
    out = {(*v)[0].get<bool>(), (*v)[1].get<bool>()};
  }
  // true, false or "auto" (left empty).
  void locomotion(const char* key, std::optional<bool>& out) const {
    const auto it = edit_.find(key);
    if (it != edit_.end() && it->is_boolean()) {
      out = it->get<bool>();
    } else if (it == edit_.end() || !(it->is_string() && it->get<std::string>() == "auto")) {
      throw Error(quoted(key) + " must be true, false or \"auto\"" + got(it));
    }
  }
  void blend(const char* key, EdgeBlendMode& out) const {
    const auto it = edit_.find(key);
    if (it == edit_.end() || !it->is_string() || !parseBlendMode(it->get<std::string>(), out))
      throw Error(quoted(key) + " must be \"grid\", \"bands\" or \"polar\"" + got(it));
  }
  void legs(const char* key, std::vector<LegByName>& out) const {
    const auto list = edit_.find(key);
    if (list == edit_.end() || !list->is_array()) throw Error(kLegListProblem);
    for (const json& leg : *list) out.push_back(readLeg(leg));
  }

 private:
  const json& required(const char* key) const {
    const auto it = edit_.find(key);
    if (it == edit_.end()) throw Error("missing " + quoted(key));
    return *it;
  }
  // The value under `key` unless it is absent or null (automatic).
  const json* given(const char* key) const {
    const auto it = edit_.find(key);
    return it == edit_.end() || it->is_null() ? nullptr : &*it;
  }
  std::string got(json::const_iterator it) const { return it == edit_.end() ? std::string() : ", got " + it->dump(); }

  const json& edit_;
};

// Writes the fields ArgumentReader reads, under the same keys.
class ArgumentWriter {
 public:
  explicit ArgumentWriter(json& edit) : edit_(edit) {}

  void text(const char* key, const std::string& v) const { edit_[key] = v; }
  void number(const char* key, double v) const { edit_[key] = v; }
  void integer(const char* key, int v) const { edit_[key] = v; }
  void optionalText(const char* key, const std::optional<std::string>& v) const {
    if (v) edit_[key] = *v;
  }
  void segments(const char* key, const std::vector<int>& v) const { edit_[key] = v; }
  void linkage(const char* key, Linkage v) const { edit_[key] = v == Linkage::Single ? "single" : "complete"; }
  void edgeName(const char* key, const std::string& v) const { edit_[key] = v; }
  void joint(const char* key, const std::optional<std::string>& v) const { edit_[key] = orNull(v); }
  void seconds(const char* key, const std::optional<double>& v) const { edit_[key] = orNull(v); }
  void integer(const char* key, const std::optional<int>& v, IntegerLimits) const { edit_[key] = orNull(v); }
  void flag(const char* key, const std::optional<bool>& v) const { edit_[key] = orNull(v); }
  void number(const char* key, const std::optional<double>& v) const { edit_[key] = orNull(v); }
  template <class T>
  void pair(const char* key, const std::optional<std::array<T, 2>>& v) const {
    edit_[key] = orNull(v);
  }
  void locomotion(const char* key, const std::optional<bool>& v) const { edit_[key] = v ? json(*v) : json("auto"); }
  void blend(const char* key, EdgeBlendMode v) const { edit_[key] = blendModeName(v); }
  void legs(const char* key, const std::vector<LegByName>& v) const {
    json list = json::array();
    for (const LegByName& leg : v) list.push_back(legJson(leg));
    edit_[key] = std::move(list);
  }

 private:
  json& edit_;
};

// --- the keys of every op, read and written alike ---------------------------------------------

template <class Edit, class Op>
concept Is = std::same_as<std::remove_const_t<Edit>, Op>;

void fields(auto& io, Is<SetHubThreshold> auto& e) { io.number("metres", e.metres); }
void fields(auto& io, Is<SetEdgeThreshold> auto& e) { io.number("metres", e.metres); }
void fields(auto& io, Is<SetLinkage> auto& e) { io.linkage("linkage", e.linkage); }
void fields(auto&, Is<AcceptHub> auto&) {}
void fields(auto& io, Is<AddHub> auto& e) {
  io.text("clip", e.clip);
  io.integer("frame", e.frame);
  io.optionalText("name", e.name);
}
void fields(auto& io, Is<RemoveHub> auto& e) { io.text("hub", e.hub); }
void fields(auto& io, Is<RenameHub> auto& e) {
  io.text("hub", e.hub);
  io.text("name", e.name);
}
// The hub and the frame of a match-set edit.
void matchFields(auto& io, auto& e) {
  io.text("hub", e.hub);
  io.text("clip", e.clip);
  io.integer("frame", e.frame);
}
void fields(auto& io, Is<AddMatch> auto& e) { matchFields(io, e); }
void fields(auto& io, Is<RemoveMatch> auto& e) { matchFields(io, e); }
void fields(auto& io, Is<MoveMatch> auto& e) {
  matchFields(io, e);
  io.integer("to", e.to);
}
void fields(auto& io, Is<RejectHub> auto& e) {
  io.text("clip", e.clip);
  io.integer("frame", e.frame);
}
void fields(auto& io, Is<MoveSegment> auto& e) {
  io.text("edge", e.edge);
  io.integer("segment", e.segment);
}
void fields(auto& io, Is<SplitEdge> auto& e) {
  io.text("edge", e.edge);
  io.segments("segments", e.segments);
  io.optionalText("name", e.name);
}
void fields(auto& io, Is<MergeEdges> auto& e) {
  io.text("edge", e.edge);
  io.text("absorbed", e.absorbed);
}
void fields(auto& io, Is<RemoveSegment> auto& e) { io.integer("segment", e.segment); }
void fields(auto& io, Is<RenameEdge> auto& e) {
  io.text("edge", e.edge);
  io.text("name", e.name);
}
void fields(auto& io, Is<SetEdgeParameters> auto& e) {
  io.edgeName("edge", e.edge);
  io.joint("joint", e.joint);
  io.seconds("time_s", e.timeSeconds);
  io.integer("samples", e.samples, kSampleLimits);
  io.integer("grid", e.grid, kGridLimits);
}
void fields(auto& io, Is<SetParameterization> auto& e) {
  io.integer("samples", e.samples, kSampleLimits);
  io.integer("grid", e.grid, kGridLimits);
  io.flag("refine", e.refine);
}
void fields(auto& io, Is<SetLegs> auto& e) { io.legs("legs", e.legs); }
void fields(auto&, Is<DetectLegs> auto&) {}
void fields(auto& io, Is<SetLocomotion> auto& e) {
  io.edgeName("edge", e.edge);
  io.locomotion("locomotion", e.locomotion);
}
void fields(auto& io, Is<SetBlend> auto& e) {
  io.edgeName("edge", e.edge);
  io.blend("blend", e.blend);
}
void fields(auto& io, Is<SetJoystick> auto& e) {
  io.edgeName("edge", e.edge);
  io.number("dead_zone", e.deadZone);
  io.number("response", e.response);
  io.pair("invert", e.invert);
  io.pair("range_min", e.rangeMin);
  io.pair("range_max", e.rangeMax);
}

// The op called `op` (the variant's alternatives in turn), its fields read from `in`.
template <std::size_t I = 0>
GraphEdit readOp(const std::string& op, const ArgumentReader& in) {
  if constexpr (I == std::variant_size_v<GraphEdit>) {
    throw Error("unknown op '" + op + "'");
  } else {
    using Op = std::variant_alternative_t<I, GraphEdit>;
    if (op != Op::kOp) return readOp<I + 1>(op, in);
    Op edit;
    fields(in, edit);
    return edit;
  }
}

}  // namespace

GraphEdit readGraphEdit(const json& object) {
  if (!object.is_object()) throw Error("an edit must be a JSON object with an \"op\"");
  const ArgumentReader in(object);
  std::string op;
  in.text("op", op);
  return readOp(op, in);
}

json graphEditJson(const GraphEdit& edit) {
  json out = json::object();
  const ArgumentWriter writer(out);
  std::visit(
      [&](const auto& e) {
        out["op"] = e.kOp;
        fields(writer, e);
      },
      edit);
  return out;
}

json parseJson(const std::string& text) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    throw Error(std::string("malformed JSON: ") + e.what());
  }
}

}  // namespace fatgraph::detail

namespace fatgraph {

const char* graphEditOp(const GraphEdit& edit) {
  return std::visit([](const auto& e) { return e.kOp; }, edit);
}

GraphEdit graphEditFromJson(const std::string& json) {
  const nlohmann::json object = detail::parseJson(json);
  return detail::namingEdit(object, [&] { return detail::readGraphEdit(object); });
}

std::string graphEditToJson(const GraphEdit& edit) { return detail::graphEditJson(edit).dump(); }

}  // namespace fatgraph
