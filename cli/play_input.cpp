#include "play_input.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "fatgraph/core/model/error.h"

namespace fatgraph::cli {
namespace {

constexpr std::string_view kHeader = "t,x,y,action";
// The optional column groups (docs/PLAY.md), any of them, in this order: the game steering
// the character itself, and a desired velocity that chooses edges, weights and cycle rate.
struct ColumnGroup {
  std::string_view header;
  const char* names[3];
};
enum Group { kSteer = 0, kVelocity = 1, kAim = 2 };
constexpr ColumnGroup kGroups[3] = {{",steer_x,steer_z,steer_turn", {"steer_x", "steer_z", "steer_turn"}},
                                    {",vel_x,vel_z,turn", {"vel_x", "vel_z", "turn"}},
                                    {",aim_x,aim_y,aim_z", {"aim_x", "aim_y", "aim_z"}}};
constexpr std::string_view kAcceptedHeaders =
    "t,x,y,action, optionally followed by any of ,steer_x,steer_z,steer_turn ,vel_x,vel_z,turn "
    ",aim_x,aim_y,aim_z in this order";

// The header's optional groups (kGroups, in order), or false when it is not one of the
// accepted headers.
bool readHeader(std::string_view line, bool present[3]) {
  if (!line.starts_with(kHeader)) return false;
  line.remove_prefix(kHeader.size());
  for (int g = 0; g < 3; ++g) {
    present[g] = line.starts_with(kGroups[g].header);
    if (present[g]) line.remove_prefix(kGroups[g].header.size());
  }
  return line.empty();
}

// A group of three optional numbers: all empty gives false (the group is off on this row).
bool readGroup(const std::vector<std::string>& fields, size_t first, const char* const names[3], float out[3],
               const std::string& file, int line);

// Splits one line into fields; quoted fields may hold commas and "" for a quote. Returns
// false for an unterminated quote or text after a closing quote.
bool splitFields(std::string_view line, std::vector<std::string>& fields) {
  fields.clear();
  size_t i = 0;
  while (true) {
    std::string field;
    if (i < line.size() && line[i] == '"') {
      ++i;
      while (true) {
        if (i >= line.size()) return false;
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += line[i++];
      }
      if (i < line.size() && line[i] != ',') return false;
    } else {
      const size_t end = std::min(line.find(',', i), line.size());
      field.assign(line.substr(i, end - i));
      i = end;
    }
    fields.push_back(std::move(field));
    if (i >= line.size()) return true;
    ++i;  // the comma
  }
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A field as a finite double; the message says which column and what was found.
double number(std::string_view field, const char* column, const std::string& file, int line) {
  std::string_view text = trimmed(field);
  if (text.empty()) throw FileError(file, line, std::string(column) + " is empty");
  std::string_view digits = text;
  if (digits.front() == '+') digits.remove_prefix(1);
  double value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range) {
    throw FileError(file, line, std::string(column) + " '" + std::string(text) + "' is out of range");
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    throw FileError(file, line, std::string(column) + " '" + std::string(text) + "' is not a number");
  }
  if (!std::isfinite(value)) {
    throw FileError(file, line, std::string(column) + " '" + std::string(text) + "' is not finite");
  }
  return value;
}

// Numbers shortest-form for messages ("1.2", not "1.200000").
std::string shortNumber(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

bool readGroup(const std::vector<std::string>& fields, size_t first, const char* const names[3], float out[3],
               const std::string& file, int line) {
  bool any = false;
  for (size_t k = 0; k < 3; ++k) any = any || !trimmed(fields[first + k]).empty();
  if (!any) return false;
  for (size_t k = 0; k < 3; ++k) out[k] = float(number(fields[first + k], names[k], file, line));
  return true;
}

// Where a row is read from, for messages.
struct RowPlace {
  const std::string& file;
  int line;
};

// The row's time in seconds: not negative, within the limit, not before the previous row's.
double rowTime(std::string_view field, const PlayInput& input, const RowPlace& at) {
  const double time = number(field, "t", at.file, at.line);
  if (time < 0) throw FileError(at.file, at.line, "time " + shortNumber(time) + " is negative");
  if (time > kMaxPlayInputSeconds) {
    throw FileError(at.file, at.line, "time " + shortNumber(time) + " is beyond the limit of " +
                                          shortNumber(kMaxPlayInputSeconds) + " s");
  }
  if (!input.rows.empty() && time < input.rows.back().time) {
    throw FileError(at.file, at.line, "time " + shortNumber(time) + " goes backwards (previous " +
                                          shortNumber(input.rows.back().time) + ")");
  }
  return time;
}

// The stick is a unit square; values outside are clamped (and counted for the report) rather
// than rejected, as a game would clamp a noisy pad.
void readStick(const std::vector<std::string>& fields, PlayInputRow& row, PlayInput& input, const RowPlace& at) {
  float* axes[2] = {&row.x, &row.y};
  for (int a = 0; a < 2; ++a) {
    const double v = number(fields[size_t(1 + a)], a == 0 ? "x" : "y", at.file, at.line);
    if (v < -1.0 || v > 1.0) {
      if (input.clampedValues++ == 0) input.firstClampedLine = at.line;
    }
    *axes[a] = float(std::clamp(v, -1.0, 1.0));
  }
}

// The fat edge an action names (its index), -1 for no action.
int rowAction(std::string_view field, const std::vector<std::string>& edgeNames, const RowPlace& at) {
  const std::string_view action = trimmed(field);
  if (action.empty()) return -1;
  const auto it = std::find(edgeNames.begin(), edgeNames.end(), action);
  if (it == edgeNames.end()) {
    throw FileError(at.file, at.line, "action '" + std::string(action) + "' names no fat edge of the graph");
  }
  return int(it - edgeNames.begin());
}

// The optional groups the header has. Each group with all three fields empty is off on this
// row: steering leaves the character to the clips' root motion, an empty velocity hands control
// back to the stick.
void readOptionalGroups(const std::vector<std::string>& fields, const bool groups[3], PlayInputRow& row,
                        const RowPlace& at) {
  size_t next = 4;
  bool given[3] = {false, false, false};
  float v[3][3] = {};
  for (int g = 0; g < 3; ++g) {
    if (!groups[g]) continue;
    given[g] = readGroup(fields, next, kGroups[g].names, v[g], at.file, at.line);
    next += 3;
  }
  row.steer = given[kSteer];
  row.steerVelocity[0] = v[kSteer][0], row.steerVelocity[1] = v[kSteer][1], row.steerTurn = v[kSteer][2];
  row.velocity = given[kVelocity];
  row.desiredVelocity[0] = v[kVelocity][0], row.desiredVelocity[1] = v[kVelocity][1], row.desiredTurn = v[kVelocity][2];
  row.aim = given[kAim];
  for (int k = 0; k < 3; ++k) row.aimTarget[k] = v[kAim][k];
}

// One data row of the fields the header announced.
PlayInputRow readRow(const std::vector<std::string>& fields, const bool groups[3],
                     const std::vector<std::string>& edgeNames, PlayInput& input, const RowPlace& at) {
  PlayInputRow row;
  row.line = at.line;
  row.time = rowTime(fields[0], input, at);
  readStick(fields, row, input, at);
  row.action = rowAction(fields[3], edgeNames, at);
  readOptionalGroups(fields, groups, row, at);
  return row;
}

// The header's column groups, or a FileError showing the start of the line found instead.
void checkHeader(std::string_view line, bool groups[3], const RowPlace& at) {
  if (readHeader(line, groups)) return;
  const std::string shown = line.size() > 60 ? std::string(line.substr(0, 60)) + "..." : std::string(line);
  throw FileError(at.file, at.line, "expected the header " + std::string(kAcceptedHeaders) + ", got '" + shown + "'");
}

}  // namespace

PlayInput parsePlayInput(std::string_view text, const std::string& fileName,
                         const std::vector<std::string>& edgeNames) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  if (text.empty()) throw FileError(fileName, 0, "empty file (expected the header t,x,y,action)");
  PlayInput input;
  std::vector<std::string> fields;
  bool headerSeen = false;
  bool groups[3] = {false, false, false};
  size_t columns = 4;
  std::string header;
  int lineNumber = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    ++lineNumber;
    const RowPlace at{fileName, lineNumber};
    const size_t newline = std::min(text.find('\n', pos), text.size());
    std::string_view line = text.substr(pos, newline - pos);
    pos = newline + 1;
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.find('\0') != std::string_view::npos) {
      throw FileError(fileName, lineNumber, "NUL byte: binary data, not a CSV text file");
    }
    if (trimmed(line).empty()) continue;
    if (!headerSeen) {
      checkHeader(line, groups, at);
      columns = 4 + 3 * size_t(groups[kSteer] + groups[kVelocity] + groups[kAim]);
      header = std::string(line);
      headerSeen = true;
      continue;
    }
    if (!splitFields(line, fields)) throw FileError(fileName, lineNumber, "unterminated or misplaced quote");
    if (fields.size() != columns) {
      throw FileError(fileName, lineNumber, "expected " + std::to_string(columns) + " columns (" + header +
                                                "), got " + std::to_string(fields.size()));
    }
    input.rows.push_back(readRow(fields, groups, edgeNames, input, at));
  }
  if (!headerSeen) throw FileError(fileName, 0, "empty file (expected the header t,x,y,action)");
  if (input.rows.empty()) throw FileError(fileName, 0, "no rows after the header t,x,y,action");
  return input;
}

