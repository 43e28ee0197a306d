// The public-tree solver from a subgame's root (PublicSubgame), against two independent facts:
// with one hand a seat (both hands known) the subgame is a perfect-information game whose value
// the open-hands alpha-beta solver computes (engine/endgame); and the subgames after each lead,
// with the ranges the whole game's equilibrium leaves there, add up to the whole game's value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/state.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "engine/equilibrium/public_tree_cfr.h"
#include "tests/equilibrium/small_variant.h"

namespace {

using dominoes::Move;
using dominoes::Rules;
using dominoes::State;
using dominoes::TileSet;
using equilibrium::PublicSubgame;
using equilibrium::PublicTreeCfr;
using equilibrium::RegretUpdate;

// Every hand of `size` tiles of the set, weight 1: the whole game's range.
void every_hand(const Rules& /*rules*/, PublicSubgame& root, int seat, TileSet from, int size) {
  dominoes::for_each_subset(from, size, [&](TileSet h) {
    root.hands[seat].push_back(h);
    root.weights[seat].push_back(1.0);
  });
}

TEST(PublicSubgame, TheWholeGameAsASubgameIsTheWholeGame) {
  const Rules rules = test_variants::variant(3, 3);
  PublicSubgame root;
  for (int s = 0; s < 2; ++s) every_hand(rules, root, s, TileSet::full(3), 3);
  PublicTreeCfr whole(rules, RegretUpdate::kDiscounted);
  PublicTreeCfr sub(rules, root, RegretUpdate::kDiscounted);
  EXPECT_EQ(sub.size().slots, whole.size().slots);
  EXPECT_DOUBLE_EQ(sub.chance_weight(), whole.chance_weight());
  whole.iterate(20);
  sub.iterate(20);
  EXPECT_DOUBLE_EQ(sub.expected_value(), whole.expected_value());
  EXPECT_DOUBLE_EQ(sub.exploitability(), whole.exploitability());
}

// A position of double-six, 7 tiles each, `plies` random moves in (passes included).
State random_position(const Rules& rules, std::mt19937_64& rng, int plies) {
  State s = dominoes::start_state(dominoes::make_deal(rules, rng(), 0));
  for (int i = 0; i < plies && dominoes::status(s) == dominoes::GameStatus::kOngoing; ++i) {
    const dominoes::MoveList moves = dominoes::legal_moves(s);
    dominoes::apply(s, moves.empty()
                           ? Move::pass()
                           : moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
  }
  return s;
}

// Both hands known: CFR on the public tree must find the open-hands solver's value, and its
// root strategy must play moves of that value.
TEST(PublicSubgame, WithBothHandsKnownItSolvesToTheOpenHandsValue) {
  Rules rules;  // the seed's game: double-six, 7 tiles each
  endgame::BlockDominoesSolver oracle(rules);
  std::mt19937_64 rng(2024);
  int checked = 0;
  while (checked < 30) {
    const State s = random_position(rules, rng, 6 + static_cast<int>(rng() % 4));
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing || s.left < 0) continue;
    const dominoes::MoveList legal = dominoes::legal_moves(s);
    PublicSubgame root;
    root.to_move = s.to_move;
    root.left_end = s.left;
    root.right_end = s.right;
    for (int seat = 0; seat < 2; ++seat) {
      root.hands[seat] = {s.hands[seat]};
      root.weights[seat] = {1.0};
    }
    PublicTreeCfr solver(rules, root, RegretUpdate::kDiscounted);
    solver.set_single_threaded(true);
    solver.iterate(200);
    const int exact = oracle.value(s);
    const double sign = s.to_move == 0 ? 1 : -1;
    SCOPED_TRACE("position " + std::to_string(checked));
    EXPECT_NEAR(sign * solver.expected_value(), exact, 0.02);
    EXPECT_LT(solver.exploitability(), 0.02);
    std::vector<Move> moves;
    std::vector<double> probabilities;
    solver.root_average(0, moves, probabilities);
    if (legal.empty()) {
      EXPECT_TRUE(moves.empty());
    } else {
      ASSERT_EQ(moves.size(), static_cast<std::size_t>(legal.size()));
      double played = 0, total = 0;
      const auto values = oracle.move_values(s);
      for (std::size_t k = 0; k < moves.size(); ++k) {
        EXPECT_EQ(moves[k], legal[static_cast<int>(k)]);
        for (const auto& mv : values)
          if (mv.move == moves[k]) played += probabilities[k] * mv.value;
        total += probabilities[k];
      }
      EXPECT_NEAR(total, 1.0, 1e-9);
      EXPECT_NEAR(played, exact, 0.05);
    }
    ++checked;
  }
}

// The subgames after each lead of double-3 with 3 tiles, with seat 0's range the whole game's
// equilibrium probability of that lead per hand and seat 1's every hand, partition the game: their
// values weighted by their chance add up to the whole game's value (an equilibrium restricted to a
// subgame it reaches is an equilibrium of that subgame).
TEST(PublicSubgame, TheSubgamesAfterEachLeadAddUpToTheWholeGame) {
  const Rules rules = test_variants::variant(3, 3);
  PublicTreeCfr whole(rules, RegretUpdate::kDiscounted);
  whole.iterate(60);
  ASSERT_LT(whole.exploitability(), 1e-3);
  std::vector<TileSet> dealt;
  dominoes::for_each_subset(TileSet::full(3), 3, [&](TileSet h) { dealt.push_back(h); });
  double weighted = 0;
  for (dominoes::Tile lead : TileSet::full(3)) {
    PublicSubgame root;
    root.to_move = 1;
    root.left_end = dominoes::tile_low(lead);
    root.right_end = dominoes::tile_high(lead);
    std::vector<Move> moves;
    std::vector<double> probabilities;
    for (std::size_t j = 0; j < dealt.size(); ++j) {
      if (!dealt[j].contains(lead)) continue;
      whole.root_average(static_cast<int>(j), moves, probabilities);
      double p = 0;
      for (std::size_t k = 0; k < moves.size(); ++k)
        if (moves[k].tile() == lead) p += probabilities[k];
      TileSet rest = dealt[j];
      rest.erase(lead);
      root.hands[0].push_back(rest);
      root.weights[0].push_back(p);
    }
    TileSet others = TileSet::full(3);
    others.erase(lead);
    every_hand(rules, root, 1, others, 3);
    PublicTreeCfr sub(rules, root, RegretUpdate::kDiscounted);
    sub.iterate(80);
    EXPECT_LT(sub.exploitability(), 4e-3)
        << "after lead " << dominoes::tile_low(lead) << "-" << dominoes::tile_high(lead);
    weighted += sub.expected_value() * sub.chance_weight();
  }
  EXPECT_NEAR(weighted / whole.chance_weight(), whole.expected_value(), 8e-3);
}

TEST(PublicSubgame, BadRootsAreRefusedInOneLine) {
  const Rules rules = test_variants::variant(3, 2);
  PublicSubgame good;
  good.left_end = 0;
  good.right_end = 1;
  good.hands[0] = {TileSet::of(dominoes::make_tile(2, 2)) | TileSet::of(dominoes::make_tile(1, 3))};
  good.hands[1] = {TileSet::of(dominoes::make_tile(0, 2)) | TileSet::of(dominoes::make_tile(3, 3))};
  good.weights[0] = {1.0};
  good.weights[1] = {1.0};
  EXPECT_NO_THROW(PublicTreeCfr(rules, good));
  const auto refused = [&](PublicSubgame bad) {
    EXPECT_THROW(PublicTreeCfr(rules, bad), std::invalid_argument);
  };
  PublicSubgame bad = good;
  bad.weights[1] = {};
  refused(bad);  // a weight missing
  bad = good;
  bad.weights[0] = {-1.0};
  refused(bad);  // a negative weight
  bad = good;
  bad.hands[1].push_back(TileSet::of(dominoes::make_tile(2, 3)));
  bad.weights[1].push_back(1.0);
  refused(bad);  // hands of different sizes
  bad = good;
  bad.hands[1] = good.hands[0];
  refused(bad);  // no disjoint pair
  bad = good;
  bad.right_end = -1;
  refused(bad);  // one end only
  bad = good;
  bad.to_move = 2;
  refused(bad);
  Rules three = rules;
  three.seats = 3;
  EXPECT_THROW(PublicTreeCfr(three, good), std::invalid_argument);
  // Too large for the bytes allowed: fits() says so without an exception.
  EXPECT_NE(PublicTreeCfr::fits(rules, good, RegretUpdate::kDiscounted, 1 << 20), nullptr);
  EXPECT_EQ(PublicTreeCfr::fits(rules, good, RegretUpdate::kDiscounted, 0), nullptr);
}

}  // namespace

