// Many games of Block Dominoes stepped together for reinforcement learning (the C++ core of the
// Python `dominoes.vector` environment): one learning seat per game, whose actions come in as an
// array, and the other seats played inside C++ by built-in strategies, on worker threads (oneTBB).
// Batched environments after EnvPool (Weng et al., "EnvPool: A Highly Parallel Reinforcement
// Learning Environment Execution Engine", NeurIPS 2022): the caller owns flat arrays, a step
// fills them, and nothing crosses the language boundary per game.
//
// Game g's k-th hand is deal g + k * games of the experiment seed (dominoes::make_deal), and
// seat s draws from the runner's stream (seed, deal, 0, s), so the games are a pure function of
// the seed and the actions, whatever the thread count. A step applies each game's action for the
// learning seat, lets the other seats play until the learning seat must move again (every turn of
// the learning seat is a step, its passes included) or the hand ends. A hand that ends is
// replaced at once by the next (autoreset in the same step): the step reports the finished hand's
// reward and its last observation, and the new hand's first observation.
//
// Rewards are in points: dominoes::net_points of the learning seat when the hand ends (its team's
// score if it wins, minus the winners' score if another team wins, 0 on a tie), 0 before.
// Single hands only (rules.match_target must be 0).
#pragma once

#include <tbb/task_arena.h>

#include <array>
#include <cstdint>
#include <vector>

#include "engine/dominoes/history.h"
#include "engine/dominoes/observation_tensor.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "strategies/strategy.h"

namespace arena {

/// The caller's arrays for one step of every game (row-major, one row per game). Sizes:
/// observations and final_observations games x tensor size floats, masks games x action_count
/// bytes, rewards games floats, the flags games bytes.
struct VectorStepOut {
  float* observations = nullptr;        ///< each game's next observation of the learning seat
  std::uint8_t* masks = nullptr;        ///< 1 where an action is legal there
  float* rewards = nullptr;             ///< points the step brought (nonzero only at a hand's end)
  std::uint8_t* terminated = nullptr;   ///< 1 where a hand ended this step
  float* final_observations = nullptr;  ///< the ended hand's last observation (where terminated)
};

/// Many games stepped together (see the header comment).
class VectorGames {
 public:
  /// `games` games (>= 1) of `rules` (match_target 0), the learning seat `learner`
  /// (0 .. seats - 1), the other seats played by `opponents` (one per other seat, in seat order,
  /// learner skipped; every one an ordinary or omniscient player that plays rules.seats seats), on
  /// `threads` worker threads (>= 1). Throws std::invalid_argument (one line naming the value and
  /// what is valid) on any other value.
  VectorGames(const dominoes::Rules& rules, int games, dominoes::Seat learner,
              std::vector<strategies::Player> opponents, int threads);

  /// Deals every game's first hand from `seed` and plays the other seats up to the learning
  /// seat's first turn; writes the observations and masks (out.rewards, terminated and
  /// final_observations are not touched).
  void reset(std::uint64_t seed, const VectorStepOut& out);

  /// Applies actions[g] (an action index, engine/dominoes/actions.h) for the learning seat of
  /// every game and fills `out`. Throws std::invalid_argument naming the first game whose action
  /// is out of range or not legal there (no game is changed then), and std::logic_error before
  /// any reset().
  void step(const std::int32_t* actions, const VectorStepOut& out);

  /// Writes a legal action of every game, drawn uniformly from its legal moves by each game's own
  /// stream (seeded by reset), into `actions`: random play for baselines and benchmarks.
  void random_actions(std::int32_t* actions);

  /// Returns the games, the tensor's length (floats) and the action count.
  int games() const { return static_cast<int>(games_.size()); }
  int observation_size() const { return layout_.size; }
  int action_count() const { return actions_; }

 private:
  struct Game {
    dominoes::State state;
    dominoes::History history;
    std::uint64_t deal = 0;                  // the deal index of the hand in play
    std::vector<strategies::Player> others;  // the other seats' players, in seat order (a clone
                                             // per game: a strategy may keep state)
    std::array<dominoes::Rng, dominoes::kMaxSeats> streams;  // the seats' streams this hand
    dominoes::Rng random;                                    // random_actions' stream
  };

  // Deals game g's hand `deal` and plays to the learning seat's first turn.
  void start_hand(Game& game, std::uint64_t deal);
  // Plays the other seats until the learning seat must move or the hand ends.
  void play_others(Game& game);
  // Writes game g's observation and mask rows.
  void write_view(const Game& game, float* observation, std::uint8_t* mask) const;
  // Runs body(g) for every game on the worker threads.
  template <class Body>
  void for_each_game(Body&& body);

  dominoes::Rules rules_;
  dominoes::Seat learner_;
  tbb::task_arena arena_;  // the worker threads
  int actions_;
  dominoes::TensorLayout layout_;
  std::uint64_t seed_ = 0;
  bool started_ = false;
  std::vector<Game> games_;
};

}  // namespace arena
