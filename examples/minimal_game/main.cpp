// minimal_game GRAPH.fgraph: loads an exported fat graph, plays it for 10 s of game time at
// 60 updates per second under a scripted stick (centred 3 s, left 3 s, right 4 s) and prints
// where the character's root ended up in the world: "root x y z" (metres, Y up). When the graph
// carries a body (the skinned mesh `fatgraph export` generates), it is skinned on the CPU every
// update as a renderer would skin it on the GPU, and a second line gives the body's vertex count
// and its lowest point's height at the end (the soles: near the ground while walking):
// "body V y". Errors print one line on stderr and exit 1.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <vector>

#include <fatgraph/runtime/player.h>
#include <fatgraph/runtime/quaternion.h>
#include <fatgraph/runtime/skinning.h>
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
    // Skinning buffers, sized once: the palette job wants the pose in double precision.
    const fatgraph::SkinnedMesh& body = graph.body;
    const int joints = graph.jointCount();
    std::vector<fatgraph::Quat> rotations(joints);
    std::vector<fatgraph::Vec3> positions(joints);
    std::vector<fatgraph::SkinMatrix> palette(joints);
    std::vector<fatgraph::Vec3f> skinned(body.vertexCount());
    constexpr int kUpdates = 600;
    constexpr float kDt = 1.0f / 60.0f;
    for (int i = 0; i < kUpdates; ++i) {
      player.update(kDt, scriptedStickX(i * kDt), 0.0f);
      if (body.empty()) continue;
      for (int j = 0; j < joints; ++j) {
        rotations[j] = player.modelRotations()[j].cast<double>();
        positions[j] = player.modelPositions()[j].cast<double>();
      }
      fatgraph::skinningPalette(rotations, positions, body.inverseBind, palette);
      fatgraph::skinVertices(body, palette, skinned, {});  // a renderer would keep the normals
    }

    // The pose is in character space; the character frame places it in the world.
    const fatgraph::CharacterFrame& frame = player.character();
    const fatgraph::Vec3 model = player.modelPositions()[0].cast<double>();
    const fatgraph::Vec3 world = fatgraph::yawRotation(frame.yaw) * model + frame.position;
    std::printf("root %.6f %.6f %.6f\n", world.x(), world.y(), world.z());
    if (!body.empty()) {
      // Only the height: the character frame turns about Y, so it adds its own height alone.
      const auto lowest = std::min_element(skinned.begin(), skinned.end(),
                                           [](const auto& a, const auto& b) { return a.y() < b.y(); });
      std::printf("body %d %.6f\n", body.vertexCount(), lowest->y() + frame.position.y());
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "minimal_game: %s\n", e.what());
    return 1;
  }
}
