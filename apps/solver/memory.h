// How much memory one of the solver's tables may take: the library's guard
// (engine/common/memory_limit.h), which the Python module shares.
#pragma once

#include "engine/common/memory_limit.h"

namespace solver_app {

using common::max_table_mib;
using common::physical_memory_mib;
using common::table_limit_reason;

}  // namespace solver_app
