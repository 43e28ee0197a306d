// The full state of a Block Dominoes game, move generation and the rules' state transitions
// (docs/rules.md; the study, seed 002), for two to four seats playing in seat order. Everything
// here is a plain value type: no heap, no virtual call.
//
// The state holds every hand, so only the engine, the runner and clearly marked omniscient players
// see it; ordinary strategies get a per-seat Observation (observation.h) instead.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/tile_set.h"

namespace dominoes {

/// A seat at the table: 0 to seats - 1. Seat s holds hand s of the deal.
using Seat = int;

/// The most seats a state holds (rules.h's kMaxSeats).
inline constexpr int kStateSeats = 4;

/// Whether a game goes on, and how it ended.
enum class GameStatus : std::uint8_t {
  kOngoing,
  kDomino,   ///< a seat has no tiles left
  kBlocked,  ///< no seat can move
};

/// Everything about a game in progress: every hand, the line's open ends, whose turn it is, and
/// what each seat has shown it lacks by passing. Entries of seats >= `seats` stay empty.
struct State {
  std::array<TileSet, kStateSeats> hands{};
  TileSet line{};            ///< the tiles on the line
  std::int8_t left = -1;     ///< the left open end's value; -1 while the line is empty
  std::int8_t right = -1;    ///< the right open end's value; -1 while the line is empty
  std::uint8_t to_move = 0;  ///< the seat whose turn it is
  std::uint8_t leader = 0;   ///< the seat that led
  std::uint8_t seats = 2;    ///< seats at the table, 2..kStateSeats
  /// The one tile the leader may lead (heaviest-double with more than two seats), or -1: any.
  std::int8_t lead_tile = -1;
  bool last_was_pass = false;                 ///< the previous turn was a pass
  std::array<ValueSet, kStateSeats> lacks{};  ///< values each seat has shown it lacks

  constexpr bool line_empty() const { return left < 0; }
  /// Returns the seat after `seat` in turn order.
  constexpr Seat next_seat(Seat seat) const { return seat + 1 == seats ? 0 : seat + 1; }
  bool operator==(const State&) const = default;
};

/// Returns the state at the start of a two-seat game: the dealt hands, an empty line, `leader` to
/// move.
constexpr State start_state(TileSet hand0, TileSet hand1, Seat leader) {
  State s;
  s.hands[0] = hand0;
  s.hands[1] = hand1;
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
  for (Tile t : hand& tiles_with(left)) emit(Move(t, Placement::kLeft)), ++n;
  if (right != left)
    for (Tile t : hand& tiles_with(right)) emit(Move(t, Placement::kRight)), ++n;
  return n;
}

/// Returns the legal moves of `hand` on a line with open ends `left` and `right`, in the order of
/// for_each_legal_move. An empty list means the player must pass.
constexpr MoveList legal_moves(TileSet hand, int left, int right) {
  MoveList moves;
  for_each_legal_move(hand, left, right, [&moves](Move m) { moves.push_back(m); });
  return moves;
}

/// Returns the legal moves of the seat to move: only the lead tile when the rules fix it
/// (State::lead_tile), else legal_moves of its hand.
constexpr MoveList legal_moves(const State& s) {
  if (s.lead_tile >= 0 && s.line_empty()) {
    MoveList moves;
    moves.push_back(Move(static_cast<Tile>(s.lead_tile), Placement::kLead));
    return moves;
  }
  return legal_moves(s.hands[s.to_move], s.left, s.right);
}

/// Returns the moves of the seat to move in a game still going on: its legal moves, or the pass
/// alone when it has none (a pass is forced, never chosen).
constexpr MoveList moves_or_pass(const State& s) {
  MoveList moves = legal_moves(s);
  if (moves.empty()) moves.push_back(Move::pass());
  return moves;
}

/// Returns true when `hand` has a legal move on a line with open ends `left` and `right`.
constexpr bool has_legal_move(TileSet hand, int left, int right) {
  if (left < 0) return !hand.empty();
  return !(hand & (tiles_with(left) | tiles_with(right))).empty();
}

/// Returns the seat whose hand is empty (it went out), or -1 when every hand holds a tile.
constexpr Seat out_seat(const State& s) {
  for (Seat seat = 0; seat < s.seats; ++seat)
    if (s.hands[seat].empty()) return seat;
  return -1;
}

/// Returns true when some seat other than `seat` has a legal move.
constexpr bool another_can_move(const State& s, Seat seat) {
  for (Seat other = s.next_seat(seat); other != seat; other = s.next_seat(other))
    if (has_legal_move(s.hands[other], s.left, s.right)) return true;
  return false;
}

/// Returns whether the game goes on, or how it ended. A game ends with a domino when a hand is
/// empty, and is blocked when no seat can move.
constexpr GameStatus status(const State& s) {
  if (out_seat(s) >= 0) return GameStatus::kDomino;
  if (!has_legal_move(s.hands[s.to_move], s.left, s.right) && !another_can_move(s, s.to_move))
    return GameStatus::kBlocked;
  return GameStatus::kOngoing;
}

/// Plays the public part of `m` for the seat to move and passes the turn: a tile joins the line
/// and its other value becomes the open end it covered; a lead sets both ends (low left, high
/// right); a pass records both open ends as values the passer lacks. The hands are not touched,
/// so this also replays a public record on a state that holds none (inference's past decisions).
constexpr void apply_public(State& s, Move m) {
  const Seat seat = s.to_move;
  s.to_move = static_cast<std::uint8_t>(s.next_seat(seat));
  s.last_was_pass = m.is_pass();
  if (m.is_pass()) {
    s.lacks[seat].insert(s.left);
    s.lacks[seat].insert(s.right);
    return;
  }
  const Tile t = m.tile();
  s.line.insert(t);
  assert(m.placement() != Placement::kLeft || tile_has(t, s.left));
  assert(m.placement() != Placement::kRight || tile_has(t, s.right));
  const LineEnds ends = ends_after(m, s.left, s.right);
  s.left = static_cast<std::int8_t>(ends.left);
  s.right = static_cast<std::int8_t>(ends.right);
}

/// Plays `m` for the seat to move and passes the turn: apply_public, and a tile leaves the mover's
/// hand. Requires `m` legal (pass: no legal tile move).
constexpr void apply(State& s, Move m) {
  const Seat seat = s.to_move;
  if (m.is_pass()) {
    assert(!has_legal_move(s.hands[seat], s.left, s.right));
  } else {
    assert(s.hands[seat].contains(m.tile()));
    s.hands[seat].erase(m.tile());
  }
  apply_public(s, m);
}

/// Returns true when the state's invariants hold: disjoint hands and line, no tiles for seats
/// beyond `seats`, ends set exactly when the line is non-empty, seats in range. For debug checks
/// and tests.
constexpr bool is_consistent(const State& s) {
  if (s.seats < 2 || s.seats > kStateSeats) return false;
  TileSet seen = s.line;
  bool disjoint = true;
  for (Seat seat = 0; seat < kStateSeats; ++seat) {
    if (seat >= s.seats && !s.hands[seat].empty()) return false;
    disjoint = disjoint && (seen & s.hands[seat]).empty();
    seen = seen | s.hands[seat];
  }
  const bool ends_ok = s.line.empty() ? (s.left < 0 && s.right < 0) : (s.left >= 0 && s.right >= 0);
  return disjoint && ends_ok && s.to_move < s.seats && s.leader < s.seats;
}

}  // namespace dominoes
