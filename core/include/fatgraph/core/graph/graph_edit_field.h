#pragma once
// How an edit struct (graph_edit.h) declares its JSON form: each op lists its fields once, in
// a static fields(), as member pointers with their JSON keys, so graphEditFromJson and
// graphEditToJson (graph_edit_json.cpp) read and write every op alike with no code of its own.
// A field's C++ type says how its value is written in JSON; where one type has more than one
// form (the messages differ, or null is refused), the field names its form.
#include <concepts>
#include <string>
#include <tuple>

namespace fatgraph {

/// The integers a field of the IntegerLimits form takes: null or one from lo to hi.
struct IntegerLimits {
  int lo;
  int hi;
};
inline constexpr IntegerLimits kSampleLimits{1, 100000};  // set_edge_parameters, set_parameterization
inline constexpr IntegerLimits kGridLimits{2, 1024};

/// The forms a field's JSON value can take beyond what its type says. By type: std::string,
/// double, int: required, of that JSON type; std::vector<int>: segment indices; Linkage,
/// EdgeBlendMode: by name; std::vector<LegByName>: set_legs' legs; std::optional<double>, <bool>,
/// <std::array<T, 2>>: null, absent or the value. std::optional<int> takes an IntegerLimits.
namespace json_form {
struct ByType {};
struct EdgeName {};          // std::string: the fat edge a per-edge choice is for
struct LeftOutWhenEmpty {};  // std::optional<std::string>: a name, absent (never null) when empty
struct JointName {};         // std::optional<std::string>: null, absent or a joint name
struct EdgeNameOrNone {};    // std::optional<std::string>: null, absent or a fat edge name
struct Seconds {};           // std::optional<double>: null, absent or a time in seconds
struct TrueFalseOrAuto {};   // std::optional<bool>: true, false or "auto" (empty); required
}  // namespace json_form

/// One field of edit struct Op: its JSON key, its member and its form.
template <class Op, class T, class Form>
struct EditField {
  const char* key;
  T Op::*member;
  Form form;
};

template <class Op, class T, class Form = json_form::ByType>
constexpr EditField<Op, T, Form> field(const char* key, T Op::*member, Form form = {}) {
  return {key, member, form};
}

/// What every edit struct declares: kOp, its "op" in JSON; kSlow, whether the editor runs it on
/// its worker thread (most such ops re-derive segments, fat edges, a parameterization or the
/// leg analysis, which takes long on big projects); fields(), a tuple of field(...) in the
/// order they are read (which decides which of several problems a message names); and
/// undoText(), the edit in words as the editor's undo step shows it.
template <class Op>
concept EditStruct = requires(const Op& op) {
  { Op::kOp } -> std::convertible_to<const char*>;
  { Op::kSlow } -> std::convertible_to<bool>;
  std::tuple_size<decltype(Op::fields())>::value;
  { op.undoText() } -> std::same_as<std::string>;
};

/// `value` with `decimals` digits after the point, rounded half away from zero and in no
/// locale, as the editor's undo texts have always shown numbers (QString::number's 'f').
std::string fixedDecimals(double value, int decimals);

}  // namespace fatgraph
