// Dealing: both hands and the leader of a game, as a pure function of (seed, deal, game).
#pragma once

#include <array>
#include <cstdint>

#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// The hands of one game and which hand leads. The tiles in neither hand are never drawn.
struct Deal {
  std::array<TileSet, 2> hands{};
  Seat leader = 0;
  bool operator==(const Deal&) const = default;
};

/// Returns the seat holding the highest double, or when neither hand has a double, the heaviest
/// tile (ties between equal-pip tiles go to the higher tile index, which carries the higher value).
inline Seat heaviest_double_holder(const std::array<TileSet, 2>& hands) {
  int best_rank = -1;
  Seat best = 0;
  for (Seat s = 0; s < 2; ++s)
    for (Tile t : hands[s]) {
      // Doubles rank above every other tile; among each kind, more pips rank higher. pips * 64 + t
      // is below 2 * kMaxPip * 64 + 64, so the doubles' bonus must be at least that (1000 was not:
      // in double-8 and double-9 sets 0-0 and 1-1 ranked below 8-9).
      constexpr int kDoubleBonus = (2 * kMaxPip + 1) * 64;
      static_assert(kMaxTiles <= 64, "the tile index must stay below the pips' step of 64");
      const int rank = (is_double(t) ? kDoubleBonus : 0) + tile_pips(t) * 64 + t;
      if (rank > best_rank) best_rank = rank, best = s;
    }
  return best;
}

/// Returns game `game` of deal `deal_index` of an experiment with seed `seed`: 2 x hand_size tiles
/// drawn uniformly without replacement from the double-max_pip set (a partial Fisher-Yates
/// shuffle), and the leader under `rules.leader`. Pure: the same arguments give the same deal.
inline Deal make_deal(const Rules& rules, std::uint64_t seed, std::uint64_t deal_index,
                      int game = 0) {
  Rng rng(stream_key({seed, deal_index, static_cast<std::uint64_t>(game), 0xDEA1}));
  std::array<Tile, kMaxTiles> tiles{};
  const int n = tile_count(rules.max_pip);
  for (int i = 0; i < n; ++i) tiles[i] = static_cast<Tile>(i);
  Deal d;
  for (int i = 0; i < 2 * rules.hand_size; ++i) {
    const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - i)));
    std::swap(tiles[i], tiles[j]);
    d.hands[i % 2].insert(tiles[i]);
  }
  switch (rules.leader) {
    case LeaderRule::kRandom: d.leader = static_cast<Seat>(rng.below(2)); break;
    case LeaderRule::kHeaviestDouble: d.leader = heaviest_double_holder(d.hands); break;
    case LeaderRule::kAlternate: d.leader = static_cast<Seat>((deal_index + game) % 2); break;
  }
  return d;
}

/// Returns the state at the start of the dealt game.
inline State start_state(const Deal& d) { return start_state(d.hands[0], d.hands[1], d.leader); }

}  // namespace dominoes
