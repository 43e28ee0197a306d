// Magic Fingers (also Chopsticks), solved exactly by retrograde analysis (issue 4).
//
// Rules, as the seed's chart used them (seed 001, Ruby Quiz #120, Eric I.'s solution; its Ruby
// code is the reference): each player has two hands holding 0..4 fingers; a hand holding 0 is
// dead. A move is either
//   - a touch: one of your live hands onto one of the opponent's live hands, which gets your
//     hand's count added; at 5 or more it dies (becomes 0);
//   - a clap: move 1..4 fingers from one of your hands to your other hand. It may empty the
//     giving hand and may revive a dead receiving hand, may not bring the receiving hand to 5 or
//     more, and may not merely swap the two hands (giving hand's count after == receiving hand's
//     count before).
// A player with two dead hands loses. The first player starts at 11 v 11.
// Variants (Rules): rollover (counts wrap mod 5 instead of dying at 5 or more), no empty claps,
// claps may kill (a clap may bring the receiving hand to 5 or more; it dies, or wraps under
// rollover). After a move, if the new mover has two dead hands the new mover loses, else if the
// player who just moved has two dead hands (killed his own last hand) the new mover wins.
//
// Notation, the seed's: `aTb` touches your hand holding a onto the opponent's hand holding b;
// `Cxy` claps so that the giving hand holds x and the receiving hand y afterwards (from 0,4 giving
// 1: C31). Hands are unordered, so a position is the mover's hands and the opponent's, each as
// the pair `low high` (01 = one dead hand and one finger): 15 x 15 = 225 positions.
//
// Solution: search::retrograde (engine/search/retrograde.h) over all 225 positions: win, loss or
// draw for the side to move, plies to the end under best play (fastest win, slowest loss), and a
// best move: the first that realises the value in generation order, which is the seed's (claps
// then touches, the larger hand first), so ties mostly fall as in the seed's chart.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/search/retrograde.h"

namespace puzzles::magic_fingers {

/// The rule variants; the defaults are the seed's rules.
struct Rules {
  bool rollover = false;        ///< counts wrap mod 5 instead of dying at 5 or more
  bool empty_claps = true;      ///< a clap may empty the giving hand
  bool claps_may_kill = false;  ///< a clap may bring the receiving hand to 5 or more
  bool operator==(const Rules&) const = default;
};

/// One player's two hands, unordered: low <= high, each 0..4 (0: dead).
struct Hands {
  std::uint8_t low = 1, high = 1;
  bool operator==(const Hands&) const = default;
};

/// Hands positions in chart order: 00, 01, .., 04, 11, .., 44.
inline constexpr int kHandsCount = 15;
/// Positions: the mover's hands times the opponent's.
inline constexpr int kPositions = kHandsCount * kHandsCount;

/// A position: the hands of the side to move and of the opponent.
struct Position {
  Hands mover, opponent;
  bool operator==(const Position&) const = default;
};

/// A touch (`first` T `second`: my count onto their count) or a clap (C `first` `second`: the
/// giving and receiving hands' counts after).
struct Move {
  enum class Kind : std::uint8_t { kTouch, kClap };
  Kind kind = Kind::kTouch;
  std::uint8_t first = 0, second = 0;
  bool operator==(const Move&) const = default;
};

/// At most 4 distinct touches and 8 distinct claps.
inline constexpr int kMaxMoves = 12;
using MoveList = std::array<Move, kMaxMoves>;

/// Returns `a b` as unordered hands (low first). Precondition: 0 <= a, b <= 4.
Hands make_hands(int a, int b);
/// Returns the hands' index in chart order, 0..14 (00 is 0, 44 is 14).
int hands_index(Hands h);
/// Returns the hands with chart index `i`, 0..14.
Hands hands_at(int i);
/// Returns the two digits `low high`, e.g. "04".
std::string to_string(Hands h);
/// Returns the position's index, 0..224: mover's hands index * 15 + opponent's.
int position_index(const Position& p);
/// Returns the position with index `i`, 0..224.
Position position_at(int i);

/// Returns the seed's notation of the move: "1T4" or "C31".
std::string to_string(Move m);
/// Returns the game's value for the side to move when it is over (the mover's hands both dead:
/// loss; else the opponent's: win), nullopt while it goes on.
std::optional<search::Outcome> terminal_outcome(const Position& p);
/// Writes the distinct legal moves of `p` to `out` and returns how many, 0 when the game is over.
/// Order: claps from the larger hand, from the smaller, then touches with the larger hand, the
/// smaller (each onto the opponent's larger hand first); fewer fingers moved first.
int legal_moves(const Rules& rules, const Position& p, MoveList& out);
/// Returns the position after `m` (legal in `p`), seen from the new side to move.
Position play(const Rules& rules, const Position& p, Move m);

/// Every position's exact value and a best move under one set of rules.
struct Solution {
  Rules rules;
  std::vector<search::RetrogradeValue> values;  ///< by position index
  std::vector<std::optional<Move>> best;        ///< by position index; nullopt at terminals

  /// Returns the value of `p` for the side to move.
  const search::RetrogradeValue& value(const Position& p) const {
    return values[position_index(p)];
  }
  /// Returns a best move in `p` (fastest win, slowest loss, a drawing move), nullopt if over.
  const std::optional<Move>& best_move(const Position& p) const { return best[position_index(p)]; }
};

/// Returns the game graph of all 225 positions under `rules`, for search::retrograde.
search::GameGraph game_graph(const Rules& rules);
/// Returns the exact solution of all positions under `rules` (about 0.1 ms).
Solution solve(const Rules& rules);

/// Returns the seed's chart: a header of the 14 columns 01..44 (the opponent's hands), a rule of
/// dashes, then one row `NN:` per mover's hands with 14 cells of `+` (forced win), `-` (forced
/// loss) or a blank (draw) followed by the best move. One line per row, '\n'-terminated.
std::string chart_text(const Solution& s);
/// Returns the same chart with signed distances in plies instead of moves (`+3`, `-12`; blank for
/// draws).
std::string distance_chart_text(const Solution& s);
/// Returns one line on the start position 11 v 11: its value for the player to move, the
/// distance, and which player wins.
std::string verdict_text(const Solution& s);
/// Returns the rules in words, one line.
std::string rules_text(const Rules& rules);

}  // namespace puzzles::magic_fingers
