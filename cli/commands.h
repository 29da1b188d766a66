#pragma once
// The fatgraph subcommands. Each takes the arguments after its name, prints its result on
// stdout (JSON with --json) and returns the exit code; errors propagate as exceptions that
// main turns into one line on stderr.
#include <string>
#include <vector>

namespace fatgraph::cli {

int runInspect(const std::vector<std::string>& args);
int runConvert(const std::vector<std::string>& args);
int runBuild(const std::vector<std::string>& args);
int runEdit(const std::vector<std::string>& args);
int runExport(const std::vector<std::string>& args);
int runPlay(const std::vector<std::string>& args);
int runBody(const std::vector<std::string>& args);
int runCreature(const std::vector<std::string>& args);

}  // namespace fatgraph::cli
