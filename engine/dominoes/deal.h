// Dealing: every seat's hand and the leader of a game, as a pure function of (seed, deal, game).
#pragma once

#include <array>
#include <cstdint>

#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// The hands of one game and which hand leads. The tiles in no hand are never drawn.
struct Deal {
  std::array<TileSet, kStateSeats> hands{};  ///< hands[s] for s < seats; the rest empty
  Seat leader = 0;
  int seats = 2;
  /// The tile the leader must lead (heaviest-double with more than two seats), or -1: any.
  int lead_tile = -1;
  bool operator==(const Deal&) const = default;
};

/// The seat holding the heaviest tile of a deal (heaviest_tile_holder) and that tile.
struct HeaviestTile {
  Seat seat = 0;
  Tile tile = 0;
};

/// Returns `t`'s rank in the order the heaviest-double lead goes by (a higher rank leads): every
/// double above every other tile, more pips above fewer within each kind, and between equal pips
/// the higher tile index (which carries the higher value). Distinct tiles have distinct ranks.
constexpr int heaviest_rank(Tile t) {
  // pips * 64 + t is below 2 * kMaxPip * 64 + 64, so the doubles' bonus must be at least that
  // (1000 was not: in double-8 and double-9 sets 0-0 and 1-1 ranked below 8-9).
  constexpr int kDoubleBonus = (2 * kMaxPip + 1) * 64;
  static_assert(kMaxTiles <= 64, "the tile index must stay below the pips' step of 64");
  return (is_double(t) ? kDoubleBonus : 0) + tile_pips(t) * 64 + t;
}

/// Returns the seat among the first `seats` hands holding the highest double, or when no hand has
/// a double, the heaviest tile (the highest heaviest_rank), and that tile.
inline HeaviestTile heaviest_tile_holder(const std::array<TileSet, kStateSeats>& hands, int seats) {
  int best_rank = -1;
  HeaviestTile best;
  for (Seat s = 0; s < seats; ++s)
    for (Tile t : hands[s])
      if (heaviest_rank(t) > best_rank) best_rank = heaviest_rank(t), best = {s, t};
  return best;
}

/// Returns the seat of the two-seat `hands` holding the highest double (heaviest_tile_holder).
inline Seat heaviest_double_holder(const std::array<TileSet, 2>& hands) {
  return heaviest_tile_holder({hands[0], hands[1], TileSet{}, TileSet{}}, 2).seat;
}

/// Sets `d`'s leader to the holder of the heaviest tile; with more than two seats that tile is
/// then the only lead (docs/rules.md, "Three and four seats").
inline void lead_heaviest(Deal& d) {
  const HeaviestTile heaviest = heaviest_tile_holder(d.hands, d.seats);
  d.leader = heaviest.seat;
  d.lead_tile = d.seats > 2 ? heaviest.tile : -1;
}

/// Returns game `game` of deal `deal_index` of an experiment with seed `seed`: seats x hand_size
/// tiles drawn uniformly without replacement from the double-max_pip set (a partial Fisher-Yates
/// shuffle, the i-th tile drawn to seat i mod seats), and the leader under `rules.leader`. Pure:
/// the same arguments give the same deal. With two seats the draws are those of the two-seat
/// engine before seats existed, so two-seat tables are unchanged.
inline Deal make_deal(const Rules& rules, std::uint64_t seed, std::uint64_t deal_index,
                      int game = 0) {
  Rng rng(stream_key({seed, deal_index, static_cast<std::uint64_t>(game), 0xDEA1}));
  std::array<Tile, kMaxTiles> tiles{};
  const int n = tile_count(rules.max_pip);
  for (int i = 0; i < n; ++i) tiles[i] = static_cast<Tile>(i);
  Deal d;
  d.seats = rules.seats;
  for (int i = 0; i < rules.seats * rules.hand_size; ++i) {
    const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - i)));
    std::swap(tiles[i], tiles[j]);
    d.hands[i % rules.seats].insert(tiles[i]);
  }
  const auto seats = static_cast<std::uint32_t>(rules.seats);
  switch (rules.leader) {
    case LeaderRule::kRandom:
      d.leader = static_cast<Seat>(rng.below(seats));
      break;
    case LeaderRule::kHeaviestDouble:
      lead_heaviest(d);
      break;
    case LeaderRule::kAlternate:
      d.leader = static_cast<Seat>((deal_index + game) % seats);
      break;
  }
  return d;
}

/// Returns the state at the start of the dealt game.
constexpr State start_state(const Deal& d) {
  State s;
  s.hands = d.hands;
  s.seats = static_cast<std::uint8_t>(d.seats);
  s.to_move = static_cast<std::uint8_t>(d.leader);
  s.leader = static_cast<std::uint8_t>(d.leader);
  s.lead_tile = static_cast<std::int8_t>(d.lead_tile);
  return s;
}

}  // namespace dominoes
