// Dealing a hand as a chain of chance nodes, one tile per node in ascending tile order, with exact
// probabilities: how a game-tree library (the OpenSpiel game of python/dominoes/openspiel.py,
// through extensive_state.h) deals a uniform hand without listing every hand.
//
// A hand of k tiles drawn uniformly from the n undealt tiles is dealt as its tiles in ascending
// index order, so each hand has exactly one chance history. At a node where the hand still needs
// k tiles and its candidates (the undealt tiles above the hand's highest tile so far) are
// c_1 < ... < c_m, the next tile is c_i with probability C(m - i, k - 1) / C(m, k): the share of
// the k-tile subsets of the candidates whose smallest tile is c_i (the other k - 1 tiles are any
// of the m - i candidates above it). Only i <= m - k + 1 can happen. Along a hand's chain the
// products telescope: C(n - i1, k - 1) / C(n, k) x C(n - i1 - i2, k - 2) / C(n - i1, k - 1) x ...
// = 1 / C(n, k), the uniform deal's probability of that hand.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/dominoes/binomial.h"
#include "engine/dominoes/tile.h"
#include "engine/dominoes/tile_set.h"

namespace dominoes {

/// One chance outcome of a dealing node: the tile dealt and its probability.
struct DealOutcome {
  Tile tile = 0;
  double probability = 0;
};

/// The outcomes of one dealing node, by ascending tile (at most kMaxTiles).
struct DealOutcomes {
  std::array<DealOutcome, kMaxTiles> items{};
  int size = 0;

  /// The outcomes listed, for range-for.
  constexpr const DealOutcome* begin() const { return items.data(); }
  constexpr const DealOutcome* end() const { return items.data() + size; }
};

/// Returns the tiles a hand may take next: the undealt tiles above the highest tile of `hand`
/// (every undealt tile while `hand` is empty).
constexpr TileSet sorted_deal_candidates(TileSet undealt, TileSet hand) {
  if (hand.empty()) return undealt;
  const int highest = 63 - std::countl_zero(hand.bits());
  const std::uint64_t above = highest >= 63 ? 0 : ~std::uint64_t{0} << (highest + 1);
  return TileSet(undealt.bits() & above);
}

/// Returns the outcomes of a dealing node whose hand still needs `needed` tiles (1 or more) and
/// may take the tiles `candidates` (sorted_deal_candidates): candidate c_i, the i-th smallest of
/// m, with probability C(m - i, needed - 1) / C(m, needed), for i = 1 .. m - needed + 1 (none
/// when needed is below 1 or above m). The probabilities sum to 1 up to rounding (each is one
/// division of exact integers).
constexpr DealOutcomes sorted_deal_outcomes(TileSet candidates, int needed) {
  DealOutcomes out;
  const int m = candidates.size();
  if (needed < 1 || needed > m) return out;
  const double all = static_cast<double>(binomial(m, needed));
  int i = 0;
  for (Tile t : candidates) {
    ++i;
    if (i > m - needed + 1) break;
    out.items[out.size++] = {t, static_cast<double>(binomial(m - i, needed - 1)) / all};
  }
  return out;
}

/// Returns the probability of dealing `tile` at the node of sorted_deal_outcomes(candidates,
/// needed), or 0 when it is not one of that node's outcomes.
constexpr double sorted_deal_probability(TileSet candidates, int needed, Tile tile) {
  for (const DealOutcome& o : sorted_deal_outcomes(candidates, needed))
    if (o.tile == tile) return o.probability;
  return 0;
}

}  // namespace dominoes
