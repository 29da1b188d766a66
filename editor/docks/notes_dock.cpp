#include "docks/notes_dock.h"

#include <QPlainTextEdit>
#include <QTime>

#include "document/document.h"

namespace fatgraph::editor {

NotesDock::NotesDock(Document* document, QWidget* parent)
    : QDockWidget(tr("Notes"), parent), log_(new QPlainTextEdit(this)) {
  setObjectName(QStringLiteral("notesDock"));
  log_->setObjectName(QStringLiteral("notesLog"));
  log_->setReadOnly(true);
  log_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  log_->setMaximumBlockCount(10000);  // a session's notes; the oldest go first beyond that
  setWidget(log_);
  connect(document, &Document::notice, this, &NotesDock::append);
}

QStringList NotesDock::notes() const {
  QStringList lines = log_->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  for (QString& line : lines) line = line.section(QLatin1Char(' '), 1);  // drop the time
  return lines;
}

void NotesDock::append(const QString& message) {
  // One block per line, so a multi-line message stays readable and countable.
  const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
  for (const QString& line : message.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
    log_->appendPlainText(time + QLatin1Char(' ') + line);
  }
}

}  // namespace fatgraph::editor
