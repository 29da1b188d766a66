#include "command_line.h"

#include <cctype>
#include <iostream>
#include <memory>
#include <new>

#include "help_formatter.h"

namespace fatgraph::cli {
namespace {

bool looksLikeOption(const std::string& arg) {
  return arg.size() > 1 && arg[0] == '-' && !std::isdigit(static_cast<unsigned char>(arg[1])) && arg[1] != '.';
}

// An argument no declaration takes: an unknown option ("--yaml=1" named "--yaml") or one
// argument too many.
std::string strayArgumentMessage(const std::string& arg, const std::string& seeHelp) {
  if (looksLikeOption(arg)) return "unknown option '" + arg.substr(0, arg.find('=')) + "' (see " + seeHelp + ")";
  return "unexpected argument '" + arg + "' (see " + seeHelp + ")";
}

// The first argument or option the command requires that was not given.
const CLI::Option* firstMissing(const CLI::App& command) {
  for (const CLI::Option* o : command.get_options())
    if (o->get_required() && o->count() == 0) return o;
  return nullptr;
}

// The line a parse error of `command` prints after "fatgraph <command>: ". CLI11's own words for
// a value a check refuses ("--up: x not in {auto,y,z}") and for an option that needs another;
// for what is missing or stray, words from the declarations ("missing -o OUT.bvh").
std::string usageMessage(const CLI::App& program, const CLI::App& command, const CLI::ParseError& e) {
  if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr) {
    if (const CLI::Option* missing = firstMissing(command)) return "missing " + usageForm(*missing);
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    if (!command.remaining().empty()) return strayArgumentMessage(command.remaining().front(), "--help");
    if (!program.remaining().empty()) return strayArgumentMessage(program.remaining().front(), "fatgraph --help");
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr) {
    // An option without its value: CLI11 says "-o: 1 required OUT.bvh missing".
    const std::string what = e.what();
    const std::string name = what.substr(0, what.find(':'));
    const CLI::Option* option = command.get_option_no_throw(name);
    if (option != nullptr && !valueShape(*option).empty()) return name + ": expects " + valueShape(*option);
  }
  return e.what();
}

// A parse error before any command: the first argument should have named one.
std::string programUsageMessage(const CLI::App& program) {
  const std::vector<std::string> rest = program.remaining();
  if (rest.empty()) return "missing a command (see fatgraph --help)";
  if (looksLikeOption(rest.front())) return strayArgumentMessage(rest.front(), "fatgraph --help");
  return "unknown command '" + rest.front() + "' (see fatgraph --help)";
}

std::shared_ptr<HelpFormatter> helpFormatter(const CLI::App& program) {
  return std::static_pointer_cast<HelpFormatter>(program.get_formatter());
}

}  // namespace

CommandLine::CommandLine()
    : program_("fatgraph turns motion capture into controllable game characters: it builds a fat graph of "
               "motion from clips, exports it for the game-side runtime and plays it headless.",
               "fatgraph") {
  program_.formatter(std::make_shared<HelpFormatter>());
  program_.set_help_flag("-h,--help", "show this help");
  program_.require_subcommand(1);
  // A repeated option keeps its last value.
  program_.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  program_.footer("Run 'fatgraph <command> --help' for a command's options.");
}

CLI::App& CommandLine::addCommand(const std::string& name, const std::string& summary, const std::string& description,
                                  std::function<int()> run) {
  CLI::App* command = program_.add_subcommand(name, description);
  command->group("Commands");
  command->footer("");  // the program's, which CLI11 hands down
  helpFormatter(program_)->setSummary(name, summary);
  runs_[command] = std::move(run);
  return *command;
}

int CommandLine::run(int argc, const char* const* argv) {
  try {
    program_.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << program_.help();  // the command's, when one was named
    return 0;
  } catch (const CLI::ParseError& e) {
    const std::vector<CLI::App*> parsed = program_.get_subcommands();
    if (parsed.empty()) {
      std::cerr << "fatgraph: " << programUsageMessage(program_) << "\n";
    } else {
      std::cerr << "fatgraph " << parsed.front()->get_name() << ": " << usageMessage(program_, *parsed.front(), e)
                << "\n";
    }
    return 2;
  }
  return runCommand(*program_.get_subcommands().front());
}

int CommandLine::runCommand(const CLI::App& command) {
  const std::string prefix = "fatgraph " + command.get_name() + ": ";
  try {
    return runs_.at(&command)();
  } catch (const UsageError& e) {
    std::cerr << prefix << e.message << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << prefix << "out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << prefix << e.what() << "\n";
    return 1;
  }
}

}  // namespace fatgraph::cli
