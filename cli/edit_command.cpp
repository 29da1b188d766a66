// fatgraph edit PROJECT.fgproj EDITS.json [-o OUT.fgproj]: applies authoring edits headless.
#include <fstream>
#include <iostream>
#include <sstream>

#include "command_line.h"
#include "command_options.h"
#include "commands.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "graph_summary.h"
#include "progress_bar.h"

namespace fatgraph::cli {
namespace {

// What `fatgraph edit` is asked.
struct EditRequest {
  std::string projectPath, editsPath;
  std::string output;  // the project itself when empty
  bool json = false;
};

std::string readEditsFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileError(path, 0, "cannot open file for reading");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The edits applied to the project, all or nothing; the notes on earlier edits that no longer
// apply. An edit's error names the edits file.
std::vector<std::string> applyEdits(Project& project, const std::string& edits, const std::string& editsPath) {
  ProgressBar bar("editing");
  try {
    return applyGraphEdits(project, edits, bar.callback());
  } catch (const FileError&) {
    throw;
  } catch (const Error& e) {
    throw Error(editsPath + ": " + e.what());
  }
}

int runEdit(const EditRequest& r) {
  const std::string edits = readEditsFile(r.editsPath);
  Project project = loadProject(r.projectPath);
  const std::vector<std::string> notes = applyEdits(project, edits, r.editsPath);
  const std::string out = r.output.empty() ? r.projectPath : r.output;
  saveProject(project, out);
  if (r.json) {
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

}  // namespace

void addEditCommand(CommandLine& commandLine) {
  auto [command, r] = commandLine.addCommand<EditRequest>(
      "edit", "apply a JSON list of graph edits to a project",
      "Apply a JSON array of graph edits (the same operations the editor's undo commands perform; see "
      "core/include/fatgraph/core/graph/graph_edit.h) to a project, all or nothing, and save it (in place unless "
      "-o is given). The edits are kept in the project's history. Edits that re-derive the graph "
      "(thresholds, linkage, hubs, match sets) apply the earlier match-set and fat-edge edits again and keep "
      "fat-edge names; each earlier edit that no longer applies is listed as a note. A parameterized graph "
      "stays parameterized: edges that changed are parameterized anew (set_edge_parameters and "
      "set_parameterization choose joint, time, samples, grid and refinement), and each fat edge reports "
      "its errors as `build` does.", runEdit);
  command.add_option("PROJECT", r.projectPath, "the project to edit")->type_name("PROJECT.fgproj")->required();
  command.add_option("EDITS", r.editsPath, "the edits, a JSON array")->type_name("EDITS.json")->required();
  addOutputOption(command, r.output, "OUT.fgproj", "write the edited project here instead of in place");
  addJsonFlag(command, r.json);
}

}  // namespace fatgraph::cli
