#include "fatgraph/mpi/rank_spread.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <exception>
#include <thread>
#include <utility>

#include "fatgraph/mpi/distributed_scan.h"

namespace fatgraph::mpi {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// What every spread call starts with: rank 0's header goes to every rank, which compares it
// with its own before any data moves.
struct StageHeader {
  char stage[48] = {};
  uint64_t count = 0;
  uint64_t hash = 0;
  int64_t settings[4] = {};  // the scan's: window, threads, heat map size, memory budget
};

StageHeader header(const std::string& stage, uint64_t count, uint64_t hash) {
  StageHeader h;
  std::strncpy(h.stage, stage.c_str(), sizeof h.stage - 1);
  h.count = count;
  h.hash = hash;
  return h;
}

// Rank 0's header, as every rank receives it.
StageHeader rankZeroHeader(const Ranks& ranks, const StageHeader& mine) {
  StageHeader theirs = mine;
  ranks.broadcast(&theirs, sizeof theirs);
  return theirs;
}

void sendBytes(const Ranks& ranks, const ItemBytes& bytes) {
  const uint64_t size = bytes.size();
  ranks.send(0, &size, sizeof size);
  ranks.send(0, bytes.data(), bytes.size());
}

ItemBytes receiveBytes(const Ranks& ranks, int from) {
  uint64_t size = 0;
  ranks.receive(from, &size, sizeof size);
  ItemBytes bytes(size);
  ranks.receive(from, bytes.data(), bytes.size());
  return bytes;
}

template <typename T>
void broadcastVector(const Ranks& ranks, std::vector<T>& v, int root = 0) {
  uint64_t size = v.size();
  ranks.broadcast(&size, sizeof size, root);
  v.resize(size);
  ranks.broadcast(v.data(), v.size() * sizeof(T), root);
}

}  // namespace

std::vector<ItemShare> RankSpread::spread(const std::string& stage, const std::vector<double>& costs,
                                          const ItemCompute& compute, ItemSplit split, uint64_t inputs) {
  std::vector<ItemShare> shares(static_cast<size_t>(ranks_.size()));
  spreadEach(stage, costs, compute, split, inputs,
             [&](int r, ItemShare& share) { shares[static_cast<size_t>(r)] = std::move(share); });
  return shares;
}

void RankSpread::spreadEach(const std::string& stage, const std::vector<double>& costs, const ItemCompute& compute,
                            ItemSplit split, uint64_t inputs, const ShareTake& take) {
  const auto start = Clock::now();
  const StageHeader mine = header(stage, costs.size(), hashVector(costs, inputs));
  const StageHeader zero = rankZeroHeader(ranks_, mine);
  if (std::strncmp(zero.stage, mine.stage, sizeof mine.stage) != 0 || zero.count != mine.count ||
      zero.hash != mine.hash) {
    ranks_.abort("build: this rank reached '" + stage + "' with " + std::to_string(mine.count) +
                 " items where rank 0 reached '" + std::string(zero.stage) + "' with " + std::to_string(zero.count) +
                 " (or other items): the ranks' builds went apart; every rank must read the same files with the "
                 "same options");
  }
  std::vector<std::vector<int>> assignment = assignItems(costs, ranks_.size(), split);
  const int me = ranks_.rank();

  const auto computeStart = Clock::now();
  ItemBytes own;
  try {
    own = compute(assignment[static_cast<size_t>(me)]);
  } catch (const std::exception& e) {
    ranks_.abort(stage + ": " + e.what());
  }
  StageTime& time = times_[stage];
  time.computeSeconds += since(computeStart);

  // Each share straight from its rank to every rank (no gathering on rank 0 first, which sent
  // every byte twice), taken and released before the next.
  for (int r = 0; r < ranks_.size(); ++r) {
    ItemShare share{std::move(assignment[static_cast<size_t>(r)]), r == me ? std::move(own) : ItemBytes{}};
    broadcastVector(ranks_, share.bytes, r);
    try {
      take(r, share);
    } catch (const std::exception& e) {
      ranks_.abort(stage + ": " + e.what());
    }
  }
  time.wallSeconds += since(start);
  ++time.calls;
}

DistanceScan RankSpread::scanDistances(const PoseFeatures& features, const DistanceMatrixSettings& asked,
                                       const std::string& fingerprint, const ProgressCallback& progress) {
  const auto start = Clock::now();
  DistanceMatrixSettings settings = asked;
  // The tile size follows the thread count: every rank uses rank 0's.
  if (settings.threads <= 0) settings.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  StageHeader mine = header("distance scan", static_cast<uint64_t>(features.frameCount()),
                            hashBytes(fingerprint.data(), fingerprint.size()));
  mine.settings[0] = settings.window;
  mine.settings[1] = settings.threads;
  mine.settings[2] = settings.heatMapSize;
  mine.settings[3] = static_cast<int64_t>(settings.memoryBudgetBytes);
  const StageHeader zero = rankZeroHeader(ranks_, mine);
  if (std::strncmp(zero.stage, mine.stage, sizeof mine.stage) != 0) {
    ranks_.abort("build: this rank reached the distance scan where rank 0 reached '" + std::string(zero.stage) +
                 "': the ranks' builds went apart");
  }
  if (zero.count != mine.count || zero.hash != mine.hash) {
    ranks_.abort("build: this rank's clips differ from rank 0's (" + std::to_string(mine.count) + " frames here, " +
                 std::to_string(zero.count) + " there): every rank must read the same files");
  }
  settings.window = static_cast<int>(zero.settings[0]);
  settings.threads = static_cast<int>(zero.settings[1]);
  settings.heatMapSize = static_cast<int>(zero.settings[2]);
  settings.memoryBudgetBytes = static_cast<size_t>(zero.settings[3]);

  DistanceScan scan = scanDistanceMatrixOnRanks(ranks_, features, settings, progress, &times_["distance scan"].computeSeconds);
  broadcastDistanceScan(ranks_, scan);
  StageTime& time = times_["distance scan"];
  time.wallSeconds += since(start);
  ++time.calls;
  return scan;
}

std::vector<RankTimes> RankSpread::gatherTimes() const {
  // Fixed-size records: a stage name and its three numbers.
  struct Record {
    char stage[48] = {};
    double computeSeconds = 0, wallSeconds = 0;
    int64_t calls = 0;
  };
  std::vector<Record> records;
  for (const auto& [stage, t] : times_) {
    Record r;
    std::strncpy(r.stage, stage.c_str(), sizeof r.stage - 1);
    r.computeSeconds = t.computeSeconds;
    r.wallSeconds = t.wallSeconds;
    r.calls = t.calls;
    records.push_back(r);
  }
  auto toTimes = [](const std::vector<Record>& rs) {
    RankTimes out;
    for (const Record& r : rs) out[r.stage] = {r.computeSeconds, r.wallSeconds, static_cast<int>(r.calls)};
    return out;
  };
  std::vector<RankTimes> all{toTimes(records)};
  if (ranks_.rank() > 0) {
    ItemBytes bytes;
    appendBytes(bytes, records.data(), records.size() * sizeof(Record));
    sendBytes(ranks_, bytes);
    return all;
  }
  for (int r = 1; r < ranks_.size(); ++r) {
    const ItemBytes bytes = receiveBytes(ranks_, r);
    std::vector<Record> theirs(bytes.size() / sizeof(Record));
    std::memcpy(theirs.data(), bytes.data(), theirs.size() * sizeof(Record));
    all.push_back(toTimes(theirs));
  }
  return all;
}

}  // namespace fatgraph::mpi
