#pragma once
// The errors fatgraph's files raise: every message says where (file and line, or the object
// in the file) and what was expected, so a program can print it on one line as is. The
// runtime graph loader throws them, and so do core's project, image and BVH readers.
#include <stdexcept>
#include <string>

namespace fatgraph {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A problem in an input file: "<file>:<line>: <what>" (line 0 = the file as a whole).
class FileError : public Error {
 public:
  FileError(std::string file, int line, const std::string& what)
      : Error(format(file, line, what)), file_(std::move(file)), line_(line) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  static std::string format(const std::string& file, int line, const std::string& what) {
    return line > 0 ? file + ":" + std::to_string(line) + ": " + what : file + ": " + what;
  }
  std::string file_;
  int line_;
};

}  // namespace fatgraph
