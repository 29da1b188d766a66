// What every edit says of itself (graph_edit.h): its op, its undo text and its speed, each
// read from its struct, and the number format of the undo texts.
#include "fatgraph/core/graph/graph_edit.h"

#include <charconv>
#include <cmath>

namespace fatgraph {

const char* graphEditOp(const GraphEdit& edit) {
  return std::visit([](const auto& e) { return e.kOp; }, edit);
}

std::string graphEditUndoText(const GraphEdit& edit) {
  return std::visit([](const auto& e) { return e.undoText(); }, edit);
}

bool graphEditIsSlow(const GraphEdit& edit) {
  return std::visit([](const auto& e) { return e.kSlow; }, edit);
}

// The exact decimal expansion of the double (to_chars gives every digit at this precision and
// ignores the locale, unlike printf after Qt's setlocale), rounded by hand: printf and to_chars
// round an exact tie to even (0.0625 -> 0.062), the editor's QString::number away from zero.
std::string fixedDecimals(double value, int decimals) {
  if (!std::isfinite(value)) return std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf";
  if (value == 0) value = 0;  // Qt writes -0.0 as 0.000 (but -0.0001 as -0.000)
  constexpr int kExact = 1100;  // > the 1074 fraction digits of the smallest double
  std::string digits(kExact + 320, '\0');
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value, std::chars_format::fixed,
                                 kExact).ptr;
  digits.resize(static_cast<size_t>(end - digits.data()));
  const size_t point = digits.find('.');
  bool up = digits[point + 1 + decimals] >= '5';
  digits.resize(point + 1 + decimals);
  if (decimals == 0) digits.pop_back();
  for (size_t i = digits.size(); up && i-- > 0;) {
    if (digits[i] == '.') continue;
    if (digits[i] == '-') {
      digits.insert(i + 1, "1");
      up = false;
    } else if (digits[i] == '9') {
      digits[i] = '0';
    } else {
      ++digits[i];
      up = false;
    }
  }
  if (up) digits.insert(0, "1");
  return digits;
}

}  // namespace fatgraph
