// The tile-by-tile deal's chance rule (engine/dominoes/sorted_deal.h) against a brute force written
// here: every hand of a small undealt set is listed, a node's outcome probability must be the
// share of the hands that extend the node's partial hand with that tile next (counted, not from
// the formula), and each hand's chain of nodes must multiply to 1 / (number of hands).
#include "engine/dominoes/sorted_deal.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "engine/dominoes/tile.h"
#include "engine/dominoes/tile_set.h"

namespace dominoes {
namespace {

// Every `size`-tile subset of `tiles` (listed by recursion, no formula).
void subsets(const std::vector<Tile>& tiles, int size, std::size_t from, TileSet partial,
             std::vector<TileSet>& out) {
  if (partial.size() == size) {
    out.push_back(partial);
    return;
  }
  for (std::size_t i = from; i < tiles.size(); ++i) {
    TileSet next = partial;
    next.insert(tiles[i]);
    subsets(tiles, size, i + 1, next, out);
  }
}

std::vector<TileSet> all_hands(TileSet undealt, int size) {
  std::vector<TileSet> out;
  subsets(std::vector<Tile>(undealt.begin(), undealt.end()), size, 0, TileSet{}, out);
  return out;
}

// The hands' tiles below or at `t` are exactly `partial`'s tiles.
bool extends(TileSet hand, TileSet partial, Tile t) {
  const std::uint64_t upto = t >= 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << t) - 1;
  TileSet with = partial;
  with.insert(t);
  return TileSet(hand.bits() & upto) == with;
}

TEST(SortedDeal, BinomialsByPascalsRule) {
  for (int n = 1; n <= kMaxTiles; ++n)
    for (int k = 1; k < n; ++k)
      EXPECT_EQ(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k)) << n << " " << k;
  EXPECT_EQ(binomial(28, 7), 1184040u);  // the default game's first hands
  EXPECT_EQ(binomial(5, 6), 0u);
}

// Walks every node of the chain for every hand of `size` tiles of `undealt`, checking each
// node's outcomes against the brute-force counts, and each hand's product.
void check_against_brute_force(TileSet undealt, int size) {
  const std::vector<TileSet> hands = all_hands(undealt, size);
  ASSERT_FALSE(hands.empty());
  for (const TileSet hand : hands) {
    double product = 1;
    TileSet partial;
    for (const Tile t : hand) {
      const TileSet candidates = sorted_deal_candidates(undealt - partial, partial);
      const int needed = size - partial.size();
      // the node's outcomes: the tiles that start some hand extending `partial`, by share
      std::vector<int> counts(kMaxTiles, 0);
      int reaching = 0;  // hands extending `partial` (its tiles are their smallest)
      for (const TileSet h : hands) {
        if (TileSet(h.bits() & partial.bits()) != partial) continue;
        bool smallest = true;
        for (Tile p : partial)
          for (Tile x : h - partial) smallest = smallest && x > p;
        if (!smallest) continue;
        ++reaching;
        for (Tile x : candidates)
          if (extends(h, partial, x)) ++counts[x];
      }
      double total = 0;
      for (const DealOutcome& o : sorted_deal_outcomes(candidates, needed)) {
        EXPECT_GT(counts[o.tile], 0) << "tile " << int(o.tile) << " starts no hand";
        EXPECT_DOUBLE_EQ(o.probability, static_cast<double>(counts[o.tile]) / reaching);
        total += o.probability;
      }
      for (Tile x : candidates)  // every tile that starts a hand is listed
        EXPECT_EQ(counts[x] > 0, sorted_deal_probability(candidates, needed, x) > 0) << int(x);
      EXPECT_NEAR(total, 1.0, 1e-12);
      product *= sorted_deal_probability(candidates, needed, t);
      partial.insert(t);
    }
    EXPECT_NEAR(product * static_cast<double>(hands.size()), 1.0, 1e-12);
  }
}

TEST(SortedDeal, MatchesEveryHandOfADoubleThreeSet) {
  const TileSet all = TileSet::full(3);  // 10 tiles
  for (int size = 1; size <= 5; ++size) check_against_brute_force(all, size);
}

TEST(SortedDeal, MatchesWithTilesAlreadyDealt) {
  TileSet undealt = TileSet::full(4);  // 15 tiles, 5 dealt elsewhere, 1 in 3 removed
  for (Tile t : {Tile(0), Tile(3), Tile(7), Tile(8), Tile(14)}) undealt.erase(t);
  for (int size = 1; size <= 4; ++size) check_against_brute_force(undealt, size);
}

TEST(SortedDeal, OnlyTilesLeavingRoomAreOutcomes) {
  TileSet candidates;
  for (Tile t : {Tile(2), Tile(5), Tile(9), Tile(11)}) candidates.insert(t);
  const DealOutcomes three = sorted_deal_outcomes(candidates, 3);
  ASSERT_EQ(three.size, 2);  // 2 or 5 first; 9 would leave one tile for two places
  EXPECT_EQ(three.items[0].tile, 2);
  EXPECT_DOUBLE_EQ(three.items[0].probability, 3.0 / 4.0);  // C(3,2)/C(4,3)
  EXPECT_DOUBLE_EQ(three.items[1].probability, 1.0 / 4.0);  // C(2,2)/C(4,3)
  EXPECT_EQ(sorted_deal_probability(candidates, 3, 9), 0.0);
  EXPECT_EQ(sorted_deal_probability(candidates, 3, 3), 0.0);  // not a candidate
  EXPECT_EQ(sorted_deal_outcomes(candidates, 5).size, 0);     // more than the candidates
  EXPECT_EQ(sorted_deal_outcomes(candidates, 0).size, 0);
  TileSet hand;
  hand.insert(5);
  EXPECT_EQ(sorted_deal_candidates(candidates, hand).bits(),
            (TileSet::of(9) | TileSet::of(11)).bits());
}

}  // namespace
}  // namespace dominoes
