#include "fatgraph/io/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

#include "fatgraph/runtime_io/file_error.h"

namespace fatgraph {

namespace {

std::string systemMessage() { return std::generic_category().message(errno); }

}  // namespace

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
    const std::string reason = systemMessage();
    fs::remove(temp, ec);
    throw Error(target + ": cannot replace file (" + reason + ")");
  }
}

void writeFileAtomically(const std::string& target, std::string_view contents) {
  replaceFileAtomically(target, [&](const std::string& temp) {
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) throw Error(target + ": cannot create '" + temp + "' (" + systemMessage() + ")");
    // A full disk (ENOSPC) or a file-size limit (EFBIG) shows in write, fsync or close,
    // whichever comes first; each names what failed in one line.
    std::string failure;
    for (std::size_t written = 0; written < contents.size() && failure.empty();) {
      const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
      if (n < 0 && errno != EINTR) failure = "cannot write (" + systemMessage() + ")";
      if (n > 0) written += static_cast<std::size_t>(n);
    }
    if (failure.empty() && ::fsync(fd) != 0) {
      failure = "cannot flush to disk (" + systemMessage() + ")";
    }
    if (::close(fd) != 0 && failure.empty()) failure = "cannot write (" + systemMessage() + ")";
    if (!failure.empty()) throw Error(target + ": " + failure);
  });
}

}  // namespace fatgraph
