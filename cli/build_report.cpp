#include "build_report.h"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <thread>

#include "graph_summary.h"

namespace fatgraph::cli {

MemoryPeaks memoryPeaks(const std::vector<std::vector<std::uint64_t>>& perRank) {
  MemoryPeaks m;
  m.stagePeaks.assign(kMemoryStages.size(), 0);
  for (const std::vector<std::uint64_t>& stages : perRank) {
    std::uint64_t rank = stages.size() > kMemoryStages.size() ? stages[kMemoryStages.size()] : 0;
    for (size_t k = 0; k < stages.size() && k < kMemoryStages.size(); ++k) {
      rank = std::max(rank, stages[k]);  // a sample can round above the kernel's page count
      m.stagePeaks[k] = std::max(m.stagePeaks[k], stages[k]);
    }
    m.rankPeaks.push_back(rank);
    m.peak = std::max(m.peak, rank);
  }
  return m;
}

void printBuildJson(const Project& project, const std::string& output, const BuildRun& run) {
  const BuildReport& report = run.report;
  nlohmann::json j = graphSummaryJson(project);
  j["output"] = output;
  j["timings_s"] = {{"import", run.importSeconds},
                    {"distance", report.distanceSeconds},
                    {"hubs", report.hubSeconds},
                    {"dtw", report.dtwSeconds},
                    {"clustering", report.clusteringSeconds},
                    {"parameterization", run.parameterizationSeconds},
                    {"write", run.writeSeconds},
                    {"total", run.totalSeconds}};
  j["distances_cached"] = report.distancesFromCache;
  j["ranks"] = run.ranks;
  j["threads"] = run.threads > 0 ? run.threads : static_cast<int>(std::thread::hardware_concurrency());
  if (!run.rankTimings.is_null()) j["rank_timings_s"] = run.rankTimings;
  j["peak_memory_bytes"] = run.memory.peak;
  j["rank_peak_memory_bytes"] = run.memory.rankPeaks;
  nlohmann::json byStage = nlohmann::json::object();
  for (size_t k = 0; k < kMemoryStages.size(); ++k) byStage[kMemoryStages[k]] = run.memory.stagePeaks[k];
  j["stage_peak_memory_bytes"] = byStage;
  j["notes"] = run.notes;
  std::cout << j.dump(2) << "\n";
}

void printBuildText(const Project& project, const std::string& output, const BuildRun& run) {
  const BuildReport& report = run.report;
  printGraphSummary(std::cout, project);
  std::cout << std::fixed << std::setprecision(2) << "timings: distance " << report.distanceSeconds << " s, hubs "
            << report.hubSeconds << " s, DTW " << report.dtwSeconds << " s, clustering " << report.clusteringSeconds
            << " s, parameterization " << run.parameterizationSeconds << " s, total " << run.totalSeconds << " s\n"
            << "peak memory: " << static_cast<double>(run.memory.peak) / (1 << 20) << " MiB"
            << (run.ranks > 1 ? " (the largest rank's)" : "") << "\n";
  for (const std::string& n : run.notes) std::cout << "note: " << n << "\n";
  std::cout << "wrote " << output << "\n";
}

}  // namespace fatgraph::cli
