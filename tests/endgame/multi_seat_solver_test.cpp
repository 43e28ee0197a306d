// The open-hands solver for three and four seats (engine/endgame/multi_seat_solver.h, reached
// through BlockDominoesSolver) against a brute force written here: plain minimax over the
// engine's State with no pruning and no table, the root seat's team maximizing and every other
// seat minimizing (two teams with partners; paranoid in cut-throat), the hand scored by a second
// implementation of docs/rules.md's "Who wins" and "What the winners score" written in this file.
// Small sets (double-2, double-3) with 3 or 4 seats and 1-2 tiles each, partners and cut-throat,
// every block and scoring rule, full depth and depth-limited, empty lines (with and without a
// forced lead tile) and lines already laid. move_bound's null-window bounds on the same positions.
#include "engine/endgame/multi_seat_solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/scoring.h"
#include "engine/dominoes/state.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace {

using dominoes::BlockRule;
using dominoes::GameStatus;
using dominoes::Move;
using dominoes::MoveList;
using dominoes::Rules;
using dominoes::ScoringRule;
using dominoes::State;
using dominoes::Tile;
using dominoes::TileSet;

// The team of a seat, from the docs: 0 and 2 against 1 and 3 with partners, else each seat alone.
int team(const Rules& r, int seat) {
  return r.partners ? seat % 2 : seat;
}

// docs/rules.md: the winning team of the finished (or horizon) hand `s`, -1 for nobody.
int winning_team(const State& s, const Rules& r) {
  std::vector<int> pips(s.seats);
  for (int seat = 0; seat < s.seats; ++seat) pips[seat] = dominoes::pips(s.hands[seat]);
  if (s.seats == 2) return pips[0] == pips[1] ? -1 : pips[0] < pips[1] ? 0 : 1;
  for (int seat = 0; seat < s.seats; ++seat)
    if (s.hands[seat].empty()) return team(r, seat);
  const int fewest_seat_pips = *std::min_element(pips.begin(), pips.end());
  if (r.block == BlockRule::kLowestSeat) {
    std::vector<int> teams;
    for (int seat = 0; seat < s.seats; ++seat)
      if (pips[seat] == fewest_seat_pips) teams.push_back(team(r, seat));
    return std::all_of(teams.begin(), teams.end(), [&](int t) { return t == teams[0]; }) ? teams[0]
                                                                                         : -1;
  }
  std::array<int, 4> team_pips{};
  for (int seat = 0; seat < s.seats; ++seat) team_pips[team(r, seat)] += pips[seat];
  const int teams = r.partners ? 2 : s.seats;
  int fewest = 1 << 20, count = 0, who = -1;
  for (int t = 0; t < teams; ++t) fewest = std::min(fewest, team_pips[t]);
  for (int t = 0; t < teams; ++t)
    if (team_pips[t] == fewest) ++count, who = t;
  return count == 1 ? who : -1;
}

// docs/rules.md: seat `seat`'s team's points minus the winners' (or plus its own score).
int net_for(const State& s, const Rules& r, int seat) {
  const int winner = winning_team(s, r);
  if (winner < 0) return 0;
  int winners = 0, losers = 0;
  for (int other = 0; other < s.seats; ++other)
    (team(r, other) == winner ? winners : losers) += dominoes::pips(s.hands[other]);
  int score = losers;
  if (r.scoring == ScoringRule::kPipDifference) score = std::max(0, losers - winners);
  if (r.scoring == ScoringRule::kAllPips) score = losers + winners;
  return team(r, seat) == winner ? score : -score;
}

