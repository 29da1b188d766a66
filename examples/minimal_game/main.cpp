// minimal_game GRAPH.fgraph: loads an exported fat graph, plays it for 10 s of game time at
// 60 updates per second under a scripted stick (centred 3 s, left 3 s, right 4 s) and prints
// where the character's root ended up in the world: "root x y z" (metres, Y up).
//
// Between the player and the skinning jobs the game puts a layer of its own, as games do: the
// head turns towards a point of interest (a lantern 3 m to the character's left at eye height,
// at most 60 degrees). It works on a copy of the player's model-space pose, turning the head
// joint and everything below it about the head; the skinning jobs (fatgraph/runtime/jobs.h) then
// skin that pose. "look J d" names the head joint and the angle it turned in the last update.
//
// When the graph carries a body (the skinned mesh `fatgraph export` generates), it is skinned on
// the CPU every update as a renderer would skin it on the GPU, and a line gives the body's vertex
// count and its lowest point's height at the end (the soles: near the ground while walking):
// "body V y". Errors print one line on stderr and exit 1.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <vector>

#include <fatgraph/runtime/jobs.h>
#include <fatgraph/runtime/math.h>
#include <fatgraph/runtime/player.h>
#include <fatgraph/runtime/root_motion.h>
#include <fatgraph/runtime_io/runtime_graph_file.h>

namespace {

// The stick a player would hold at game time t: x > 0 steers to the character's right.
float scriptedStickX(float t) {
  if (t < 3.0f) return 0.0f;
  return t < 6.0f ? -1.0f : 1.0f;
}

// The game's own layer: turns joint `head` and its descendants (`subtree`, the head first)
// about the head so that the character's forward, as the head now carries it, points at
// `target` (model space). At most `maxAngle` radians. Returns the angle turned.
float lookAt(int head, const std::vector<int>& subtree, const fatgraph::Float3& target, float maxAngle,
             std::vector<fatgraph::Quaternion>& rotations, std::vector<fatgraph::Float3>& positions) {
  using namespace fatgraph;
  const Float3 eye = positions[head];
  // The rest pose faces +Z (every exported graph does), so the head's rotation carries +Z to
  // where the face looks now.
  const Float3 gaze = rotate(rotations[head], Float3{0, 0, 1});
  Quaternion turn = rotationBetween(gaze, target - eye);
  float angle = 2.0f * std::acos(std::min(1.0f, std::fabs(turn.w)));
  if (angle > maxAngle) {  // the same axis, the largest angle allowed
    const float s = std::sin(0.5f * maxAngle) / std::sqrt(1.0f - turn.w * turn.w);
    turn = {turn.x * s, turn.y * s, turn.z * s, std::cos(0.5f * maxAngle) * (turn.w < 0 ? -1.0f : 1.0f)};
    angle = maxAngle;
  }
  for (const int j : subtree) {
    rotations[j] = turn * rotations[j];
    positions[j] = eye + rotate(turn, positions[j] - eye);
  }
  return angle;
}

// `joint` and every joint below it, parents first.
std::vector<int> subtreeOf(const fatgraph::RuntimeSkeleton& skeleton, int joint) {
  std::vector<int> out{joint};
  for (int j = joint + 1; j < skeleton.jointCount(); ++j)
    if (std::find(out.begin(), out.end(), skeleton.parents[j]) != out.end()) out.push_back(j);
  return out;
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
    // Buffers sized once: the game's copy of the pose, the palette, the skinned vertices.
    const int joints = graph.jointCount();
    std::vector<fatgraph::Quaternion> rotations(joints);
    std::vector<fatgraph::Float3> positions(joints);
    const fatgraph::SkinnedMesh& body = graph.body;
    std::vector<fatgraph::Float4x4> palette(joints);
    std::vector<fatgraph::Float3> skinned(body.vertexCount());
    const int head = graph.skeleton.find("Head");
    const std::vector<int> headSubtree = head >= 0 ? subtreeOf(graph.skeleton, head) : std::vector<int>{};
    float lastTurn = 0.0f;

    constexpr int kUpdates = 600;
    constexpr float kDt = 1.0f / 60.0f;
    for (int i = 0; i < kUpdates; ++i) {
      player.update(kDt, scriptedStickX(i * kDt), 0.0f);
      std::copy(player.modelRotations().begin(), player.modelRotations().end(), rotations.begin());
      std::copy(player.modelPositions().begin(), player.modelPositions().end(), positions.begin());
      if (head >= 0) {
        const fatgraph::Float3 lantern{3.0f, positions[head].y, 1.0f};  // model space: x is left
        lastTurn = lookAt(head, headSubtree, lantern, 1.0472f, rotations, positions);
      }
      if (body.empty()) continue;
      const fatgraph::SkinningPaletteJob paletteJob{rotations, positions, body.inverseBind, palette};
      const fatgraph::SkinVerticesJob skinJob{&body, palette, skinned, {}};  // a renderer keeps normals
      if (!paletteJob.run() || !skinJob.run()) throw std::runtime_error("the body does not fit the graph");
    }

    // The pose is in character space; the character frame places it in the world.
    const fatgraph::CharacterFrame& frame = player.character();
    const fatgraph::Float3 world = fatgraph::toWorld(frame, positions[0]);
    std::printf("root %.6f %.6f %.6f\n", world.x, world.y, world.z);
    if (head >= 0) std::printf("look %s %.3f\n", graph.skeleton.names[head].c_str(), lastTurn * 57.29578f);
    if (!body.empty()) {
      // Only the height: the character frame turns about Y, so it adds its own height alone.
      const auto lowest = std::min_element(skinned.begin(), skinned.end(),
                                           [](const auto& a, const auto& b) { return a.y < b.y; });
      std::printf("body %d %.6f\n", body.vertexCount(), lowest->y + frame.position.y);
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "minimal_game: %s\n", e.what());
    return 1;
  }
}
