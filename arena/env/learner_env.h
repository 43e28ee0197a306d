// One learning seat at a table whose other seats are played by strategies: the core of the
// Gymnasium environment and, many at once, of the vector environment (vector_games.h). A step is
// one turn of the learning seat, passes and single legal moves included; the other seats play
// inside the step, as `dominoes run` plays them (asked only when they have a real choice, seat s
// drawing from the runner's stream of its hand, tournament::seat_stream).
//
// A hand can end before the learning seat's first turn (a lead that blocks the game at once, or
// one-tile hands). The episode is then not skipped: the learning seat gets one turn whose only
// legal action is the pass, and that step returns the hand's reward and ends the episode. Hands
// of a match that end between two turns of the learning seat are paid in the step that spans
// them. So every deal of a run is played, and a learner's mean reward is the mean over deals.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "arena/env/table_env.h"
#include "engine/dominoes/rng.h"
#include "strategies/strategy.h"

namespace arena {

/// What one step of the learning seat brought.
struct LearnerStep {
  double reward = 0;        ///< points for the learning seat (contract.h), summed over the hands
                            ///< that ended during the step
  bool terminated = false;  ///< the episode is over
  bool illegal = false;     ///< the action was illegal and ended the episode (a penalty rule)
};

/// The learning seat `learner` at a table of `rules`, the others played by `others` (see the
/// header comment). Copyable (the players are cloned).
class LearnerEnv {
 public:
  /// `others`: one player per other seat, in seat order, the learning seat skipped; each must
  /// play rules.seats seats (the caller checks, Registry::seat_refusal). Throws
  /// std::invalid_argument (one line) for a learner outside 0..seats-1 or a wrong player count.
  LearnerEnv(const dominoes::Rules& rules, Seat learner, std::vector<strategies::Player> others,
             IllegalActionRule illegal = {}, bool keep_hands = true);

  /// Starts an episode with game 0 of deal `deal` of `seed` and plays the other seats up to the
  /// learning seat's first turn (or to the episode's end: see the header comment).
  void reset(std::uint64_t seed, std::uint64_t deal);

  /// Plays `action` for the learning seat, then the other seats up to its next turn or the
  /// episode's end. Throws std::invalid_argument as TableEnv::step does (out of range, illegal
  /// under the error rule, after the end or before reset()); nothing changes then. An exception
  /// of another seat's strategy (search::SearchStopped on Ctrl-C) propagates, and every step
  /// after it throws std::invalid_argument until reset().
  LearnerStep step(long long action);

  /// Returns true when the learning seat has a turn to take (between reset() and the step that
  /// ends the episode).
  bool awaiting_action() const { return awaiting_; }
  /// Returns true when the learning seat's turn is the one after its episode already ended (only
  /// the pass is legal; the step returns the episode's reward).
  bool ended_before_turn() const { return awaiting_ && table_.over(); }
  /// Returns true when `action` is legal for the learning seat now.
  bool is_legal(long long action) const;
  /// Writes the learning seat's action mask (action_count bytes; the pass alone on a turn after
  /// the episode ended; all 0 when no turn is awaited).
  void write_mask(std::uint8_t* mask) const;
  /// Writes the learning seat's observation tensor into `out`.
  void write_observation(float* out) const { table_.write_observation(learner_, out); }
  /// Returns the learning seat's legal actions, ascending (as write_mask marks them).
  std::vector<int> legal_actions() const;
  /// Returns the learning seat's legal moves (the pass alone on a turn after the episode ended;
  /// none when no turn is awaited), without allocating.
  dominoes::MoveList legal_moves() const;

  const TableEnv& table() const { return table_; }
  Seat learner() const { return learner_; }

 private:
  // Plays the other seats until the learning seat is to move or the episode is over; returns the
  // learning seat's points from the hands that ended meanwhile.
  double play_others();
  // The player of seat `seat` (not the learner).
  strategies::Player& player(Seat seat);

  TableEnv table_;
  Seat learner_;
  std::vector<strategies::Player> others_;
  std::array<dominoes::Rng, dominoes::kMaxSeats> streams_;
  int streams_game_ = -1;  // the hand (game number) streams_ were made for
  double pending_ = 0;     // points of hands that ended before the learner's first turn
  bool awaiting_ = false;
  bool interrupted_ = false;  // another seat's decision threw (e.g. Ctrl-C): reset() needed
};

}  // namespace arena
