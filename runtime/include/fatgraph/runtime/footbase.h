#pragma once
// A foot's balance and footbase (Johansen's thesis, eq. 4.5 and 4.6 as corrected in
// docs/ALGORITHMS.md): the one definition the leg layer places feet by, which the cycle
// analysis, the command line's metrics and the tests measure by too, so what authoring measures
// and what the game plays agree.
//
// A foot is two points, its heel and its toe tip. The balance says which end carries it: 0 with
// the heel lower, 1 with the toe lower, 0.5 level, and a steep sigmoid between (the sharpness
// alpha = 20: a heel 5 % of the foot's length above the toe already gives 0.75). The footbase
// is the heel end of the foot's base taken from the end on the ground: the heel itself while
// the heel is down, and toe - footVector (where the heel would be were the foot laid flat about
// its toe) while the toe is, so a foot rolling over either end keeps its footbase still.
//
// Units: metres. Any frame (world, model, a ground frame), as long as heights are measured
// along the frame's up axis; float, like the whole runtime. Callers far from the origin (world
// positions in double) keep their precision by passing points relative to the heel and adding
// the heel back. Neither function allocates or throws.
#include "fatgraph/runtime/math.h"

namespace fatgraph {

/// Alpha of eq. 4.5.
inline constexpr float kFootBalanceSharpness = 20.0f;

/// Eq. 4.5: atan((heelHeight - toeHeight) / footLength * sharpness) / pi + 0.5, in [0, 1].
/// heelHeight, toeHeight: the two ends' heights above a common floor, or each above the ground
/// under it (only the difference counts). footLength: metres, > 0 (the caller decides what a
/// foot without length means).
float footBalance(float heelHeight, float toeHeight, float footLength,
                  float sharpness = kFootBalanceSharpness);

/// Corrected eq. 4.6: heel (1 - balance) + (toe - footVector) balance. footVector: the foot's
/// heel -> toe direction along the ground (horizontal, or in the ground's tangent plane) scaled
/// to the foot's length.
Float3 footbase(const Float3& heel, const Float3& toe, const Float3& footVector, float balance);

/// The footVector's direction (unit, horizontal) for a foot whose heel -> toe vector is
/// `heelToToe`, the character facing `forward` (horizontal, unit): the ground projection, kept
/// on the forward side so that a foot pitched past vertical (toe under or behind the heel, a
/// run's kick-back) does not turn it round and make the footbase jump by twice the foot's
/// length; leaned towards forward while the projection is shorter than half the foot.
Float3 footGroundDirection(const Float3& heelToToe, const Float3& forward, float footLength);

}  // namespace fatgraph
