#pragma once
// WorkSpread over MPI ranks (core/work_spread.h): every rank runs the same build, and at each
// spread call computes the items assignItems gives it, and each rank's share goes from it to
// every rank, one share after another in rank order. Each call starts with rank 0's stage
// header (stage, item count, a hash of the costs and inputs, or of the clips' fingerprint),
// which every other rank checks against its own: ranks whose builds went apart end the run
// with a message instead of exchanging the wrong data. A rank whose share fails, or that cannot
// take another's, ends every rank (Ranks::abort).
#include <map>
#include <string>
#include <vector>

#include "fatgraph/core/spread/work_spread.h"
#include "fatgraph/mpi/ranks.h"

namespace fatgraph::mpi {

/// Where one rank's time in one stage went.
struct StageTime {
  double computeSeconds = 0;  // its own share
  double wallSeconds = 0;     // the whole calls (its share, waiting for the others, exchange)
  int calls = 0;
};
using RankTimes = std::map<std::string, StageTime>;  // by stage name

class RankSpread final : public WorkSpread {
 public:
  explicit RankSpread(const Ranks& ranks) : ranks_(ranks) {}
  int processes() const override { return ranks_.size(); }
  int process() const override { return ranks_.rank(); }
  std::vector<ItemShare> spread(const std::string& stage, const std::vector<double>& costs,
                                const ItemCompute& compute, ItemSplit split, uint64_t inputs) override;
  void spreadEach(const std::string& stage, const std::vector<double>& costs, const ItemCompute& compute,
                  ItemSplit split, uint64_t inputs, const ShareTake& take) override;
  /// The settings' threads (0 resolved on rank 0) and tile size are rank 0's on every rank.
  DistanceScan scanDistances(const PoseFeatures& features, const DistanceMatrixSettings& settings,
                             const std::string& fingerprint, const ProgressCallback& progress) override;

  /// Every rank's times, in rank order, on rank 0 (other ranks get only their own). Called by
  /// every rank.
  std::vector<RankTimes> gatherTimes() const;

 private:
  const Ranks& ranks_;
  RankTimes times_;
};

}  // namespace fatgraph::mpi
