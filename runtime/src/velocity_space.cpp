// Each edge's velocities over its control plane, measured by playing the edge (velocity_space.h).
#include "fatgraph/runtime/velocity_space.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "fatgraph/runtime/band_blend.h"
#include "fatgraph/runtime/edge_blend.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph {

namespace {

constexpr int kBandLattice = 17;        // points per axis over a band edge's velocity plane
constexpr int kLargestLattice = 65;     // a finer weight grid is sampled at every other vertex
constexpr int kStepsPerEdge = 24;      // clock steps per played edge: eq. 2 is first order
constexpr int kMostSteps = 4 * kStepsPerEdge;  // a clock slower than the reference still ends
constexpr int kRefinements = 6;        // Gauss-Newton steps after the lattice scan

bool finite(const PlanarVelocity& v) {
  return std::isfinite(v.velocity.x) && std::isfinite(v.velocity.y) && std::isfinite(v.turnRate);
}

// The heading-frame velocity and turning rate of a constant-turn arc whose chord (start frame)
// is `chord`, turning `yaw` over `seconds`: the inverse of Player::steeredDelta.
PlanarVelocity arcVelocity(float chordX, float chordZ, double yaw, double seconds) {
  PlanarVelocity v;
  if (!(seconds > 0.0)) return v;
  const double half = 0.5 * yaw;
  const double sinc = std::abs(half) < 1e-6 ? 1.0 : std::sin(half) / half;
  const double c = std::cos(half), s = std::sin(half);
  // R_y(-half) undoes the half turn the chord carries (yaw turns +Z towards +X).
  const double x = c * chordX - s * chordZ, z = s * chordX + c * chordZ;
  v.velocity = {static_cast<float>(x / (seconds * sinc)), static_cast<float>(z / (seconds * sinc))};
  v.turnRate = static_cast<float>(yaw / seconds);
  return finite(v) ? v : PlanarVelocity{};
}

// Plays `edge` from start to end with the weights of control-plane point `point`.
PlanarVelocity playEdge(const RuntimeGraph& graph, int edge, const Float2& point, EdgeBlend& blend,
                        BandBlend& bands) {
  const RuntimeEdge& e = graph.edges[edge];
  blend.begin(edge);
  if (e.blend == EdgeBlendMode::Grid) {
    blend.setPlanePoint(point.x, point.y);
  } else {
    const Span<const float> weights = bands.evaluate(e, point);
    if (!weights.empty()) blend.setWeights(weights);
  }
  const float step = std::max(e.referenceDuration, 1e-3f) / kStepsPerEdge;
  CharacterFrame frame;
  double seconds = 0, yaw = 0;
  for (int i = 0; i < kMostSteps && !blend.finished(); ++i) {
    const RootDelta d = blend.advance(step);
    seconds += step - blend.unplayedTime();
    yaw += d.yaw;
    frame = applyRootDelta(frame, d);
  }
  return arcVelocity(frame.position.x, frame.position.z, yaw, seconds);
}

float squaredError(const PlanarVelocity& a, const PlanarVelocity& b, float turnRadius) {
  const float dx = a.velocity.x - b.velocity.x, dz = a.velocity.y - b.velocity.y;
  const float dw = turnRadius * (a.turnRate - b.turnRate);
  return dx * dx + dz * dz + dw * dw;
}

// Plays `e` at every point of its lattice over the control plane the player maps into: the
// grid's bounds, or the band mapping's velocity range (an edge without a grid plays its
// reference segment wherever the stick is).
RuntimeVelocitySpace measureEdge(const RuntimeGraph& graph, int e, EdgeBlend& blend, BandBlend& bands) {
  const RuntimeEdge& edge = graph.edges[e];
  const RuntimeParameterSpace& p = edge.parameters;
  RuntimeVelocitySpace table;
  for (int a = 0; a < 2; ++a) {
    if (edge.blend != EdgeBlendMode::Grid) {
      table.min[a] = edge.joystick.rangeMin[a];
      table.max[a] = edge.joystick.rangeMax[a];
    } else if (p.gridResolution > 0) {
      table.min[a] = p.gridMin[a];
      table.max[a] = p.gridMax[a];
    } else {
      table.min[a] = table.max[a] = edge.joystick.neutral[a];
    }
  }
  // A grid edge is measured at its weight grid's vertices: between them the weights are
  // bilinear, so the velocity nearly is. A band edge's weights vary smoothly with velocity.
  int n = kBandLattice;
  if (edge.blend == EdgeBlendMode::Grid) {
    n = p.gridResolution > 1 ? p.gridResolution : 2;
    while (n > kLargestLattice) n = (n + 1) / 2;
  }
  table.n = n;
  table.points.resize(static_cast<std::size_t>(n) * n * 3);
  for (int iy = 0; iy < n; ++iy)
    for (int ix = 0; ix < n; ++ix) {
      const float fx = float(ix) / float(n - 1), fy = float(iy) / float(n - 1);
      const Float2 point{table.min[0] + fx * (table.max[0] - table.min[0]),
                         table.min[1] + fy * (table.max[1] - table.min[1])};
      const PlanarVelocity v = playEdge(graph, e, point, blend, bands);
      float* out = &table.points[3 * (static_cast<std::size_t>(iy) * n + ix)];
      out[0] = v.velocity.x;
      out[1] = v.velocity.y;
      out[2] = v.turnRate;
    }
  return table;
}

}  // namespace

