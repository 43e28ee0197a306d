// Reading solver positions: line_possible against a brute force over every line that can be laid
// from small tile sets, and parse_position's acceptance and rejections.
#include <gtest/gtest.h>

#include <set>

#include "engine/dominoes/notation.h"
#include "engine/dominoes/rng.h"
#include "engine/endgame/block_dominoes_position.h"

namespace endgame {
namespace {

using dominoes::Tile;
using dominoes::TileSet;

// Every (left, right) pair some line of distinct tiles from `tiles` has: lay a first tile in
// either orientation, then extend the right end in every way, recording the ends at each step.
void extend(const std::vector<std::pair<int, int>>& tiles, std::vector<bool>& used, int left,
            int right, std::set<std::pair<int, int>>& ends) {
  ends.insert({left, right});
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (used[i]) continue;
    const auto [a, b] = tiles[i];
    for (auto [in, out] : {std::pair{a, b}, std::pair{b, a}}) {
      if (in != right) continue;
      used[i] = true;
      extend(tiles, used, left, out, ends);
      used[i] = false;
    }
  }
}

std::set<std::pair<int, int>> all_line_ends(TileSet set) {
  std::vector<std::pair<int, int>> tiles;
  for (Tile t : set) tiles.push_back({dominoes::tile_low(t), dominoes::tile_high(t)});
  std::set<std::pair<int, int>> ends;
  std::vector<bool> used(tiles.size(), false);
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    used[i] = true;
    extend(tiles, used, tiles[i].first, tiles[i].second, ends);
    extend(tiles, used, tiles[i].second, tiles[i].first, ends);
    used[i] = false;
  }
  return ends;
}

TEST(Position, LinePossibleMatchesEveryLineThatCanBeLaid) {
  dominoes::Rng rng(17);
  for (int trial = 0; trial < 400; ++trial) {
    TileSet set;  // up to 7 random tiles of the double-4 subset, so the brute force stays small
    const int n = 1 + static_cast<int>(rng.below(7));
    while (set.size() < n) set.insert(static_cast<Tile>(rng.below(dominoes::tile_count(4))));
    const auto ends = all_line_ends(set);
    for (int l = 0; l <= 4; ++l)
      for (int r = 0; r <= 4; ++r)
        EXPECT_EQ(line_possible(set, l, r), ends.count({l, r}) > 0)
            << dominoes::to_string(set) << " ends " << l << "," << r;
  }
}

TEST(Position, ReadsHandsLineAndEnds) {
  const dominoes::Rules rules;
  const dominoes::State s = parse_position({"0-1,2-3/4-4", "3-5,1-5,1-1", "", 1}, rules);
  EXPECT_EQ(s.hands[0], dominoes::parse_tiles("0-1,2-3", 6));
  EXPECT_EQ(s.hands[1], dominoes::parse_tiles("4-4", 6));
  EXPECT_EQ(s.left, 3);
  EXPECT_EQ(s.right, 1);
  EXPECT_EQ(s.to_move, 1);
  EXPECT_EQ(s.line.size(), 3);
  const dominoes::State e = parse_position({"0-1/", "", "6,2", 0}, rules);
  EXPECT_EQ(e.left, 6);
  EXPECT_EQ(e.right, 2);
  EXPECT_TRUE(e.hands[1].empty());
  EXPECT_TRUE(parse_position({"0-1/2-2", "", "", 0}, rules).line_empty());
}

TEST(Position, ReadsOneHandPerSeat) {
  dominoes::Rules rules = dominoes::table_rules(4);
  const dominoes::State s = parse_position({"0-1/2-3/4-4/", "", "5,6", 3}, rules);
  EXPECT_EQ(s.seats, 4);
  EXPECT_EQ(s.hands[2], dominoes::parse_tiles("4-4", 6));
  EXPECT_TRUE(s.hands[3].empty());
  EXPECT_EQ(s.to_move, 3);
  EXPECT_EQ(s.left, 5);
  EXPECT_EQ(s.right, 6);
  rules = dominoes::table_rules(3);
  EXPECT_EQ(parse_position({"0-1/2-3/4-4", "", "", 2}, rules).seats, 3);
}

void expect_rejected(const PositionText& text, const std::string& must_mention, int max_pip = 6,
                     int seats = 2) {
  dominoes::Rules rules = dominoes::table_rules(seats);
  rules.max_pip = max_pip;
  try {
    parse_position(text, rules);
    ADD_FAILURE() << text.hands << " accepted";
  } catch (const PositionError& e) {
    EXPECT_NE(std::string(e.what()).find(must_mention), std::string::npos) << e.what();
  }
}

TEST(Position, RejectsImpossiblePositions) {
  expect_rejected({"0-1/0-1", "", "", 0}, "twice");
  expect_rejected({"0-1,0-1/2-3", "", "", 0}, "twice");
  expect_rejected({"0-1/2-3", "0-1", "", 0}, "twice");
  expect_rejected({"0-7/2-3", "", "", 0}, "0..6");
  expect_rejected({"0-9/2-3", "", "", 0}, "0..8", 8);
  expect_rejected({"0-1", "", "", 0}, "H0/H1");
  expect_rejected({"0-1/2-3/4-5", "", "", 0}, "H0/H1");
  expect_rejected({"0-1/2-3", "3-5,1-6", "", 0}, "does not join");
  expect_rejected({"0-1/2-3", "3-5", "3,5", 0}, "not both");
  expect_rejected({"0-1/2-3", "", "7,1", 0}, "0..6");
  expect_rejected({"0-1/2-3", "", "1", 0}, "L,R");
  expect_rejected({"0-1/2-3", "", "1,2", 2}, "0 or 1");
  expect_rejected({"0-1/2-3/4-4", "", "", 0}, "H0/H1/H2/H3", 6, 4);
  expect_rejected({"0-1/2-3/4-4/5-5", "", "", 0}, "H0/H1/H2,", 6, 3);
  expect_rejected({"0-1/2-3/4-4", "", "", 3}, "0..2", 6, 3);
  expect_rejected({"0-1/2-3/4-4/0-1", "", "", 0}, "twice", 6, 4);
  // Every tile with a 0 but 0-0 is in the hands, and without 0-0 no line can end 0,0 ... nor,
  // with 0-0 also held, 0 and anything.
  expect_rejected({"0-0,0-1,0-2,0-3/0-4,0-5,0-6", "", "0,0", 0}, "no line");
  expect_rejected({"0-0,0-1,0-2,0-3/0-4,0-5,0-6", "", "0,3", 0}, "no line");
}

}  // namespace
}  // namespace endgame
