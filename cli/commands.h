#pragma once
// The fatgraph commands. Each declares itself on the command line: its arguments and options,
// bound to the fields of its own request, and what it runs once they are parsed (command_line.h).
// A command prints its result on stdout (JSON with --json) and returns the exit code; its errors
// propagate as exceptions that the command line turns into one line on stderr.
namespace fatgraph::cli {

class CommandLine;

void addInspectCommand(CommandLine& commandLine);
void addConvertCommand(CommandLine& commandLine);
void addBuildCommand(CommandLine& commandLine);
void addEditCommand(CommandLine& commandLine);
void addExportCommand(CommandLine& commandLine);
void addPlayCommand(CommandLine& commandLine);
void addBodyCommand(CommandLine& commandLine);
void addCreatureCommand(CommandLine& commandLine);

}  // namespace fatgraph::cli
