// fatgraph: the command-line tool. See docs/DESIGN.md "The command line" for the contract.
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "command_line.h"
#include "commands.h"

namespace {

struct Command {
  const char* name;
  int (*run)(const std::vector<std::string>&);
  const char* summary;
};

const Command kCommands[] = {
    {"inspect", fatgraph::cli::runInspect, "summarize a BVH or project file"},
    {"convert", fatgraph::cli::runConvert, "import a BVH (units, T-pose, rate) and write standard BVH"},
    {"build", fatgraph::cli::runBuild, "build a fat graph (hubs, segments, fat edges) into a project"},
    {"edit", fatgraph::cli::runEdit, "apply a JSON list of graph edits to a project"},
    {"export", fatgraph::cli::runExport, "write the runtime graph a game plays (.fgraph)"},
    {"play", fatgraph::cli::runPlay, "play a .fgraph headless from a stick script; write BVH"},
    {"body", fatgraph::cli::runBody, "generate a clip's skinned body; write a Wavefront OBJ"},
    {"creature", fatgraph::cli::runCreature, "generate a creature without mocap; write a procedural .fgraph"},
};

void printUsage(std::ostream& out) {
  out << "usage: fatgraph <command> [options]\n\ncommands:\n";
  for (const Command& c : kCommands) {
    std::string name = c.name;
    name.resize(10, ' ');
    out << "  " << name << c.summary << "\n";
  }
  out << "\nRun 'fatgraph <command> --help' for a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    printUsage(std::cerr);
    return 2;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    printUsage(std::cout);
    return 0;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  for (const Command& c : kCommands) {
    if (name != c.name) continue;
    try {
      return c.run(args);
    } catch (const fatgraph::cli::UsageError& e) {
      std::cerr << "fatgraph " << name << ": " << e.message << "\n";
      return 2;
    } catch (const std::bad_alloc&) {
      std::cerr << "fatgraph " << name << ": out of memory\n";
      return 1;
    } catch (const std::exception& e) {
      std::cerr << "fatgraph " << name << ": " << e.what() << "\n";
      return 1;
    }
  }
  std::cerr << "fatgraph: unknown command '" << name << "' (see fatgraph --help)\n";
  return 2;
}