// Plain minimax: the value for `root`'s team of `s`, `depth` tiles deep (-1: to the end).
int brute(const State& s, const Rules& r, int root, int depth) {
  if (dominoes::status(s) != GameStatus::kOngoing || depth == 0) return net_for(s, r, root);
  MoveList moves = dominoes::legal_moves(s);
  if (moves.empty()) moves.push_back(Move::pass());
  const bool maximize = team(r, s.to_move) == team(r, root);
  int best = maximize ? -(1 << 20) : 1 << 20;
  for (int i = 0; i < moves.size(); ++i) {
    State child = s;
    dominoes::apply(child, moves[i]);
    const int v = brute(child, r, root, moves[i].is_pass() || depth < 0 ? depth : depth - 1);
    best = maximize ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// A random position of `rules`: 1..max_hand tiles per seat, a line of 0..3 tiles, a random seat
// to move; with an empty line sometimes the deal's forced lead tile.
State random_position(const Rules& rules, int max_hand, dominoes::Rng& rng) {
  const int n = dominoes::tile_count(rules.max_pip);
  std::vector<Tile> tiles(n);
  for (int i = 0; i < n; ++i) tiles[i] = static_cast<Tile>(i);
  for (int i = n - 1; i > 0; --i)
    std::swap(tiles[i], tiles[rng.below(static_cast<std::uint32_t>(i + 1))]);
  State s;
  s.seats = static_cast<std::uint8_t>(rules.seats);
  int at = 0;
  for (int seat = 0; seat < rules.seats; ++seat) {
    const int k = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(max_hand)));
    for (int j = 0; j < k && at < n; ++j) s.hands[seat].insert(tiles[at++]);
  }
  const int line = static_cast<int>(rng.below(4));
  for (int j = 0; j < line && at < n; ++j) {
    // Lay the first remaining tile that joins the right end (any tile leads).
    for (int i = at; i < n; ++i) {
      const Tile t = tiles[i];
      if (s.line_empty()) {
        s.left = static_cast<std::int8_t>(dominoes::tile_low(t));
        s.right = static_cast<std::int8_t>(dominoes::tile_high(t));
      } else if (dominoes::tile_has(t, s.right)) {
        s.right = static_cast<std::int8_t>(dominoes::other_value(t, s.right));
      } else {
        continue;
      }
      s.line.insert(t);
      std::swap(tiles[i], tiles[at++]);
      break;
    }
  }
  s.to_move = static_cast<std::uint8_t>(rng.below(static_cast<std::uint32_t>(rules.seats)));
  s.leader = s.to_move;
  if (s.line_empty() && rng.below(2) == 0 && !s.hands[s.to_move].empty())
    s.lead_tile = static_cast<std::int8_t>(s.hands[s.to_move].first());
  return s;
}

// Every rules combination of the small sets with more than two seats.
std::vector<Rules> small_tables() {
  std::vector<Rules> out;
  for (int max_pip : {2, 3})
    for (int seats : {3, 4})
      for (bool partners : {false, true}) {
        if (partners && seats != 4) continue;
        for (BlockRule block : {BlockRule::kTeam, BlockRule::kLowestSeat})
          for (ScoringRule scoring :
               {ScoringRule::kOpponentPips, ScoringRule::kPipDifference, ScoringRule::kAllPips}) {
            Rules r;
            r.max_pip = max_pip, r.seats = seats, r.partners = partners;
            r.block = block, r.scoring = scoring, r.hand_size = 1;
            out.push_back(r);
          }
      }
  return out;
}

TEST(MultiSeatSolverTest, MatchesBruteForceOnSmallSets) {
  int positions = 0, ongoing = 0, bounds_checked = 0, inexact_bounds = 0;
  for (const Rules& rules : small_tables()) {
    // One solver per table across every position and depth: its table must serve them all.
    endgame::BlockDominoesSolver solver(rules);
    // move_bound on its own solver: one that has just solved the move finds the exact value in
    // its table and would never show a fail-soft bound.
    endgame::BlockDominoesSolver bounder(rules);
    dominoes::Rng rng(1234 + rules.max_pip * 100 + rules.seats * 10 + rules.partners);
    const int max_hand = dominoes::tile_count(rules.max_pip) >= 2 * rules.seats ? 2 : 1;
    for (int i = 0; i < 150; ++i) {
      const State s = random_position(rules, max_hand, rng);
      ASSERT_TRUE(dominoes::is_consistent(s));
      ++positions;
      for (int depth : {0, 1, 2}) {
        const int want = brute(s, rules, s.to_move, depth == 0 ? -1 : depth);
        ASSERT_EQ(solver.value(s, depth), want)
            << dominoes::describe(rules) << " position " << i << " depth " << depth;
        if (dominoes::status(s) != GameStatus::kOngoing) continue;
        ++ongoing;
        MoveList moves = dominoes::legal_moves(s);
        if (moves.empty()) moves.push_back(Move::pass());
        int values[MoveList::kCapacity];
        solver.move_values(s, moves, depth, values);
        for (int k = 0; k < moves.size(); ++k) {
          State child = s;
          dominoes::apply(child, moves[k]);
          const int child_depth = depth == 0 ? -1 : moves[k].is_pass() ? depth : depth - 1;
          const int exact = brute(child, rules, s.to_move, child_depth);
          EXPECT_EQ(values[k], exact)
              << dominoes::describe(rules) << " position " << i << " move " << k;
          // move_bound at thresholds below, at and above the value: a result under the
          // threshold bounds the value from above, one at or over it from below.
          for (int threshold : {exact - 3, exact, exact + 1, exact + 4}) {
            const int bound = bounder.move_bound(s, moves[k], depth, threshold);
            ++bounds_checked;
            inexact_bounds += bound != exact;
            if (bound < threshold)
              EXPECT_LE(exact, bound) << dominoes::describe(rules) << " position " << i;
            else
              EXPECT_GE(exact, bound) << dominoes::describe(rules) << " position " << i;
          }
        }
      }
    }
  }
  EXPECT_EQ(positions, 150 * static_cast<int>(small_tables().size()));
  EXPECT_GT(ongoing, positions);  // most positions are still being played
  EXPECT_GT(bounds_checked, 4 * ongoing);
  EXPECT_GT(inexact_bounds, bounds_checked / 100);  // fail-soft bounds too, not only exact values
}

