// Retargeting per frame: CMU's figure-8 walk (31 joints) onto the adventurer (49 joints, two
// legs by IK), against the floor any retargeter that works in world space pays: forward
// kinematics of the source frame and of the target's result.
#include <benchmark/benchmark.h>

#include <vector>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/retarget/retargeting.h"

namespace {

struct Setup {
  fatgraph::Project source;
  fatgraph::Retargeter retargeter;
};

const Setup& setup() {
  static const Setup s = [] {
    Setup out;
    out.source = fatgraph::importClipSet({FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"}, {}).project;
    const fatgraph::GltfImport a = fatgraph::importGltfCharacter(FATGRAPH_DATA_DIR "/characters/adventurer.glb");
    const fatgraph::RestSkeleton from{out.source.skeleton, fatgraph::Pose::rest(out.source.skeleton)};
    const fatgraph::RestSkeleton to{a.skeleton, fatgraph::restPoseOf(a.skeleton, a.restPose)};
    out.retargeter = fatgraph::makeRetargeter(from, to, fatgraph::mapJoints(from, to), fatgraph::detectLegs(a.skeleton, &a.restPose));
    return out;
  }();
  return s;
}

void BM_Retarget_CmuToAdventurer(benchmark::State& state) {
  const Setup& s = setup();
  const fatgraph::Clip& clip = s.source.clips[0];
  const fatgraph::Clip frames = fatgraph::subClip(clip, 0, 64);
  for (auto _ : state) {
    fatgraph::Clip out = fatgraph::retargetMotion(s.retargeter, frames);
    benchmark::DoNotOptimize(out.rotations.data());
  }
  state.SetItemsProcessed(state.iterations() * frames.frameCount());
}
BENCHMARK(BM_Retarget_CmuToAdventurer)->Unit(benchmark::kMicrosecond);

// Baseline: FK of 64 source frames and of 64 target frames (its rest pose).
void BM_Baseline_TwoForwardKinematics(benchmark::State& state) {
  const Setup& s = setup();
  const fatgraph::Clip& clip = s.source.clips[0];
  const fatgraph::Skeleton& ts = s.retargeter.target.skeleton;
  const fatgraph::Pose& rest = s.retargeter.target.rest;
  std::vector<fatgraph::Quat> sr(clip.jointCount), tr(ts.jointCount());
  std::vector<fatgraph::Vec3> sp(clip.jointCount), tp(ts.jointCount());
  for (auto _ : state) {
    for (int f = 0; f < 64; ++f) {
      fatgraph::clipFrameToModel(s.source.skeleton, clip, f, sr, sp);
      fatgraph::localToModel(ts, rest.rotations, rest.translations, tr, tp);
      benchmark::DoNotOptimize(tp.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * 64);
}
BENCHMARK(BM_Baseline_TwoForwardKinematics)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
