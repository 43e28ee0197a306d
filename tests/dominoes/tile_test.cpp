// Tiles, tile sets, the variants' tile counts and the line's ends after a move.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "engine/dominoes/move.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/tile_set.h"

namespace dominoes {
namespace {

TEST(Tile, EachVariantHasTheTileCountOfItsSet) {
  // A double-N set has one tile per unordered pair {a, b} of 0..N: (N+1)(N+2)/2.
  const std::pair<int, int> expected[] = {{6, 28}, {7, 36}, {8, 45}, {9, 55}};
  for (auto [n, count] : expected) {
    EXPECT_EQ(tile_count(n), count);
    EXPECT_EQ(TileSet::full(n).size(), count);
    int enumerated = 0;
    for (int a = 0; a <= n; ++a)
      for (int b = a; b <= n; ++b) ++enumerated;
    EXPECT_EQ(enumerated, count);
  }
}

TEST(Tile, IndexIsABijectionOntoTheSetAndKeepsValues) {
  std::set<int> seen;
  for (int a = 0; a <= kMaxPip; ++a)
    for (int b = a; b <= kMaxPip; ++b) {
      const Tile t = make_tile(a, b);
      EXPECT_EQ(make_tile(b, a), t);
      EXPECT_EQ(tile_low(t), a);
      EXPECT_EQ(tile_high(t), b);
      EXPECT_EQ(tile_pips(t), a + b);
      EXPECT_EQ(is_double(t), a == b);
      EXPECT_TRUE(seen.insert(t).second);
      // The double-b set holds exactly the indices below tile_count(b).
      EXPECT_LT(t, tile_count(b));
      if (b > 0) {
        EXPECT_GE(t, tile_count(b - 1));
      }
    }
  EXPECT_EQ(static_cast<int>(seen.size()), kMaxTiles);
}

TEST(TileSet, TilesWithCarryTheValue) {
  for (int v = 0; v <= 6; ++v) {
    const TileSet with = tiles_with(v) & TileSet::full(6);
    EXPECT_EQ(with.size(), 7);  // v paired with each of 0..6, the double once
    for (Tile t : with) EXPECT_TRUE(tile_has(t, v));
  }
}

TEST(TileSet, PipsOfTheFullDoubleSixSetIs168) {
  // Each value 0..6 appears 8 times in a double-six set (7 pairings, the double twice).
  EXPECT_EQ(pips(TileSet::full(6)), 8 * (0 + 1 + 2 + 3 + 4 + 5 + 6));
}

TEST(Rules, ValidateRejectsSetsAndHandsThatDoNotFit) {
  Rules r;
  EXPECT_EQ(validate(r), "");
  r.max_pip = 1;
  EXPECT_NE(validate(r).find("2..9"), std::string::npos);
  r.max_pip = 10;
  EXPECT_NE(validate(r).find("2..9"), std::string::npos);
  r.max_pip = 2;  // six tiles: at most three each
  r.hand_size = 3;
  EXPECT_EQ(validate(r), "");
  r.hand_size = 4;
  EXPECT_NE(validate(r).find("1..3"), std::string::npos);
  r.hand_size = 7;
  r.max_pip = 6;
  r.hand_size = 15;
  EXPECT_NE(validate(r).find("1..14"), std::string::npos);
  r.hand_size = 14;
  EXPECT_EQ(validate(r), "");
  r.max_pip = 9;
  r.hand_size = 27;
  EXPECT_EQ(validate(r), "");
  r.hand_size = 28;
  EXPECT_NE(validate(r).find("1..27"), std::string::npos);
}

// Hand-worked lines (docs/rules.md, "Notation"): a lead lies low value left, high value right; a
// tile on an end shows its other value there; a pass changes nothing.
TEST(Move, EndsAfterFollowTheLine) {
  const auto ends = [](Move m, int left, int right) {
    const LineEnds e = ends_after(m, left, right);
    return std::pair(e.left, e.right);
  };
  EXPECT_EQ(ends(Move(make_tile(5, 2), Placement::kLead), -1, -1), std::pair(2, 5));
  EXPECT_EQ(ends(Move(make_tile(3, 5), Placement::kLeft), 3, 6), std::pair(5, 6));
  EXPECT_EQ(ends(Move(make_tile(6, 1), Placement::kRight), 3, 6), std::pair(3, 1));
  EXPECT_EQ(ends(Move(make_tile(4, 4), Placement::kLeft), 4, 0), std::pair(4, 0));
  EXPECT_EQ(ends(Move::pass(), 2, 6), std::pair(2, 6));
}

}  // namespace
}  // namespace dominoes
