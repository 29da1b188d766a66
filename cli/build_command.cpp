// fatgraph build CLIP.bvh|CLIPS.gltf|CLIPS.glb|CLIPS.fbx|PROJECT.fgproj... -o OUT.fgproj: the
// automatic construction pipeline (Fat Graph §3), saved as a project.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>
#include <nlohmann/json.hpp>

#include "build_ranks.h"
#include "command_line.h"
#include "commands.h"
#include "fatgraph/core/io/project_character.h"
#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/spread/process_memory.h"
#include "fatgraph/core/io/project_store.h"
#include "graph_summary.h"
#include "progress_bar.h"

namespace fatgraph::cli {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The stages whose peak resident memory a build reports, in the order ranks gather them
// (write last: rank 0 alone runs it), each rank's whole run after them.
const std::array<const char*, 7> kMemoryStages{"import", "distance", "hubs", "dtw", "clustering", "parameterization",
                                               "write"};

struct MemoryPeaks {
  std::uint64_t peak = 0;                 // the largest rank's
  std::vector<std::uint64_t> rankPeaks;   // per rank, its whole run's (the kernel's peak)
  std::vector<std::uint64_t> stagePeaks;  // per stage, its largest rank's (sampled)
};

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

}  // namespace

int runBuild(const std::vector<std::string>& args) {
  CommandLine cl("build",
                 "CLIP.bvh|CLIPS.gltf|CLIPS.glb|CLIPS.fbx|PROJECT.fgproj... -o OUT.fgproj [--fps 30] [--window 10] [--keep-tpose]\n"
                 "       [--character CHAR.glb|CHAR.fbx] [--map-joint JOINT=CLIP_JOINT,...]\n"
                 "       [--hubs auto|N] [--hub-threshold X] [--edge-threshold Y] [--hub-bridge auto|off|M]\n"
                 "       [--units U] [--translations C] [--up A] [--motion-root NAME] [--in-place M] [--loops L] [--samples 300]\n"
                 "       [--grid 32] [--no-refine] [--locomotion auto|all|none] [--threads T] [--json]\n"
                 "       mpirun -np K fatgraph build ... (the heavy stages spread over K ranks)",
                 "Build a fat graph from motion clips: pose distances over all frames, hub poses\n"
                 "with their match sets, segments between hubs, and fat edges of similar segments\n"
                 "(DTW distance). Hub suggestions are accepted while each raises the coverage (the\n"
                 "share of frames inside fat edges) by at least 2 percentage points, or exactly N\n"
                 "with --hubs N. Thresholds are in metres (RMS joint distance after aligning the\n"
                 "poses on the ground); when absent they are derived from the data and reported.\n"
                 "Every fat edge is then parameterized (Fat Graph §4): sampled blends place a joint\n"
                 "on a plane, a G x G weight grid maps plane points to blend weights, refined so\n"
                 "the runtime's blend lands on its target; the errors are reported per edge.");
  cl.option("-o", "OUT.fgproj", "project file to write (atomically)");
  cl.numberOption("--fps", "F", "working rate every clip is resampled to", 30.0, 0.001, 1000.0);
  cl.integerOption("--window", "K", "pose distance window in frames at the working rate", 10, 1, 1000);
  cl.flag("--keep-tpose", "keep a reference T-pose found in frame 0 (dropped by default)");
  cl.option("--hubs", "auto|N", "hub suggestions to accept: auto (default, while coverage rises) or N");
  cl.option("--hub-threshold", "X", "pose match threshold in metres (default: from the data)");
  cl.option("--edge-threshold", "Y", "fat edge threshold in metres (default: 1.5 x hub threshold)");
  cl.option("--hub-bridge", "auto|off|M",
            "bridge groups of hubs no take connects (a walk's and a run's) where their closest "
            "poses are within M metres; auto (default): twice the hub threshold; off: never");
  cl.option("--units", "U", "length unit of BVH inputs: auto (default), m, cm, cmu, in, mm");
  declareRigOptions(cl);
  cl.integerOption("--samples", "N", "blends sampled per fat edge", ParameterizationSettings{}.samples, 1, 100000);
  cl.integerOption("--grid", "G", "weight grid vertices per side", ParameterizationSettings{}.grid, 2, 1024);
  cl.flag("--no-refine", "keep the plain Delaunay weight grid (no refinement)");
  cl.option("--locomotion", "auto|all|none",
            "fat edges that get the leg layer: auto (default, walking cycles), all (every edge whose "
            "cycle can be analysed) or none");
  cl.integerOption("--threads", "T", "worker threads of every stage, per rank (0: every core the process may use)",
                   0, 0, 1024);
  cl.option("--character", "CHAR.glb|CHAR.fbx", "the user's character (glTF or FBX): its meshes replace the generated\n"
            "body in the project, the exported graph and glTF takes; a character with its own skeleton\n"
            "becomes the project's, the clips retargeted onto it (joints matched by name, then geometry)");
  cl.option("--map-joint", "J=C,...", "with --character: character joint J follows the clips' joint C (J= for\n"
            "none), over the automatic joint map; comma-separated");
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (cl.positional().empty()) throw UsageError{"expected at least one CLIP.bvh or PROJECT.fgproj (see --help)"};
  const auto out = cl.value("-o");
  if (!out || out->empty()) throw UsageError{"missing -o OUT.fgproj"};
  if (cl.has("--map-joint") && !cl.has("--character")) throw UsageError{"--map-joint maps joints onto a --character"};

  ClipSetOptions clipOptions;
  clipOptions.fps = cl.number("--fps");
  clipOptions.keepReferencePose = cl.has("--keep-tpose");
  clipOptions.units = unitsOption(cl);
  clipOptions.rig = rigOptions(cl);
  BuildOptions options;
  if (const auto hubs = cl.value("--hubs"); hubs && *hubs != "auto") {
    options.hubCount = cl.integer("--hubs", 1);
    if (*options.hubCount < 1 || *options.hubCount > 1000) throw UsageError{"--hubs expects auto or 1 to 1000"};
  }
  if (cl.has("--hub-threshold")) options.hubThresholdRms = cl.number("--hub-threshold", 0.0);
  if (cl.has("--edge-threshold")) options.edgeThresholdRms = cl.number("--edge-threshold", 0.0);
  if (const auto bridge = cl.value("--hub-bridge"); bridge && *bridge != "auto") {
    options.hubBridgeRms = *bridge == "off" ? 0.0 : cl.number("--hub-bridge", 0.0);
    if (!(*options.hubBridgeRms >= 0.0 && std::isfinite(*options.hubBridgeRms))) {
      throw UsageError{"--hub-bridge expects auto, off or a distance in metres"};
    }
  }
  for (const auto& t : {options.hubThresholdRms, options.edgeThresholdRms}) {
    if (t && !(*t > 0)) throw UsageError{"thresholds expect a positive distance in metres"};
  }
  const int window = cl.integer("--window");
  ParameterizationSettings parameterization;
  parameterization.samples = cl.integer("--samples");
  parameterization.grid = cl.integer("--grid");
  parameterization.refine = !cl.has("--no-refine");
  LocomotionSelection locomotion = LocomotionSelection::Automatic;
  if (const auto l = cl.value("--locomotion"); l && !parseLocomotionSelection(*l, locomotion)) {
    throw UsageError{"--locomotion expects auto, all or none, got '" + *l + "'"};
  }

  options.threads = cl.integer("--threads");

  // Under mpirun every rank gets here with the same arguments and runs the same build, the
  // heavy stages shared out (build_ranks.h); a failure on any rank ends them all with its
  // message (one rank: reported as always). Only rank 0 prints and writes.
  BuildRanks ranks;
  try {
    const auto start = std::chrono::steady_clock::now();
    const StageMeter importStage;
    const bool talks = ranks.rank() == 0;
    options.threads = ranks.threadsPerRank(options.threads);
    options.spread = ranks.spread();
    ClipSetImport imported = importClipSet(cl.positional(), clipOptions, options.spread);
    Project& project = imported.project;
    project.settings.window = window;
    project.settings.parameterization = parameterization;
    if (cl.has("--locomotion")) project.settings.locomotion = locomotion;
    if (const auto character = cl.value("--character")) {
      GltfImportOptions characterImport;  // the clips' axis convention, no clip sampled
      characterImport.rig = clipOptions.rig;
      std::vector<JointMapChoice> choices;
      if (const auto map = cl.value("--map-joint")) {
        std::stringstream entries(*map);
        for (std::string entry; std::getline(entries, entry, ',');) choices.push_back(parseJointMapChoice(entry));
      }
      const std::vector<std::string> characterNotes = setProjectCharacter(project, *character, characterImport, choices);
      imported.notes.insert(imported.notes.end(), characterNotes.begin(), characterNotes.end());
    }
    const double importSeconds = secondsSince(start);
    const std::uint64_t importPeak = importStage.peakBytes();
    BuildReport report;
    {
      std::optional<ProgressBar> bar;
      if (talks) options.progress = bar.emplace("building").callback();
      report = buildMotionGraph(project, options);
      options.progress = {};
    }
    const StageMeter paramStage;
    {
      std::optional<ProgressBar> bar;
      ProgressCallback progress;
      if (talks) progress = bar.emplace("parameterizing").callback();
      parameterizeGraph(project, progress, options.threads, options.spread);
    }
    const double paramSeconds = paramStage.seconds();
    const nlohmann::json rankTimings = ranks.rankTimings();
    // Each rank's stages and its whole run so far (the kernel's peak); rank 0 adds the write.
    std::vector<std::vector<std::uint64_t>> peaks = ranks.gatherPeaks(
        {importPeak, report.distancePeakBytes, report.hubPeakBytes, report.dtwPeakBytes, report.clusteringPeakBytes,
         paramStage.peakBytes(), 0, peakResidentBytes()});
    if (!talks) return 0;
    std::uint64_t writePeak = 0;
    const double writeSeconds = [&] {
      const StageMeter writeStage;
      saveProject(project, *out);
      writePeak = writeStage.peakBytes();
      return writeStage.seconds();
    }();
    peaks[0][kMemoryStages.size()] = peakResidentBytes();
    peaks[0][kMemoryStages.size() - 1] = writePeak;
    const MemoryPeaks memory = memoryPeaks(peaks);
    const double total = secondsSince(start);
    std::vector<std::string> notes = imported.notes;
    notes.insert(notes.end(), report.notes.begin(), report.notes.end());

    if (cl.has("--json")) {
      nlohmann::json j = graphSummaryJson(project);
      j["output"] = *out;
      j["timings_s"] = {{"import", importSeconds},
                        {"distance", report.distanceSeconds},
                        {"hubs", report.hubSeconds},
                        {"dtw", report.dtwSeconds},
                        {"clustering", report.clusteringSeconds},
                        {"parameterization", paramSeconds},
                        {"write", writeSeconds},
                        {"total", total}};
      j["distances_cached"] = report.distancesFromCache;
      j["ranks"] = ranks.size();
      j["threads"] = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
      if (!rankTimings.is_null()) j["rank_timings_s"] = rankTimings;
      j["peak_memory_bytes"] = memory.peak;
      j["rank_peak_memory_bytes"] = memory.rankPeaks;
      nlohmann::json byStage = nlohmann::json::object();
      for (size_t k = 0; k < kMemoryStages.size(); ++k) byStage[kMemoryStages[k]] = memory.stagePeaks[k];
      j["stage_peak_memory_bytes"] = byStage;
      j["notes"] = notes;
      std::cout << j.dump(2) << "\n";
    } else {
      printGraphSummary(std::cout, project);
      std::cout << std::fixed << std::setprecision(2) << "timings: distance " << report.distanceSeconds
                << " s, hubs " << report.hubSeconds << " s, DTW " << report.dtwSeconds << " s, clustering " << report.clusteringSeconds
                << " s, parameterization " << paramSeconds << " s, total " << total << " s\n"
                << "peak memory: " << static_cast<double>(memory.peak) / (1 << 20) << " MiB"
                << (ranks.size() > 1 ? " (the largest rank's)" : "") << "\n";
      for (const std::string& n : notes) std::cout << "note: " << n << "\n";
      std::cout << "wrote " << *out << "\n";
    }
    return 0;
  } catch (const std::exception& e) {
    ranks.fail(std::string("fatgraph build: ") + e.what());
    throw;
  }
}

}  // namespace fatgraph::cli
