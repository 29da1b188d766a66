#pragma once
// The input of `fatgraph play` (docs/PLAY.md): a CSV of timed stick positions and actions,
// and the schedule of player updates it gives at an output frame rate.
//
// Format: the header `t,x,y,action`, optionally followed by the groups `,steer_x,steer_z,steer_turn`,
// `,vel_x,vel_z,turn` and `,aim_x,aim_y,aim_z` (any of them, in this order), then one row per
// change of input. t is seconds (>= 0, not
// decreasing; equal times allowed), x and y are the stick's axes (clamped to [-1, 1]), action
// names a fat edge or is empty. A row's stick holds from its time until the next row's; before
// the first row the stick is centred. Fields may be double-quoted (RFC 4180, `""` for a quote)
// so an edge name can hold a comma. The steering columns (m/s left, m/s forward, rad/s left)
// make the game move the character itself from that row on (Player::setSteering); a row with
// all three empty hands the character back to the clips' root motion. The velocity columns
// (the same frame and units) ask for a velocity (Player::setDesiredVelocity) from that row on,
// overriding the stick and the steering; all three empty hands control back to the stick. The
// aim columns (metres, the edge-start character frame: x left, y up, z forward) aim the edges'
// parameterized joint at that point (Player::aim) from that row on; all three empty stop aiming.
// Lines may end in CRLF; a UTF-8 byte-order mark and
// blank lines are ignored.
#include <string>
#include <string_view>
#include <vector>

namespace fatgraph::cli {

/// The longest input `play` accepts (seconds): one hour of play.
inline constexpr double kMaxPlayInputSeconds = 3600.0;

struct PlayInputRow {
  int line = 0;        // 1-based line in the file (for messages)
  double time = 0;     // seconds
  float x = 0, y = 0;  // stick, clamped to [-1, 1]
  int action = -1;     // edge index, -1 for none
  bool steer = false;  // steering columns given (non-empty) in this row
  float steerVelocity[2] = {0, 0};  // m/s, x left, z forward (character frame)
  float steerTurn = 0;              // rad/s, positive left
  bool velocity = false;  // velocity columns given (non-empty) in this row
  float desiredVelocity[2] = {0, 0};  // m/s, x left, z forward (character frame)
  float desiredTurn = 0;              // rad/s, positive left
  bool aim = false;         // aim columns given (non-empty) in this row
  float aimTarget[3] = {0, 0, 0};  // metres, edge-start character frame
};

struct PlayInput {
  std::vector<PlayInputRow> rows;  // at least one, times not decreasing
  int clampedValues = 0;           // stick values that were outside [-1, 1]
  int firstClampedLine = 0;        // line of the first of them (0 when none)

  double duration() const { return rows.back().time; }
};

/// Parses CSV text; `fileName` prefixes every message. Action names are resolved against
/// `edgeNames` (the graph's edges, index = edge index). Throws fatgraph::FileError
/// "<file>:<line>: <what>" for a missing or other header, a wrong column count, a field that
/// is not a finite number, a negative time, a time going backwards or beyond
/// kMaxPlayInputSeconds, an unknown edge name, an unterminated quote, a NUL byte (binary
/// data), or a file without rows.
PlayInput parsePlayInput(std::string_view text, const std::string& fileName,
                         const std::vector<std::string>& edgeNames);

/// Reads and parses a file (FileError also when it cannot be read).
PlayInput readPlayInput(const std::string& path, const std::vector<std::string>& edgeNames);

/// One call of Player::update.
struct PlayUpdate {
  double time = 0;   // seconds at the end of the update (when its input is read)
  float dt = 0;      // seconds played by it (0 for the very first)
  float x = 0, y = 0;
  int action = -1;   // edge index to request, -1 none
  bool outputFrame = false;  // the pose after this update is an output frame
  bool steer = false;        // the steering in force (from the last row reached)
  float steerVelocity[2] = {0, 0};
  float steerTurn = 0;
  bool velocity = false;     // the desired velocity in force (from the last row reached)
  float desiredVelocity[2] = {0, 0};
  float desiredTurn = 0;
  bool aim = false;          // the aim in force (from the last row reached)
  float aimTarget[3] = {0, 0, 0};
};

/// Output frame count: frames at 0, 1/fps, ... up to the last row's time (at least one).
int playFrameCount(const PlayInput& input, double fps);

/// The updates that play `input` at `fps`: the first at t = 0 with dt = 0 (frame 0), then
/// every frame interval in `substeps` equal updates (the last of them gives the frame). Each
/// update reads the stick of the last row at or before its time and requests the action of the
/// last non-empty row in (previous update's time, its time], so each row's action is sent
/// exactly once, in the first update at or after the row's time (a later action in the same
/// update replaces it, as the player's latch would).
std::vector<PlayUpdate> schedulePlayUpdates(const PlayInput& input, double fps, int substeps = 1);

}  // namespace fatgraph::cli
