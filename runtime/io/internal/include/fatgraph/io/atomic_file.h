#pragma once
// Atomic replacement of files: write beside the target, then rename over it, so a failure at
// any point leaves the previous file untouched.
#include <functional>
#include <string>
#include <string_view>

namespace fatgraph {

/// A unique temporary path in the same directory as `target` (rename is atomic only within
/// one file system).
std::string temporaryPathBeside(const std::string& target);

/// Calls write(tempPath) and renames the result over `target`. If write throws, or the rename
/// fails, the temporary file is removed and the error propagates (as fatgraph::Error for the
/// rename); `target` is unchanged.
void replaceFileAtomically(const std::string& target,
                           const std::function<void(const std::string& tempPath)>& write);

/// Writes `contents` to `target` atomically.
void writeFileAtomically(const std::string& target, std::string_view contents);

}  // namespace fatgraph
