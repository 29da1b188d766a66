// The Play dock's count of the player's events (play_event_log.h).
#include "play/play_event_log.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <numeric>

namespace fatgraph::editor {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("PlayEventLog", text); }

// "foot strike", "hub reached", ...: the event's CSV name with spaces.
QString kindText(PlayerEventKind kind) { return QString::fromLatin1(playerEventName(kind)).replace(u'_', u' '); }

}  // namespace

void PlayEventLog::reset(int legs) {
  strikes_.assign(static_cast<size_t>(std::max(legs, 0)), 0);
  hubs_ = 0;
  any_ = false;
  history_.clear();
  now_ = 0;
}

void PlayEventLog::observe(const Player& player) {
  for (const PlayerEvent& e : player.events()) {
    if (e.kind == PlayerEventKind::FootStrike && e.leg >= 0 && e.leg < static_cast<int>(strikes_.size())) ++strikes_[e.leg];
    if (e.kind == PlayerEventKind::HubReached) ++hubs_;
    last_ = e;
    any_ = true;
    history_.push_back(e);
  }
  now_ = player.clock();
  const auto old = std::find_if(history_.begin(), history_.end(),
                                [&](const PlayerEvent& e) { return e.time >= now_ - kHistorySeconds; });
  history_.erase(history_.begin(), old);
}

int PlayEventLog::footsteps() const { return std::accumulate(strikes_.begin(), strikes_.end(), 0); }

QString PlayEventLog::text(const RuntimeGraph& graph) const {
  if (!any_) return tr("—");
  QStringList parts;
  if (!strikes_.empty()) {
    QStringList perLeg;
    for (size_t l = 0; l < strikes_.size() && l < graph.legs.size(); ++l)
      perLeg << tr("%1 %2").arg(QString::fromStdString(graph.legs[l].name)).arg(strikes_[l]);
    parts << tr("%1 footsteps (%2)").arg(footsteps()).arg(perLeg.join(tr(", ")));
  }
  parts << tr("%1 hubs").arg(hubs_);
  QString who;
  if (last_.leg >= 0 && last_.leg < static_cast<int>(graph.legs.size())) {
    who = QString::fromStdString(graph.legs[last_.leg].name) + u' ';
  } else if (last_.edge >= 0 && last_.edge < static_cast<int>(graph.edges.size())) {
    who = QString::fromStdString(graph.edges[last_.edge].name) + u' ';
  }
  parts << tr("last: %1%2 at %3 s").arg(who, kindText(last_.kind)).arg(last_.time, 0, 'f', 2);
  return parts.join(QStringLiteral(" · "));
}

}  // namespace fatgraph::editor
