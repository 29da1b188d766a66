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
void BuildRanks::fail(const std::string&) {}

}  // namespace fatgraph::cli
