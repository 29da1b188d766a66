// fatgraph play GRAPH.fgraph --input INPUT.csv -o OUT.bvh|OUT.glb|OUT.gltf: plays an exported fat
// graph headless from a timed stick-and-action script, as a game would, and writes what the
// character did as a BVH file, or as glTF with the character's skinned body, with a report
// (docs/PLAY.md).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "command_line.h"
#include "command_options.h"
#include "commands.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/gltf_export.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/locomotion_settings.h"
#include "fatgraph/core/locomotion/motion_contacts.h"
#include "fatgraph/core/locomotion/play_metrics.h"
#include "fatgraph/io/atomic_file.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "option_checks.h"
#include "play_clip.h"
#include "play_input.h"
#include "play_terrain.h"
#include "play_velocity.h"

namespace fatgraph::cli {
namespace {

// Two hours at 30 fps: keeps the frames in memory (about 1.7 kB each for 31 joints) and the
// BVH text well under a gigabyte.
constexpr int kMaxPlayFrames = 216000;

// Updates per output frame: steps of at most 0.25 s (the player splits longer calls itself
// and drops play beyond 1 s per call, so a low --fps would lose time), and no longer than half
// the shortest edge, which keeps transitions to one per update at the clock rates blends
// reach, so every edge played is seen and listed.
int substepsFor(const RuntimeGraph& graph, double fps) {
  double maxStep = 0.25;
  for (const RuntimeEdge& e : graph.edges) {
    if (e.referenceDuration > 0) maxStep = std::min(maxStep, 0.5 * double(e.referenceDuration));
  }
  maxStep = std::max(maxStep, 1e-3);
  return std::clamp(int(std::ceil(1.0 / fps / maxStep - 1e-9)), 1, 64);
}

nlohmann::json point(const Vec3& p) { return {p.x(), p.y(), p.z()}; }

std::string seconds(double s) {
  std::ostringstream out;
  out << std::setprecision(4) << s;
  return out.str();
}

// The graph's blend mode when every edge shares one, else "mixed".
std::string graphBlendMode(const RuntimeGraph& graph) {
  std::string mode;
  for (const RuntimeEdge& e : graph.edges) {
    const std::string name = blendModeName(e.blend);
    if (!mode.empty() && mode != name) return "mixed";
    mode = name;
  }
  return mode.empty() ? "grid" : mode;
}

nlohmann::json millimetres(const std::optional<double>& metres) {
  return metres ? nlohmann::json(*metres * 1000.0) : nlohmann::json(nullptr);
}

// The feet judged from the frames about to be written, by rules that never read the leg
// layer's planted flags (motion_contacts.h), so a play with and without the layer compare.
MotionContacts measureWrittenContacts(const RuntimeGraph& graph, const Skeleton& skeleton, const Clip& clip,
                                     const Heightfield* ground) {
  const std::vector<int> feet = footPointJoints(skeleton, graph.legs);
  // A creature's legs may be far shorter than a human's: its rules are scaled to them.
  double legs = 0;
  for (const RuntimeLeg& l : graph.legs) legs += l.length / static_cast<double>(graph.legs.size());
  const ContactRules rules = graph.procedural() ? contactRulesForLegs(legs) : ContactRules{};
  return measureMotionContacts(jointPaths(skeleton, clip, feet), clip.fps, ground, rules);
}

std::string millimetreText(const std::optional<double>& metres) {
  if (!metres) return "n/a";
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << *metres * 1000.0 << " mm";
  return out.str();
}

// What the command line asks for, checked.
struct PlayRequest {
  std::string graphPath, inputPath, output;
  std::optional<double> fps;          // default: the graph's rate
  std::optional<std::string> terrainSpec;
  std::optional<std::string> eventsPath;  // --events EVENTS.csv
  std::optional<StickMeaning> stick;  // --stick plane|velocity; unset: the graph's
  bool legs = true, json = false;
};

// One play from the first update to the last: the written frames and what was measured.
struct PlayRun {
  Clip clip;
  PlayMetrics metrics;
  LegLayerWarnings warnings;
  bool legLayer = false;
  StickMeaning stick = StickMeaning::Plane;  // what the stick meant (--stick, else the graph's)
  std::vector<PlayerEvent> events;  // every update's, in order
  int droppedEvents = 0;
  PlayVelocityReport velocity;
};

// What the velocity measure reads from the player after an update.
VelocityObservation velocityObservation(const Player& player, const RuntimeGraph& graph, double dt) {
  VelocityObservation o;
  o.dt = dt;
  o.edge = player.currentEdge();
  o.referenceTime = player.referenceTime();
  o.transitions = player.transitionCount();
  o.requested = player.velocityControl().choosesWeights;
  o.request = player.velocityControl().requested;
  o.cycleRate = player.velocityControl().cycleRate;
  o.clips = player.animationFrame();
  o.character = player.character();
  o.stopping = player.stopping();
  o.standing = player.standing();
  o.onIdleEdge = o.stopping && o.edge >= 0 && graph.edges[std::size_t(o.edge)].idle;
  return o;
}

// The script's steering and desired velocity for one update.
void applyRequests(Player& player, const PlayUpdate& u) {
  PlayerSteering steering;
  steering.enabled = u.steer;
  steering.velocity[0] = u.steerVelocity[0];
  steering.velocity[1] = u.steerVelocity[1];
  steering.turnRate = u.steerTurn;
  player.setSteering(steering);
  if (u.velocity)
    player.setDesiredVelocity({u.desiredVelocity[0], u.desiredVelocity[1]}, u.desiredTurn);
  else
    player.clearDesiredVelocity();
  if (u.aim)
    player.aim({u.aimTarget[0], u.aimTarget[1], u.aimTarget[2]});
  else
    player.clearAim();
}

// Drives the player through the scheduled updates (the stick, actions and steering of the
// script), observing every update and keeping every output frame in world space.
PlayRun simulate(const RuntimeGraph& graph, const PlayRequest& request, const std::vector<PlayUpdate>& updates,
                 double fps, int frames, const Heightfield* ground) {
  const Skeleton skeleton = toAuthoringSkeleton(graph.skeleton);
  const int joints = skeleton.jointCount();
  PlayRun run{Clip{}, PlayMetrics(graph, ground), {}, false, StickMeaning::Plane, {}, 0, {}};
  Clip& clip = run.clip;
  clip.name = std::filesystem::path(request.output).stem().string();
  clip.fps = fps;
  clip.jointCount = joints;
  clip.rotations.reserve(size_t(frames) * size_t(joints));
  clip.translations.reserve(size_t(frames) * size_t(joints));

  PlayerOptions options;
  options.legs.enabled = request.legs;
  options.stick = request.stick;
  run.legLayer = options.legs.enabled && !graph.legs.empty() && !graph.procedural();
  Player player(graph, options);
  run.stick = player.stickMeaning();
  // No --terrain: flat ground at y = 0, the player's own default (no rays to cast).
  player.setTerrain(ground);
  run.metrics.begin(player.currentEdge(), player.character());
  PlayVelocityMeasure velocity(graph);
  velocity.begin(velocityObservation(player, graph, 0.0));
  for (const PlayerEvent& e : player.events()) run.events.push_back(e);
  std::vector<Vec3> world(static_cast<size_t>(joints));
  for (const PlayUpdate& u : updates) {
    applyRequests(player, u);
    player.update(u.dt, u.x, u.y, u.action);
    velocity.observe(velocityObservation(player, graph, u.dt));
    for (const PlayerEvent& e : player.events()) run.events.push_back(e);
    run.droppedEvents += player.droppedEvents();
    PlayObservation o;
    o.edge = player.currentEdge();
    o.time = player.referenceTime();
    o.transitions = player.transitionCount();
    o.character = player.character();
    o.planePoint = player.planePoint();
    worldPositions(o.character, player.modelPositions(), world);
    o.world = world;
    o.finite = isFinitePose(player.localRotations(), player.localTranslations(), player.modelPositions(),
                            o.character);
    o.modelRotations = player.modelRotations();
    // A creature's gait plants its own feet: the leg layer's reports are not about them.
    if (!graph.procedural()) o.legs = player.legLayer().legs();
    if (player.aimReport().active && player.aimReport().aimable) o.aim = toEigenDouble(player.aimReport().target);
    run.metrics.observe(o, u.dt, u.outputFrame);
    if (u.outputFrame) {
      appendWorldFrame(clip, skeleton, player.localRotations(), player.localTranslations(), o.character);
    }
  }
  run.warnings = player.legLayer().warnings();
  run.velocity = velocity.report();
  return run;
}

// The mesh a glTF take carries: the graph's body, or the body generated from the skeleton
// when the graph was exported without one.
SkinnedMesh takeMesh(const RuntimeGraph& graph, const Skeleton& skeleton) {
  return graph.body.empty() ? generatedBodyOrNone(skeleton) : graph.body;
}

// The played frames as BVH, or as glTF for .glb and .gltf.
void writeTake(const std::string& path, const RuntimeGraph& graph, const Skeleton& skeleton, const Clip& clip) {
  if (isGltfPath(path)) {
    exportGltf(path, skeleton, takeMesh(graph, skeleton), std::span(&clip, 1));
  } else {
    exportBvh(path, skeleton, clip);
  }
}

std::vector<std::string> playNotes(const PlayInput& input, const PlayReport& r, const std::string& inputPath) {
  std::vector<std::string> notes;
  if (input.clampedValues > 0) {
    notes.push_back(inputPath + ": " + std::to_string(input.clampedValues) +
                    " stick value(s) outside [-1, 1] clamped (first on line " +
                    std::to_string(input.firstClampedLine) + ")");
  }
  if (r.unlistedTransitions > 0) {
    notes.push_back(std::to_string(r.unlistedTransitions) +
                    " transition(s) happened inside an update with another one; their edges are not listed");
  }
  return notes;
}

nlohmann::json medianP95Json(const std::vector<double>& values) {
  const auto m = medianAndP95(values);
  return m ? nlohmann::json{{"median", m->first}, {"p95", m->second}} : nlohmann::json(nullptr);
}

// The desired velocity's figures (play_velocity.h): per edge played whole under one request.
nlohmann::json velocityJson(const PlayVelocityReport& v) {
  nlohmann::json rate = nullptr;
  if (v.slowestRate) rate = {{"min", *v.slowestRate}, {"max", *v.fastestRate}};
  return {{"requested_updates", v.requestedUpdates},
          {"edges_measured", v.clipsErrors.size()},
          {"clips_error", medianP95Json(v.clipsErrors)},
          {"character_error", medianP95Json(v.characterErrors)},
          {"clips_turn_error_rad_s", medianP95Json(v.clipsTurnErrors)},
          {"cycle_rate", rate},
          {"stops", v.timesToStand.size()},
          {"time_to_stand_s", medianP95Json(v.timesToStand)},
          {"standing_s", v.standingSeconds},
          {"idle_stops", v.timesToIdle.size()},
          {"time_to_idle_s", medianP95Json(v.timesToIdle)},
          {"idle_s", v.idleSeconds}};
}

// The aim's passes (Player::aim): over all and per edge, the joint's distance from the target.
nlohmann::json aimJson(const RuntimeGraph& graph, const PlayReport& r) {
  nlohmann::json perEdge = nlohmann::json::array();
  for (int e = 0; e < static_cast<int>(graph.edges.size()); ++e) {
    std::vector<double> errors;
    for (size_t k = 0; k < r.aimErrors.size(); ++k)
      if (r.aimEdges[k] == e) errors.push_back(r.aimErrors[k]);
    if (!errors.empty())
      perEdge.push_back({{"edge", graph.edges[size_t(e)].name}, {"passes", errors.size()}, {"error_m", medianP95Json(errors)}});
  }
  return {{"passes", r.aimErrors.size()}, {"error_m", medianP95Json(r.aimErrors)}, {"per_edge", perEdge}};
}

// Everything `play --json` and the text report say.
struct PlaySummary {
  const RuntimeGraph& graph;
  const PlayRequest& request;
  const PlayRun& run;
  const MotionContacts& contacts;
  const std::vector<std::string>& notes;
  double fps;
  std::string terrainName() const { return request.terrainSpec ? *request.terrainSpec : std::string("flat"); }
};

// The events as CSV, one row each (docs/PLAY.md): time in seconds, the kind, the leg's name
// (foot events), the edges' and hub's names, the position and normal (world, metres).
void writePlayEvents(const std::string& path, const RuntimeGraph& graph, const std::vector<PlayerEvent>& events) {
  std::ostringstream out;
  out << "time,kind,leg,edge,from_edge,hub,x,y,z,nx,ny,nz\n" << std::setprecision(9);
  auto name = [](const auto& list, int i) { return i >= 0 && i < static_cast<int>(list.size()) ? list[size_t(i)].name : std::string(); };
  for (const PlayerEvent& e : events) {
    out << e.time << ',' << playerEventName(e.kind) << ',' << name(graph.legs, e.leg) << ',' << name(graph.edges, e.edge)
        << ',' << name(graph.edges, e.fromEdge) << ',' << name(graph.hubs, e.hub) << ',' << e.position.x << ','
        << e.position.y << ',' << e.position.z << ',' << e.normal.x << ',' << e.normal.y << ',' << e.normal.z << '\n';
  }
  writeFileAtomically(path, out.str());
}

// Counts of the player's events by kind, and the foot events per leg (player_events.h).
nlohmann::json eventsJson(const RuntimeGraph& graph, const PlayRun& run) {
  nlohmann::json counts = nlohmann::json::object();
  for (PlayerEventKind k : {PlayerEventKind::FootStrike, PlayerEventKind::FootOff, PlayerEventKind::HubReached,
                            PlayerEventKind::EdgeStarted, PlayerEventKind::TransitionStarted})
    counts[playerEventName(k)] = 0;
  nlohmann::json perLeg = nlohmann::json::object();
  for (const RuntimeLeg& leg : graph.legs) perLeg[leg.name] = {{"foot_strike", 0}, {"foot_off", 0}};
  for (const PlayerEvent& e : run.events) {
    counts[playerEventName(e.kind)] = counts[playerEventName(e.kind)].get<int>() + 1;
    if (e.leg >= 0 && e.leg < static_cast<int>(graph.legs.size())) {
      nlohmann::json& leg = perLeg[graph.legs[size_t(e.leg)].name][playerEventName(e.kind)];
      leg = leg.get<int>() + 1;
    }
  }
  return {{"counts", counts}, {"per_leg", perLeg}, {"dropped", run.droppedEvents}};
}

void printPlayJson(const PlaySummary& s) {
  const PlayReport& r = s.run.metrics.report();
  const LegLayerWarnings& warnings = s.run.warnings;
  nlohmann::json edges = nlohmann::json::array();
  for (int e : r.edgesPlayed) edges.push_back(s.graph.edges[size_t(e)].name);
  nlohmann::json j = {{"output", s.request.output},
                      {"format", isGltfPath(s.request.output) ? "gltf" : "bvh"},
                      {"animations", 1},
                      {"frames", r.frames},
                      {"duration_s", (r.frames - 1) / s.fps},
                      {"fps", s.fps},
                      {"transitions", r.transitions},
                      {"edges_played", edges},
                      {"max_joint_jump_m", r.maxJointJump},
                      {"param_error_median_m", nullptr},
                      {"param_error_passes", r.paramErrors.size()},
                      {"nan_frames", r.nanFrames},
                      {"blend_mode", graphBlendMode(s.graph)},
                      {"root_start", point(r.rootStart)},
                      {"root_end", point(r.rootEnd)},
                      {"root_travel_m", r.rootTravel},
                      {"final_yaw_rad", r.finalYaw},
                      {"terrain", s.terrainName()},
                      {"leg_layer", s.run.legLayer},
                      {"stick", s.run.stick == StickMeaning::Velocity ? "velocity" : "plane"},
                      {"legs", s.graph.legs.size()},
                      {"foot_skate_mm", {{"median", millimetres(r.footSkateMedian())},
                                         {"max", millimetres(r.footSkateMax())},
                                         {"stances", r.footSkates.size()}}},
                      {"motion_contacts", {{"stances", s.contacts.stances},
                                           {"skate_mm_median", millimetres(s.contacts.skateMedian)},
                                           {"skate_mid_mm_median", millimetres(s.contacts.midSkateMedian)},
                                           {"penetration_mm", s.contacts.penetration * 1000.0}}},
                      {"penetration_mm", r.penetration * 1000.0},
                      {"leg_overextension_mm", r.legOverextension * 1000.0},
                      {"hip_jerk", r.hipJerk},
                      {"events", eventsJson(s.graph, s.run)},
                      {"velocity", velocityJson(s.run.velocity)},
                      {"aim", aimJson(s.graph, r)},
                      {"leg_warnings", {{"unreachable", warnings.unreachable},
                                        {"no_ground", warnings.noGround},
                                        {"invalid_input", warnings.invalidInput},
                                        {"no_stance", warnings.noStance}}},
                      {"notes", s.notes}};
  if (const std::optional<double> paramError = r.paramErrorMedian()) j["param_error_median_m"] = *paramError;
  std::cout << j.dump(2) << "\n";
}

void printPlayText(const PlaySummary& s) {
  const PlayReport& r = s.run.metrics.report();
  const double duration = (r.frames - 1) / s.fps;
  std::cout << "wrote " << s.request.output << ": " << r.frames << " frames at " << seconds(s.fps) << " fps ("
            << seconds(duration) << " s), " << r.transitions << " transition(s)\n"
            << std::fixed << std::setprecision(2) << "root travelled " << r.rootTravel << " m, final yaw "
            << r.finalYaw << " rad; largest joint jump " << std::setprecision(3) << r.maxJointJump << " m";
  if (r.maxJointJumpFrame >= 0) {
    std::cout << " (" << s.graph.skeleton.names[size_t(r.maxJointJumpJoint)] << ", frame " << r.maxJointJumpFrame << ")";
  }
  std::cout << "; parameter error median ";
  if (const std::optional<double> paramError = r.paramErrorMedian()) {
    std::cout << std::setprecision(4) << *paramError << " m over " << r.paramErrors.size() << " pass(es)\n";
  } else {
    std::cout << "n/a (no pass)\n";
  }
  std::cout << "terrain " << s.terrainName() << ", leg layer " << (s.run.legLayer ? "on" : "off")
            << "; foot skate of the layer's planted stances ";
  if (const std::optional<double> skate = r.footSkateMedian()) {
    std::cout << "median " << std::setprecision(2) << *skate * 1000.0 << " mm, max " << *r.footSkateMax() * 1000.0
              << " mm over " << r.footSkates.size() << " stance(s)";
  } else {
    std::cout << "n/a (no complete stance)";
  }
  std::cout << std::setprecision(1) << "; penetration " << r.penetration * 1000.0 << " mm; leg overextension "
            << r.legOverextension * 1000.0 << " mm; hip jerk " << r.hipJerk << " m/s^3\n";
  std::cout << "motion contacts (from the written frames): " << s.contacts.stances << " stance(s), skate median "
            << millimetreText(s.contacts.skateMedian) << ", mid-stance skate median "
            << millimetreText(s.contacts.midSkateMedian) << ", penetration "
            << millimetreText(s.contacts.penetration) << "\n";
  if (const auto clips = medianAndP95(s.run.velocity.clipsErrors)) {
    const auto character = medianAndP95(s.run.velocity.characterErrors);
    std::cout << std::setprecision(1) << "desired velocity over " << s.run.velocity.clipsErrors.size()
              << " whole edge(s): the clips within " << clips->first * 100.0 << " % (median; p95 "
              << clips->second * 100.0 << " %), the character within " << character->first * 100.0 << " % (p95 "
              << character->second * 100.0 << " %); cycle rate " << std::setprecision(2) << *s.run.velocity.slowestRate
              << "-" << *s.run.velocity.fastestRate << "\n";
  }
  for (const std::string& n : s.notes) std::cout << "note: " << n << "\n";
}

}  // namespace

int runPlay(const PlayRequest& request) {
  // The terrain before the graph: a mistyped preset is reported without loading anything.
  std::optional<Heightfield> terrain;
  if (request.terrainSpec) terrain = loadPlayTerrain(*request.terrainSpec);
  const Heightfield* ground = terrain ? &*terrain : nullptr;

  const RuntimeGraph graph = loadRuntimeGraph(request.graphPath);
  if (graph.edges.empty() && !graph.procedural())
    throw Error(request.graphPath + ": the graph has no fat edges to play");
  const double fps = request.fps.value_or(graph.fps);
  std::vector<std::string> edgeNames;
  for (const RuntimeEdge& e : graph.edges) edgeNames.push_back(e.name);
  const PlayInput input = readPlayInput(request.inputPath, edgeNames);
  const int frames = playFrameCount(input, fps);
  if (frames > kMaxPlayFrames) {
    throw Error(request.inputPath + ": " + std::to_string(frames) + " frames at " + seconds(fps) +
                " fps exceed the limit of " + std::to_string(kMaxPlayFrames) + "; lower --fps or shorten the input");
  }
  const std::vector<PlayUpdate> updates = schedulePlayUpdates(input, fps, substepsFor(graph, fps));
  const PlayRun run = simulate(graph, request, updates, fps, frames, ground);

  const PlayReport& r = run.metrics.report();
  // The player guarantees a finite pose; should that ever fail, no file is better than a BVH
  // that other tools misread.
  if (r.nanFrames > 0) {
    throw Error(request.graphPath + ": " + std::to_string(r.nanFrames) + " of " + std::to_string(r.frames) +
                " frames hold non-finite values (first: frame " + std::to_string(r.firstNanFrame) +
                "); nothing written");
  }
  const Skeleton skeleton = toAuthoringSkeleton(graph.skeleton);
  const MotionContacts contacts = measureWrittenContacts(graph, skeleton, run.clip, ground);
  // The small file first: a disk that fills fails it before the take replaces its old file.
  if (request.eventsPath) writePlayEvents(*request.eventsPath, graph, run.events);
  writeTake(request.output, graph, skeleton, run.clip);

  const std::vector<std::string> notes = playNotes(input, r, request.inputPath);
  const PlaySummary summary{graph, request, run, contacts, notes, fps};
  if (request.json) {
    printPlayJson(summary);
  } else {
    printPlayText(summary);
  }
  return 0;
}

void addPlayCommand(CommandLine& commandLine) {
  auto [command, r] = commandLine.addCommand<PlayRequest>(
      "play", "play a .fgraph headless from a stick script; write BVH or glTF",
      "Play an exported fat graph headless: the stick and actions of INPUT.csv (header t,x,y,action, "
      "optionally with steering steer_x,steer_z,steer_turn and a desired velocity vel_x,vel_z,turn; see "
      "docs/PLAY.md) drive the runtime player from t = 0 to the last row's time, and the character's motion "
      "is written as BVH in metres (the graph's skeleton; the root placed in the world, y = the terrain's "
      "height), or for .glb and .gltf as glTF 2.0: the skeleton, the graph's skinned body (generated from "
      "the skeleton when the graph has none) and the motion as one animation named after the file. Nothing "
      "is written on any error.", runPlay);
  command.add_option("GRAPH", r.graphPath, "the runtime graph to play")->type_name("GRAPH.fgraph")->required();
  command.add_option("--input", r.inputPath, "timed stick positions and actions")
      ->type_name("INPUT.csv")
      ->check(notEmpty("a file name"))
      ->required();
  addOutputOption(command, r.output, "OUT.bvh|OUT.glb|OUT.gltf", "BVH, .glb or .gltf file to write (atomically)")
      ->required();
  command.add_option("--fps", r.fps, "output frame rate (default: the graph's rate)")
      ->type_name("F")
      ->check(numberIn(0.0, 1000.0, true));
  command.add_option("--terrain", r.terrainSpec,
                     "ground: a preset (" + std::string(kTerrainPresetNames) + ") or a heightfield file (default: flat)")
      ->type_name("SPEC");
  command.add_option("--events", r.eventsPath,
                     "write the player's events (foot strikes and foot-offs per leg, hubs reached, edges and "
                     "transitions started), one row each: time,kind,leg,edge,from_edge,hub,x,y,z,nx,ny,nz")
      ->type_name("EVENTS.csv")
      ->check(notEmpty("a file name"));
  command
      .add_option_function<std::string>(
          "--stick",
          [request = &r](const std::string& v) {
            request->stick = v == "velocity" ? StickMeaning::Velocity : StickMeaning::Plane;
          },
          "what the stick means: a point on the edge's parameter plane (plane), or a game's speed and heading "
          "in the world (velocity: up faces +Z, right faces -X, length the speed up to the graph's fastest); "
          "default: the graph's (velocity for a graph joined by generated transitions)")
      ->type_name("plane|velocity")
      ->check(CLI::IsMember({"plane", "velocity"}));
  command.add_flag_callback("--no-legs", [request = &r] { request->legs = false; },
                            "turn the leg layer off (the blended pose as is, for comparison)");
  addJsonFlag(command, r.json);
}

}  // namespace fatgraph::cli
