#pragma once
// What one `fatgraph build` measured (each stage's time and peak memory, over every rank) and
// noted, and how it reports them: one JSON object, or the graph's summary as text.
#include <array>
#include <cstdint>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::cli {

/// The stages whose peak resident memory a build reports, in the order ranks gather them
/// (write last: rank 0 alone runs it), each rank's whole run after them.
inline constexpr std::array<const char*, 7> kMemoryStages{"import",     "distance",         "hubs", "dtw",
                                                          "clustering", "parameterization", "write"};

/// A build's peak resident memory, in bytes.
struct MemoryPeaks {
  std::uint64_t peak = 0;                 // the largest rank's
  std::vector<std::uint64_t> rankPeaks;   // per rank, its whole run's (the kernel's peak)
  std::vector<std::uint64_t> stagePeaks;  // per stage, its largest rank's (sampled)
};

/// Per rank its peak per stage (kMemoryStages) and its whole run's, after them.
MemoryPeaks memoryPeaks(const std::vector<std::vector<std::uint64_t>>& perRank);

/// What one build measured and noted, for its report.
struct BuildRun {
  BuildReport report;
  double importSeconds = 0, parameterizationSeconds = 0, writeSeconds = 0, totalSeconds = 0;
  MemoryPeaks memory;
  nlohmann::json rankTimings;
  std::vector<std::string> notes;
  int ranks = 1;
  int threads = 0;  // per rank; 0: every core
};

/// `build --json`: the graph's summary (graph_summary.h) with the timings, memory and notes.
void printBuildJson(const Project& project, const std::string& output, const BuildRun& run);
/// The graph's summary as text, the timings, the peak memory and the notes.
void printBuildText(const Project& project, const std::string& output, const BuildRun& run);

}  // namespace fatgraph::cli
