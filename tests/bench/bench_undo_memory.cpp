// What the editor's undo stack holds after twenty renames (issue 49 item 4): a project is
// opened in a Document, ten fat edges and ten hubs are renamed through its edit path (each
// one undo step, as the Fat Edges and Hubs docks issue them), and the heap in use, the
// resident set and the stack's own count of its bytes are read before and after. Clearing the
// stack at the end frees exactly what the steps held, a second reading of the same figure.
//
// The project: $FATGRAPH_UNDO_PROJECT (a .fgproj, e.g. the 3.5-hour one
// `scripts/bench-build-hours BUILD --repeat 49 --keep hours.fgproj` writes), else the twelve
// sample clips of data/cmu-leonardo-ono-roll built in process with the default settings.
//
//   FATGRAPH_UNDO_PROJECT=hours.fgproj build-undo/tests/bench/bench_undo_memory
#include <benchmark/benchmark.h>

#include <QCoreApplication>
#include <QDir>
#include <QUndoStack>

#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

#include "document/document.h"
#include "document/graph_build.h"
#include "document/graph_edit_request.h"

namespace {

using fatgraph::editor::Document;
using fatgraph::editor::GraphEditRequest;

constexpr int kRenames = 20;

/// Bytes malloc has handed out and not yet had back, every arena and mmapped block.
double heapInUse() {
  malloc_trim(0);
  const struct mallinfo2 m = mallinfo2();
  return static_cast<double>(m.uordblks + m.hblkhd);
}

/// The resident set (bytes), after returning free heap pages to the system.
double residentBytes() {
  malloc_trim(0);
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE));
}

double mib(double bytes) { return bytes / (1024.0 * 1024.0); }

/// The document with the project to rename in, opened once for the whole program.
Document& openedDocument() {
  static std::unique_ptr<Document> doc = [] {
    auto d = std::make_unique<Document>();
    const char* path = std::getenv("FATGRAPH_UNDO_PROJECT");
    QString error;
    if (path != nullptr && *path != '\0') {
      error = d->openProject(QString::fromLocal8Bit(path));
    } else {
      const QDir clips(QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll"));
      QStringList files;
      for (const QString& name : clips.entryList({QStringLiteral("*.bvh")}, QDir::Files, QDir::Name)) {
        files << clips.filePath(name);
      }
      const QStringList failed = d->openFiles(files);
      error = failed.isEmpty() ? d->buildGraph({}) : failed.join(QLatin1Char('\n'));
    }
    if (!error.isEmpty()) {
      std::fprintf(stderr, "bench_undo_memory: %s\n", error.toLocal8Bit().constData());
      std::exit(1);
    }
    d->undoStack()->clear();  // the build's own step is not what is measured
    return d;
  }();
  return *doc;
}

void BM_TwentyRenames(benchmark::State& state) {
  Document& doc = openedDocument();
  const auto& graph = doc.graph();
  const int edges = static_cast<int>(graph.fatEdges.size());
  const int hubs = static_cast<int>(graph.hubs.size());
  if (edges == 0 || hubs == 0) {
    state.SkipWithError("the project has no graph");
    return;
  }
  for (auto _ : state) {
    state.PauseTiming();
    doc.undoStack()->clear();
    const double heapBefore = heapInUse();
    const double rssBefore = residentBytes();
    const auto start = std::chrono::steady_clock::now();
    state.ResumeTiming();
    for (int k = 0; k < kRenames; ++k) {
      const QString name = QStringLiteral("renamed %1").arg(k);
      const GraphEditRequest request =
          k % 2 == 0 ? GraphEditRequest::renameFatEdge(
                           QString::fromStdString(graph.fatEdges.at(static_cast<size_t>(k / 2 % edges)).name), name)
                     : GraphEditRequest::renameHub(
                           QString::fromStdString(graph.hubs.at(static_cast<size_t>(k / 2 % hubs)).name), name);
      if (const QString error = doc.editGraph(request); !error.isEmpty()) {
        state.SkipWithError(error.toLocal8Bit().constData());
        return;
      }
    }
    state.PauseTiming();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double heapAfter = heapInUse();
    const double rssAfter = residentBytes();
    const int steps = doc.undoStack()->count();
    const double counted = static_cast<double>(doc.undoBytes());
    doc.undoStack()->clear();  // frees what the steps held
    const double heapCleared = heapInUse();
    state.ResumeTiming();
    state.counters["steps"] = steps;
    state.counters["heap_added_MiB"] = mib(heapAfter - heapBefore);
    state.counters["heap_freed_by_clear_MiB"] = mib(heapAfter - heapCleared);
    state.counters["steps_count_MiB"] = mib(counted);  // the steps' own count (Document::undoBytes)
    state.counters["rss_added_MiB"] = mib(rssAfter - rssBefore);
    state.counters["ms_per_rename"] = 1000.0 * seconds / kRenames;
    state.counters["heap_before_MiB"] = mib(heapBefore);
    state.counters["segments"] = static_cast<double>(graph.segments.size());
    state.counters["pair_values_MiB"] = mib(static_cast<double>(graph.segmentDistances.pairCount() * sizeof(double)));
  }
}
BENCHMARK(BM_TwentyRenames)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
