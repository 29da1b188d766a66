#include "command_line.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <iostream>

namespace fatgraph::cli {

CommandLine::CommandLine(std::string command, std::string synopsis, std::string description)
    : command_(std::move(command)), synopsis_(std::move(synopsis)),
      description_(std::move(description)) {}

void CommandLine::flag(const std::string& name, const std::string& help) {
  order_.push_back(name);
  specs_[name] = {"", help};
}

void CommandLine::option(const std::string& name, const std::string& valueName,
                         const std::string& help) {
  order_.push_back(name);
  specs_[name] = {valueName, help};
}

bool CommandLine::parse(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::cout << help();
      return false;
    }
    if (a.size() > 1 && a[0] == '-' && !(a.size() > 1 && (std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.'))) {
      std::string name = a, inlineValue;
      bool hasInline = false;
      if (const auto eq = a.find('='); eq != std::string::npos) {
        name = a.substr(0, eq);
        inlineValue = a.substr(eq + 1);
        hasInline = true;
      }
      const auto it = specs_.find(name);
      if (it == specs_.end()) throw UsageError{"unknown option '" + name + "' (see --help)"};
      if (it->second.valueName.empty()) {
        if (hasInline) throw UsageError{"option '" + name + "' takes no value"};
        values_[name] = "";
      } else if (hasInline) {
        values_[name] = inlineValue;
      } else {
        if (i + 1 >= args.size()) {
          throw UsageError{"option '" + name + "' expects " + it->second.valueName};
        }
        values_[name] = args[++i];
      }
    } else {
      positional_.push_back(a);
    }
  }
  return true;
}

bool CommandLine::has(const std::string& name) const { return values_.count(name) > 0; }

std::optional<std::string> CommandLine::value(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

double CommandLine::number(const std::string& name, double fallback) const {
  const auto v = value(name);
  if (!v) return fallback;
  double out = 0;
  const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
  if (v->empty() || ec != std::errc() || end != v->data() + v->size() || !std::isfinite(out)) {
    throw UsageError{"option '" + name + "' expects a number, got '" + *v + "'"};
  }
  return out;
}

int CommandLine::integer(const std::string& name, int fallback) const {
  const auto v = value(name);
  if (!v) return fallback;
  int out = 0;
  const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
  if (v->empty() || ec != std::errc() || end != v->data() + v->size()) {
    throw UsageError{"option '" + name + "' expects an integer, got '" + *v + "'"};
  }
  return out;
}

std::string CommandLine::help() const {
  std::string out = "usage: fatgraph " + command_ + " " + synopsis_ + "\n\n" + description_ + "\n";
  if (!order_.empty()) out += "\noptions:\n";
  for (const std::string& name : order_) {
    const Spec& s = specs_.at(name);
    std::string left = "  " + name + (s.valueName.empty() ? "" : " " + s.valueName);
    if (left.size() < 26) left.resize(26, ' '); else left += "  ";
    out += left + s.help + "\n";
  }
  out += "  --help                  show this help\n";
  return out;
}

BvhUnits unitsOption(const CommandLine& cl) {
  BvhUnits units = BvhUnits::Auto;
  if (const auto u = cl.value("--units"); u && !parseUnitName(*u, units)) {
    throw UsageError{"--units expects auto, m, cm, cmu, in or mm, got '" + *u + "'"};
  }
  return units;
}

void declareRigOptions(CommandLine& cl) {
  cl.option("--translations", "C",
            "position channels below the root: auto (default, decided per file), absolute "
            "(they hold the whole local translation), additive (added to the OFFSET)");
  cl.option("--up", "A", "up axis of the input: auto (default, from the motion), y, z");
  cl.option("--motion-root", "NAME",
            "joint that carries the character's travel (default: the root, or the joint that "
            "travels below a still root bone)");
}

RigConventionOptions rigOptions(const CommandLine& cl) {
  RigConventionOptions rig;
  if (const auto t = cl.value("--translations"); t && !parseTranslationConvention(*t, rig.translations)) {
    throw UsageError{"--translations expects auto, absolute or additive, got '" + *t + "'"};
  }
  if (const auto u = cl.value("--up"); u && !parseUpAxis(*u, rig.up)) {
    throw UsageError{"--up expects auto, y or z, got '" + *u + "'"};
  }
  if (const auto m = cl.value("--motion-root")) {
    if (m->empty()) throw UsageError{"--motion-root expects a joint name"};
    rig.motionRoot = *m;
  }
  return rig;
}

}  // namespace fatgraph::cli
