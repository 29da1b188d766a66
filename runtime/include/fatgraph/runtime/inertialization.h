#pragma once
// Inertialization of a transition's pose difference (Bollo, "Inertialization: High-Performance
// Animation Transitions in Gears of War", GDC 2018): at a hub the displayed pose switches to
// the new edge's, and the difference to the old edge's, together with the difference of their
// velocities, decays to zero by a quintic that starts with both (no jump in position or in
// velocity) and ends with zero velocity and acceleration.
//
// Per joint rotation the difference is the delta q0 = source * target^-1 (applied on the
// parent side, as the player's decaying offset is) as an angle x0 about a fixed axis; its
// velocity v0 is the rate of that angle (the axis's component: Bollo's simplification), from
// the source's last two displayed poses and the target's first two. Per animated translation
// component the same with scalars. For x0 > 0 (the axis is chosen so), a velocity away from
// zero (v0 > 0) is dropped, as Bollo does, so the offset never overshoots; the time is
// t1 = min(T, -5 x0 / v0) when v0 < 0, the initial acceleration a0 = (-8 v0 t1 - 20 x0) / t1^2,
// and x(t) = A t^5 + B t^4 + C t^3 + a0/2 t^2 + v0 t + x0 with
//   A = -(a0 t1^2 + 6 v0 t1 + 12 x0) / (2 t1^5), B = (3 a0 t1^2 + 16 v0 t1 + 30 x0) / (2 t1^4),
//   C = -(3 a0 t1^2 + 12 v0 t1 + 20 x0) / (2 t1^3),
// so x(t1) = x'(t1) = x''(t1) = 0. Everything is sized once; no allocation after resize().
#include <cstddef>
#include <vector>

namespace fatgraph {

class Inertialization {
 public:
  /// Buffers for `joints` rotations and `translated` animated translations (SoA poses, as the
  /// player's: x[J] y[J] z[J] w[J] and x[A] y[A] z[A]).
  void resize(int joints, int translated);

  /// At a transition: `source` the pose displayed at the hub and `sourceBefore` the one
  /// displayed `sourceSeconds` earlier; `target` the new edge's first pose and `targetAfter`
  /// its pose `targetSeconds` later; the offset is gone after at most `seconds`. A step of 0
  /// seconds (or non-finite input) gives velocity 0 there.
  void begin(const float* source, const float* sourceBefore, float sourceSeconds, const float* target,
             const float* targetAfter, float targetSeconds, const float* sourceTranslations,
             const float* sourceTranslationsBefore, const float* targetTranslations,
             const float* targetTranslationsAfter, float seconds);

  /// The offset `age` seconds after the transition applied to a pose of the target edge
  /// (rotations normalized again). Nothing once every joint's time has passed.
  void apply(float age, float* rotations, float* translations) const;

  /// The longest time a joint's offset lasts (t1), seconds.
  float duration() const { return duration_; }

 private:
  struct Quintic {
    float x0 = 0, v0 = 0, halfA0 = 0, a = 0, b = 0, c = 0, t1 = 0;
  };
  static Quintic quintic(float x0, float v0, float seconds);
  // The quintics as structure of arrays (one entry per joint, then per translation component),
  // so apply() runs across joints with SIMD like the player's other pose loops.
  struct Quintics {
    std::vector<float> x0, v0, halfA0, a, b, c, t1;
    void resize(std::size_t n);
    void set(std::size_t i, const Quintic& q);
    /// x(age) of entries [0, n) into out (0 past each one's t1).
    void evaluate(float age, std::size_t n, float* out) const;
  };

  int joints_ = 0, translated_ = 0;
  Quintics rotations_;                  // per joint: the angle about axes_
  std::vector<float> axisX_, axisY_, axisZ_;  // per joint: unit axis
  Quintics translations_;               // per animated translation component: 3 per joint
  mutable std::vector<float> scratch_;  // 4 J + 3 A: angles, then the offsets' x y z w; translations
  float duration_ = 0;
};

}  // namespace fatgraph
