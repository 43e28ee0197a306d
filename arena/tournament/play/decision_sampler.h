// Which real choices of a player the game loop times (game_loop.h). Reading a thread's CPU clock
// is a system call: 1.9 us a read measured on the development VM (CLOCK_MONOTONIC, read in user
// space, took 28 ns), so timing each choice of a fast strategy (about 1 us a choice for
// `heuristic`) made a run of random against heuristic 15 times slower (0.28 s -> 4.3 s for 200,000
// duplicate deals on one thread). So a player whose timed choices average at least
// kEveryChoiceNs is timed at every choice (the two reads then cost under 4% of a choice), and a
// faster one at its first choice and then one choice in kSampleEvery, in a fixed stride that does
// not look at the choices' cost (with one in 1024, the same run took 0.36-0.37 s against main's
// 0.35-0.39 s; with one in 64 still 0.36-0.46 s). The mean per decision (report/summary.h) is over
// the timed choices; every choice is counted either way.
#pragma once

#include <cstdint>

namespace tournament {

/// The timing state of one player on one thread, kept across its games (one per player per
/// worker thread, chunk_player.h).
class DecisionSampler {
 public:
  /// Timed choices of players at least this slow on average are all timed: 100 us.
  static constexpr std::int64_t kEveryChoiceNs = 100'000;
  /// A faster player has one choice in this many timed.
  static constexpr std::uint32_t kSampleEvery = 1024;

  /// Returns true when the player's next real choice is to be timed (see the header comment);
  /// call once per real choice.
  bool should_time() {
    if (timed_ == 0 || ns_ >= kEveryChoiceNs * timed_) return true;
    return ++skipped_ % kSampleEvery == 0;
  }
  /// Notes a timed choice's CPU nanoseconds.
  void note(std::int64_t ns) {
    ++timed_;
    ns_ += ns;
  }

 private:
  std::int64_t timed_ = 0;  // choices timed so far
  std::int64_t ns_ = 0;     // their CPU nanoseconds
  std::uint32_t skipped_ = 0;
};

}  // namespace tournament
