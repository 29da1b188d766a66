#include "fatgraph/core/spread/work_spread.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <queue>

#include "fatgraph/core/model/error.h"

namespace fatgraph {

namespace {

std::vector<std::vector<int>> contiguous(const std::vector<double>& costs, int processes) {
  double total = 0.0;
  for (double c : costs) total += c;
  std::vector<std::vector<int>> out(static_cast<size_t>(processes));
  double before = 0.0;
  for (size_t i = 0; i < costs.size(); ++i) {
    const double middle = before + 0.5 * costs[i];
    before += costs[i];
    // All-zero costs count every item alike.
    const double at = total > 0.0 ? middle / total : (double(i) + 0.5) / double(costs.size());
    const int p = std::min(processes - 1, static_cast<int>(at * processes));
    out[static_cast<size_t>(p)].push_back(static_cast<int>(i));
  }
  return out;
}

std::vector<std::vector<int>> balanced(const std::vector<double>& costs, int processes) {
  std::vector<int> order(costs.size());
  std::iota(order.begin(), order.end(), 0);
  // Largest first; equal costs in item order, so the result depends only on the costs.
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return costs[a] > costs[b]; });
  using Load = std::pair<double, int>;  // (cost so far, process): the smallest on top
  std::priority_queue<Load, std::vector<Load>, std::greater<>> least;
  for (int p = 0; p < processes; ++p) least.emplace(0.0, p);
  std::vector<std::vector<int>> out(static_cast<size_t>(processes));
  for (int item : order) {
    auto [load, p] = least.top();
    least.pop();
    out[static_cast<size_t>(p)].push_back(item);
    least.emplace(load + costs[static_cast<size_t>(item)], p);
  }
  for (std::vector<int>& items : out) std::sort(items.begin(), items.end());
  return out;
}

}  // namespace

std::vector<std::vector<int>> assignItems(const std::vector<double>& costs, int processes, ItemSplit split) {
  if (processes < 1) throw Error("assignItems: at least one process is needed");
  for (double c : costs) {
    if (!(c >= 0.0) || !std::isfinite(c)) throw Error("assignItems: item costs must be finite and >= 0");
  }
  return split == ItemSplit::Contiguous ? contiguous(costs, processes) : balanced(costs, processes);
}

void WorkSpread::spreadEach(const std::string& stage, const std::vector<double>& costs, const ItemCompute& compute,
                            ItemSplit split, uint64_t inputs, const ShareTake& take) {
  std::vector<ItemShare> shares = spread(stage, costs, compute, split, inputs);
  for (size_t p = 0; p < shares.size(); ++p) {
    take(static_cast<int>(p), shares[p]);
    shares[p] = {};
  }
}

uint64_t hashBytes(const void* data, size_t bytes, uint64_t hash) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) hash = (hash ^ p[i]) * 1099511628211ull;
  return hash;
}

void appendBytes(ItemBytes& out, const void* data, size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  out.insert(out.end(), p, p + bytes);
}

void appendString(ItemBytes& out, const std::string& text) {
  appendValue(out, static_cast<uint64_t>(text.size()));
  appendBytes(out, text.data(), text.size());
}

void ItemReader::past(uint64_t wanted) const {
  throw Error(what_ + ": the results end after " + std::to_string(bytes_.size()) + " bytes, " +
              std::to_string(wanted) + " more were expected at byte " + std::to_string(offset_));
}

void ItemReader::read(void* data, size_t bytes) {
  if (bytes > bytes_.size() - offset_) past(bytes);
  if (bytes > 0) std::memcpy(data, bytes_.data() + offset_, bytes);
  offset_ += bytes;
}

std::string ItemReader::string() {
  const uint64_t n = value<uint64_t>();
  if (n > bytes_.size() - offset_) past(n);
  std::string text(reinterpret_cast<const char*>(bytes_.data() + offset_), static_cast<size_t>(n));
  offset_ += static_cast<size_t>(n);
  return text;
}

}  // namespace fatgraph
