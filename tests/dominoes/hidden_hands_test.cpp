// The hidden hands at a table of any size (engine/dominoes/hidden_hands.h), against a brute force
// written here: every assignment of the unseen tiles to the other seats or the undrawn, kept when
// each seat gets its tile count and no tile carrying a value that seat passed on (tracked by this
// test from the passes it makes, not read from the engine's observation). The sampler's count
// must equal the brute force's, every sample must be one of its worlds, and the samples must be
// uniform over them (a chi-square goodness-of-fit test at a fixed seed); for_each_world must visit
// exactly the brute force's worlds, each once.
#include "engine/dominoes/hidden_hands.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {
namespace {

// A position of a real game, with the values each seat passed on as this test saw the passes.
struct Position {
  Rules rules;
  State state;
  History history;
  std::array<unsigned, kStateSeats> passed_on{};  // bit v: the seat passed with v on an end
};

// Plays `moves` random moves (or to the game's end) of deal `deal`; returns the position.
Position play_some(const Rules& rules, std::uint64_t deal, int moves) {
  Position p;
  p.rules = rules;
  const Deal d = make_deal(rules, 17, deal, 0);
  p.state = start_state(d);
  p.history = History(d.leader, d.seats);
  Rng rng(deal * 7919 + 3);
  for (int k = 0; k < moves && status(p.state) == GameStatus::kOngoing; ++k) {
    const MoveList legal = legal_moves(p.state);
    Move m = Move::pass();
    if (legal.empty()) {
      p.passed_on[p.state.to_move] |= 1u << p.state.left | 1u << p.state.right;
    } else {
      m = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
    }
    apply(p.state, m);
    p.history.push_back(m);
  }
  return p;
}

// Every world of the observer: hands of the other seats (the observer's own as dealt).
std::vector<TableHands> brute_force_worlds(const Position& p, Seat me) {
  std::vector<Tile> unseen;
  for (int t = 0; t < tile_count(p.rules.max_pip); ++t) {
    const Tile tile = static_cast<Tile>(t);
    if (!p.state.hands[me].contains(tile) && !p.state.line.contains(tile)) unseen.push_back(tile);
  }
  const int seats = p.rules.seats;
  std::vector<TableHands> worlds;
  // Destination d of each unseen tile: a seat (not me), or `seats` for undrawn.
  std::vector<int> dest(unseen.size(), 0);
  const auto fits = [&](Tile t, Seat s) {
    const unsigned lacked = p.passed_on[s];
    return !((lacked >> tile_low(t)) & 1) && !((lacked >> tile_high(t)) & 1);
  };
  for (;;) {
    TableHands hands{};
    hands[me] = p.state.hands[me];
    bool ok = true;
    for (std::size_t i = 0; i < unseen.size() && ok; ++i) {
      if (dest[i] == me)
        ok = false;
      else if (dest[i] < seats)
        ok = fits(unseen[i], dest[i]), hands[dest[i]].insert(unseen[i]);
    }
    for (Seat s = 0; s < seats && ok; ++s) ok = hands[s].size() == p.state.hands[s].size();
    if (ok) worlds.push_back(hands);
    std::size_t i = 0;  // the next assignment, as a number in base seats + 1
    while (i < dest.size() && ++dest[i] > seats) dest[i++] = 0;
    if (i == dest.size()) break;
  }
  return worlds;
}

// Returns positions with at least one pass (so classes differ), across seat counts and rules.
std::vector<Position> positions() {
  std::vector<Position> out;
  for (int seats : {3, 4})
    for (bool partners : {false, true}) {
      if (partners && seats != 4) continue;
      Rules r;
      r.max_pip = 3;
      r.seats = seats;
      r.partners = partners;
      r.hand_size = seats == 3 ? 3 : 2;
      r.leader = LeaderRule::kRandom;
      int found = 0;
      for (std::uint64_t deal = 0; deal < 400 && found < 6; ++deal)
        for (int moves = 1; moves < 9; ++moves) {
          const Position p = play_some(r, deal, moves);
          if (status(p.state) != GameStatus::kOngoing) break;
          bool passed = false;
          for (unsigned v : p.passed_on) passed |= v != 0;
          if (!passed) continue;
          out.push_back(p);
          ++found;
          break;
        }
    }
  return out;
}

TEST(HiddenHandsTest, CountsEveryWorldTheBruteForceFinds) {
  const auto ps = positions();
  ASSERT_GE(ps.size(), 12u);
  for (const Position& p : ps) {
    const Seat me = p.state.to_move;
    const Observation obs = observe(p.state, p.history, p.rules, me);
    const HiddenHandsSampler sampler(obs);
    const auto worlds = brute_force_worlds(p, me);
    EXPECT_EQ(sampler.count(), static_cast<double>(worlds.size()));
    // The true deal is one of them.
    TableHands truth{};
    for (Seat s = 0; s < p.rules.seats; ++s) truth[s] = p.state.hands[s];
    EXPECT_NE(std::find(worlds.begin(), worlds.end(), truth), worlds.end());
  }
}

TEST(HiddenHandsTest, ForEachWorldVisitsEveryWorldOnce) {
  const auto bits = [](const TableHands& h) {
    return std::array<std::uint64_t, kStateSeats>{h[0].bits(), h[1].bits(), h[2].bits(),
                                                  h[3].bits()};
  };
  for (const Position& p : positions()) {
    const Seat me = p.state.to_move;
    const Observation obs = observe(p.state, p.history, p.rules, me);
    std::vector<std::array<std::uint64_t, kStateSeats>> want, got;
    for (const TableHands& w : brute_force_worlds(p, me)) want.push_back(bits(w));
    for_each_world(obs, [&](const TableHands& w) { got.push_back(bits(w)); });
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, want);  // the same worlds, none twice (the brute force lists each once)
  }
}

