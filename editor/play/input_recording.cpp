#include "play/input_recording.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("InputRecording", text); }

/// A field as RFC 4180 wants it: quoted, with doubled quotes, when it holds a comma, a quote or
/// surrounding spaces (which the reader would trim).
QString csvField(const QString& text) {
  const bool plain = !text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
                     text.trimmed() == text;
  if (plain) return text;
  QString quoted = text;
  quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
  return QLatin1Char('"') + quoted + QLatin1Char('"');
}

/// Shortest decimal that reads back as the same float; "-0" written as "0".
QString number(float v) { return v == 0.0f ? QStringLiteral("0") : QString::number(v, 'g', 9); }

}  // namespace

void InputRecording::sample(double time, float x, float y, const QString& action, const RecordedVelocity& velocity,
                            const RecordedAim& aim) {
  if (!rows_.empty()) {
    time = std::max(time, rows_.back().time);  // never backwards, whatever the clock did
    const Row& last = rows_.back();
    if (action.isEmpty() && last.x == x && last.y == y && last.velocity == velocity && last.aim == aim) return;
  }
  rows_.push_back({time, x, y, action, velocity, aim});
}

void InputRecording::finish(double time, float x, float y, const RecordedVelocity& velocity, const RecordedAim& aim) {
  if (!rows_.empty()) time = std::max(time, rows_.back().time);
  rows_.push_back({time, x, y, {}, velocity, aim});
}

QString InputRecording::toCsv() const {
  const bool velocities = std::any_of(rows_.begin(), rows_.end(), [](const Row& r) { return r.velocity.enabled; });
  const bool aims = std::any_of(rows_.begin(), rows_.end(), [](const Row& r) { return r.aim.enabled; });
  QString csv = QStringLiteral("t,x,y,action");
  if (velocities) csv += QStringLiteral(",vel_x,vel_z,turn");
  if (aims) csv += QStringLiteral(",aim_x,aim_y,aim_z");
  csv += QLatin1Char('\n');
  for (const Row& row : rows_) {
    // Milliseconds: finer than a 60 Hz tick, and rounding keeps the times in order.
    csv += QString::number(row.time, 'f', 3) + QLatin1Char(',') + number(row.x) + QLatin1Char(',') +
           number(row.y) + QLatin1Char(',') + csvField(row.action);
    if (velocities) {
      const RecordedVelocity& v = row.velocity;
      csv += v.enabled ? QLatin1Char(',') + number(v.x) + QLatin1Char(',') + number(v.z) + QLatin1Char(',') + number(v.turn)
                       : QStringLiteral(",,,");
    }
    if (aims) {
      const RecordedAim& a = row.aim;
      csv += a.enabled ? QLatin1Char(',') + number(a.x) + QLatin1Char(',') + number(a.y) + QLatin1Char(',') + number(a.z)
                       : QStringLiteral(",,,");
    }
    csv += QLatin1Char('\n');
  }
  return csv;
}

QString InputRecording::write(const QString& path) const {
  const QString name = QFileInfo(path).fileName();
  if (rows_.empty()) return tr("Nothing recorded for %1: the session had no input").arg(name);
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
    return tr("Cannot write %1: %2").arg(name, file.errorString());
  }
  file.write(toCsv().toUtf8());
  if (!file.commit()) return tr("Cannot write %1: %2").arg(name, file.errorString());
  return {};
}

}  // namespace fatgraph::editor
