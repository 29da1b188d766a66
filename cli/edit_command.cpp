// fatgraph edit PROJECT.fgproj EDITS.json [-o OUT.fgproj]: applies authoring edits headless.
#include <fstream>
#include <iostream>
#include <sstream>

#include "command_line.h"
#include "commands.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "graph_summary.h"
#include "progress_bar.h"

namespace fatgraph::cli {

int runEdit(const std::vector<std::string>& args) {
  CommandLine cl("edit", "PROJECT.fgproj EDITS.json [-o OUT.fgproj] [--json]",
                 "Apply a JSON array of graph edits (the same operations the editor's undo\n"
                 "commands perform; see core/include/fatgraph/core/graph/graph_edit.h) to a project,\n"
                 "all or nothing, and save it (in place unless -o is given). The edits are kept\n"
                 "in the project's history. Edits that re-derive the graph (thresholds, linkage,\n"
                 "hubs, match sets) apply the earlier match-set and fat-edge edits again and keep\n"
                 "fat-edge names; each earlier edit that no longer applies is listed as a note.\n"
                 "A parameterized graph stays parameterized: edges that changed are parameterized\n"
                 "anew (set_edge_parameters and set_parameterization choose joint, time, samples,\n"
                 "grid and refinement), and each fat edge reports its errors as `build` does.");
  cl.option("-o", "OUT.fgproj", "write the edited project here instead of in place");
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (cl.positional().size() != 2) throw UsageError{"expected PROJECT.fgproj and EDITS.json (see --help)"};
  const std::string& projectPath = cl.positional()[0];
  const std::string& editsPath = cl.positional()[1];
  std::ifstream in(editsPath, std::ios::binary);
  if (!in) throw FileError(editsPath, 0, "cannot open file for reading");
  std::ostringstream text;
  text << in.rdbuf();
  Project project = loadProject(projectPath);
  std::vector<std::string> notes;
  {
    ProgressBar bar("editing");
    try {
      notes = applyGraphEdits(project, text.str(), bar.callback());
    } catch (const FileError&) {
      throw;
    } catch (const Error& e) {
      throw Error(editsPath + ": " + e.what());
    }
  }
  const std::string out = cl.value("-o").value_or(projectPath);
  saveProject(project, out);
  if (cl.has("--json")) {
    nlohmann::json j = graphSummaryJson(project);
    j["output"] = out;
    j["edits"] = project.edits.size();
    j["notes"] = notes;
    std::cout << j.dump(2) << "\n";
  } else {
    printGraphSummary(std::cout, project);
    for (const std::string& n : notes) std::cout << "note: " << n << "\n";
    std::cout << "wrote " << out << " (" << project.edits.size() << " edits in its history)\n";
  }
  return 0;
}

}  // namespace fatgraph::cli