TEST(HiddenHandsTest, SamplesEveryWorldUniformly) {
  const auto ps = positions();
  int tested = 0;
  for (const Position& p : ps) {
    const Seat me = p.state.to_move;
    const Observation obs = observe(p.state, p.history, p.rules, me);
    const auto worlds = brute_force_worlds(p, me);
    if (worlds.size() < 3 || worlds.size() > 200) continue;
    const HiddenHandsSampler sampler(obs);
    std::map<std::array<std::uint64_t, kStateSeats>, int> seen;  // by the hands' bits
    const auto bits = [](const TableHands& h) {
      return std::array<std::uint64_t, kStateSeats>{h[0].bits(), h[1].bits(), h[2].bits(),
                                                    h[3].bits()};
    };
    for (const auto& w : worlds) seen[bits(w)] = 0;
    const int draws = 400 * static_cast<int>(worlds.size());
    Rng rng(99);
    for (int i = 0; i < draws; ++i) {
      const TableHands w = sampler.sample(rng);
      ASSERT_TRUE(seen.count(bits(w))) << "a sample that is not a consistent world";
      ++seen[bits(w)];
    }
    // Chi-square with k - 1 degrees of freedom; 400 expected per cell. The bound is the 0.999
    // quantile's normal approximation, k - 1 + 3.1 sqrt(2 (k - 1)): a correct sampler fails it
    // once in a thousand seeds, a sampler off by 10% in one world fails it always.
    double chi2 = 0;
    for (const auto& [w, n] : seen) chi2 += (n - 400.0) * (n - 400.0) / 400.0;
    const double dof = static_cast<double>(worlds.size() - 1);
    EXPECT_LT(chi2, dof + 3.1 * std::sqrt(2 * dof)) << worlds.size() << " worlds";
    ++tested;
  }
  EXPECT_GE(tested, 4);
}

TEST(HiddenHandsTest, TwoSeatsCountAsTheOpponentHandCount) {
  Rules r;
  for (std::uint64_t deal = 0; deal < 50; ++deal) {
    const Position p = play_some(r, deal, static_cast<int>(deal % 12));
    if (status(p.state) != GameStatus::kOngoing) continue;
    const Observation obs = observe(p.state, p.history, r, p.state.to_move);
    EXPECT_EQ(HiddenHandsSampler(obs).count(), static_cast<double>(count_consistent_hands(obs)));
  }
}

// A recorded pass says the passing seat had no tile for the ends, and also that another seat had
// one (else the game would have ended there, blocked). The sampler constrains only the first; the
// second holds in every world because the record itself witnesses it: the first tile played after
// a pass fits the same ends and was in its player's hand at the pass, and with none since, the
// seat to move now holds a fitting tile when it has a move to choose (so not at a position where
// it must pass itself). This test replays the record in sampled worlds of real double-six games,
// three and four seats, at decisions, and checks every pass had a seat that could play.
TEST(HiddenHandsTest, EveryRecordedPassHadAnotherSeatThatCouldPlay) {
  int passes_checked = 0;
  for (int seats : {3, 4}) {
    Rules rules = table_rules(seats);
    rules.match_target = 0;
    for (std::uint64_t deal = 0; deal < 60; ++deal)
      for (int moves : {8, 14, 20}) {
        const Position p = play_some(rules, deal, moves);
        // A decision: the seat to move has a tile to play (strategies are asked only then).
        if (status(p.state) != GameStatus::kOngoing || legal_moves(p.state).empty()) continue;
        const Seat me = p.state.to_move;
        const Observation obs = observe(p.state, p.history, rules, me);
        const HiddenHandsSampler sampler(obs);
        Rng rng(deal * 31 + static_cast<std::uint64_t>(moves));
        for (int w = 0; w < 20; ++w) {
          TableHands hands = sampler.sample(rng);
          for (int k = 0; k < p.history.size(); ++k)  // back to the deal: add the tiles played
            if (!p.history[k].is_pass()) hands[p.history.seat_of(k)].insert(p.history[k].tile());
          State replay;
          replay.seats = static_cast<std::uint8_t>(seats);
          replay.hands = hands;
          replay.to_move = replay.leader = static_cast<std::uint8_t>(p.history.leader());
          replay.lead_tile = p.state.lead_tile;
          for (int k = 0; k < p.history.size(); ++k) {
            if (p.history[k].is_pass()) {
              ASSERT_TRUE(legal_moves(replay).empty());
              EXPECT_TRUE(another_can_move(replay, replay.to_move))
                  << "deal " << deal << ", a world where pass " << k << " ends the game";
              ++passes_checked;
            }
            apply(replay, p.history[k]);
          }
          EXPECT_EQ(replay.hands[me], p.state.hands[me]);
          EXPECT_TRUE(status(replay) == GameStatus::kOngoing);
        }
      }
  }
  EXPECT_GT(passes_checked, 100);  // the games passed often enough to test something
}

TEST(HiddenHandsTest, DeterminizeKeepsTheObservedGame) {
  for (const Position& p : positions()) {
    const Seat me = p.state.to_move;
    const Observation obs = observe(p.state, p.history, p.rules, me);
    TableHands truth{};
    for (Seat s = 0; s < p.rules.seats; ++s) truth[s] = p.state.hands[s];
    // On the observer's own turn, the true world determinizes to the real state.
    State real = p.state;
    EXPECT_EQ(determinize(obs, truth), real);
  }
}

}  // namespace
}  // namespace dominoes
