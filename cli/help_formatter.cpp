#include "help_formatter.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace fatgraph::cli {
namespace {

constexpr std::size_t kLineWidth = 100;
constexpr std::size_t kNameColumn = 30;     // where option descriptions start
constexpr std::size_t kCommandColumn = 12;  // where command summaries start
const std::string kUsageIndent(7, ' ');   // under the first word after "usage: "

// An option's type name and its checks' descriptions, which CLI11 joins as "F:in [1, 2]".
std::pair<std::string, std::string> typeAndChecks(const CLI::Option& option) {
  const std::string full = option.get_type_name();
  const auto colon = full.find(':');
  if (colon == std::string::npos) return {full, {}};
  std::string checks;
  for (const char c : full.substr(colon + 1)) checks += c == ':' ? std::string("; ") : std::string(1, c);
  return {full.substr(0, colon), checks};
}

// `text` broken at spaces into lines of at most `width` characters (a longer word stands on
// its own line); its own line breaks are kept.
std::string wrapped(const std::string& text, std::size_t width) {
  std::string out, line, word;
  auto flushWord = [&] {
    if (word.empty()) return;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    word.clear();
  };
  for (const char c : text) {
    if (c == ' ' || c == '\n') flushWord();
    if (c == '\n') {
      out += line + "\n";
      line.clear();
    } else if (c != ' ') {
      word += c;
    }
  }
  flushWord();
  return out + line;
}

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : separator) + p;
  return out;
}

bool isHelpFlag(const CLI::App& app, const CLI::Option* option) {
  return option == app.get_help_ptr() || option == app.get_help_all_ptr();
}

// The usage line's items: the arguments, the required options, then the others in brackets,
// each group in declaration order.
std::vector<std::string> usageItems(const CLI::App& app) {
  std::vector<std::string> items;
  for (const CLI::Option* o : app.get_options([](const CLI::Option* o) { return o->get_positional(); }))
    items.push_back(o->get_required() ? usageForm(*o) : "[" + usageForm(*o) + "]");
  for (const CLI::Option* o : app.get_options([](const CLI::Option* o) { return o->nonpositional(); }))
    if (o->get_required() && !isHelpFlag(app, o)) items.push_back(usageForm(*o));
  for (const CLI::Option* o : app.get_options([](const CLI::Option* o) { return o->nonpositional(); }))
    if (!o->get_required() && !isHelpFlag(app, o)) items.push_back("[" + usageForm(*o) + "]");
  return items;
}

}  // namespace

std::string valueShape(const CLI::Option& option) {
  const auto [type, checks] = typeAndChecks(option);
  if (option.get_positional()) return type.empty() ? option.get_name() : type;
  if (option.get_type_size() == 0) return {};
  return type.empty() ? checks : type;
}

std::string usageForm(const CLI::Option& option) {
  const bool many = option.get_expected_max() > 1;
  if (option.get_positional()) return valueShape(option) + (many ? "..." : "");
  const std::string shape = valueShape(option);
  return option.get_name() + (shape.empty() ? "" : " " + shape) + (many ? "..." : "");
}

HelpFormatter::HelpFormatter() {
  column_width(kNameColumn);
  label("Positionals", "Arguments");
}

std::string HelpFormatter::make_usage(const CLI::App* app, std::string name) const {
  if (!app->get_subcommands({}).empty()) return "usage: " + name + " <command> [options]\n";
  std::string out, line = "usage: " + name;
  for (const std::string& item : usageItems(*app)) {
    if (line.size() + 1 + item.size() > kLineWidth && line.size() > kUsageIndent.size()) {
      out += line + "\n";
      line = kUsageIndent + item;
    } else {
      line += " " + item;
    }
  }
  return out + line + "\n";
}

std::string HelpFormatter::make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const {
  std::string out = make_usage(app, name) + "\n" + wrapped(app->get_description(), kLineWidth) + "\n";
  out += make_positionals(app) + make_groups(app, mode) + make_subcommands(app, mode);
  const std::string footer = make_footer(app);
  return footer.empty() ? out : out + "\n" + footer;
}

std::string HelpFormatter::make_option_name(const CLI::Option* option, bool positional) const {
  return positional ? usageForm(*option) : CLI::Formatter::make_option_name(option, positional);
}

std::string HelpFormatter::make_option_opts(const CLI::Option* option) const {
  const std::string shape = option->get_positional() ? std::string() : valueShape(*option);
  return shape.empty() ? shape : " " + shape;
}

std::string HelpFormatter::make_option_desc(const CLI::Option* option) const {
  std::vector<std::string> notes;
  const auto [type, checks] = typeAndChecks(*option);
  if (!option->get_positional() && !type.empty() && !checks.empty()) notes.push_back(checks);
  if (!option->get_default_str().empty()) notes.push_back("default " + option->get_default_str());
  for (const CLI::Option* needed : option->get_needs()) notes.push_back("needs " + needed->get_name());
  std::string text = option->get_description();
  if (!notes.empty()) text += " (" + joined(notes, "; ") + ")";
  return wrapped(text, kLineWidth - kNameColumn);
}

std::string HelpFormatter::make_subcommand(const CLI::App* command) const {
  const auto summary = summaries_.find(command->get_name());
  std::string name = "  " + command->get_name();
  name.resize(std::max(name.size() + 1, kCommandColumn), ' ');
  return name + (summary != summaries_.end() ? summary->second : command->get_description()) + "\n";
}

}  // namespace fatgraph::cli
