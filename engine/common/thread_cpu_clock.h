// The CPU time of the calling thread: what a decision costs, measured apart from whatever else the
// machine runs (other threads of the process, other processes). POSIX clock_gettime with
// CLOCK_THREAD_CPUTIME_ID (IEEE Std 1003.1, <time.h>); on Linux its resolution is a nanosecond and
// it counts user and system time of this thread only, so it excludes the time a child process (an
// external bot) spends on its own CPU.
#pragma once

#include <time.h>

#include <cstdint>

namespace common {

/// Returns the calling thread's CPU time so far, in nanoseconds; only differences between two
/// readings on the same thread mean anything. Returns 0 on a system without the clock (it never
/// fails on Linux), so a difference is then 0, never negative.
inline std::int64_t thread_cpu_ns() {
  timespec t{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return 0;
  return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

}  // namespace common
