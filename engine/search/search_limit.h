// How long an exact search may run, and how to stop one from outside. The solvers (negamax.h's
// Negamax, engine/endgame's double-six and multi-seat searches) call check_search() every
// kCheckInterval nodes, and the other long loops of a decision (a strategy's decision budget, a
// subgame's showdown sums) call it as often; it throws SearchStopped when the process was asked to
// stop (a run's first Ctrl-C or SIGTERM: the deal in play is then dropped and played again on
// resume), when the thread's caller asked (a StopPoll: Python's Ctrl-C, which only the interpreter
// sees), or when the search's own SearchLimit (a node budget, a deadline: solver block-dominoes
// --max-nodes and --time-limit) is spent. A stopped search leaves its transposition table holding
// only entries of subtrees it finished, so the solver stays usable.
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
/// A caller's own reason to stop the searches it runs on its thread, asked at each check: for a
/// stop request that no signal handler can set, such as a Ctrl-C that only the Python interpreter
/// sees (python/signal_poll.h). One virtual call per check: a few per millisecond.
class StopPoll {
 public:
  virtual ~StopPoll() = default;
  /// Returns true when the searches on this thread should stop. Must not throw.
  virtual bool stop_now() noexcept = 0;
};

namespace detail {
/// The calling thread's StopPoll, or null (ScopedStopPoll sets it).
inline thread_local StopPoll* t_stop_poll = nullptr;
}  // namespace detail

/// Makes `poll` the calling thread's StopPoll while alive; the previous one comes back after.
/// Searches on other threads (a solver's worker threads) do not ask it.
class ScopedStopPoll {
 public:
  explicit ScopedStopPoll(StopPoll& poll) : previous_(detail::t_stop_poll) {
    detail::t_stop_poll = &poll;
  }
  ~ScopedStopPoll() { detail::t_stop_poll = previous_; }
  ScopedStopPoll(const ScopedStopPoll&) = delete;
  ScopedStopPoll& operator=(const ScopedStopPoll&) = delete;

 private:
  StopPoll* previous_;
};

/// Returns true once request_stop() was called and until clear_stop(), or when the calling
/// thread's StopPoll says to stop.
inline bool stop_requested() noexcept {
  if (g_stop_requested.load(std::memory_order_relaxed)) return true;
  StopPoll* poll = detail::t_stop_poll;
  return poll != nullptr && poll->stop_now();
}

/// A search's own budget: at most `max_nodes` nodes (0: no budget) and until `deadline`; and,
/// when `nodes_seen` is set, the node count stored there at each check, for a progress line on
/// another thread.
struct SearchLimit {
  std::uint64_t max_nodes = 0;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  std::atomic<std::uint64_t>* nodes_seen = nullptr;
};

/// Throws SearchStopped when the process or the thread's StopPoll asked searches to stop
/// (stop_requested()), or when `limit` (may be null) is spent after `nodes` nodes; else records
/// `nodes` in limit->nodes_seen. Call it every kCheckInterval nodes, or as often in other loops.
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
