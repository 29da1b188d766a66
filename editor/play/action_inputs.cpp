#include "play/action_inputs.h"

#include <QtCore/qnamespace.h>

namespace fatgraph::editor {
namespace {

struct NamedKey {
  int key;
  const char* name;
};

constexpr NamedKey kNamedKeys[] = {
    {Qt::Key_Space, "Space"},   {Qt::Key_Tab, "Tab"},         {Qt::Key_Return, "Return"},
    {Qt::Key_Enter, "Return"},  {Qt::Key_Backspace, "Backspace"}, {Qt::Key_Insert, "Insert"},
    {Qt::Key_Delete, "Delete"}, {Qt::Key_Home, "Home"},       {Qt::Key_End, "End"},
    {Qt::Key_PageUp, "PageUp"}, {Qt::Key_PageDown, "PageDown"}, {Qt::Key_Left, "Left"},
    {Qt::Key_Right, "Right"},   {Qt::Key_Up, "Up"},           {Qt::Key_Down, "Down"},
    {Qt::Key_Shift, "Shift"},   {Qt::Key_Control, "Control"}, {Qt::Key_Alt, "Alt"},
};

}  // namespace

QString keyInputName(int qtKey) {
  if ((qtKey >= Qt::Key_A && qtKey <= Qt::Key_Z) || (qtKey >= Qt::Key_0 && qtKey <= Qt::Key_9))
    return QStringLiteral("key:") + QChar(qtKey);
  if (qtKey >= Qt::Key_F1 && qtKey <= Qt::Key_F12) return QStringLiteral("key:F%1").arg(qtKey - Qt::Key_F1 + 1);
  for (const NamedKey& k : kNamedKeys)
    if (k.key == qtKey) return QStringLiteral("key:") + QLatin1String(k.name);
  return {};
}

int unboundChoice(const QString& input) {
  static const QString kFace[] = {QStringLiteral("pad:a"), QStringLiteral("pad:b"), QStringLiteral("pad:x"),
                                  QStringLiteral("pad:y")};
  for (int k = 0; k < 4; ++k)
    if (input == kFace[k]) return k;
  if (input.size() == 5 && input.startsWith(QLatin1String("key:")) && input[4] >= QLatin1Char('1') &&
      input[4] <= QLatin1Char('9'))
    return input[4].unicode() - '1';
  return -1;
}

QString boundEdge(const std::vector<ActionBinding>& bindings, const QString& input) {
  const ActionBinding* b = findActionBinding(bindings, input.toStdString());
  return b != nullptr ? QString::fromStdString(b->edge) : QString();
}

}  // namespace fatgraph::editor
