#pragma once
// Options declared alike by several commands: choices among names, --units, the rig
// conventions (--translations, --up, --motion-root, --in-place, --loops), --json and the file a
// command writes. Each binds to a field of the command's own options struct.
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "fatgraph/core/io/bvh_import.h"

namespace fatgraph::cli {

/// A choice among named values: --help lists the names, a name outside them is a usage error
/// that lists them (CLI::IsMember: "--up: x not in {auto,y,z}"), and the option sets `target`
/// (a value, or an optional one left empty when the option is absent) to the value named.
template <class Target, class Value>
CLI::Option* addChoice(CLI::App& command, const std::string& name, Target& target,
                       std::vector<std::pair<std::string, Value>> choices, const std::string& help) {
  std::vector<std::string> names;
  for (const auto& choice : choices) names.push_back(choice.first);
  auto set = [&target, choices](const std::string& picked) {
    for (const auto& [choiceName, value] : choices)
      if (choiceName == picked) target = value;
  };
  return command.add_option_function<std::string>(name, std::move(set), help)
      ->check(CLI::IsMember(names))
      ->type_name("");  // the names are the value's shape (help_formatter.h)
}

/// A choice among an enum's values, named as core names them (`nameOf(value)`).
template <class Target, class Enum, class NameOf>
CLI::Option* addEnumChoice(CLI::App& command, const std::string& name, Target& target,
                           std::initializer_list<Enum> values, NameOf nameOf, const std::string& help) {
  std::vector<std::pair<std::string, Enum>> choices;
  for (Enum value : values) choices.emplace_back(std::string(nameOf(value)), value);
  return addChoice(command, name, target, std::move(choices), help);
}

/// `--units`: the length unit of a BVH input (auto when absent).
void addUnitsOption(CLI::App& command, BvhUnits& units, const std::string& help);

/// `--translations`, `--up`, `--motion-root`, `--in-place` and `--loops` (rig_conventions.h), on
/// a command that reads clips.
void addRigOptions(CLI::App& command, RigConventionOptions& rig);

/// `--json`: one JSON object on stdout.
void addJsonFlag(CLI::App& command, bool& json);

/// `-o FILE`, the file a command writes, shown as `valueName` ("OUT.bvh"); an empty name is a
/// usage error. Optional unless the caller makes it ->required().
CLI::Option* addOutputOption(CLI::App& command, std::string& path, const std::string& valueName,
                             const std::string& help);

}  // namespace fatgraph::cli