RuntimeVelocitySpace VelocitySpace::measure(const RuntimeGraph& graph, int edge) {
  if (edge < 0 || edge >= static_cast<int>(graph.edges.size())) return {};
  EdgeBlend blend(graph);
  BandBlend bands(graph);
  return measureEdge(graph, edge, blend, bands);
}

VelocitySpace::VelocitySpace(const RuntimeGraph& graph) : graph_(&graph) {
  EdgeBlend blend(graph);
  BandBlend bands(graph);
  tables_.resize(graph.edges.size());
  for (std::size_t e = 0; e < graph.edges.size(); ++e) {
    // A stored space (validated with the graph: n >= 2, n^2 finite triples) is used as is.
    const RuntimeVelocitySpace& stored = graph.edges[e].velocitySpace;
    const RuntimeVelocitySpace measured =
        stored.empty() ? measureEdge(graph, static_cast<int>(e), blend, bands) : RuntimeVelocitySpace{};
    const RuntimeVelocitySpace& space = stored.empty() ? measured : stored;
    EdgeTable& table = tables_[e];
    for (int a = 0; a < 2; ++a) {
      table.min[a] = space.min[a];
      table.max[a] = space.max[a];
    }
    table.n = space.n;
    table.points.resize(static_cast<std::size_t>(space.n) * space.n);
    for (std::size_t k = 0; k < table.points.size(); ++k)
      table.points[k] = {{space.points[3 * k], space.points[3 * k + 1]}, space.points[3 * k + 2]};
  }
}

Float2 VelocitySpace::latticePoint(const EdgeTable& table, float ix, float iy) const {
  const float fx = ix / float(table.n - 1), fy = iy / float(table.n - 1);
  return {table.min[0] + fx * (table.max[0] - table.min[0]), table.min[1] + fy * (table.max[1] - table.min[1])};
}

PlanarVelocity VelocitySpace::interpolate(const EdgeTable& table, float ix, float iy) const {
  const int n = table.n;
  ix = std::clamp(ix, 0.0f, float(n - 1));
  iy = std::clamp(iy, 0.0f, float(n - 1));
  const int x0 = std::min(static_cast<int>(ix), n - 2), y0 = std::min(static_cast<int>(iy), n - 2);
  const float ax = ix - x0, ay = iy - y0;
  const PlanarVelocity* row0 = &table.points[y0 * n + x0];
  const PlanarVelocity* row1 = row0 + n;
  const float w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
  PlanarVelocity v;
  v.velocity.x = w00 * row0[0].velocity.x + w10 * row0[1].velocity.x + w01 * row1[0].velocity.x + w11 * row1[1].velocity.x;
  v.velocity.y = w00 * row0[0].velocity.y + w10 * row0[1].velocity.y + w01 * row1[0].velocity.y + w11 * row1[1].velocity.y;
  v.turnRate = w00 * row0[0].turnRate + w10 * row0[1].turnRate + w01 * row1[0].turnRate + w11 * row1[1].turnRate;
  return v;
}

PlanarVelocity VelocitySpace::at(int edge, const Float2& planePoint) const {
  if (edge < 0 || edge >= static_cast<int>(tables_.size())) return {};
  const EdgeTable& t = tables_[edge];
  auto coordinate = [&](float value, int a) {
    const float span = t.max[a] - t.min[a];
    return span > 0.0f && std::isfinite(value) ? (value - t.min[a]) / span * float(t.n - 1) : 0.0f;
  };
  return interpolate(t, coordinate(planePoint.x, 0), coordinate(planePoint.y, 1));
}

