// Many games of Block Dominoes stepped together for reinforcement learning (the C++ core of the
// Python `dominoes.vector` environment): one LearnerEnv per game (learner_env.h: the learning
// seat's turns are steps, the other seats played inside by built-in strategies), stepped on
// worker threads (oneTBB). Batched environments after EnvPool (Weng et al., "EnvPool: A Highly
// Parallel Reinforcement Learning Environment Execution Engine", NeurIPS 2022): the caller owns
// flat arrays, a step fills them, and nothing crosses the language boundary per game.
//
// Game g's k-th episode is deal g + k * games of the reset's seed (dominoes::make_deal), so the
// games are a pure function of the seed and the actions, whatever the thread count. An episode
// that ends is replaced at once by the next (autoreset in the same step): the step reports the
// finished episode's reward and its last observation, and the new episode's first observation.
// Rewards and illegal actions follow the environment contract (contract.h). Single hands only
// (rules.match_target must be 0).
#pragma once

#include <tbb/task_arena.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "arena/env/learner_env.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "strategies/strategy.h"

namespace arena {

/// The most worker threads a VectorGames takes (as `dominoes run --threads`).
inline constexpr int kMaxVectorThreads = 1024;

/// The caller's arrays for one step of every game (row-major, one row per game). Sizes:
/// observations and final_observations games x tensor size floats, masks games x action_count
/// bytes, rewards games floats, the flags games bytes.
struct VectorStepOut {
  float* observations = nullptr;        ///< each game's next observation of the learning seat
  std::uint8_t* masks = nullptr;        ///< 1 where an action is legal there
  float* rewards = nullptr;             ///< points the step brought (nonzero only at an end)
  std::uint8_t* terminated = nullptr;   ///< 1 where an episode ended this step
  float* final_observations = nullptr;  ///< the ended episode's last observation (where terminated)
};

/// Many games stepped together (see the header comment). Not for two threads at once: a call
/// made while another is running on the same object throws std::logic_error.
class VectorGames {
 public:
  /// `games` games (>= 1) of `rules` (match_target 0), the learning seat `learner`
  /// (0 .. seats - 1), the other seats played by `opponents` (one per other seat, in seat order,
  /// learner skipped; each plays rules.seats seats), on `threads` worker threads
  /// (1 .. kMaxVectorThreads); `illegal` says what an illegal action does. Throws
  /// std::invalid_argument (one line naming the value and what is valid) on any other value.
  VectorGames(const dominoes::Rules& rules, int games, dominoes::Seat learner,
              std::vector<strategies::Player> opponents, int threads,
              IllegalActionRule illegal = {});

  /// Deals every game's first episode from `seed` and plays the other seats up to the learning
  /// seat's first turn; writes the observations and masks (out.rewards, terminated and
  /// final_observations are not touched).
  void reset(std::uint64_t seed, const VectorStepOut& out);

  /// Starts every game's next episode on its next deal of the same seed (game g's episode on
  /// deal d moves to d + games), as if each had just ended; writes the observations and masks.
  /// std::logic_error before any reset().
  void restart(const VectorStepOut& out);

  /// Plays actions[g] (an action index, engine/dominoes/actions.h) for the learning seat of
  /// every game and fills `out`. Under the error rule, throws std::invalid_argument naming the
  /// first game whose action is out of range or not legal there (no game is changed then); under
  /// a penalty rule an illegal action ends that game's episode with -penalty (out of range still
  /// throws). std::logic_error before any reset().
  void step(const std::int64_t* actions, const VectorStepOut& out);

  /// Writes a legal action of every game, drawn uniformly from its legal actions by each game's
  /// own stream (seeded by reset), into `actions`: random play for baselines and benchmarks.
  void random_actions(std::int64_t* actions);

  /// Returns the games, the tensor's length (floats) and the action count.
  int games() const { return static_cast<int>(games_.size()); }
  int observation_size() const { return observation_size_; }
  int action_count() const { return actions_; }

 private:
  struct Game {
    LearnerEnv env;
    std::uint64_t deal = 0;  // the deal index of the episode in play
    dominoes::Rng random;    // random_actions' stream
  };

  // Starts game g's episode on deal `deal`.
  void start(Game& game, std::uint64_t deal);
  // Writes game g's observation and mask rows.
  void write_view(const Game& game, float* observation, std::uint8_t* mask) const;
  // Throws std::invalid_argument for the first game whose action is out of range or, under the
  // error rule, illegal.
  void check_actions(const std::int64_t* actions);
  // Runs body(g) for every game on the worker threads, refusing a second caller.
  template <class Body>
  void for_each_game(Body&& body);

  dominoes::Rules rules_;
  IllegalActionRule illegal_;
  tbb::task_arena arena_;  // the worker threads
  int actions_;
  int observation_size_;
  std::uint64_t seed_ = 0;
  bool started_ = false;
  std::vector<Game> games_;
  std::atomic<bool> busy_{false};
};

}  // namespace arena
