// One table of Block Dominoes stepped one action at a time, every seat's action coming from the
// caller: a hand, or with rules.match_target > 0 a match of hands (MatchProgress, the runner's
// own match rules). The one stepper behind every learning front door: PettingZoo steps it
// directly, Gymnasium and the vector environment through LearnerEnv (learner_env.h), and it
// follows the environment contract (contract.h) for rewards and illegal actions.
//
// Deals are the runner's: reset(seed, deal) plays game 0 of deal `deal` of `seed` as `dominoes
// run --seed seed` deals it (make_deal), and a match's later hands are its games 1, 2, ...
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arena/env/contract.h"
#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/play/match_progress.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation_tensor.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace arena {

using dominoes::Seat;

/// A hand the episode finished: what `dominoes run --games-out` records of it.
struct FinishedHand {
  dominoes::Deal deal;
  dominoes::History history;
  tournament::GameOutcome outcome;
  int game = 0;  ///< the hand's number within the match (0 for single hands)
};

/// What one step did.
struct TableStep {
  bool hand_ended = false;  ///< the step ended a hand (its rewards are set)
  bool over = false;        ///< the episode is over
  bool illegal = false;     ///< the action was illegal and ended the episode (a penalty rule)
};

/// One table stepped action by action (see the header comment). Copyable (a copy is an
/// independent table in the same position).
class TableEnv {
 public:
  /// A table of `rules` (valid: dominoes::validate); `illegal` says what an illegal action does;
  /// with `keep_hands` every finished hand of the episode is kept for finished_hands().
  explicit TableEnv(const dominoes::Rules& rules, IllegalActionRule illegal = {},
                    bool keep_hands = true);

  /// Starts an episode: deals game 0 of deal `deal` of `seed` and clears the match.
  void reset(std::uint64_t seed, std::uint64_t deal);

  /// Starts an episode of one hand on `deal` (hands and leader given, as a game tree's chance
  /// nodes deal them): seed and deal number 0. Throws std::invalid_argument under rules with a
  /// match target (a match deals its own hands: reset()).
  void start(const dominoes::Deal& deal);

  /// Plays action `action` (the action numbering, engine/dominoes/actions.h) for the seat to
  /// move. A legal action is played; when it ends a hand, rewards() holds each seat's net points
  /// for it (contract.h) and, in a match that goes on, the next hand is dealt. An illegal one is
  /// an error or ends the episode, as the IllegalActionRule says. Throws std::invalid_argument
  /// (one line naming the action and the legal ones) for an out-of-range action, an illegal one
  /// under the error rule, and a step when the episode is over or before reset(); nothing
  /// changes then.
  TableStep step(long long action);

  /// Plays move `m`, which the caller knows is legal for the seat to move (one of
  /// dominoes::moves_or_pass of state()), as step() plays a legal action: the fast path of the
  /// other seats' strategies, whose moves are checked where they are chosen.
  TableStep play(dominoes::Move m);

  /// Returns true when the episode (hand or match) is over, or before the first reset().
  bool over() const { return over_; }
  /// Returns the seat whose turn it is (meaningless once over()).
  Seat to_move() const { return state_.to_move; }
  /// Returns the hand in play (the finished one once over()).
  const dominoes::State& state() const { return state_; }
  /// Returns the moves of the hand in play.
  const dominoes::History& history() const { return history_; }
  /// Returns the deal of the hand in play.
  const dominoes::Deal& deal() const { return deal_; }
  const dominoes::Rules& rules() const { return rules_; }
  /// Returns what the last step did (all false before the first step of an episode).
  const TableStep& last_step() const { return last_; }
  /// Returns what an illegal action does at this table.
  const IllegalActionRule& illegal_rule() const { return illegal_; }
  /// Returns each seat's reward from the last step, in points (0 unless it ended a hand or the
  /// episode by an illegal action); entries from the rules' seats on are 0.
  const std::array<double, dominoes::kMaxSeats>& rewards() const { return rewards_; }
  /// Returns the episode so far: points credited by seat (totals) and hands played (games); not
  /// kept by a table that keeps no hands and plays single hands (the vector environment's).
  const tournament::MatchOutcome& match() const { return match_.outcome(); }
  /// Returns the seed and deal of the episode, and the hand's number within the match.
  std::uint64_t seed() const { return seed_; }
  std::uint64_t deal_index() const { return deal_index_; }
  int game() const { return game_; }

  /// Returns true when `action` is legal for the seat to move (false once over()).
  bool is_legal(long long action) const;
  /// Returns the seat to move's legal actions, ascending (empty once over()).
  std::vector<int> legal_actions() const;
  /// Writes the seat to move's action mask (action_count bytes, 1 = legal; all 0 once over()).
  void write_mask(std::uint8_t* mask) const;
  /// Writes seat `seat`'s observation tensor (engine/dominoes/observation_tensor.h) into `out`.
  void write_observation(Seat seat, float* out) const;

  /// Returns the hands finished in this episode (empty unless keep_hands).
  const std::vector<FinishedHand>& finished_hands() const { return finished_; }

 private:
  // Clears what an episode keeps (rewards, finished hands, the last step) for seed and deal.
  void begin_episode(std::uint64_t seed, std::uint64_t deal);
  void start_hand(const dominoes::Deal& deal);
  std::string legal_text() const;

  dominoes::Rules rules_;
  IllegalActionRule illegal_;
  bool keep_hands_;
  std::uint64_t seed_ = 0;
  std::uint64_t deal_index_ = 0;
  int game_ = 0;
  dominoes::Deal deal_;
  dominoes::State state_;
  dominoes::History history_;
  dominoes::TensorLayout layout_;
  tournament::MatchProgress match_;
  std::array<double, dominoes::kMaxSeats> rewards_{};
  std::vector<FinishedHand> finished_;
  TableStep last_;
  bool started_ = false;
  bool over_ = true;
};

/// Returns the action numbers with a 1 in `mask` (action_count bytes) as "3 (0-1L), 84 (pass)".
std::string actions_text(const std::uint8_t* mask, const dominoes::Rules& rules);

}  // namespace arena
