// Determinization: the opponent hands consistent with what one seat has observed, counted,
// sampled uniformly and enumerated (the study's scenario/8, seed 002, made exact).
//
// From a seat's information set, the opponent holds `opponent_tile_count()` tiles drawn from the
// candidates: the tiles the seat cannot see (not in its hand, not on the line) minus every tile
// carrying a value the opponent has shown it lacks by passing. Every such hand is consistent with
// the observation, and under a uniform deal with no model of the opponent's choices each is
// equally likely, so a uniform k-subset of the candidates is drawn. The unseen tiles the hand does
// not take stay undrawn. Sampling is a partial Fisher-Yates shuffle: exact, no rejection loop.
//
// Assumes the observation comes from a real game, so at least opponent_tile_count() candidates
// exist (the true hand is one of them).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/dominoes/binomial.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"

namespace dominoes {

/// Returns the tiles the opponent may hold: unseen, and carrying no value it has shown it lacks.
inline TileSet opponent_candidates(const Observation& obs) {
  return obs.unseen() - obs.opponent_lacks().tiles_touching();
}

/// Returns how many opponent hands are consistent with `obs`: C(candidates, opponent tiles).
inline std::uint64_t count_consistent_hands(const Observation& obs) {
  return binomial(opponent_candidates(obs).size(), obs.opponent_tile_count());
}

/// Returns an opponent hand drawn uniformly from the hands consistent with `obs`.
inline TileSet sample_opponent_hand(const Observation& obs, Rng& rng) {
  const TileSet candidates = opponent_candidates(obs);
  std::array<Tile, kMaxTiles> pool{};
  int n = 0;
  for (Tile t : candidates) pool[n++] = t;
  const int k = obs.opponent_tile_count();
  assert(k <= n);
  TileSet hand;
  for (int i = 0; i < k; ++i) {
    const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - i)));
    std::swap(pool[i], pool[j]);
    hand.insert(pool[i]);
  }
  return hand;
}

/// Calls visit(subset) for every `k`-tile subset of `from`, C(|from|, k) times in all, in a
/// fixed order: Gosper's hack over k-bit masks of from's tiles in increasing tile order. None when
/// k > |from|; the empty set once when k = 0.
template <typename Visit>
void for_each_subset(TileSet from, int k, Visit visit) {
  std::array<Tile, kMaxTiles> pool{};
  int n = 0;
  for (Tile t : from) pool[n++] = t;
  if (k > n) return;
  if (k == 0) {
    visit(TileSet());
    return;
  }
  const std::uint64_t limit = n == 64 ? 0 : std::uint64_t{1} << n;
  for (std::uint64_t subset = (std::uint64_t{1} << k) - 1; subset < limit || limit == 0;) {
    TileSet hand;
    for (std::uint64_t bits = subset; bits; bits &= bits - 1)
      hand.insert(pool[std::countr_zero(bits)]);
    visit(hand);
    const std::uint64_t low = subset & (~subset + 1);  // Gosper: next k-subset in numeric order
    const std::uint64_t ripple = subset + low;
    if (ripple == 0) break;
    subset = (((ripple ^ subset) >> 2) / low) | ripple;
  }
}

/// Calls visit(hand) for every opponent hand consistent with `obs`, count_consistent_hands(obs)
/// times in all, in a fixed order (for_each_subset of the candidates).
template <typename Visit>
void for_each_consistent_hand(const Observation& obs, Visit visit) {
  for_each_subset(opponent_candidates(obs), obs.opponent_tile_count(), visit);
}

/// Returns the full state of one determinization: the observed game with the opponent holding
/// `opponent_hand`, the observing seat to move. Whose turn it really is does not matter here:
/// strategies determinize when it is their turn.
inline State determinize(const Observation& obs, TileSet opponent_hand) {
  State s;
  const Seat me = obs.seat();
  s.hands[me] = obs.hand();
  s.hands[1 - me] = opponent_hand;
  s.line = obs.line();
  s.left = static_cast<std::int8_t>(obs.left_end());
  s.right = static_cast<std::int8_t>(obs.right_end());
  s.to_move = static_cast<std::uint8_t>(me);
  s.leader = static_cast<std::uint8_t>(obs.leader());
  const auto history = obs.history();
  s.last_was_pass = !history.empty() && history.back().is_pass();
  s.lacks[me] = obs.own_lacks();
  s.lacks[1 - me] = obs.opponent_lacks();
  return s;
}

}  // namespace dominoes
