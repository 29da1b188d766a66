#include "command_options.h"

#include "option_checks.h"

namespace fatgraph::cli {

void addUnitsOption(CLI::App& command, BvhUnits& units, const std::string& help) {
  addEnumChoice(command, "--units", units,
                {BvhUnits::Auto, BvhUnits::Metres, BvhUnits::Centimetres, BvhUnits::CmuUnits, BvhUnits::Inches,
                 BvhUnits::Millimetres},
                unitName, help);
}

void addRigOptions(CLI::App& command, RigConventionOptions& rig) {
  addEnumChoice(command, "--translations", rig.translations,
                {TranslationConvention::Auto, TranslationConvention::Absolute, TranslationConvention::Additive},
                translationConventionName,
                "position channels below the root: auto (default, decided per file), absolute (they hold the "
                "whole local translation), additive (added to the OFFSET)");
  addEnumChoice(command, "--up", rig.up, {UpAxisChoice::Auto, UpAxisChoice::Y, UpAxisChoice::Z}, upAxisName,
                "up axis of the input: auto (default, from the motion), y, z");
  command
      .add_option("--motion-root", rig.motionRoot,
                  "joint that carries the character's travel (default: the root, or the joint that travels "
                  "below a still root bone)")
      ->type_name("NAME")
      ->check(notEmpty("a joint name"));
  addChoice(command, "--in-place", rig.keepInPlace, std::vector<std::pair<std::string, bool>>{{"feet", false}, {"keep", true}},
            "clips whose root stays while the feet slide (game walks): feet (default, root motion from the "
            "stance foot) or keep (left in place)");
  addChoice(command, "--loops", rig.keepLoops, std::vector<std::pair<std::string, bool>>{{"repeat", false}, {"keep", true}},
            "clips whose last frame leads back into the first (game cycles): repeat (default, two cycles so "
            "each pose occurs twice) or keep (one cycle)");
}

void addJsonFlag(CLI::App& command, bool& json) { command.add_flag("--json", json, "print one JSON object on stdout"); }

CLI::Option* addOutputOption(CLI::App& command, std::string& path, const std::string& valueName,
                             const std::string& help) {
  return command.add_option("-o", path, help)->type_name(valueName)->check(notEmpty("a file name"));
}

}  // namespace fatgraph::cli
