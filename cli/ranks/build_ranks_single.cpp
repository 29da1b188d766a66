// BuildRanks in a build without MPI: always one rank, the ordinary build.
#include "../build_ranks.h"

namespace fatgraph::cli {

struct BuildRanks::State {};

BuildRanks::BuildRanks() = default;
BuildRanks::~BuildRanks() = default;
int BuildRanks::rank() const { return 0; }
int BuildRanks::size() const { return 1; }
WorkSpread* BuildRanks::spread() { return nullptr; }
int BuildRanks::threadsPerRank(int asked) const { return asked; }
nlohmann::json BuildRanks::rankTimings() { return nullptr; }
std::vector<std::vector<std::uint64_t>> BuildRanks::gatherPeaks(const std::vector<std::uint64_t>& mine) {
  return {mine};
}
void BuildRanks::fail(const std::string&) {}

}  // namespace fatgraph::cli
