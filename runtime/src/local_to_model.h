#pragma once
// LocalToModelJob's kernel without the checks run() makes on every call, for the player, whose
// spans and order never change after it has validated them once at construction.
#include "fatgraph/runtime/jobs.h"

namespace fatgraph::detail {

/// LocalToModelJob::run() for a job that passed validate().
void localToModel(const LocalToModelJob& job);

}  // namespace fatgraph::detail
