// The full state of a Block Dominoes game, move generation and the rules' state transitions
// (docs/rules.md; seed 002). Everything here is a plain value type: no heap, no virtual call.
//
// The state holds both hands, so only the engine, the runner and clearly marked omniscient players
// see it; ordinary strategies get a per-seat Observation (observation.h) instead.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/tile_set.h"

namespace dominoes {

/// A seat at the table: 0 or 1. Seat s holds hand s of the deal.
using Seat = int;

/// Whether a game goes on, and how it ended.
enum class GameStatus : std::uint8_t {
  kOngoing,
  kDomino,   ///< a player has no tiles left
  kBlocked,  ///< neither player can move
};

/// Everything about a game in progress: both hands, the line's open ends, whose turn it is, and
/// what each seat has shown it lacks by passing.
struct State {
  std::array<TileSet, 2> hands{};
  TileSet line{};               ///< the tiles on the line
  std::int8_t left = -1;        ///< the left open end's value; -1 while the line is empty
  std::int8_t right = -1;       ///< the right open end's value; -1 while the line is empty
  std::uint8_t to_move = 0;     ///< the seat whose turn it is
  std::uint8_t leader = 0;      ///< the seat that led
  bool last_was_pass = false;   ///< the previous turn was a pass
  std::array<ValueSet, 2> lacks{};  ///< values each seat has shown it lacks (both ends at a pass)

  constexpr bool line_empty() const { return left < 0; }
  bool operator==(const State&) const = default;
};

/// Returns the state at the start of a game: the dealt hands, an empty line, `leader` to move.
constexpr State start_state(TileSet hand0, TileSet hand1, Seat leader) {
  State s;
  s.hands = {hand0, hand1};
  s.to_move = static_cast<std::uint8_t>(leader);
  s.leader = static_cast<std::uint8_t>(leader);
  return s;
}

/// Calls `emit(move)` for each legal tile move of `hand` on a line with open ends `left` and
/// `right` (-1, -1 for an empty line, where every tile may lead), and returns how many there were
/// (0: the player must pass). Order: leads or left-end moves by increasing tile index, then
/// right-end moves. When both ends show the same value only left-end moves are listed, since the
/// two sides give the same position. The one move generator: legal_moves() and the open-hands
/// solver (engine/endgame/block_dominoes_solver.h) both write their moves through it.
template <class Emit>
constexpr int for_each_legal_move(TileSet hand, int left, int right, Emit&& emit) {
  int n = 0;
  if (left < 0) {
    for (Tile t : hand) emit(Move(t, Placement::kLead)), ++n;
    return n;
  }
  for (Tile t : hand & tiles_with(left)) emit(Move(t, Placement::kLeft)), ++n;
  if (right != left)
    for (Tile t : hand & tiles_with(right)) emit(Move(t, Placement::kRight)), ++n;
  return n;
}

/// Returns the legal moves of `hand` on a line with open ends `left` and `right`, in the order of
/// for_each_legal_move. An empty list means the player must pass.
constexpr MoveList legal_moves(TileSet hand, int left, int right) {
  MoveList moves;
  for_each_legal_move(hand, left, right, [&moves](Move m) { moves.push_back(m); });
  return moves;
}

/// Returns the legal moves of the seat to move.
constexpr MoveList legal_moves(const State& s) {
  return legal_moves(s.hands[s.to_move], s.left, s.right);
}

/// Returns true when `hand` has a legal move on a line with open ends `left` and `right`.
constexpr bool has_legal_move(TileSet hand, int left, int right) {
  if (left < 0) return !hand.empty();
  return !(hand & (tiles_with(left) | tiles_with(right))).empty();
}

/// Returns whether the game goes on, or how it ended. A game ends with a domino when either hand is
/// empty, and is blocked when neither seat can move.
constexpr GameStatus status(const State& s) {
  if (s.hands[0].empty() || s.hands[1].empty()) return GameStatus::kDomino;
  if (!has_legal_move(s.hands[0], s.left, s.right) &&
      !has_legal_move(s.hands[1], s.left, s.right))
    return GameStatus::kBlocked;
  return GameStatus::kOngoing;
}

/// Plays `m` for the seat to move and passes the turn. A tile joins the line and its other value
/// becomes the open end it covered; a lead sets both ends (low left, high right); a pass records
/// both open ends as values the passer lacks. Requires `m` legal (pass: no legal tile move).
constexpr void apply(State& s, Move m) {
  const Seat seat = s.to_move;
  s.to_move = static_cast<std::uint8_t>(1 - seat);
  if (m.is_pass()) {
    assert(!has_legal_move(s.hands[seat], s.left, s.right));
    s.lacks[seat].insert(s.left);
    s.lacks[seat].insert(s.right);
    s.last_was_pass = true;
    return;
  }
  const Tile t = m.tile();
  assert(s.hands[seat].contains(t));
  s.hands[seat].erase(t);
  s.line.insert(t);
  s.last_was_pass = false;
  switch (m.placement()) {
    case Placement::kLead:
      s.left = static_cast<std::int8_t>(tile_low(t));
      s.right = static_cast<std::int8_t>(tile_high(t));
      break;
    case Placement::kLeft:
      assert(tile_has(t, s.left));
      s.left = static_cast<std::int8_t>(other_value(t, s.left));
      break;
    case Placement::kRight:
      assert(tile_has(t, s.right));
      s.right = static_cast<std::int8_t>(other_value(t, s.right));
      break;
    case Placement::kPass: break;
  }
}

/// Returns true when the state's invariants hold: disjoint hands and line, ends set exactly when
/// the line is non-empty, seats in range. For debug checks and tests.
constexpr bool is_consistent(const State& s) {
  const bool disjoint = (s.hands[0] & s.hands[1]).empty() && (s.hands[0] & s.line).empty() &&
                        (s.hands[1] & s.line).empty();
  const bool ends_ok = s.line.empty() ? (s.left < 0 && s.right < 0) : (s.left >= 0 && s.right >= 0);
  return disjoint && ends_ok && s.to_move < 2 && s.leader < 2;
}

}  // namespace dominoes
