#pragma once
// For the fuzz targets whose loaders read paths only: each input is written to one file in a
// private temporary directory (removed at exit) before the loader sees it.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace fatgraph::fuzz {

class InputFile {
 public:
  /// `name`: the file's name inside the directory (its extension is what a loader sees).
  explicit InputFile(const char* name) {
    const char* tmp = std::getenv("TMPDIR");
    dir_ = std::string(tmp != nullptr ? tmp : "/tmp") + "/fatgraph-fuzz-XXXXXX";
    if (::mkdtemp(dir_.data()) == nullptr) std::abort();
    path_ = dir_ + "/" + name;
  }
  ~InputFile() {
    std::remove(path_.c_str());
    ::rmdir(dir_.c_str());
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  /// Replaces the file's contents with the input; returns its path.
  const std::string& write(const std::uint8_t* data, std::size_t size) const {
    std::FILE* f = std::fopen(path_.c_str(), "wb");
    if (f == nullptr) std::abort();
    if (size > 0 && std::fwrite(data, 1, size, f) != size) std::abort();
    std::fclose(f);
    return path_;
  }

 private:
  std::string dir_, path_;
};

}  // namespace fatgraph::fuzz
