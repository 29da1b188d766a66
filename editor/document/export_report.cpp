#include "document/export_report.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLocale>

#include <cmath>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/locomotion/locomotion_settings.h"
#include "fatgraph/core/param/runtime_graph_builder.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("ExportReport", text); }

QString hubName(const RuntimeGraph& graph, int hub) {
  return hub >= 0 && static_cast<size_t>(hub) < graph.hubs.size()
             ? QString::fromStdString(graph.hubs[static_cast<size_t>(hub)].name)
             : tr("(none)");
}

}  // namespace

int ExportReport::locomotionEdges() const {
  int n = 0;
  for (const Edge& e : edges) n += e.locomotion ? 1 : 0;
  return n;
}

int ExportReport::parameterGrids() const {
  int n = 0;
  for (const Edge& e : edges) n += e.gridResolution > 0 ? 1 : 0;
  return n;
}

int ExportReport::segments() const {
  int n = 0;
  for (const Edge& e : edges) n += e.segments;
  return n;
}

QString ExportReport::text() const {
  QStringList lines;
  lines << tr("Exported %1: %2 (%3 bytes)")
               .arg(QDir::toNativeSeparators(path),
                    QLocale().formattedDataSize(static_cast<qint64>(bytes)))
               .arg(bytes);
  lines << tr("%1 joints · %2 hubs (%3) · %4 fat edges, %5 segments · %6 locomotion edges · "
              "%7 parameter grids")
               .arg(joints)
               .arg(hubs.size())
               .arg(hubs.join(QStringLiteral(", ")))
               .arg(edges.size())
               .arg(segments())
               .arg(locomotionEdges())
               .arg(parameterGrids());
  lines << (legs.isEmpty()
                ? tr("No legs: no leg layer")
                : tr("%1 legs: %2").arg(legs.size()).arg(legs.join(QStringLiteral(", "))));
  for (const Edge& e : edges) {
    const QString grid = e.gridResolution > 0
                             ? tr("grid %1\u00a0×\u00a0%1").arg(e.gridResolution)
                             : tr("no grid");
    const QString error = std::isfinite(e.errorMedianM)
                              ? tr(", median error %1 mm").arg(e.errorMedianM * 1000.0, 0, 'f', 1)
                              : QString();
    lines << tr("  %1: %2 → %3, %4 segments, blend %5%6, %7%8")
                 .arg(e.name, e.from, e.to)
                 .arg(e.segments)
                 .arg(e.blend, e.locomotion ? tr(", locomotion") : QString(), grid, error);
  }
  return lines.join(QLatin1Char('\n'));
}

ExportReport ExportReport::of(const RuntimeGraph& graph, const ExportSummary& summary,
                              const QString& path) {
  ExportReport report;
  report.path = path;
  report.bytes = summary.bytes;
  report.joints = graph.skeleton.jointCount();
  for (const RuntimeHub& hub : graph.hubs) report.hubs << QString::fromStdString(hub.name);
  for (const RuntimeLeg& leg : graph.legs) report.legs << QString::fromStdString(leg.name);
  for (const RuntimeEdge& e : graph.edges) {
    report.edges.push_back({QString::fromStdString(e.name), hubName(graph, e.fromHub),
                            hubName(graph, e.toHub), static_cast<int>(e.segments.size()),
                            QString::fromUtf8(blendModeName(e.blend)), e.locomotion.enabled,
                            e.parameters.gridResolution, e.paramErrorMedian});
  }
  return report;
}

ExportReport ExportReport::write(const Project& project, const QString& path) {
  // exportProject's steps, keeping the graph so the report reads what was written.
  if (project.graph.fatEdges.empty()) {
    throw Error(tr("the project has no fat graph to export; %1 not written")
                    .arg(path)
                    .toStdString());
  }
  const RuntimeGraph graph = buildRuntimeGraph(project);
  const ExportSummary summary = writeRuntimeGraph(graph, QFile::encodeName(path).toStdString());
  return of(graph, summary, path);
}

}  // namespace fatgraph::editor
