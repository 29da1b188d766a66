#pragma once
// What Graph > Export… wrote, read off the runtime graph core built and wrote (core
// runtime_graph_export.h): the file and its size, the skeleton's joints, the hubs, every fat
// edge with its segment count, blend mode, locomotion and parameter grid, and the legs -- the
// facts `fatgraph export --json` reports, so a user sees what a game will load.
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

#include "fatgraph/core/io/runtime_graph_export.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {
struct Project;
}

namespace fatgraph::editor {

struct ExportReport {
  struct Edge {
    QString name;
    QString from, to;     // hub names
    int segments = 0;
    QString blend;        // "grid", "bands", "polar"
    bool locomotion = false;
    int gridResolution = 0;  // 0: no grid (the edge plays its reference segment)
    float errorMedianM = 0;  // authoring's median 3D error of the grid, metres; NaN: unknown
  };

  QString path;
  std::uint64_t bytes = 0;
  int joints = 0;
  QStringList hubs;
  std::vector<Edge> edges;
  QStringList legs;

  int locomotionEdges() const;
  int parameterGrids() const;
  int segments() const;
  /// A few lines for a person: totals first, then one line per fat edge.
  QString text() const;

  /// The report of `graph` as written to `path` (`summary`: what the writer returned).
  static ExportReport of(const RuntimeGraph& graph, const ExportSummary& summary,
                         const QString& path);
  /// Builds the project's runtime graph, writes it (both core's) and reports it. Throws
  /// fatgraph::Error like exportProject; nothing is written then. Any thread.
  static ExportReport write(const Project& project, const QString& path);
};

}  // namespace fatgraph::editor