PlayInput readPlayInput(const std::string& path, const std::vector<std::string>& edgeNames) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileError(path, 0, "cannot open the input file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw FileError(path, 0, "cannot read the input file");
  return parsePlayInput(text.view(), path, edgeNames);
}

int playFrameCount(const PlayInput& input, double fps) {
  // The tolerance keeps a last row at exactly k / fps from losing its frame to rounding.
  return int(std::floor(input.duration() * fps + 1e-9)) + 1;
}

std::vector<PlayUpdate> schedulePlayUpdates(const PlayInput& input, double fps, int substeps) {
  substeps = std::max(substeps, 1);
  const int frames = playFrameCount(input, fps);
  std::vector<PlayUpdate> updates;
  updates.reserve(size_t(frames - 1) * size_t(substeps) + 1);
  size_t next = 0;  // first row not yet reached
  float x = 0, y = 0;
  PlayInputRow steering;  // the last row reached: its steering and velocity (none before the first)
  double previousTime = 0;
  // A row at time t counts as reached by an update at time u when t <= u + eps, so a row
  // written at exactly a frame time is read by that frame despite decimal rounding.
  constexpr double eps = 1e-9;
  const auto update = [&](double time, bool outputFrame) {
    PlayUpdate u;
    u.time = time;
    u.dt = float(time - previousTime);
    u.outputFrame = outputFrame;
    while (next < input.rows.size() && input.rows[next].time <= time + eps) {
      const PlayInputRow& row = input.rows[next++];
      x = row.x;
      y = row.y;
      steering = row;
      if (row.action >= 0) u.action = row.action;
    }
    u.x = x;
    u.y = y;
    u.steer = steering.steer;
    u.steerVelocity[0] = steering.steerVelocity[0];
    u.steerVelocity[1] = steering.steerVelocity[1];
    u.steerTurn = steering.steerTurn;
    u.velocity = steering.velocity;
    u.desiredVelocity[0] = steering.desiredVelocity[0];
    u.desiredVelocity[1] = steering.desiredVelocity[1];
    u.desiredTurn = steering.desiredTurn;
    u.aim = steering.aim;
    for (int k = 0; k < 3; ++k) u.aimTarget[k] = steering.aimTarget[k];
    previousTime = time;
    updates.push_back(u);
  };
  update(0.0, true);
  for (int frame = 1; frame < frames; ++frame) {
    for (int s = 1; s <= substeps; ++s) {
      const double time = s == substeps ? frame / fps
                                        : ((frame - 1) * double(substeps) + s) / (substeps * fps);
      update(time, s == substeps);
    }
  }
  return updates;
}

}  // namespace fatgraph::cli