namespace {

// average_at (a subgame's index of nodes) reads the same strategy as the export walk
// (for_each_average, which the history-tree tests check) at every information set it visits.
TEST(PublicSubgame, AverageAtReadsWhatTheExportWalkReads) {
  const Rules rules = test_variants::variant(3, 3);
  PublicSubgame root;
  root.to_move = 1;
  root.left_end = 0;
  root.right_end = 2;
  TileSet rest = TileSet::full(3);
  rest.erase(dominoes::make_tile(0, 2));
  dominoes::Rng rng(5);
  for (int seat = 0; seat < 2; ++seat)
    dominoes::for_each_subset(rest, seat == 0 ? 2 : 3, [&](TileSet h) {
      root.hands[seat].push_back(h);
      root.weights[seat].push_back(0.1 + rng.uniform());
    });
  PublicTreeCfr solver(rules, root, RegretUpdate::kDiscounted);
  solver.iterate(30);
  int checked = 0;
  std::vector<Move> moves;
  std::vector<double> probabilities;
  solver.for_each_average([&](const equilibrium::PublicInformationSet& set) {
    const auto& hands = root.hands[set.seat];
    const auto hand = std::find(hands.begin(), hands.end(), set.dealt_hand) - hands.begin();
    ASSERT_TRUE(
        solver.average_at(set.seat, static_cast<int>(hand), set.history, moves, probabilities));
    ASSERT_EQ(moves.size(), set.moves.size());
    for (std::size_t k = 0; k < moves.size(); ++k) {
      EXPECT_EQ(moves[k], set.moves[k]);
      EXPECT_DOUBLE_EQ(probabilities[k], set.probabilities[k]);
    }
    ++checked;
  });
  EXPECT_GT(checked, 100);
  // A history the tree does not hold: the other seat to move, or a tile no hand can play.
  EXPECT_FALSE(solver.average_at(0, 0, {}, moves, probabilities));
}

}  // namespace
