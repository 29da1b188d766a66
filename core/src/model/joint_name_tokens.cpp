#include "fatgraph/core/model/joint_name_tokens.h"

#include <cctype>

namespace fatgraph {

std::vector<std::string> jointNameTokens(const std::string& name) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  };
  const size_t n = name.size();
  for (size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (!std::isalnum(c)) {
      flush();
      continue;
    }
    if (!cur.empty()) {
      const auto prev = static_cast<unsigned char>(name[i - 1]);
      const bool next_lower = i + 1 < n && std::islower(static_cast<unsigned char>(name[i + 1]));
      const bool case_step = std::islower(prev) && std::isupper(c);
      const bool acronym_end = std::isupper(prev) && std::isupper(c) && next_lower;
      const bool digit_step = std::isdigit(prev) != std::isdigit(c);
      if (case_step || acronym_end || digit_step) flush();
    }
    cur += static_cast<char>(std::tolower(c));
  }
  flush();
  return out;
}

}  // namespace fatgraph
