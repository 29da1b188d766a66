// The main window's View > Character menu: whether the viewport draws the skeleton's bones,
// the skinned body generated from them, or the body with faint bones through it.
#include <QActionGroup>
#include <QMenu>

#include "app/main_window.h"
#include "views/body_display.h"
#include "views/viewport.h"

namespace fatgraph::editor {
namespace {

QString menuText(BodyDisplay display) {
  switch (display) {
    case BodyDisplay::Bones: return MainWindow::tr("&Bones");
    case BodyDisplay::Body: return MainWindow::tr("B&ody");
    case BodyDisplay::Both: break;
  }
  return MainWindow::tr("Body &and Bones");
}

}  // namespace

void MainWindow::createBodyMenu(QMenu* view) {
  QMenu* menu = view->addMenu(tr("&Character"));
  menu->setObjectName(QStringLiteral("characterMenu"));
  menu->setToolTip(tr("The character as bones, as a skinned body generated from its skeleton, "
                      "or both"));
  bodyActions_ = new QActionGroup(this);
  bodyActions_->setExclusive(true);
  for (BodyDisplay display : {BodyDisplay::Bones, BodyDisplay::Body, BodyDisplay::Both}) {
    QAction* action = menu->addAction(menuText(display));
    action->setObjectName(QStringLiteral("bodyDisplay_") + bodyDisplayName(display));
    action->setCheckable(true);
    action->setChecked(display == viewport_->bodyDisplay());
    bodyActions_->addAction(action);
    connect(action, &QAction::triggered, viewport_,
            [this, display] { viewport_->setBodyDisplay(display); });
  }
}

void MainWindow::setBodyDisplay(BodyDisplay display) {
  viewport_->setBodyDisplay(display);
  const QString name = QStringLiteral("bodyDisplay_") + bodyDisplayName(display);
  for (QAction* action : bodyActions_->actions()) {
    if (action->objectName() == name) action->setChecked(true);
  }
}

}  // namespace fatgraph::editor
