#pragma once
// Checks of option values that CLI11 runs while parsing (CLI::Validator): each one's
// description says what the option takes ("an integer in [1, 1000]") and --help shows it; a value
// it refuses is a usage error, "--window: expects an integer in [1, 1000], got '0'".
//
// Choices among names use CLI11's own CLI::IsMember (command_options.h). The numbers here are
// ours rather than CLI::Range because Range prints bounds with std::to_string ("0.001000 to
// 1000.000000"), has no open bound ("a rate in (0, 1000]") and accepts "010" as ten while CLI11
// then converts it as octal; these write the value back in decimal, so declare an integer's check
// with Option::transform() (which may rewrite the value), a number's with check().
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace fatgraph::cli {

/// A whole number in [lowest, highest] ("an integer >= 0" when highest is the type's largest).
CLI::Validator integerIn(long long lowest, long long highest = std::numeric_limits<int>::max());

/// A whole number from 0 to 2^64 - 1 (a seed).
CLI::Validator wholeNumber();

/// A finite number in [lowest, highest]; `openBelow` leaves `lowest` out ("a number in (0, 1000]");
/// an infinite `highest` says "a number > 0" or "a number >= 0".
CLI::Validator numberIn(double lowest, double highest, bool openBelow = false);

/// A finite number above zero ("a number > 0").
CLI::Validator positiveNumber();

/// One of `words`, or a value `number` accepts ("auto or an integer in [1, 1000]").
CLI::Validator wordsOr(const std::vector<std::string>& words, const CLI::Validator& number);

/// A file name that `accepts` takes, described as `what` ("a .glb or .gltf file", isGltfPath).
CLI::Validator fileKind(const std::string& what, std::function<bool(const std::string&)> accepts);

/// Any text but the empty string ("a file name", "a joint name"); --help does not say so.
CLI::Validator notEmpty(const std::string& what);

}  // namespace fatgraph::cli
