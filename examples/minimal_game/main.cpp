// minimal_game GRAPH.fgraph: loads an exported fat graph, plays it for 10 s of game time at
// 60 updates per second under a scripted stick (centred 3 s, left 3 s, right 4 s) and prints
// where the character's root ended up in the world: "root x y z" (metres, Y up).
// Errors print one line on stderr and exit 1.
#include <cstdio>
#include <exception>

#include <fatgraph/runtime/player.h>
#include <fatgraph/runtime/quaternion.h>
#include <fatgraph/runtime_io/runtime_graph_file.h>

namespace {

// The stick a player would hold at game time t: x > 0 steers to the character's right.
float scriptedStickX(float t) {
  if (t < 3.0f) return 0.0f;
  return t < 6.0f ? -1.0f : 1.0f;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: minimal_game GRAPH.fgraph\n");
    return 1;
  }
  try {
    // Loading allocates and may throw; playing does neither.
    const fatgraph::RuntimeGraph graph = fatgraph::loadRuntimeGraph(argv[1]);
    fatgraph::Player player(graph);
    constexpr int kUpdates = 600;
    constexpr float kDt = 1.0f / 60.0f;
    for (int i = 0; i < kUpdates; ++i) player.update(kDt, scriptedStickX(i * kDt), 0.0f);

    // The pose is in character space; the character frame places it in the world.
    const fatgraph::CharacterFrame& frame = player.character();
    const fatgraph::Vec3 model = player.modelPositions()[0].cast<double>();
    const fatgraph::Vec3 world = fatgraph::yawRotation(frame.yaw) * model + frame.position;
    std::printf("root %.6f %.6f %.6f\n", world.x(), world.y(), world.z());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "minimal_game: %s\n", e.what());
    return 1;
  }
}
