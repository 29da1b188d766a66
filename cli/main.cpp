// fatgraph: the command-line tool. See docs/DESIGN.md "The command line" for the contract.
#include "command_line.h"
#include "commands.h"

int main(int argc, char** argv) {
  using namespace fatgraph::cli;
  CommandLine commandLine;
  // In the order `fatgraph --help` lists them.
  addInspectCommand(commandLine);
  addConvertCommand(commandLine);
  addBuildCommand(commandLine);
  addEditCommand(commandLine);
  addExportCommand(commandLine);
  addPlayCommand(commandLine);
  addBodyCommand(commandLine);
  addCreatureCommand(commandLine);
  return commandLine.run(argc, argv);
}
