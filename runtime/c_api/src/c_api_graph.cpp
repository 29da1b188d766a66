// The graph entry points: loading a .fgraph and the queries an engine needs to build its
// skeleton and name its actions. Each passes its own name (__func__) to the checks, so every
// message says which call failed.
#include <cstring>
#include <memory>
#include <string>

#include "c_api_guard.h"
#include "c_api_handles.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"

using fatgraph::RuntimeGraph;
using namespace fatgraph::c_api;

namespace {

// `name` as a NUL-terminated string under the buffer rule (sizes in bytes, the NUL included).
fg_result copyName(const std::string& name, char* out, std::size_t capacity, std::size_t* needed,
                   const char* function) {
  bool fill = false;
  FG_CHECK(checkBuffer(out, capacity, name.size() + 1, needed, function, "name", fill));
  if (fill) std::memcpy(out, name.c_str(), name.size() + 1);
  return succeed();
}

fg_result checkIndex(int32_t index, std::size_t count, const char* function, const char* what) {
  if (index >= 0 && static_cast<std::size_t>(index) < count) return FG_OK;
  return fail(FG_ERROR_INVALID_ARGUMENT, std::string(function) + ": " + what + " " + std::to_string(index) +
                                             " is not in [0, " + std::to_string(count) + ")");
}

}  // namespace

extern "C" {

fg_result fg_graph_load(const char* path, fg_graph** out_graph) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(out_graph, fn, "out_graph"));
    *out_graph = nullptr;
    FG_CHECK(requireNonNull(path, fn, "path"));
    auto graph = std::make_unique<fg_graph>();
    graph->graph = std::make_shared<const RuntimeGraph>(fatgraph::loadRuntimeGraph(path));
    *out_graph = graph.release();
    return succeed();
  });
}

void fg_graph_free(fg_graph* graph) { delete graph; }

fg_result fg_graph_get_info(const fg_graph* graph, fg_graph_info* out_info) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    FG_CHECK(requireNonNull(out_info, fn, "out_info"));
    const RuntimeGraph& g = *graph->graph;
    *out_info = fg_graph_info{};
    out_info->joint_count = g.jointCount();
    out_info->edge_count = static_cast<int32_t>(g.edges.size());
    out_info->hub_count = static_cast<int32_t>(g.hubs.size());
    out_info->leg_count = static_cast<int32_t>(g.legs.size());
    out_info->start_edge = g.startEdge;
    out_info->has_body = g.body.empty() ? 0 : 1;
    out_info->body_vertex_count = g.body.vertexCount();
    out_info->body_triangle_count = g.body.triangleCount();
    out_info->fps = g.fps;
    return succeed();
  });
}

fg_result fg_graph_kind_of(const fg_graph* graph, int32_t* out_kind) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    FG_CHECK(requireNonNull(out_kind, fn, "out_kind"));
    *out_kind = graph->graph->kind == fatgraph::RuntimeGraphKind::Creature ? FG_GRAPH_CREATURE : FG_GRAPH_FAT_GRAPH;
    return succeed();
  });
}

fg_result fg_graph_joint_parents(const fg_graph* graph, int32_t* parents, size_t capacity, size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    const auto& source = graph->graph->skeleton.parents;
    bool fill = false;
    FG_CHECK(checkBuffer(parents, capacity, source.size(), needed, fn, "parents", fill));
    for (std::size_t j = 0; fill && j < source.size(); ++j) parents[j] = source[j];
    return succeed();
  });
}

fg_result fg_graph_rest_offsets(const fg_graph* graph, float* offsets_xyz, size_t capacity, size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    const auto& source = graph->graph->skeleton.restOffsets;
    bool fill = false;
    FG_CHECK(checkBuffer(offsets_xyz, capacity, source.size(), needed, fn, "offsets_xyz", fill));
    for (std::size_t j = 0; fill && j < source.size(); ++j)
      for (int c = 0; c < 3; ++c) offsets_xyz[3 * j + c] = source[j][c];
    return succeed();
  });
}

fg_result fg_graph_joint_name(const fg_graph* graph, int32_t joint, char* name, size_t capacity, size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    const auto& names = graph->graph->skeleton.names;
    FG_CHECK(checkIndex(joint, names.size(), fn, "joint"));
    return copyName(names[joint], name, capacity, needed, fn);
  });
}

fg_result fg_graph_edge_name(const fg_graph* graph, int32_t edge, char* name, size_t capacity, size_t* needed) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    const auto& edges = graph->graph->edges;
    FG_CHECK(checkIndex(edge, edges.size(), fn, "edge"));
    return copyName(edges[edge].name, name, capacity, needed, fn);
  });
}

fg_result fg_graph_find_joint(const fg_graph* graph, const char* name, int32_t* out_index) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    FG_CHECK(requireNonNull(name, fn, "name"));
    FG_CHECK(requireNonNull(out_index, fn, "out_index"));
    *out_index = graph->graph->skeleton.find(name);
    return succeed();
  });
}

fg_result fg_graph_find_edge(const fg_graph* graph, const char* name, int32_t* out_index) {
  const char* fn = __func__;
  return guard(fn, [&] {
    FG_CHECK(requireNonNull(graph, fn, "graph"));
    FG_CHECK(requireNonNull(name, fn, "name"));
    FG_CHECK(requireNonNull(out_index, fn, "out_index"));
    *out_index = graph->graph->findEdge(name);
    return succeed();
  });
}

}  // extern "C"
