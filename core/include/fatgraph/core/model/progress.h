#pragma once
// Progress and cancellation for long authoring jobs. The callback is always invoked on the
// thread that started the job, with the fraction done in [0, 1]; returning false cancels.
#include <functional>

#include "fatgraph/core/model/error.h"

namespace fatgraph {

using ProgressCallback = std::function<bool(double fraction)>;

/// Thrown when a progress callback asked to stop; nothing the job would have written changes.
class Cancelled : public Error {
 public:
  Cancelled() : Error("cancelled") {}
};

}  // namespace fatgraph