// The lattice scan finds the basin; Gauss-Newton on the bilinear interpolant (the Jacobian by
// central differences, Levenberg-damped) moves between lattice points, keeping only steps that
// lower the error.
VelocityMatch VelocitySpace::match(int edge, const PlanarVelocity& requested, float turnRadius,
                                   const Float2* from) const {
  VelocityMatch best;
  if (edge < 0 || edge >= static_cast<int>(tables_.size())) return best;
  const PlanarVelocity request = finite(requested) ? requested : PlanarVelocity{};
  const float radius = std::isfinite(turnRadius) && turnRadius > 0.0f ? turnRadius : 0.0f;
  const EdgeTable& t = tables_[edge];
  float bestError = std::numeric_limits<float>::infinity();
  float ix = 0, iy = 0;
  if (from != nullptr && std::isfinite(from->x) && std::isfinite(from->y)) {
    const auto coordinate = [&](float value, int a) {
      const float span = t.max[a] - t.min[a];
      return span > 0.0f ? std::clamp((value - t.min[a]) / span * float(t.n - 1), 0.0f, float(t.n - 1)) : 0.0f;
    };
    ix = coordinate(from->x, 0);
    iy = coordinate(from->y, 1);
    bestError = squaredError(interpolate(t, ix, iy), request, radius);
  } else {
    for (int y = 0; y < t.n; ++y)
      for (int x = 0; x < t.n; ++x) {
        const float e = squaredError(t.points[y * t.n + x], request, radius);
        if (e < bestError) bestError = e, ix = float(x), iy = float(y);
      }
  }
  const auto residual = [&](float x, float y, float r[3]) {
    const PlanarVelocity v = interpolate(t, x, y);
    r[0] = v.velocity.x - request.velocity.x;
    r[1] = v.velocity.y - request.velocity.y;
    r[2] = radius * (v.turnRate - request.turnRate);
  };
  constexpr float h = 0.05f;  // lattice units
  for (int it = 0; it < kRefinements && bestError > 1e-10f; ++it) {
    float r[3], px[3], mx[3], py[3], my[3];
    residual(ix, iy, r);
    residual(ix + h, iy, px);
    residual(ix - h, iy, mx);
    residual(ix, iy + h, py);
    residual(ix, iy - h, my);
    float a = 0, b = 0, c = 0, gx = 0, gy = 0;  // J^T J = [a b; b c], J^T r = (gx, gy)
    for (int k = 0; k < 3; ++k) {
      const float jx = (px[k] - mx[k]) / (2 * h), jy = (py[k] - my[k]) / (2 * h);
      a += jx * jx, b += jx * jy, c += jy * jy, gx += jx * r[k], gy += jy * r[k];
    }
    const float damping = 1e-4f * (a + c) + 1e-12f;
    a += damping, c += damping;
    const float det = a * c - b * b;
    if (!(det > 0.0f)) break;
    float dx = -(c * gx - b * gy) / det, dy = -(a * gy - b * gx) / det;
    bool improved = false;
    for (int halving = 0; halving < 4 && !improved; ++halving, dx *= 0.5f, dy *= 0.5f) {
      const float nx = std::clamp(ix + dx, 0.0f, float(t.n - 1));
      const float ny = std::clamp(iy + dy, 0.0f, float(t.n - 1));
      const float e = squaredError(interpolate(t, nx, ny), request, radius);
      if (e < bestError) bestError = e, ix = nx, iy = ny, improved = true;
    }
    if (!improved) break;
  }
  best.planePoint = latticePoint(t, ix, iy);
  best.achieved = interpolate(t, ix, iy);
  best.error = std::sqrt(bestError);
  return best;
}

Float2 VelocitySpace::speedRange(int edge) const {
  if (edge < 0 || edge >= static_cast<int>(tables_.size())) return {};
  float lo = std::numeric_limits<float>::infinity(), hi = 0.0f;
  for (const PlanarVelocity& v : tables_[edge].points) {
    const float speed = std::hypot(v.velocity.x, v.velocity.y);
    lo = std::min(lo, speed);
    hi = std::max(hi, speed);
  }
  return {std::isfinite(lo) ? lo : 0.0f, hi};
}

}  // namespace fatgraph
