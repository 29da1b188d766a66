#pragma once
// Spreading a build's independent work over the processes of one distributed run
// (`mpirun -np K fatgraph build`). Every process runs the same build on the same clips and
// meets the same spread calls in the same order (one program, many data shares); core says
// what an item is, what it costs and how its result is encoded, a WorkSpread says which
// process computes which items and hands every result to every process in item order.
//
// Results stay identical to a one-process build because every item is computed whole by one
// process with the same code (no floating-point sum is ever split between processes), and the
// distance scan merges exactly (integer sums and minima). Core never talks to MPI: the
// implementation over MPI ranks lives in mpi/ (fatgraph_mpi).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fatgraph/core/graph/distance_matrix.h"
#include "fatgraph/core/model/progress.h"

namespace fatgraph {

/// The results of some items, encoded by the caller.
using ItemBytes = std::vector<unsigned char>;

/// One process's share of a spread call: the items it computed (ascending) and their results.
struct ItemShare {
  std::vector<int> items;
  ItemBytes bytes;
};

/// Computes `items` (ascending indices) and returns their encoded results.
using ItemCompute = std::function<ItemBytes(const std::vector<int>& items)>;

/// Takes one process's share of a spread call (process 0 .. processes() - 1); it may move from
/// the share, whose bytes are released once it returns.
using ShareTake = std::function<void(int process, ItemShare& share)>;

/// How items are dealt out (assignItems).
enum class ItemSplit {
  /// Runs of neighbouring items of about equal cost: neighbours share inputs (the frames of
  /// nearby rows, the segments of nearby pairs), which each process then prepares once.
  Contiguous,
  /// Largest cost first, each to the least loaded process: few items of very unequal cost.
  Balanced,
};

class WorkSpread {
 public:
  virtual ~WorkSpread() = default;
  virtual int processes() const = 0;
  virtual int process() const = 0;  // this process, 0 .. processes() - 1

  /// Items 0 .. costs.size() - 1 of stage `stage` ("hub rows", "segment pairs", ...): this
  /// process computes the items assignItems(costs, processes(), split) gives it; returns
  /// every process's share, in process order, on every process. Every process must call it
  /// with the same stage, costs and `inputs` (a hashBytes of what the items are made from:
  /// frames, segments, edges); a process that differs ends the run with a message.
  virtual std::vector<ItemShare> spread(const std::string& stage, const std::vector<double>& costs,
                                        const ItemCompute& compute, ItemSplit split, uint64_t inputs) = 0;

  /// As spread, but hands the shares to `take` one at a time, in process order, each released
  /// before the next arrives: a stage with large results (the segment pairs' values, 1.1 GB at
  /// ten hours) then holds its own share and one other, not every share at once. This default
  /// takes them from spread().
  virtual void spreadEach(const std::string& stage, const std::vector<double>& costs, const ItemCompute& compute,
                          ItemSplit split, uint64_t inputs, const ShareTake& take);

  /// The distance scan of `features`, its tiles spread over the processes; every process gets
  /// the whole scan, identical to scanDistanceMatrix's. `fingerprint` (the clips' distance
  /// fingerprint) is compared between processes first: different clips end the run.
  virtual DistanceScan scanDistances(const PoseFeatures& features, const DistanceMatrixSettings& settings,
                                     const std::string& fingerprint, const ProgressCallback& progress) = 0;
};

/// Which process computes which items, ascending per process. Contiguous: process p gets the
/// items whose middle falls in the p-th equal slice of the running total cost. Balanced:
/// largest cost first, each to the process with the least cost so far (ties to the lower
/// process). Both depend only on the costs and are within one item's cost of an equal split
/// (Balanced: of the best split's largest share, 4/3 at worst). Costs must be finite and >= 0.
std::vector<std::vector<int>> assignItems(const std::vector<double>& costs, int processes, ItemSplit split);

/// FNV-1a (64 bit) of `bytes` bytes at `data`, continuing from `hash`: what spread calls
/// compare between processes.
uint64_t hashBytes(const void* data, size_t bytes, uint64_t hash = 0xcbf29ce484222325ull);
template <typename T>
uint64_t hashVector(const std::vector<T>& v, uint64_t hash = 0xcbf29ce484222325ull) {
  return hashBytes(v.data(), v.size() * sizeof(T), hash);
}

/// Byte encoding helpers for item results (native layout: every process runs the same binary).
void appendBytes(ItemBytes& out, const void* data, size_t bytes);
template <typename T>
void appendValue(ItemBytes& out, const T& value) {
  appendBytes(out, &value, sizeof value);
}
/// A length (uint64) and the elements of a vector of trivially copyable values.
template <typename T>
void appendVector(ItemBytes& out, const std::vector<T>& values) {
  appendValue(out, static_cast<uint64_t>(values.size()));
  appendBytes(out, values.data(), values.size() * sizeof(T));
}
/// A length (uint64) and the characters.
void appendString(ItemBytes& out, const std::string& text);

/// Reads values in the order they were appended; throws Error naming `what` past the end.
class ItemReader {
 public:
  ItemReader(const ItemBytes& bytes, std::string what) : bytes_(bytes), what_(std::move(what)) {}
  void read(void* data, size_t bytes);
  template <typename T>
  T value() {
    T v;
    read(&v, sizeof v);
    return v;
  }
  /// What appendVector wrote; throws Error naming `what` when the length passes the end.
  template <typename T>
  std::vector<T> vector() {
    const uint64_t n = value<uint64_t>();
    if (n > (bytes_.size() - offset_) / sizeof(T)) past(n * sizeof(T));
    std::vector<T> v(static_cast<size_t>(n));
    read(v.data(), v.size() * sizeof(T));
    return v;
  }
  std::string string();
  bool atEnd() const { return offset_ == bytes_.size(); }

 private:
  [[noreturn]] void past(uint64_t wanted) const;
  const ItemBytes& bytes_;
  std::string what_;
  size_t offset_ = 0;
};

}  // namespace fatgraph