// Double-six positions with up to 3 tiles each: the larger values, the pips bounds, the table.
TEST(MultiSeatSolverTest, MatchesBruteForceOnDoubleSixEndgames) {
  for (int seats : {3, 4})
    for (bool partners : {false, true}) {
      if (partners && seats == 3) continue;
      Rules rules = dominoes::table_rules(seats);
      rules.partners = partners;
      endgame::BlockDominoesSolver solver(rules);
      dominoes::Rng rng(99 + seats + partners);
      for (int i = 0; i < 40; ++i) {
        // Every seat to move in turn, one table: in cut-throat the value depends on the root
        // seat, and the positions below the roots are shared.
        State s = random_position(rules, 3, rng);
        for (int seat = 0; seat < seats; ++seat) {
          s.to_move = s.leader = static_cast<std::uint8_t>(seat);
          s.lead_tile = -1;  // the tile drawn for the first seat to move is not this seat's
          EXPECT_EQ(solver.value(s), brute(s, rules, seat, -1)) << seats << partners << i << seat;
        }
      }
    }
}

// The two-seat rules through MultiSeatSolver give the two-seat solver's values: a second check of
// its scoring and search on a case with an established reference.
TEST(MultiSeatSolverTest, TwoSeatsAgreeWithTheTwoSeatSolver) {
  for (ScoringRule scoring :
       {ScoringRule::kOpponentPips, ScoringRule::kPipDifference, ScoringRule::kAllPips}) {
    Rules rules;
    rules.scoring = scoring;
    rules.hand_size = 5;
    endgame::MultiSeatSolver multi(rules);
    endgame::BlockDominoesSolver two(rules);
    for (std::uint64_t deal = 0; deal < 40; ++deal) {
      const State s = dominoes::start_state(dominoes::make_deal(rules, 7, deal));
      EXPECT_EQ(multi.value(s), two.value(s)) << deal;
      EXPECT_EQ(multi.value(s, 4), two.value(s, 4)) << deal;
    }
  }
}

// The scoring the solver relies on, by hand: a blocked cut-throat hand, lowest-seat rule, where
// seats 0 and 1 tie for the fewest pips and seat 2 holds more: nobody wins (docs/rules.md).
TEST(MultiSeatSolverTest, LowestSeatTieIsNobodysWin) {
  Rules rules = dominoes::table_rules(3);
  rules.block = BlockRule::kLowestSeat;
  State s;
  s.seats = 3;
  s.hands[0] = TileSet::of(dominoes::make_tile(0, 5));  // 5 pips
  s.hands[1] = TileSet::of(dominoes::make_tile(1, 4));  // 5 pips
  s.hands[2] = TileSet::of(dominoes::make_tile(4, 5));  // 9 pips
  s.line = TileSet::of(dominoes::make_tile(6, 6));
  s.left = s.right = 6;
  ASSERT_EQ(dominoes::status(s), GameStatus::kBlocked);
  EXPECT_EQ(dominoes::hand_result(s, rules).winner_team, -1);
  endgame::BlockDominoesSolver solver(rules);
  for (int seat = 0; seat < 3; ++seat) {
    s.to_move = static_cast<std::uint8_t>(seat);
    EXPECT_EQ(solver.value(s), 0) << seat;
  }
}

}  // namespace
