#pragma once
// A terrain the game describes with C callbacks (fg_player_set_terrain): a height function and
// optionally a normal function, adapted to the ray queries the leg layer makes (terrain.h).
#include "fatgraph/fatgraph_runtime_c.h"
#include "fatgraph/runtime/terrain.h"

namespace fatgraph::c_api {

class CallbackTerrain final : public Terrain {
 public:
  /// `height` must not be null; `normal` may be (normals then come from height differences).
  CallbackTerrain(fg_height_fn height, fg_normal_fn normal, void* user)
      : height_(height), normal_(normal), user_(user) {}

  /// The leg layer casts straight down (leg_footprints.cpp): such a ray hits at the height
  /// under its origin when that lies within its length and not above the origin. Other rays
  /// are marched in steps of kMarchStep metres and the crossing refined by bisection. A
  /// non-finite height or normal is no hit.
  TerrainHit raycast(const Float3& origin, const Float3& direction, float maxDistance) const override;

  /// Metres between the samples of a slanted ray's march.
  static constexpr float kMarchStep = 0.05f;
  /// Half the distance between the height samples of a normal without a normal callback.
  static constexpr float kNormalStep = 0.005f;

 private:
  float height(float x, float z) const { return height_(user_, x, z); }
  /// The unit normal at (x, z), or false when it is not finite or zero.
  bool normal(float x, float z, Float3& out) const;
  TerrainHit hitAt(float x, float z, float y) const;

  fg_height_fn height_;
  fg_normal_fn normal_;
  void* user_;
};

}  // namespace fatgraph::c_api
