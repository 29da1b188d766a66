#pragma once
// Errors raised by core. Every message says where (file and line, or the object) and what
// was expected, so the CLI can print it on one line and the editor can show it as is.
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
