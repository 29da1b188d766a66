// BuildRanks over MPI: every rank runs the whole build with a RankSpread, which checks at each
// stage that the ranks still agree (same clips, same items) and shares the work out.
#include <sched.h>

#include <memory>
#include <string>

#include "../build_ranks.h"
#include "fatgraph/mpi/rank_spread.h"
#include "fatgraph/mpi/ranks.h"

namespace fatgraph::cli {

struct BuildRanks::State {
  mpi::Ranks ranks;
  mpi::RankSpread spread{ranks};
};

BuildRanks::BuildRanks() : state_(std::make_unique<State>()) {}

// Every rank meets at a polling barrier first: MPI_Finalize waits for all ranks, and waiting
// inside it would spin on a core rank 0 still writes the project on.
BuildRanks::~BuildRanks() { state_->ranks.barrier(); }

int BuildRanks::rank() const { return state_->ranks.rank(); }
int BuildRanks::size() const { return state_->ranks.size(); }

WorkSpread* BuildRanks::spread() { return state_->ranks.distributed() ? &state_->spread : nullptr; }

int BuildRanks::threadsPerRank(int asked) const {
  if (asked > 0 || !state_->ranks.distributed()) return asked;
  cpu_set_t mine;
  CPU_ZERO(&mine);
  if (sched_getaffinity(0, sizeof mine, &mine) != 0) return asked;
  return std::max(1, CPU_COUNT(&mine));
}

nlohmann::json BuildRanks::rankTimings() {
  if (!state_->ranks.distributed()) return nullptr;
  const std::vector<mpi::RankTimes> all = state_->spread.gatherTimes();
  if (state_->ranks.rank() != 0) return nullptr;
  nlohmann::json out = nlohmann::json::array();
  for (size_t r = 0; r < all.size(); ++r) {
    nlohmann::json stages = nlohmann::json::object();
    for (const auto& [stage, t] : all[r]) {
      stages[stage] = {{"compute", t.computeSeconds}, {"wall", t.wallSeconds}, {"calls", t.calls}};
    }
    out.push_back({{"rank", r}, {"stages", stages}});
  }
  return out;
}

std::vector<std::vector<std::uint64_t>> BuildRanks::gatherPeaks(const std::vector<std::uint64_t>& mine) {
  const mpi::Ranks& ranks = state_->ranks;
  const size_t bytes = mine.size() * sizeof(std::uint64_t);
  if (ranks.rank() > 0) {
    ranks.send(0, mine.data(), bytes);
    return {mine};
  }
  std::vector<std::vector<std::uint64_t>> all{mine};
  for (int r = 1; r < ranks.size(); ++r) {
    all.emplace_back(mine.size());
    ranks.receive(r, all.back().data(), bytes);
  }
  return all;
}

void BuildRanks::fail(const std::string& message) {
  if (state_->ranks.distributed()) state_->ranks.abort(message);
}

}  // namespace fatgraph::cli
