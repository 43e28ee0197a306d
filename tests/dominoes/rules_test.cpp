// The rules of Block Dominoes (docs/rules.md): placements, passes, every ending, scoring,
// variants and the match target, on hand-made deals whose outcomes are worked out by hand.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/play/match_progress.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/state.h"
#include "strategies/registry.h"

namespace dominoes {
namespace {

TileSet tiles(const char* text) {
  return parse_tiles(text, 9);
}

tournament::GameOutcome play_lowest(const Deal& deal, const Rules& rules,
                                    History* history = nullptr) {
  auto a = strategies::Registry::builtin().make("lowest");
  auto b = strategies::Registry::builtin().make("lowest");
  Rng r0(1), r1(2);
  return tournament::play_game(rules, deal, {&a, &b}, {&r0, &r1}, history);
}

TEST(Rules, LeadMayBeAnyTileAndLiesLowLeft) {
  State s = start_state(tiles("2-5,6-6"), tiles("0-0"), 0);
  const MoveList legal = legal_moves(s);
  ASSERT_EQ(legal.size(), 2);
  apply(s, Move(make_tile(5, 2), Placement::kLead));
  EXPECT_EQ(s.left, 2);
  EXPECT_EQ(s.right, 5);
  EXPECT_EQ(s.to_move, 1);
  EXPECT_TRUE(is_consistent(s));
}

TEST(Rules, TileFittingBothDifferentEndsIsTwoMoves) {
  // Line 2 ... 5; the tile 2-5 fits the left end (exposing 5) and the right end (exposing 2).
  const MoveList legal = legal_moves(tiles("2-5,0-1"), 2, 5);
  ASSERT_EQ(legal.size(), 2);
  EXPECT_TRUE(legal.contains(Move(make_tile(2, 5), Placement::kLeft)));
  EXPECT_TRUE(legal.contains(Move(make_tile(2, 5), Placement::kRight)));
  State s = start_state(tiles("2-5"), tiles("0-1"), 0);
  s.left = 2, s.right = 5, s.line = tiles("2-3,3-5");
  State left = s, right = s;
  apply(left, Move(make_tile(2, 5), Placement::kLeft));
  apply(right, Move(make_tile(2, 5), Placement::kRight));
  EXPECT_EQ(left.left, 5);
  EXPECT_EQ(left.right, 5);
  EXPECT_EQ(right.left, 2);
  EXPECT_EQ(right.right, 2);
}

TEST(Rules, EqualEndsListEachTileOnce) {
  // Line 4 ... 4: placing 1-4 on either side leaves the same ends, so it is one move.
  const MoveList legal = legal_moves(tiles("1-4,4-4,2-3"), 4, 4);
  EXPECT_EQ(legal.size(), 2);
}

TEST(Rules, PlayerWhoCannotPlayPassesAndShowsWhatItLacks) {
  // Seat 0 leads 0-1 (the lowest), seat 1 must play 1-6 on the 1, seat 0 holds only 1-2 against
  // ends 0 and 6 and passes, seat 1 plays 5-6 and is out: a domino worth seat 0's 3 pips.
  History h;
  const auto out = play_lowest({{tiles("0-1,1-2"), tiles("1-6,5-6")}, 0}, Rules{}, &h);
  ASSERT_EQ(h.size(), 4);
  EXPECT_EQ(to_string(h[0]), "0-1");
  EXPECT_EQ(to_string(h[1]), "1-6R");
  EXPECT_TRUE(h[2].is_pass());
  EXPECT_EQ(h.seat_of(2), 0);
  EXPECT_EQ(to_string(h[3]), "5-6R");
  EXPECT_EQ(out.ending, GameStatus::kDomino);
  EXPECT_EQ(out.pips, (tournament::BySeat<int>{3, 0}));
  EXPECT_EQ(out.points, (tournament::BySeat<int>{0, 3}));
}

TEST(Rules, PassRecordsBothEndsAsLackedValues) {
  State s = start_state(tiles("1-2"), tiles("5-6"), 1);
  s.left = 0, s.right = 6, s.line = tiles("0-6");
  s.to_move = 0;
  apply(s, Move::pass());
  EXPECT_TRUE(s.lacks[0].contains(0));
  EXPECT_TRUE(s.lacks[0].contains(6));
  EXPECT_FALSE(s.lacks[0].contains(1));
  EXPECT_TRUE(s.last_was_pass);
  EXPECT_EQ(s.to_move, 1);
}

TEST(Rules, DominoScoresTheOpponentsPips) {
  const auto out = play_lowest({{tiles("0-1"), tiles("2-3,4-6")}, 0}, Rules{});
  EXPECT_EQ(out.ending, GameStatus::kDomino);
  EXPECT_EQ(out.points, (tournament::BySeat<int>{15, 0}));
  EXPECT_EQ(out.leader_net(), 15);
}

TEST(Rules, BlockedGameGoesToFewerPips) {
  // Seat 0 leads 0-1; seat 1 (2-3) cannot follow, nor can seat 0 (5-6): blocked, 11 pips to 5.
  const auto out = play_lowest({{tiles("0-1,5-6"), tiles("2-3")}, 0}, Rules{});
  EXPECT_EQ(out.ending, GameStatus::kBlocked);
  EXPECT_EQ(out.pips, (tournament::BySeat<int>{11, 5}));
  EXPECT_EQ(out.points, (tournament::BySeat<int>{0, 11}));
  EXPECT_EQ(out.net0(), -11);
}

TEST(Rules, BlockedGameWithEqualPipsScoresNothing) {
  // Seat 0 leads 0-0; nobody holds a 0: blocked with 5 pips each.
  const auto out = play_lowest({{tiles("0-0,1-4"), tiles("2-3")}, 0}, Rules{});
  EXPECT_EQ(out.ending, GameStatus::kBlocked);
  EXPECT_EQ(out.pips, (tournament::BySeat<int>{5, 5}));
  EXPECT_EQ(out.points, (tournament::BySeat<int>{0, 0}));
}

TEST(Rules, ScoringVariants) {
  Rules r;
  EXPECT_EQ(winner_points(r, 3, 10), 10);
  r.scoring = ScoringRule::kPipDifference;
  EXPECT_EQ(winner_points(r, 3, 10), 7);
  r.scoring = ScoringRule::kAllPips;
  EXPECT_EQ(winner_points(r, 3, 10), 13);
  EXPECT_EQ(winner_points(r, 4, 4), 0);
}

TEST(Rules, StatusSeesDominoAndBlock) {
  State s = start_state(tiles("1-1"), tiles("2-2"), 0);
  EXPECT_EQ(status(s), GameStatus::kOngoing);
  s.left = 0, s.right = 0, s.line = tiles("0-0");
  EXPECT_EQ(status(s), GameStatus::kBlocked);
  s.hands[1] = TileSet();
  EXPECT_EQ(status(s), GameStatus::kDomino);
}

TEST(Deal, HandsAreDisjointOfTheRightSizeFromTheSet) {
  for (int n = 6; n <= 9; ++n) {
    Rules r;
    r.max_pip = n;
    r.hand_size = tile_count(n) / 2;  // the largest hand: every tile dealt (or all but one)
    for (std::uint64_t i = 0; i < 50; ++i) {
      const Deal d = make_deal(r, 7, i);
      EXPECT_EQ(d.hands[0].size(), r.hand_size);
      EXPECT_EQ(d.hands[1].size(), r.hand_size);
      EXPECT_TRUE((d.hands[0] & d.hands[1]).empty());
      EXPECT_EQ((d.hands[0] | d.hands[1]) - TileSet::full(n), TileSet());
      EXPECT_EQ(make_deal(r, 7, i), d);  // a pure function of (seed, deal)
    }
  }
}

TEST(Deal, HeaviestDoubleLeads) {
  EXPECT_EQ(heaviest_double_holder({tiles("5-5,0-1"), tiles("6-6")}), 1);
  EXPECT_EQ(heaviest_double_holder({tiles("5-5,5-6"), tiles("4-4,6-6")}), 1);
  EXPECT_EQ(heaviest_double_holder({tiles("0-0"), tiles("5-6")}), 0);
  // No doubles: the heaviest tile.
  EXPECT_EQ(heaviest_double_holder({tiles("4-6,0-1"), tiles("3-6")}), 0);
}

// Every pair of tiles of every set, one tile per hand, against an ordering written out here from
// the rule: doubles before all other tiles, then more pips; equal pips (two non-doubles) go to the
// tile with the higher high half.
TEST(Deal, HeaviestDoubleRanksEveryTileOfEverySet) {
  struct Ranked {
    Tile tile;
    int is_double, pips, high;
  };
  for (int n = kMinPip; n <= kMaxPip; ++n) {
    std::vector<Ranked> set;
    for (int high = 0; high <= n; ++high)
      for (int low = 0; low <= high; ++low)
        set.push_back({make_tile(low, high), low == high ? 1 : 0, low + high, high});
    for (const Ranked& a : set)
      for (const Ranked& b : set) {
        if (a.tile == b.tile) continue;
        const bool a_higher =
            std::tie(a.is_double, a.pips, a.high) > std::tie(b.is_double, b.pips, b.high);
        TileSet ha, hb;
        ha.insert(a.tile);
        hb.insert(b.tile);
        EXPECT_EQ(heaviest_double_holder({ha, hb}), a_higher ? 0 : 1)
            << "double-" << n << ": " << to_string(a.tile) << " against " << to_string(b.tile);
      }
  }
}

TEST(Match, EndsWhenATotalFirstExceedsTheTarget) {
  Rules r;
  r.match_target = 60;
  auto a = strategies::Registry::builtin().make("heuristic");
  auto b = strategies::Registry::builtin().make("random");
  for (std::uint64_t deal = 0; deal < 20; ++deal) {
    tournament::BySeat<int> running{};
    bool over_before_end = false;
    int games = 0;
    tournament::GameCallback check = [&](int g, const Deal&, const History&,
                                         const tournament::GameOutcome& o) {
      EXPECT_EQ(g, games++);
      over_before_end |= running[0] > r.match_target || running[1] > r.match_target;
      running[0] += o.points[0];
      running[1] += o.points[1];
    };
    const auto m = tournament::play_match(r, 3, deal, {&a, &b}, &check);
    EXPECT_FALSE(over_before_end);
    EXPECT_TRUE(m.decided);
    EXPECT_EQ(m.games, games);
    EXPECT_EQ(m.totals, running);
    EXPECT_GT(m.totals[m.winner], r.match_target);
    EXPECT_LE(m.totals[1 - m.winner], r.match_target);
  }
}

}  // namespace
}  // namespace dominoes
