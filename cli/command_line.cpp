#include "command_line.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>

namespace fatgraph::cli {

namespace {

// A number as CLI11 and our messages show it: no trailing zeros.
std::string formatNumber(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

bool looksLikeNumber(const std::string& a) {
  return a.size() > 1 && a[0] == '-' && (std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.');
}

// CLI11's usage line replaced by the command's synopsis.
class SynopsisFormatter : public CLI::Formatter {
 public:
  explicit SynopsisFormatter(std::string usage) : usage_(std::move(usage)) {}
  std::string make_usage(const CLI::App*, std::string) const override { return usage_ + "\n"; }
  // The synopsis first, then what the command does, then its options.
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    return make_usage(app, name) + "\n" + make_description(app) + make_groups(app, mode);
  }

 private:
  std::string usage_;
};

}  // namespace

struct CommandLine::Parser {
  CLI::App app;
  std::map<std::string, CLI::Option*> options;
  std::map<std::string, std::string> raw;  // CLI11 writes option values here
  std::map<std::string, std::string> valueNames;
  std::vector<std::string> order;
  Parser(const std::string& command, const std::string& synopsis, const std::string& description)
      : app(description, "fatgraph " + command) {
    app.formatter(std::make_shared<SynopsisFormatter>("usage: fatgraph " + command + " " + synopsis));
    app.get_formatter()->column_width(26);
    app.set_help_flag("-h,--help", "show this help");
    app.allow_extras(true);  // positionals, and unknown options reported in our words
  }
  CLI::Option* add(const std::string& name, const std::string& valueName, const std::string& help) {
    CLI::Option* o = app.add_option(name, raw[name], help)->type_name(valueName);
    o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    options[name] = o;
    valueNames[name] = valueName;
    order.push_back(name);
    return o;
  }
};

CommandLine::CommandLine(std::string command, std::string synopsis, std::string description)
    : parser_(std::make_unique<Parser>(command, synopsis, description)) {}

CommandLine::~CommandLine() = default;

void CommandLine::flag(const std::string& name, const std::string& help) {
  parser_->options[name] = parser_->app.add_flag(name, help);
  parser_->order.push_back(name);
}

void CommandLine::option(const std::string& name, const std::string& valueName,
                         const std::string& help) {
  parser_->add(name, valueName, help);
}

namespace {

// A CLI11 check that the value is a number (an integer when `integral`) in [lowest, highest].
CLI::Validator inRange(double lowest, double highest, bool integral) {
  const std::string range = "[" + formatNumber(lowest) + ", " + formatNumber(highest) + "]";
  const std::string kind = integral ? "an integer" : "a number";
  return CLI::Validator(
      [=](std::string& v) -> std::string {
        double x = 0;
        bool ok = false;
        if (integral) {
          long long n = 0;
          const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
          ok = !v.empty() && ec == std::errc() && end == v.data() + v.size();
          x = static_cast<double>(n);
        } else {
          const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
          ok = !v.empty() && ec == std::errc() && end == v.data() + v.size();
        }
        if (!ok || !(x >= lowest && x <= highest)) return "expects " + kind + " in " + range + ", got '" + v + "'";
        return {};
      },
      "in " + range);
}

}  // namespace

void CommandLine::numberOption(const std::string& name, const std::string& valueName,
                               const std::string& help, double defaultValue, double lowest,
                               double highest) {
  parser_->add(name, valueName, help)->default_str(formatNumber(defaultValue))->check(inRange(lowest, highest, false));
  defaults_[name] = defaultValue;
}

void CommandLine::integerOption(const std::string& name, const std::string& valueName,
                                const std::string& help, int defaultValue, int lowest, int highest) {
  parser_->add(name, valueName, help)->default_str(std::to_string(defaultValue))->check(inRange(lowest, highest, true));
  defaults_[name] = defaultValue;
}

bool CommandLine::parse(const std::vector<std::string>& args) {
  Parser& p = *parser_;
  try {
    p.app.parse(std::vector<std::string>(args.rbegin(), args.rend()));  // CLI11 takes them reversed
  } catch (const CLI::CallForHelp&) {
    std::cout << help();
    return false;
  } catch (const CLI::ArgumentMismatch& e) {
    for (const auto& [name, valueName] : p.valueNames) {
      if (std::string(e.what()).rfind(name + ":", 0) == 0) throw UsageError{"option '" + name + "' expects " + valueName};
    }
    throw UsageError{e.what()};
  } catch (const CLI::ValidationError& e) {
    // CLI11 says "--fps: expects ..."; ours say "option '--fps' expects ...".
    const std::string m = e.what();
    const auto colon = m.find(": ");
    throw UsageError{colon == std::string::npos ? m : "option '" + m.substr(0, colon) + "' " + m.substr(colon + 2)};
  } catch (const CLI::ParseError& e) {
    throw UsageError{e.what()};
  }
  for (const std::string& a : p.app.remaining()) {
    if (a.size() > 1 && a[0] == '-' && !looksLikeNumber(a)) {
      throw UsageError{"unknown option '" + a.substr(0, a.find('=')) + "' (see --help)"};
    }
    positional_.push_back(a);
  }
  for (const auto& [name, option] : p.options) {
    if (option->count() == 0) continue;
    values_[name] = p.valueNames.count(name) ? p.raw[name] : "";
  }
  return true;
}

bool CommandLine::has(const std::string& name) const { return values_.count(name) > 0; }

std::optional<std::string> CommandLine::value(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

double CommandLine::number(const std::string& name) const {
  const auto it = defaults_.find(name);
  return number(name, it != defaults_.end() ? it->second : 0.0);
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

int CommandLine::integer(const std::string& name) const {
  const auto it = defaults_.find(name);
  return integer(name, it != defaults_.end() ? static_cast<int>(it->second) : 0);
}

std::string CommandLine::help() const { return parser_->app.help(); }

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
  cl.option("--in-place", "M",
            "clips whose root stays while the feet slide (game walks): feet (default, root "
            "motion from the stance foot) or keep (left in place)");
  cl.option("--loops", "L",
            "clips whose last frame leads back into the first (game cycles): repeat (default, "
            "two cycles so each pose occurs twice) or keep (one cycle)");
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
  if (const auto p = cl.value("--in-place")) {
    if (*p != "feet" && *p != "keep") throw UsageError{"--in-place expects feet or keep, got '" + *p + "'"};
    rig.keepInPlace = *p == "keep";
  }
  if (const auto l = cl.value("--loops")) {
    if (*l != "repeat" && *l != "keep") throw UsageError{"--loops expects repeat or keep, got '" + *l + "'"};
    rig.keepLoops = *l == "keep";
  }
  return rig;
}

}  // namespace fatgraph::cli
