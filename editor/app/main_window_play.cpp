// The main window's Play dock: the live runtime player beside the parameter dock, on the
// ground View > Terrain chooses, listed in the View menu.
#include <QMenu>
#include <QMenuBar>

#include "app/main_window.h"
#include "docks/heat_map_dock.h"
#include "docks/parameter_dock.h"
#include "docks/play_dock.h"
#include "document/terrain_choice.h"

namespace fatgraph::editor {

void MainWindow::createPlayDock() {
  playDock_ = new PlayDock(document_, viewport_, this);
  addDockWidget(Qt::RightDockWidgetArea, playDock_);
  tabifyDockWidget(parameterDock_, playDock_);
  heatMapDock_->raise();  // the heat map stays in front, as before
  for (QAction* action : menuBar()->actions()) {
    if (action->menu() != nullptr && action->text() == tr("&View")) {
      action->menu()->addAction(playDock_->toggleViewAction());
      break;
    }
  }
  // The player's leg layer stands on the ground the viewport draws.
  auto showTerrain = [this] {
    const QString spec = terrainChoice_->spec();
    playDock_->setTerrain(terrainChoice_->terrain(),
                          spec == QLatin1String("none") ? tr("none (flat)") : spec);
  };
  connect(terrainChoice_, &TerrainChoice::changed, playDock_, showTerrain);
  showTerrain();
}

}  // namespace fatgraph::editor
