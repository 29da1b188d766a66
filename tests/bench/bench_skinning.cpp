// Skinning per frame (issue #14): the palette job (M_i = A_i B_i^-1) for the 31-joint CMU rig
// cycling through 144_03's frames and for a 100-joint rig in random poses, and CPU linear blend
// skinning of the body generated for 144_03's skeleton (positions and normals).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/pose.h"
#include "fatgraph/eigen_bridge.h"

namespace {

using namespace fatgraph;

// Model-space frames of a clip in float, as the player hands them to the palette job, computed
// once so the benchmarks time skinning alone.
struct ModelFrames {
  int joints = 0;
  std::vector<std::vector<Quaternion>> rotations;
  std::vector<std::vector<Float3>> positions;

  void add(const std::vector<Quat>& r, const std::vector<Vec3>& x) {
    rotations.emplace_back();
    positions.emplace_back();
    for (std::size_t j = 0; j < r.size(); ++j) {
      rotations.back().push_back(toQuaternion(r[j]));
      positions.back().push_back(toFloat3(x[j]));
    }
  }
};

ModelFrames clipFrames(const BvhImport& b) {
  ModelFrames m;
  m.joints = b.skeleton.jointCount();
  std::vector<Quat> r(m.joints);
  std::vector<Vec3> x(m.joints);
  for (int f = 0; f < b.clip.frameCount(); ++f) {
    clipFrameToModel(b.skeleton, b.clip, f, r, x);
    m.add(r, x);
  }
  return m;
}

// A 100-joint tree (each joint hangs off a random earlier one) in 64 random poses.
ModelFrames randomFrames(int joints) {
  std::mt19937 rng(11);
  std::normal_distribution<double> n(0.0, 1.0);
  Skeleton s;
  for (int j = 0; j < joints; ++j)
    s.addJoint("j" + std::to_string(j), j == 0 ? -1 : static_cast<int>(rng() % j),
               Vec3(0.1 * n(rng), 0.1 * n(rng), 0.1 * n(rng)), j == 0);
  ModelFrames m;
  m.joints = joints;
  std::vector<Quat> r(joints);
  std::vector<Vec3> x(joints);
  for (int f = 0; f < 64; ++f) {
    Pose p = Pose::rest(s);
    for (Quat& q : p.rotations) q = Quat(n(rng), n(rng), n(rng), n(rng)).normalized();
    localToModel(s, p.rotations, p.translations, r, x);
    m.add(r, x);
  }
  return m;
}

std::vector<Float4x4> restInverseBind(const ModelFrames& frames) {
  std::vector<Float4x4> out(frames.joints);
  inverseBindMatrices(frames.rotations[0], frames.positions[0], out);
  return out;
}

void runPalette(benchmark::State& state, const ModelFrames& frames) {
  const std::vector<Float4x4> inverseBind = restInverseBind(frames);
  std::vector<Float4x4> palette(frames.joints);
  std::size_t frame = 0;
  for (auto _ : state) {
    SkinningPaletteJob{frames.rotations[frame], frames.positions[frame], inverseBind, palette}.run();
    benchmark::DoNotOptimize(palette.data());
    benchmark::ClobberMemory();
    if (++frame == frames.rotations.size()) frame = 0;
  }
  state.SetItemsProcessed(state.iterations() * frames.joints);  // joints per second
  state.counters["joints"] = frames.joints;
}

void BM_SkinningPalette_Cmu31(benchmark::State& state) {
  const ModelFrames frames = clipFrames(importBvh(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"));
  runPalette(state, frames);
}
BENCHMARK(BM_SkinningPalette_Cmu31)->Unit(benchmark::kNanosecond);

void BM_SkinningPalette_Random100(benchmark::State& state) {
  runPalette(state, randomFrames(100));
}
BENCHMARK(BM_SkinningPalette_Random100)->Unit(benchmark::kNanosecond);

// One frame of CPU skinning of 144_03's generated body: positions, and normals when range(0).
void BM_SkinVertices_Body144(benchmark::State& state) {
  const BvhImport b = importBvh(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
  const SkinnedMesh mesh = generateBody(b.skeleton).mesh;
  const ModelFrames frames = clipFrames(b);
  // The palettes of every frame, so the loop times the vertex job alone.
  std::vector<std::vector<Float4x4>> palettes(frames.rotations.size(), std::vector<Float4x4>(frames.joints));
  for (std::size_t f = 0; f < palettes.size(); ++f)
    SkinningPaletteJob{frames.rotations[f], frames.positions[f], mesh.inverseBind, palettes[f]}.run();
  std::vector<Float3> positions(mesh.vertexCount()), normals(state.range(0) ? mesh.vertexCount() : 0);
  std::size_t frame = 0;
  for (auto _ : state) {
    SkinVerticesJob{&mesh, palettes[frame], positions, normals}.run();
    benchmark::DoNotOptimize(positions.data());
    benchmark::DoNotOptimize(normals.data());
    benchmark::ClobberMemory();
    if (++frame == palettes.size()) frame = 0;
  }
  state.SetItemsProcessed(state.iterations() * mesh.vertexCount());  // vertices per second
  state.counters["vertices"] = mesh.vertexCount();
  state.counters["triangles"] = mesh.triangleCount();
  state.SetLabel(std::to_string(mesh.vertexCount()) + " vertices" + (state.range(0) ? " + normals" : ""));
}
BENCHMARK(BM_SkinVertices_Body144)->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
