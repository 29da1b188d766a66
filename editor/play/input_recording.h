#pragma once
// Records a preview session as the input of `fatgraph play` (docs/PLAY.md), so the command
// replays it headless: `fatgraph play GRAPH.fgraph --input THAT.csv -o OUT.bvh`. The header
// `t,x,y,action`, then a row whenever the stick changes or an action is sent: t in seconds
// from Play, the stick, and the action as the fat edge's name (quoted when it holds a comma or
// a quote), which is what `play` resolves to the same edge index the preview sent. A session
// that asked for velocities (the Play dock's velocity control) adds the group `vel_x,vel_z,turn`
// (empty on rows that did not), one that aimed (the dock's Aim) the group `aim_x,aim_y,aim_z`
// (the target in the edge-start frame, a row whenever it changes: each edge re-expresses the
// aim; empty where nothing was aimed at). A last row at Stop holds the input to the session's
// end. The file is written atomically.
#include <QString>

#include <vector>

namespace fatgraph::editor {

/// An aim of a recorded session (Player::aim): the target in the current edge's start frame
/// (metres, x left, y up, z forward); not enabled: no aim.
struct RecordedAim {
  bool enabled = false;
  float x = 0, y = 0, z = 0;
  bool operator==(const RecordedAim&) const = default;
};

/// A desired velocity of a recorded session (Player::setDesiredVelocity): m/s left and forward,
/// rad/s left; not enabled: the stick drove.
struct RecordedVelocity {
  bool enabled = false;
  float x = 0, z = 0, turn = 0;
  bool operator==(const RecordedVelocity&) const = default;
};

class InputRecording {
 public:
  struct Row {
    double time = 0;
    float x = 0, y = 0;
    QString action;  // a fat edge's name, empty for none
    RecordedVelocity velocity;
    RecordedAim aim;
  };

  /// Forgets the rows; the next sample starts the session at its time.
  void clear() { rows_.clear(); }
  /// The input at `time` seconds since Play (not decreasing): a row when the stick moved or
  /// `action` is not empty, nothing when the input is as the last row left it.
  void sample(double time, float x, float y, const QString& action = {}, const RecordedVelocity& velocity = {},
              const RecordedAim& aim = {});
  /// The closing row at `time` with the input as it is (the session's duration).
  void finish(double time, float x, float y, const RecordedVelocity& velocity = {}, const RecordedAim& aim = {});
  const std::vector<Row>& rows() const { return rows_; }

  /// The CSV text (LF line ends).
  QString toCsv() const;
  /// Writes the CSV to `path` through a temporary file and a rename; empty on success, else
  /// why not (the file is then untouched).
  QString write(const QString& path) const;

 private:
  std::vector<Row> rows_;
};

}  // namespace fatgraph::editor
