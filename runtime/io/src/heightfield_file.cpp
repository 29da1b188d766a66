// Reads the text heightfield format (heightfield_file.h) line by line, so every complaint can
// name the line it is about.
#include "fatgraph/runtime_io/heightfield_file.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <vector>

namespace fatgraph {

namespace {

class LineReader {
 public:
  explicit LineReader(const std::string& path) : path_(path), in_(path) {
    if (!in_) fail(0, "a readable file", "none (cannot open it)");
  }

  [[noreturn]] void fail(int line, const std::string& expected, const std::string& got) const {
    throw std::runtime_error(path_ + ":" + std::to_string(line) + ": expected " + expected +
                             ", got " + got);
  }

  /// Next line's tokens; false at the end of the file. Skips blank and '#' lines unless raw.
  bool next(std::vector<std::string>& tokens, bool raw = false) {
    std::string text;
    while (std::getline(in_, text)) {
      ++line_;
      tokens.clear();
      size_t i = 0;
      while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j > i) tokens.emplace_back(text, i, j - i);
        i = j;
      }
      if (raw || (!tokens.empty() && tokens.front()[0] != '#')) return true;
    }
    ++line_;  // errors about a missing line point just past the end
    return false;
  }

  int line() const { return line_; }

  float number(const std::string& token, const std::string& what) const {
    float value = 0.0f;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size() || !std::isfinite(value)) {
      fail(line_, what + " (a finite number)", "'" + token + "'");
    }
    return value;
  }

  int integer(const std::string& token, const std::string& what) const {
    int value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size()) {
      fail(line_, what + " (an integer)", "'" + token + "'");
    }
    return value;
  }

 private:
  std::string path_;
  std::ifstream in_;
  int line_ = 0;
};

std::string quoted(const std::vector<std::string>& tokens) {
  std::string s = "'";
  for (size_t i = 0; i < tokens.size(); ++i) s += (i ? " " : "") + tokens[i];
  return s + "'";
}

}  // namespace

Heightfield loadHeightfield(const std::string& path) {
  LineReader r(path);
  std::vector<std::string> t;
  const std::string header =
      "'" + std::string(kHeightfieldFileTag) + " " + std::to_string(kHeightfieldFileVersion) + "'";
  if (!r.next(t, true)) r.fail(r.line(), "the header " + header, "an empty file");
  if (t.size() != 2 || t[0] != kHeightfieldFileTag)
    r.fail(r.line(), "the header " + header, quoted(t));
  if (t[1] != std::to_string(kHeightfieldFileVersion)) {
    r.fail(r.line(), "format version " + std::to_string(kHeightfieldFileVersion), "'" + t[1] + "'");
  }

  const std::string sizes = "'cols rows cell_size origin_x origin_z'";
  if (!r.next(t)) r.fail(r.line(), sizes, "the end of the file");
  if (t.size() != 5)
    r.fail(r.line(), sizes + " (5 numbers)", std::to_string(t.size()) + " numbers");
  const int cols = r.integer(t[0], "cols");
  const int rows = r.integer(t[1], "rows");
  if (cols < 2 || rows < 2) r.fail(r.line(), "cols and rows >= 2", quoted(t));
  if (static_cast<long long>(cols) * rows > (1LL << 28)) {
    r.fail(r.line(), "at most 2^28 nodes", quoted(t));
  }
  const float cell = r.number(t[2], "cell_size");
  if (!(cell > 0.0f)) r.fail(r.line(), "cell_size > 0", "'" + t[2] + "'");
  const float originX = r.number(t[3], "origin_x");
  const float originZ = r.number(t[4], "origin_z");

  std::vector<float> heights;
  heights.reserve(static_cast<size_t>(cols) * rows);
  for (int row = 0; row < rows; ++row) {
    const std::string what = "row " + std::to_string(row) + " of " + std::to_string(rows);
    if (!r.next(t)) r.fail(r.line(), what, "the end of the file");
    if (t.size() != static_cast<size_t>(cols)) {
      r.fail(r.line(), what + " with " + std::to_string(cols) + " heights",
             std::to_string(t.size()));
    }
    for (const std::string& token : t) heights.push_back(r.number(token, "a height"));
  }
  if (r.next(t))
    r.fail(r.line(), "the end of the file after " + std::to_string(rows) + " rows", quoted(t));

  std::string error;
  std::optional<Heightfield> field =
      Heightfield::create(cols, rows, cell, originX, originZ, std::move(heights), &error);
  if (!field) r.fail(0, "a valid heightfield", error);
  return std::move(*field);
}

}  // namespace fatgraph
