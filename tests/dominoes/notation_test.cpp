// Notation: round trips of tiles, moves and tile lists, and rejections with clear messages.
#include "engine/dominoes/notation.h"

#include <gtest/gtest.h>

namespace dominoes {
namespace {

TEST(Notation, EveryTileRoundTripsAndPrintsLowHigh) {
  for (int a = 0; a <= kMaxPip; ++a)
    for (int b = 0; b <= kMaxPip; ++b) {
      const std::string text = std::to_string(a) + "-" + std::to_string(b);
      const Tile t = parse_tile(text, kMaxPip);
      EXPECT_EQ(t, make_tile(a, b));
      EXPECT_EQ(to_string(t),
                std::to_string(std::min(a, b)) + "-" + std::to_string(std::max(a, b)));
      EXPECT_EQ(parse_tile(to_string(t), kMaxPip), t);
    }
}

TEST(Notation, MovesRoundTrip) {
  EXPECT_EQ(to_string(parse_move("3-5", 6)), "3-5");
  EXPECT_EQ(parse_move("5-3", 6), Move(make_tile(3, 5), Placement::kLead));
  EXPECT_EQ(parse_move("3-5L", 6), Move(make_tile(3, 5), Placement::kLeft));
  EXPECT_EQ(parse_move("6-2R", 6), Move(make_tile(2, 6), Placement::kRight));
  EXPECT_EQ(to_string(parse_move("6-2R", 6)), "2-6R");
  EXPECT_TRUE(parse_move("pass", 6).is_pass());
  EXPECT_EQ(to_string(Move::pass()), "pass");
  for (Tile t = 0; t < tile_count(6); ++t)
    for (auto p : {Placement::kLead, Placement::kLeft, Placement::kRight}) {
      const Move m(t, p);
      EXPECT_EQ(parse_move(to_string(m), 6), m);
    }
}

TEST(Notation, TileListsRoundTripSorted) {
  const TileSet s = parse_tiles("6-6, 0-1,3-2", 6);
  EXPECT_EQ(s.size(), 3);
  EXPECT_EQ(to_string(s), "0-1,2-3,6-6");
  EXPECT_EQ(parse_tiles(to_string(s), 6), s);
  EXPECT_TRUE(parse_tiles("", 6).empty());
  EXPECT_TRUE(parse_tiles("-", 6).empty());
  EXPECT_EQ(parse_tiles(to_string(TileSet::full(9)), 9), TileSet::full(9));
}

void expect_rejected(const std::function<void()>& parse, const std::string& must_mention) {
  try {
    parse();
    ADD_FAILURE() << "accepted input that should fail (" << must_mention << ")";
  } catch (const NotationError& e) {
    EXPECT_NE(std::string(e.what()).find(must_mention), std::string::npos) << e.what();
  }
}

TEST(Notation, RejectsMalformedInputNamingIt) {
  expect_rejected([] { parse_tile("3-x", 6); }, "\"3-x\"");
  expect_rejected([] { parse_tile("7-1", 6); }, "0..6");
  expect_rejected([] { parse_tile("35", 6); }, "a-b");
  expect_rejected([] { parse_tile("", 6); }, "a-b");
  expect_rejected([] { parse_tile("10-1", 9); }, "0..9");
  expect_rejected([] { parse_move("3-5X", 6); }, "a-bL");
  expect_rejected([] { parse_move("passs", 6); }, "pass");
  expect_rejected([] { parse_move("3-9L", 6); }, "0..6");
  expect_rejected([] { parse_tiles("0-1,1-0", 6); }, "twice");
  expect_rejected([] { parse_tiles("0-1,,2-3", 6); }, "bad tile");
  expect_rejected([] { parse_tiles("0-1,", 6); }, "bad tile");
}

}  // namespace
}  // namespace dominoes
