// One hand of Block Dominoes as an extensive-form game (the form of game-tree libraries such as
// OpenSpiel; python/dominoes/openspiel.py is its front door): a node is a chance node, a seat's
// decision or terminal, and every edge is one integer.
//
//   the deal     seat 0's hand, then seat 1's, ..., each dealt one tile per chance node in
//                ascending tile order (sorted_deal.h): outcome = the tile's index, each hand
//                reached by exactly one chance history with probability 1 / C(undealt, hand size)
//   the leader   under leader=random one more chance node draws the leading seat uniformly
//                (outcome = the seat); alternate: seat 0 leads (the first deal of a run);
//                heaviest-double: the holder of the heaviest double (else tile) leads, and with
//                more than two seats must lead it (deal.h lead_heaviest)
//   the play     the seat to move picks an action of actions.h's numbering (tile * 3 + 0 lead,
//                + 1 left end, + 2 right end; the pass last), its legal moves or the pass alone
//   the end      a domino or a block; returns() gives every seat's net points
//
// The play is the learning environments' one stepper, a TableEnv (table_env.h) started on the
// dealt hands, so OpenSpiel's legal actions, moves and returns are PettingZoo's, Gymnasium's and
// the vector environment's (the environment contract, contract.h). A value: copying one copies
// the node (no heap while its table keeps no finished hands). Nothing here knows OpenSpiel except
// the two player numbers below, chosen equal to OpenSpiel's so front doors pass them through.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "arena/env/table_env.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace arena {

using dominoes::History;
using dominoes::kStateSeats;
using dominoes::Rules;
using dominoes::State;
using dominoes::TileSet;

/// A node of one hand's game tree: the deal so far, the leader, the moves.
class ExtensiveState {
 public:
  /// current_player() at a chance node (OpenSpiel's kChancePlayerId).
  static constexpr int kChance = -1;
  /// current_player() at a terminal node (OpenSpiel's kTerminalPlayerId).
  static constexpr int kTerminal = -4;

  /// The root: nothing dealt. Throws std::invalid_argument when `rules` are not playable
  /// (validate() in rules.h) or ask for a match (match_target above 0: this is one hand).
  explicit ExtensiveState(const Rules& rules);

  /// Returns the node after `actions` from the root (an actions() record). Throws
  /// std::invalid_argument, naming the action's place, when one is not valid where it falls.
  static ExtensiveState replay(const Rules& rules, const std::vector<int>& actions);

  /// Returns the rules the hand is played under.
  const Rules& rules() const { return rules_; }
  /// Returns the seat to move, kChance while dealing or drawing the leader, kTerminal at the end.
  int current_player() const;
  /// Returns true while the hands are dealt or the leader drawn.
  bool is_chance() const { return phase_ != Phase::kPlay; }
  /// Returns true once the hand is over (a domino or a block).
  bool is_terminal() const { return phase_ == Phase::kPlay && table_.over(); }

  /// Returns the chance outcomes at a chance node as (outcome, probability), by ascending
  /// outcome: a tile of the seat being dealt (sorted_deal_outcomes) or, under leader=random, a
  /// seat with probability 1 / seats. Empty at any other node.
  std::vector<std::pair<int, double>> chance_outcomes() const;
  /// Returns the legal actions at a decision, ascending: the seat's legal moves, or the pass
  /// alone (the last action) when it has none. Empty at chance and terminal nodes.
  std::vector<int> legal_actions() const;
  /// Moves to the child of `action`: a chance outcome at a chance node, a legal action at a
  /// decision. Throws std::invalid_argument naming the action and the valid ones otherwise (a
  /// terminal node takes none), leaving the node unchanged.
  void apply(int action);

  /// Returns every seat's net points at a terminal node (0 elsewhere, and for seats beyond the
  /// table): its team's score when its team won, minus the winners' score when another team
  /// won, 0 when nobody won (scoring.h net_points, what tournament::GameOutcome::net gives).
  /// Zero-sum with two seats and with partners; cut-throat (three or four seats, no partners)
  /// the winner gets P and each other seat -P.
  std::array<int, kStateSeats> returns() const;

  /// Returns every action from the root to this node, chance outcomes included, in order: the
  /// record replay() reads (each hand ascending, the leader under leader=random, the moves).
  std::vector<int> actions() const;
  /// Returns `action` at this node as text: "deal seat 1: 2-5", "leader 2", or the move ("3-5L",
  /// "pass"). Throws std::invalid_argument when it is outside the node's numbering.
  std::string action_text(int action) const;
  /// Returns the node as one line: the hands, then (once dealt) the leader and the moves.
  std::string to_string() const;

  // Reading the node (for observations and the front doors).
  /// Returns true once the leader is known and play has begun (state() and history() hold it).
  bool started() const { return phase_ == Phase::kPlay; }
  /// Returns the tiles dealt to `seat` so far (its hand as dealt; during play see state()).
  TileSet dealt(Seat seat) const { return dealt_[seat]; }
  /// Returns the seat being dealt, or rules().seats once every hand is dealt.
  int dealing_seat() const { return dealing_; }
  /// Returns the game in play: every hand, the line, the seat to move (meaningful once started).
  const State& state() const { return table_.state(); }
  /// Returns the moves so far (empty until started).
  const History& history() const { return table_.history(); }

  /// Returns the most chance outcomes any node lists: the set's tile count (a tile index is an
  /// outcome's number), or the seat count if larger.
  static int max_chance_outcomes(const Rules& rules);
  /// Returns the most decisions a hand can take: every tile played, and seats - 1 passes
  /// between two plays.
  static int max_game_length(const Rules& rules);

 private:
  enum class Phase : std::uint8_t { kDeal, kLeader, kPlay };

  void deal(int tile);
  void draw_leader(int seat);
  void start(Seat leader);
  void play(int action);
  [[noreturn]] void refuse(int action, const std::string& what, const std::string& valid) const;

  Rules rules_;
  std::array<TileSet, kStateSeats> dealt_{};
  TableEnv table_;  // the play, once the leader is known
  std::uint8_t dealing_ = 0;
  Phase phase_ = Phase::kDeal;
};

}  // namespace arena
