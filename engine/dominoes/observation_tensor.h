// One seat's information set as a fixed-length vector of floats, for neural networks: exactly
// what the seat may know (docs/rules.md, "What a player knows"), never another seat's hand.
//
// The length is a function of the rules only (tensor_layout), so every state of a variant gives a
// vector of the same shape. Writing one reads the state and the move record and allocates nothing.
//
// Layout, in this order (T tiles of the set, V = max_pip + 1 values, S seats, K teams; "relative
// seat" r is the seat r places after the observer in turn order: 0 = the observer, 1 = the next
// seat to play after it, ...). Every entry is 0 or 1 except the counts, which are in tiles and
// passes (docs/formats.md, "Observation tensor"):
//
//   section     entries   entry                                        value
//   hand        T         tile t                                       1 if the observer holds t
//   played      S x T     relative seat r, tile t (at r * T + t)       1 if seat r played t
//   ends        2V + 1    left end value v (v), right end value v      one-hot; the last entry is
//                         (V + v), no line yet (2V)                     1 before the lead, ends 0
//   counts      S         relative seat r                              tiles r holds (0..hand_size)
//   lacks       S x V     relative seat r, value v (at r * V + v)      1 if r has shown it lacks v
//   passes      S         relative seat r                              passes r has made so far
//   leader      S         relative seat r                              1 for the seat that led
//   to_move     S         relative seat r                              1 for the seat whose turn it
//                                                                       is (after the end: the seat
//                                                                       that would be next)
//   seat        S         the observer's own seat s (absolute)         one-hot
//   team        K         the observer's team (absolute; rules.h)      one-hot
//
// Length: T(S + 1) + 2V + 1 + S(V + 5) + K. Double-six, two seats: 28*3 + 15 + 2*12 + 2 = 125;
// four seats with partners: 28*5 + 15 + 4*12 + 2 = 205.
#pragma once

#include <span>

#include "engine/dominoes/history.h"
#include "engine/dominoes/move.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// Where each section of the observation tensor starts and how long the tensor is, under one
/// rules value (offsets in floats from the start of the vector).
struct TensorLayout {
  int tiles = 28;   ///< T: tiles in the set
  int values = 7;   ///< V: pip values, max_pip + 1
  int seats = 2;    ///< S
  int teams = 2;    ///< K: team_count(rules)
  int hand = 0;     ///< T entries
  int played = 0;   ///< S x T entries
  int ends = 0;     ///< 2V + 1 entries
  int counts = 0;   ///< S entries
  int lacks = 0;    ///< S x V entries
  int passes = 0;   ///< S entries
  int leader = 0;   ///< S entries
  int to_move = 0;  ///< S entries
  int seat = 0;     ///< S entries
  int team = 0;     ///< K entries
  int size = 0;     ///< the whole vector's length
};

/// Returns the layout of the observation tensor under `rules` (any playable rules: 2 to 4 seats,
/// double-2 to double-9, partners or not). Pure and cheap; the size is
/// T(S + 1) + 2V + 1 + S(V + 5) + K.
TensorLayout tensor_layout(const Rules& rules);

/// Writes the largest value each entry of the tensor can take under `rules` into `high`
/// (tensor_layout(rules).size floats): 1 for the 0/1 entries, hand_size for the tile counts and
/// seats x hand_size for the pass counts (a seat passes at most once between two tiles played).
/// Every entry's smallest value is 0. Throws std::invalid_argument when `high` has another size.
void tensor_high(const Rules& rules, std::span<float> high);

/// Writes what seat `seat` knows of the game in `state`, whose moves so far are `history`, under
/// `rules` into `out` (tensor_layout(rules).size floats; the layout above). Reads of the other
/// seats' hands only their sizes, so two states that differ only in hidden tiles give the same
/// vector. Requires 0 <= seat < rules.seats, state.seats == rules.seats and `history` the moves
/// that led to `state`; `out` of the wrong size throws std::invalid_argument. No allocation.
void write_observation_tensor(const State& state, const History& history, const Rules& rules,
                              Seat seat, std::span<float> out);

/// As above, with `layout` = tensor_layout(rules) computed once by the caller (the hot path of a
/// vector environment) and no size check: `out` must hold layout.size floats.
void write_observation_tensor(const State& state, const History& history, const Rules& rules,
                              const TensorLayout& layout, Seat seat, float* out);

/// Writes what seat `seat` knew when it held `hand` after the public record `moves` (move k made
/// by seat (leader + k) mod rules.seats), under `rules`, into `out` (layout.size floats, layout =
/// tensor_layout(rules)): the same vector as write_observation_tensor at that point of the game,
/// built from the record alone, with every seat's count of tiles taken as rules.hand_size less
/// the tiles it has played (no tile is ever drawn in Block Dominoes). For models of a seat's past
/// decisions, where only that seat's hand is known in a world (strategies/learned). Requires a
/// record of legal moves (passes at the ends they were made at); no allocation.
void write_record_observation(const Rules& rules, const TensorLayout& layout, Seat seat,
                              TileSet hand, std::span<const Move> moves, Seat leader, float* out);

}  // namespace dominoes
