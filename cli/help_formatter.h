#pragma once
// How `fatgraph --help` and `fatgraph <command> --help` read, all generated from the options'
// declarations: a usage line naming every argument and option (required ones bare, the others in
// brackets), what the command does, then its arguments and options, each with what its value may
// be and its default.
#include <map>
#include <string>

#include <CLI/CLI.hpp>

namespace fatgraph::cli {

/// An argument's or option's value as usage lines and --help show it: its type name ("OUT.bvh",
/// "CLIP.bvh|PROJECT.fgproj"), or for a choice the names it takes ("{auto,y,z}"); empty for a
/// flag.
std::string valueShape(const CLI::Option& option);

/// An option as a usage line names it: "-o OUT.bvh", "--json", "FILE", "CLIP.bvh...".
std::string usageForm(const CLI::Option& option);

/// One formatter for the program and all its commands (CLI11 shares it with subcommands).
class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter();

  /// The one line `fatgraph --help` shows for `command`; its own --help opens with its
  /// description, the longer text.
  void setSummary(const std::string& command, const std::string& summary) { summaries_[command] = summary; }

  std::string make_usage(const CLI::App* app, std::string name) const override;
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;
  std::string make_option_name(const CLI::Option* option, bool positional) const override;
  std::string make_option_opts(const CLI::Option* option) const override;
  std::string make_option_desc(const CLI::Option* option) const override;
  std::string make_subcommand(const CLI::App* command) const override;

 private:
  std::map<std::string, std::string> summaries_;
};

}  // namespace fatgraph::cli
