// fatgraph build CLIP.bvh|CLIPS.gltf|CLIPS.glb|CLIPS.fbx|PROJECT.fgproj... -o OUT.fgproj: the
// automatic construction pipeline (Fat Graph §3), saved as a project.
#include <chrono>
#include <cstdint>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <nlohmann/json.hpp>

#include "build_ranks.h"
#include "build_report.h"
#include "command_line.h"
#include "command_options.h"
#include "commands.h"
#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/spread/process_memory.h"
#include "fatgraph/core/io/project_character.h"
#include "fatgraph/core/io/project_store.h"
#include "option_checks.h"
#include "progress_bar.h"

namespace fatgraph::cli {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// What `fatgraph build` is asked.
struct BuildRequest {
  std::vector<std::string> inputs;  // clips and projects
  std::string output;
  ClipSetOptions clips;  // --fps, --keep-tpose, --units and the rig conventions
  BuildOptions build;    // --hubs, the thresholds, --hub-bridge, --threads
  int window = 10;       // frames at the working rate
  ParameterizationSettings parameterization;  // --samples, --grid
  bool noRefine = false;
  std::optional<LocomotionSelection> locomotion;  // the project's own when absent
  std::string character;                          // CHAR.glb|CHAR.fbx; none when empty
  std::string jointMap;                           // J=C,... over the automatic joint map
  bool json = false;
};

// The user's character in the project (the clips retargeted onto its skeleton), its joints
// mapped by --map-joint over the automatic map; what it noted.
std::vector<std::string> attachCharacter(Project& project, const BuildRequest& r) {
  GltfImportOptions characterImport;  // the clips' axis convention, no clip sampled
  characterImport.rig = r.clips.rig;
  std::vector<JointMapChoice> choices;
  std::stringstream entries(r.jointMap);
  for (std::string entry; std::getline(entries, entry, ',');) choices.push_back(parseJointMapChoice(entry));
  return setProjectCharacter(project, r.character, characterImport, choices);
}

// The clips (and the character) imported into a project that carries the request's settings.
ClipSetImport importProject(const BuildRequest& r, WorkSpread* spread) {
  ClipSetImport imported = importClipSet(r.inputs, r.clips, spread);
  Project& project = imported.project;
  project.settings.window = r.window;
  project.settings.parameterization = r.parameterization;
  project.settings.parameterization.refine = !r.noRefine;
  if (r.locomotion) project.settings.locomotion = *r.locomotion;
  if (!r.character.empty()) {
    const std::vector<std::string> notes = attachCharacter(project, r);
    imported.notes.insert(imported.notes.end(), notes.begin(), notes.end());
  }
  return imported;
}

// The fat graph (Fat Graph §3), with a progress bar when this rank talks.
BuildReport buildGraph(Project& project, BuildOptions options, bool talks) {
  std::optional<ProgressBar> bar;
  if (talks) options.progress = bar.emplace("building").callback();
  return buildMotionGraph(project, options);
}

// Every fat edge parameterized (Fat Graph §4), with a progress bar when this rank talks.
void parameterizeEdges(Project& project, const BuildOptions& options, bool talks) {
  std::optional<ProgressBar> bar;
  ProgressCallback progress;
  if (talks) progress = bar.emplace("parameterizing").callback();
  parameterizeGraph(project, progress, options.threads, options.spread);
}

// The build on this rank: every rank imports, builds and parameterizes (the heavy stages
// shared out), then rank 0 alone writes the project and reports.
int buildOnRanks(const BuildRequest& request, BuildRanks& ranks) {
  const auto start = std::chrono::steady_clock::now();
  const StageMeter importStage;
  const bool talks = ranks.rank() == 0;
  BuildOptions options = request.build;
  options.threads = ranks.threadsPerRank(options.threads);
  options.spread = ranks.spread();
  BuildRun run;
  ClipSetImport imported = importProject(request, options.spread);
  Project& project = imported.project;
  run.importSeconds = secondsSince(start);
  const std::uint64_t importPeak = importStage.peakBytes();
  run.report = buildGraph(project, options, talks);
  const StageMeter parameterizationStage;
  parameterizeEdges(project, options, talks);
  run.parameterizationSeconds = parameterizationStage.seconds();
  run.rankTimings = ranks.rankTimings();
  // Each rank's stages and its whole run so far (the kernel's peak); rank 0 adds the write.
  const BuildReport& r = run.report;
  std::vector<std::vector<std::uint64_t>> peaks =
      ranks.gatherPeaks({importPeak, r.distancePeakBytes, r.hubPeakBytes, r.dtwPeakBytes, r.clusteringPeakBytes,
                         parameterizationStage.peakBytes(), 0, peakResidentBytes()});
  if (!talks) return 0;
  {
    const StageMeter writeStage;
    saveProject(project, request.output);
    run.writeSeconds = writeStage.seconds();
    peaks[0][kMemoryStages.size() - 1] = writeStage.peakBytes();
  }
  peaks[0][kMemoryStages.size()] = peakResidentBytes();
  run.memory = memoryPeaks(peaks);
  run.totalSeconds = secondsSince(start);
  run.notes = imported.notes;
  run.notes.insert(run.notes.end(), r.notes.begin(), r.notes.end());
  run.ranks = ranks.size();
  run.threads = options.threads;
  if (request.json) {
    printBuildJson(project, request.output, run);
  } else {
    printBuildText(project, request.output, run);
  }
  return 0;
}

int runBuild(const BuildRequest& request) {
  // Under mpirun every rank gets here with the same arguments and runs the same build (the
  // heavy stages shared out, build_ranks.h); a failure on any rank ends them all with its
  // message (one rank: reported as always).
  BuildRanks ranks;
  try {
    return buildOnRanks(request, ranks);
  } catch (const std::exception& e) {
    ranks.fail(std::string("fatgraph build: ") + e.what());
    throw;
  }
}

// The clips, the project written and how they are imported; the user's character.
void declareInputs(CLI::App& command, BuildRequest& r) {
  command.add_option("CLIPS", r.inputs, "clips (BVH, glTF, FBX) and projects whose clips to build from")
      ->type_name("CLIP.bvh|CLIPS.gltf|CLIPS.glb|CLIPS.fbx|PROJECT.fgproj")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->required();
  addOutputOption(command, r.output, "OUT.fgproj", "project file to write (atomically)")->required();
  command.add_option("--fps", r.clips.fps, "working rate every clip is resampled to")
      ->type_name("F")
      ->check(numberIn(0.001, 1000.0))
      ->capture_default_str();
  command.add_option("--window", r.window, "pose distance window in frames at the working rate")
      ->type_name("K")
      ->transform(integerIn(1, 1000))
      ->capture_default_str();
  command.add_flag("--keep-tpose", r.clips.keepReferencePose, "keep a reference T-pose found in frame 0 (dropped by default)");
  addUnitsOption(command, r.clips.units, "length unit of BVH inputs: auto (default), m, cm, cmu, in, mm");
  addRigOptions(command, r.clips.rig);
  CLI::Option* character =
      command.add_option("--character", r.character,
                         "the user's character (glTF or FBX): its meshes replace the generated body in the project, "
                         "the exported graph and glTF takes; a character with its own skeleton becomes the "
                         "project's, the clips retargeted onto it (joints matched by name, then geometry)")
          ->type_name("CHAR.glb|CHAR.fbx")
          ->check(notEmpty("a file name"));
  command.add_option("--map-joint", r.jointMap,
                     "character joint J follows the clips' joint C (J= for none), over the automatic joint map; "
                     "comma-separated")
      ->type_name("J=C,...")
      ->needs(character);
}

// How hubs and fat edges are found.
void declareGraphOptions(CLI::App& command, BuildRequest& r) {
  command
      .add_option_function<std::string>(
          "--hubs", [&r](const std::string& v) { r.build.hubCount = v == "auto" ? std::nullopt : std::optional(std::stoi(v)); },
          "hub suggestions to accept: auto (while each raises coverage by 2 points) or N")
      ->type_name("auto|N")
      ->check(wordsOr({"auto"}, integerIn(1, 1000)))
      ->default_str("auto");
  command.add_option("--hub-threshold", r.build.hubThresholdRms, "pose match threshold in metres (default: from the data)")
      ->type_name("X")
      ->check(positiveNumber());
  command.add_option("--edge-threshold", r.build.edgeThresholdRms, "fat edge threshold in metres (default: 1.5 x hub threshold)")
      ->type_name("Y")
      ->check(positiveNumber());
  command
      .add_option_function<std::string>(
          "--hub-bridge",
          [&r](const std::string& v) {
            r.build.hubBridgeRms = v == "auto" ? std::nullopt : std::optional(v == "off" ? 0.0 : std::stod(v));
          },
          "bridge groups of hubs no take connects (a walk's and a run's) where their closest poses are within M "
          "metres; auto: twice the hub threshold; off: never")
      ->type_name("auto|off|M")
      ->check(wordsOr({"auto", "off"}, numberIn(0.0, std::numeric_limits<double>::infinity())))
      ->default_str("auto");
  command
      .add_option_function<std::string>(
          "--transitions", [&r](const std::string& v) { r.build.transitions = v == "auto"; },
          "join groups of hubs still apart after bridging (a character's idle, walk and run loops) with "
          "generated transition clips; off: never")
      ->type_name("auto|off")
      ->check(CLI::IsMember({"auto", "off"}))
      ->default_str("auto");
  command.add_option("--threads", r.build.threads, "worker threads of every stage, per rank (0: every core the process may use)")
      ->type_name("T")
      ->transform(integerIn(0, 1024))
      ->capture_default_str();
}

// How fat edges are parameterized and which get the leg layer.
void declareParameterizationOptions(CLI::App& command, BuildRequest& r) {
  command.add_option("--samples", r.parameterization.samples, "blends sampled per fat edge")
      ->type_name("N")
      ->transform(integerIn(1, 100000))
      ->capture_default_str();
  command.add_option("--grid", r.parameterization.grid, "weight grid vertices per side")
      ->type_name("G")
      ->transform(integerIn(2, 1024))
      ->capture_default_str();
  command.add_flag("--no-refine", r.noRefine, "keep the plain Delaunay weight grid (no refinement)");
  addEnumChoice(command, "--locomotion", r.locomotion,
                {LocomotionSelection::Automatic, LocomotionSelection::All, LocomotionSelection::None},
                locomotionSelectionName,
                "fat edges that get the leg layer: auto (default, walking cycles), all (every edge whose cycle can "
                "be analysed) or none");
}

}  // namespace

void addBuildCommand(CommandLine& commandLine) {
  auto [command, r] = commandLine.addCommand<BuildRequest>(
      "build", "build a fat graph (hubs, segments, fat edges) into a project",
      "Build a fat graph from motion clips: pose distances over all frames, hub poses with their match "
      "sets, segments between hubs, and fat edges of similar segments (DTW distance). Hub suggestions are "
      "accepted while each raises the coverage (the share of frames inside fat edges) by at least 2 "
      "percentage points, or exactly N with --hubs N. Thresholds are in metres (RMS joint distance after "
      "aligning the poses on the ground); when absent they are derived from the data and reported. Every "
      "fat edge is then parameterized (Fat Graph §4): sampled blends place a joint on a plane, a G x G "
      "weight grid maps plane points to blend weights, refined so the runtime's blend lands on its target; "
      "the errors are reported per edge. Under `mpirun -np K fatgraph build ...` the heavy stages are "
      "spread over K ranks.", runBuild);
  declareInputs(command, r);
  declareGraphOptions(command, r);
  declareParameterizationOptions(command, r);
  addJsonFlag(command, r.json);
}

}  // namespace fatgraph::cli
