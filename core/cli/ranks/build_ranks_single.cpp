// BuildRanks in a build without MPI: always one rank, the ordinary scan.
#include "../build_ranks.h"

namespace fatgraph::cli {

struct BuildRanks::State {};

BuildRanks::BuildRanks() = default;
BuildRanks::~BuildRanks() = default;
int BuildRanks::rank() const { return 0; }
int BuildRanks::size() const { return 1; }
DistanceScanner BuildRanks::scanner(const Project&) { return {}; }
void BuildRanks::serve(const Project&) {}
void BuildRanks::finish() {}
void BuildRanks::fail(const std::string&) {}

}  // namespace fatgraph::cli
