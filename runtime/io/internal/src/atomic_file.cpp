#include "fatgraph/io/atomic_file.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <unistd.h>

#include "fatgraph/runtime_io/file_error.h"

namespace fatgraph {

std::string temporaryPathBeside(const std::string& target) {
  static std::atomic<unsigned> counter{0};
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  return target + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(stamp % 1000000) +
         "-" + std::to_string(counter++);
}

void replaceFileAtomically(const std::string& target,
                           const std::function<void(const std::string&)>& write) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(target).parent_path();
  std::error_code ec;
  if (!dir.empty() && !fs::is_directory(dir, ec)) {
    throw Error(target + ": directory '" + dir.string() + "' does not exist");
  }
  if (fs::is_directory(target, ec)) throw Error(target + ": is a directory, expected a file path");
  const std::string temp = temporaryPathBeside(target);
  try {
    write(temp);
  } catch (...) {
    fs::remove(temp, ec);
    throw;
  }
  if (std::rename(temp.c_str(), target.c_str()) != 0) {
    const std::string reason = std::generic_category().message(errno);
    fs::remove(temp, ec);
    throw Error(target + ": cannot replace file (" + reason + ")");
  }
}

void writeFileAtomically(const std::string& target, std::string_view contents) {
  replaceFileAtomically(target, [&](const std::string& temp) {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(target + ": cannot create '" + temp + "' for writing");
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) throw Error(target + ": write failed (disk full?)");
  });
}

}  // namespace fatgraph
