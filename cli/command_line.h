#pragma once
// The argument parser shared by the CLI commands (CLI11 underneath): named options (with or
// without a value), positional arguments, generated --help, and one-line errors.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/io/bvh_import.h"

namespace fatgraph::cli {

/// Thrown for a usage error; main prints "fatgraph <command>: <message>" and exits 2.
struct UsageError {
  std::string message;
};

/// The options of one command, declared once: the declarations generate `--help` (with each
/// option's default and range), and parsing checks values against them. Parsing is CLI11's;
/// errors become one-line UsageErrors.
class CommandLine {
 public:
  CommandLine(std::string command, std::string synopsis, std::string description);
  ~CommandLine();
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  void flag(const std::string& name, const std::string& help);
  void option(const std::string& name, const std::string& valueName, const std::string& help);
  /// A number with its default (shown in --help) and the closed range it must lie in (checked
  /// when parsing: "--fps: 2000 is not in [1, 1000]").
  void numberOption(const std::string& name, const std::string& valueName, const std::string& help,
                    double defaultValue, double lowest, double highest);

  /// An integer likewise ("--window: expects an integer in [1, 1000], got '0'").
  void integerOption(const std::string& name, const std::string& valueName, const std::string& help,
                     int defaultValue, int lowest, int highest);

  /// Parses argv after the command name. Returns false when --help was printed.
  bool parse(const std::vector<std::string>& args);

  bool has(const std::string& name) const;
  std::optional<std::string> value(const std::string& name) const;
  double number(const std::string& name, double fallback) const;
  /// A numberOption's value, or its default when absent.
  double number(const std::string& name) const;
  int integer(const std::string& name, int fallback) const;
  /// An integerOption's value, or its default when absent.
  int integer(const std::string& name) const;
  const std::vector<std::string>& positional() const { return positional_; }

  std::string help() const;

 private:
  struct Parser;
  std::unique_ptr<Parser> parser_;
  std::map<std::string, std::string> values_;    // given options' values ("" for a flag)
  std::map<std::string, double> defaults_;       // numberOption defaults
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
