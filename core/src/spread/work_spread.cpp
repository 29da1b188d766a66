#include "fatgraph/core/work_spread.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <queue>

#include "fatgraph/core/error.h"

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

uint64_t hashBytes(const void* data, size_t bytes, uint64_t hash) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) hash = (hash ^ p[i]) * 1099511628211ull;
  return hash;
}

void appendBytes(ItemBytes& out, const void* data, size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  out.insert(out.end(), p, p + bytes);
}

void ItemReader::read(void* data, size_t bytes) {
  if (bytes > bytes_.size() - offset_) {
    throw Error(what_ + ": the results end after " + std::to_string(bytes_.size()) + " bytes, more were expected");
  }
  if (bytes > 0) std::memcpy(data, bytes_.data() + offset_, bytes);
  offset_ += bytes;
}

}  // namespace fatgraph
