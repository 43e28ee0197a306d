// How much memory one table may take: a transposition table or a list of values is allocated up
// front, and asking for more than the machine has ends in std::bad_alloc (Python's MemoryError)
// or in swapping, so every caller that sizes a table (the solver's --table-mb, the Python
// module's table_mb) checks it against the physical memory first, with these functions.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace common {

/// Returns the machine's physical memory in MiB (sysconf), or 0 when it cannot be told.
inline std::uint64_t physical_memory_mib() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) >> 20;
}

/// Returns the most MiB one table may take: half the physical memory, leaving the rest to the
/// system and other programs; at least 1. When the memory cannot be told, 1 GiB.
inline std::uint64_t max_table_mib() {
  const std::uint64_t physical = physical_memory_mib();
  return physical == 0 ? 1024 : std::max<std::uint64_t>(1, physical / 2);
}

/// Returns the reason a limit from max_table_mib() is what it is, for error messages.
inline std::string table_limit_reason() {
  return "half of this machine's " + std::to_string(physical_memory_mib()) + " MiB of memory";
}

}  // namespace common
