// How long an exact search may run, and how to stop one from outside. The solvers (negamax.h's
// Negamax, engine/endgame's double-six and multi-seat searches) call check_search() every
// kCheckInterval nodes; it throws SearchStopped when the process was asked to stop (a run's first
// Ctrl-C or SIGTERM: the deal in play is then dropped and played again on resume) or when the
// search's own SearchLimit (a node budget, a deadline: solver block-dominoes --max-nodes and
// --time-limit) is spent. A stopped search leaves its transposition table holding only entries of
// subtrees it finished, so the solver stays usable.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace search {

/// Nodes between two checks: 16384, a few hundred microseconds of search.
inline constexpr std::uint64_t kCheckInterval = std::uint64_t{1} << 14;

/// Why a search stopped early.
enum class StopReason { kInterrupt, kNodes, kTime };

/// Thrown out of a search that stopped early; what() says why.
class SearchStopped : public std::runtime_error {
 public:
  SearchStopped(StopReason reason, const std::string& what)
      : std::runtime_error(what), reason_(reason) {}
  StopReason reason() const { return reason_; }

 private:
  StopReason reason_;
};

/// The process's request that every search stop, set from a signal handler (lock-free, constant
/// initialised, so async-signal-safe to store).
inline std::atomic<bool> g_stop_requested{false};

/// Asks every search in the process to stop at its next check. Async-signal-safe.
inline void request_stop() noexcept {
  g_stop_requested.store(true, std::memory_order_relaxed);
}
/// Lets searches run again (a run clears it when it starts and when it ends).
inline void clear_stop() noexcept {
  g_stop_requested.store(false, std::memory_order_relaxed);
}
/// Returns true once request_stop() was called and until clear_stop().
inline bool stop_requested() noexcept {
  return g_stop_requested.load(std::memory_order_relaxed);
}

/// A search's own budget: at most `max_nodes` nodes (0: no budget) and until `deadline`; and,
/// when `nodes_seen` is set, the node count stored there at each check, for a progress line on
/// another thread.
struct SearchLimit {
  std::uint64_t max_nodes = 0;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  std::atomic<std::uint64_t>* nodes_seen = nullptr;
};

/// Throws SearchStopped when the process asked searches to stop, or when `limit` (may be null)
/// is spent after `nodes` nodes; else records `nodes` in limit->nodes_seen. Call it every
/// kCheckInterval nodes.
inline void check_search(const SearchLimit* limit, std::uint64_t nodes) {
  if (stop_requested()) throw SearchStopped(StopReason::kInterrupt, "the search was interrupted");
  if (!limit) return;
  if (limit->nodes_seen) limit->nodes_seen->store(nodes, std::memory_order_relaxed);
  if (limit->max_nodes > 0 && nodes >= limit->max_nodes)
    throw SearchStopped(StopReason::kNodes,
                        "the search reached its node budget, " + std::to_string(nodes) + " nodes");
  if (std::chrono::steady_clock::now() >= limit->deadline)
    throw SearchStopped(StopReason::kTime, "the search reached its time limit after " +
                                               std::to_string(nodes) + " nodes");
}

}  // namespace search
