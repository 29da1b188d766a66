#pragma once
// A small argument parser shared by the CLI commands: named options (with or without a
// value), positional arguments, generated --help, and one-line errors.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/bvh_import.h"

namespace fatgraph::cli {

/// Thrown for a usage error; main prints "fatgraph <command>: <message>" and exits 2.
struct UsageError {
  std::string message;
};

class CommandLine {
 public:
  CommandLine(std::string command, std::string synopsis, std::string description);

  void flag(const std::string& name, const std::string& help);
  void option(const std::string& name, const std::string& valueName, const std::string& help);

  /// Parses argv after the command name. Returns false when --help was printed.
  bool parse(const std::vector<std::string>& args);

  bool has(const std::string& name) const;
  std::optional<std::string> value(const std::string& name) const;
  double number(const std::string& name, double fallback) const;
  int integer(const std::string& name, int fallback) const;
  const std::vector<std::string>& positional() const { return positional_; }

  std::string help() const;

 private:
  struct Spec {
    std::string valueName;  // empty for a flag
    std::string help;
  };
  std::string command_, synopsis_, description_;
  std::vector<std::string> order_;
  std::map<std::string, Spec> specs_;
  std::map<std::string, std::string> values_;
  std::vector<std::string> positional_;
};

/// The value of a `--units` option (BvhUnits::Auto when absent); a UsageError for an unknown
/// unit.
BvhUnits unitsOption(const CommandLine& cl);

/// Declares `--translations`, `--up` and `--motion-root` (rig_conventions.h) on a command
/// that reads clips.
void declareRigOptions(CommandLine& cl);
/// Their values; a UsageError for an unknown convention or axis.
RigConventionOptions rigOptions(const CommandLine& cl);

}  // namespace fatgraph::cli
