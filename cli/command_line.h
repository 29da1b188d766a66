#pragma once
// The fatgraph command line (CLI11 underneath): one program with a subcommand per command, each
// declaring its arguments and options bound to the fields of its own options struct. `fatgraph
// --help`, each command's --help and usage line, and the one-line usage errors are generated from
// those declarations (docs/DESIGN.md, "The command line").
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

namespace fatgraph::cli {

/// A usage error found by a command after parsing (a frame past the clip's end, a rule joining
/// two options): "fatgraph <command>: <message>" on stderr, exit 2.
struct UsageError {
  std::string message;
};

class CommandLine {
 public:
  CommandLine();

  /// Declares a command: `summary` is its line in `fatgraph --help`, `description` opens its own
  /// --help, and `run` runs it once the arguments are parsed into what its declarations bind,
  /// returning the exit code. Declare its arguments and options on the CLI::App returned.
  CLI::App& addCommand(const std::string& name, const std::string& summary, const std::string& description,
                       std::function<int()> run);

  /// The same for a command whose arguments parse into a `Request` that `run(const Request&)`
  /// then takes: returns the command, on which to declare them, and the request they bind to.
  template <class Request, class Run>
  std::pair<CLI::App&, Request&> addCommand(const std::string& name, const std::string& summary,
                                            const std::string& description, Run run) {
    auto request = std::make_shared<Request>();
    CLI::App& command = addCommand(name, summary, description, [request, run] { return run(*request); });
    return {command, *request};
  }

  /// Parses the arguments (argv[0] is the program) and runs the command they name. Returns the
  /// exit code: 0 (also after --help), 1 for a failure, 2 for a usage error; a failure prints one
  /// line, "fatgraph <command>: <message>", on stderr.
  int run(int argc, const char* const* argv);

 private:
  int runCommand(const CLI::App& command);

  CLI::App program_;
  std::map<const CLI::App*, std::function<int()>> runs_;
};

}  // namespace fatgraph::cli
