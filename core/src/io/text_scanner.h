#pragma once
// Line-oriented tokenizer for text formats (BVH). Tracks 1-based line numbers for messages,
// accepts LF or CRLF and any mix of spaces and tabs, and parses numbers strictly.
#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

#include "fatgraph/core/model/error.h"

namespace fatgraph::detail {

class TextScanner {
 public:
  TextScanner(std::string_view text, std::string fileName)
      : text_(text), file_(std::move(fileName)) {}

  const std::string& fileName() const { return file_; }
  int line() const { return line_; }
  bool atEnd() { skipSpace(); return pos_ >= text_.size(); }
  size_t position() const { return pos_; }
  size_t remainingBytes() const { return text_.size() - pos_; }

  /// Next whitespace-separated token (may cross line ends); empty at end of text.
  std::string_view token() {
    skipSpace();
    const size_t start = pos_;
    while (pos_ < text_.size() && !isSpace(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  /// Next token on the current line only; empty when the line has no more tokens.
  std::string_view tokenOnLine() {
    skipBlanks();
    const size_t start = pos_;
    while (pos_ < text_.size() && !isSpace(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  /// The rest of the current line, trimmed; moves to the next line.
  std::string_view restOfLine() {
    skipBlanks();
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    size_t end = pos_;
    while (end > start && isSpace(text_[end - 1])) --end;
    return text_.substr(start, end - start);
  }

  /// Skips blanks (not line ends); true if the current line has nothing more.
  bool lineEnded() {
    skipBlanks();
    return pos_ >= text_.size() || text_[pos_] == '\n' || text_[pos_] == '\r';
  }

  /// Moves past the end of the current line (which must hold only blanks).
  void nextLine() {
    while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    if (pos_ < text_.size()) { ++pos_; ++line_; }
  }

  /// Skips whitespace including line ends, counting lines.
  void skipSpace() {
    while (pos_ < text_.size() && isSpace(text_[pos_])) {
      if (text_[pos_] == '\n') ++line_;
      ++pos_;
    }
  }

  [[noreturn]] void fail(const std::string& what) const { throw FileError(file_, line_, what); }

  void expect(std::string_view keyword) {
    const std::string_view t = token();
    if (t != keyword) {
      fail("expected '" + std::string(keyword) + "', found " + describe(t));
    }
  }

  /// Parses a finite number (optional leading '+'), or fails naming `what`.
  static bool parseNumber(std::string_view t, double& out) {
    if (!t.empty() && t.front() == '+') t.remove_prefix(1);
    if (t.empty()) return false;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
    return ec == std::errc() && end == t.data() + t.size() && std::isfinite(out);
  }

  double number(const std::string& what) {
    const std::string_view t = token();
    double v = 0;
    if (!parseNumber(t, v)) fail("expected " + what + " (a finite number), found " + describe(t));
    return v;
  }

  long long integer(const std::string& what) {
    const std::string_view t = token();
    long long v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size()) {
      fail("expected " + what + " (an integer), found " + describe(t));
    }
    return v;
  }

  static std::string describe(std::string_view t) {
    if (t.empty()) return "end of file";
    if (t.size() > 40) t = t.substr(0, 40);
    std::string quoted(1, '\'');
    quoted.append(t);
    quoted.push_back('\'');
    return quoted;
  }

 private:
  static bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
  void skipBlanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\r' || text_[pos_] == '\f' || text_[pos_] == '\v')) ++pos_;
  }

  std::string_view text_;
  std::string file_;
  size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace fatgraph::detail
