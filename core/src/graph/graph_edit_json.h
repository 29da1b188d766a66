#pragma once
// The JSON form of GraphEdit (graph_edit.h) as core uses it inside: read from and written to
// nlohmann::json objects (graph_edit_json.cpp is the one place that knows an op's keys).
#include <nlohmann/json.hpp>
#include <string>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/model/progress.h"

namespace fatgraph::detail {

/// The edit `object` holds. Throws Error saying what is wrong with its form, without the
/// "edit <object>: " that graphEditFromJson puts before it.
GraphEdit readGraphEdit(const nlohmann::json& object);

/// The edit's JSON object, as graphEditToJson writes it.
nlohmann::json graphEditJson(const GraphEdit& edit);

/// `text` parsed; throws Error("malformed JSON: ...").
nlohmann::json parseJson(const std::string& text);

/// work(); an Error it throws comes back as "edit <edit>: <what>" (Cancelled passes as it is).
template <class Work>
auto namingEdit(const nlohmann::json& edit, Work&& work) {
  try {
    return work();
  } catch (const Cancelled&) {
    throw;
  } catch (const Error& e) {
    throw Error("edit " + edit.dump() + ": " + e.what());
  }
}

}  // namespace fatgraph::detail
