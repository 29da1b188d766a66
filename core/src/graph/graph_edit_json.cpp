// The JSON form of every edit op (graph_edit.h), in one place and with no code per op: each
// struct lists its fields once, in its fields() (graph_edit_field.h), and a reader fills the
// struct from an object and a writer fills an object from the struct with that list, so the
// two cannot drift apart. The code here is per JSON form: a value's type and form.
#include "graph_edit_json.h"

#include <climits>
#include <cstdint>
#include <tuple>

#include "edit_argument_checks.h"
#include "fatgraph/core/locomotion/locomotion_settings.h"

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

// Fills one field of an edit from its object by its type and form (graph_edit_field.h),
// refusing a missing or mistyped value with the message `fatgraph edit` has always given.
// Values are checked when the edit is applied.
class ArgumentReader {
 public:
  using ByType = json_form::ByType;
  explicit ArgumentReader(const json& edit) : edit_(edit) {}

  void read(const char* key, std::string& out, ByType) const {
    const json& v = required(key);
    if (!v.is_string()) throw Error(quoted(key) + " must be a string");
    out = v.get<std::string>();
  }
  void read(const char* key, double& out, ByType) const {
    const json& v = required(key);
    if (!v.is_number()) throw Error(quoted(key) + " must be a number");
    out = v.get<double>();
  }
  void read(const char* key, int& out, ByType) const {
    const json& v = required(key);
    if (!v.is_number_integer()) throw Error(quoted(key) + " must be an integer");
    out = v.get<int>();
  }
  void read(const char* key, std::optional<std::string>& out, json_form::LeftOutWhenEmpty) const {
    if (!edit_.contains(key)) return;
    read(key, out.emplace(), ByType());
  }
  void read(const char* key, std::vector<int>& out, ByType) const {
    const json& v = required(key);
    if (!v.is_array()) throw Error(quoted(key) + " must be an array of segment indices");
    for (const json& s : v) {
      if (!s.is_number_integer()) throw Error(quoted(key) + " must hold integers");
      out.push_back(s.get<int>());
    }
  }
  void read(const char* key, Linkage& out, ByType) const {
    std::string name;
    read(key, name, ByType());
    if (name == "complete") out = Linkage::Complete;
    else if (name == "single") out = Linkage::Single;
    else throw Error(quoted(key) + " must be \"complete\" or \"single\"");
  }
  void read(const char* key, std::string& out, json_form::EdgeName) const {
    const auto it = edit_.find(key);
    if (it == edit_.end() || !it->is_string()) throw Error(quoted(key) + " must name a fat edge");
    out = it->get<std::string>();
  }
  void read(const char* key, std::optional<std::string>& out, json_form::JointName) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_string()) throw Error(quoted(key) + " must be null or a joint name, got " + v->dump());
    out = v->get<std::string>();
  }
  void read(const char* key, std::optional<std::string>& out, json_form::EdgeNameOrNone) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_string()) throw Error(quoted(key) + " must be null or name a fat edge, got " + v->dump());
    out = v->get<std::string>();
  }
  void read(const char* key, std::optional<double>& out, json_form::Seconds) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_number()) throw Error(timeChoiceProblem(key, v->dump()));
    out = v->get<double>();
  }
  void read(const char* key, std::optional<int>& out, IntegerLimits limits) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_number_integer() || !fitsInt(*v)) throw Error(integerChoiceProblem(key, limits, v->dump()));
    out = v->get<int>();
  }
  void read(const char* key, std::optional<bool>& out, ByType) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_boolean()) throw Error(quoted(key) + " must be null, true or false, got " + v->dump());
    out = v->get<bool>();
  }
  void read(const char* key, std::optional<double>& out, ByType) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_number()) throw Error(quoted(key) + " must be a number or null, got " + v->dump());
    out = v->get<double>();
  }
  void read(const char* key, std::optional<std::array<double, 2>>& out, ByType) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_array() || v->size() != 2 || !(*v)[0].is_number() || !(*v)[1].is_number())
      throw Error(quoted(key) + " must be [x, y] (two numbers) or null, got " + v->dump());
    out = {(*v)[0].get<double>(), (*v)[1].get<double>()};
  }
  void read(const char* key, std::optional<std::array<bool, 2>>& out, ByType) const {
    const json* v = given(key);
    if (v == nullptr) return;
    if (!v->is_array() || v->size() != 2 || !(*v)[0].is_boolean() || !(*v)[1].is_boolean())
      throw Error(quoted(key) + " must be [x, y] (two booleans) or null, got " + v->dump());
    out = {(*v)[0].get<bool>(), (*v)[1].get<bool>()};
  }
  void read(const char* key, std::optional<bool>& out, json_form::TrueFalseOrAuto) const {
    const auto it = edit_.find(key);
    if (it != edit_.end() && it->is_boolean()) {
      out = it->get<bool>();
    } else if (it == edit_.end() || !(it->is_string() && it->get<std::string>() == "auto")) {
      throw Error(quoted(key) + " must be true, false or \"auto\"" + got(it));
    }
  }
  void read(const char* key, EdgeBlendMode& out, ByType) const {
    const auto it = edit_.find(key);
    if (it == edit_.end() || !it->is_string() || !parseBlendMode(it->get<std::string>(), out))
      throw Error(quoted(key) + " must be \"grid\", \"bands\" or \"polar\"" + got(it));
  }
  void read(const char* key, std::vector<LegByName>& out, ByType) const {
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

// Writes what ArgumentReader reads, under the same keys. Most values are written as their
// type says; the overloads are the forms that differ.
class ArgumentWriter {
 public:
  explicit ArgumentWriter(json& edit) : edit_(edit) {}

  template <class T, class Form>
  void write(const char* key, const T& v, Form) const {
    edit_[key] = v;
  }
  template <class T, class Form>
  void write(const char* key, const std::optional<T>& v, Form) const {
    edit_[key] = orNull(v);  // empty: automatic
  }
  void write(const char* key, const std::optional<std::string>& v, json_form::LeftOutWhenEmpty) const {
    if (v) edit_[key] = *v;
  }
  void write(const char* key, const std::optional<bool>& v, json_form::TrueFalseOrAuto) const {
    edit_[key] = v ? json(*v) : json("auto");
  }
  void write(const char* key, Linkage v, json_form::ByType) const {
    edit_[key] = v == Linkage::Single ? "single" : "complete";
  }
  void write(const char* key, EdgeBlendMode v, json_form::ByType) const { edit_[key] = blendModeName(v); }
  void write(const char* key, const std::vector<LegByName>& v, json_form::ByType) const {
    json list = json::array();
    for (const LegByName& leg : v) list.push_back(legJson(leg));
    edit_[key] = std::move(list);
  }

 private:
  json& edit_;
};

// Every field Op declares (graph_edit.h), read in its order; the comma fold keeps the order.
template <class Op>
void readFields(const ArgumentReader& in, Op& edit) {
  std::apply([&](const auto&... f) { (in.read(f.key, edit.*f.member, f.form), ...); }, Op::fields());
}

template <class Op>
void writeFields(const ArgumentWriter& out, const Op& edit) {
  std::apply([&](const auto&... f) { (out.write(f.key, edit.*f.member, f.form), ...); }, Op::fields());
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
    readFields(in, edit);
    return edit;
  }
}

}  // namespace

GraphEdit readGraphEdit(const json& object) {
  if (!object.is_object()) throw Error("an edit must be a JSON object with an \"op\"");
  const ArgumentReader in(object);
  std::string op;
  in.read("op", op, json_form::ByType());
  return readOp(op, in);
}

json graphEditJson(const GraphEdit& edit) {
  json out = json::object();
  const ArgumentWriter writer(out);
  std::visit(
      [&](const auto& e) {
        out["op"] = e.kOp;
        writeFields(writer, e);
      },
      edit);
  return out;
}

json parseJson(const std::string& text) {
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    // parse_error, and out_of_range for a number no double holds (1e9999).
    throw Error(std::string("malformed JSON: ") + e.what());
  }
}

}  // namespace fatgraph::detail

namespace fatgraph {

GraphEdit graphEditFromJson(const std::string& json) {
  const nlohmann::json object = detail::parseJson(json);
  return detail::namingEdit(object, [&] { return detail::readGraphEdit(object); });
}

std::string graphEditToJson(const GraphEdit& edit) { return detail::graphEditJson(edit).dump(); }

}  // namespace fatgraph
