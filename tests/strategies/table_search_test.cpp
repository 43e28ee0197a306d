// The search strategies at three and four seats (minimax, playout, omniscient): the worlds they
// solve (strategies/world_draw.h), which seat counts they declare and refuse, and that they play
// for their own team: each must beat `random` teams clearly at every table (a sign error between
// teams, or a world dealt to the wrong seats, would make them lose or play no better than chance).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "arena/tournament/play/play_deal.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/observation.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "strategies/best_over_worlds.h"
#include "strategies/registry.h"
#include "strategies/world_draw.h"

namespace strategies {
namespace {

// Plays a random game of `rules` from deal `deal_index` and calls visit(state, history) before
// every move.
template <typename Visit>
void walk_game(const dominoes::Rules& rules, std::uint64_t deal_index, Visit visit) {
  const dominoes::Deal deal = dominoes::make_deal(rules, 5, deal_index);
  dominoes::State s = dominoes::start_state(deal);
  dominoes::History history(deal.leader, rules.seats);
  dominoes::Rng walk(deal_index + 1);
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
    visit(s, history);
    dominoes::MoveList legal = dominoes::legal_moves(s);
    const dominoes::Move m =
        legal.empty()
            ? dominoes::Move::pass()
            : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
    dominoes::apply(s, m);
    history.push_back(m);
  }
}

// Two seats: a world is determinization.h's, from the same draws (the two-seat tables rest on
// them), so the same generator state gives the same state.
TEST(TableSearch, TwoSeatWorldsAreTheTwoSeatDeterminizations) {
  const dominoes::Rules rules;
  int checked = 0;
  for (std::uint64_t d = 0; d < 20; ++d)
    walk_game(rules, d, [&](const dominoes::State& s, const dominoes::History& h) {
      const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
      dominoes::Rng a(d * 1000 + h.size()), b = a;
      const WorldDraw draw(obs);
      EXPECT_EQ(draw(a), dominoes::determinize(obs, dominoes::sample_opponent_hand(obs, b)));
      EXPECT_EQ(a.next(), b.next());  // and as many draws
      ++checked;
    });
  EXPECT_GT(checked, 100);
}

// More seats: every world keeps what the seat sees and deals every other seat as many tiles as it
// holds, none it has shown it lacks, from the tiles the seat cannot see.
TEST(TableSearch, TableWorldsAgreeWithTheObservation) {
  for (int seats : {3, 4}) {
    const dominoes::Rules rules = dominoes::table_rules(seats);
    int checked = 0;
    for (std::uint64_t d = 0; d < 20; ++d)
      walk_game(rules, d, [&](const dominoes::State& s, const dominoes::History& h) {
        const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
        const WorldDraw draw(obs);
        dominoes::Rng rng(d * 977 + h.size());
        for (int i = 0; i < 5; ++i) {
          const dominoes::State w = draw(rng);
          ASSERT_TRUE(dominoes::is_consistent(w));
          EXPECT_EQ(w.seats, seats);
          EXPECT_EQ(w.to_move, s.to_move);
          EXPECT_EQ(w.hands[s.to_move], s.hands[s.to_move]);
          EXPECT_EQ(w.line, s.line);
          EXPECT_EQ(w.left, s.left);
          EXPECT_EQ(w.right, s.right);
          EXPECT_EQ(w.lead_tile, obs.lead_tile());
          for (int seat = 0; seat < seats; ++seat) {
            EXPECT_EQ(w.hands[seat].size(), s.hands[seat].size());
            EXPECT_TRUE((w.hands[seat] & s.lacks[seat].tiles_touching()).empty());
            if (seat != s.to_move) {
              EXPECT_TRUE((w.hands[seat] - obs.unseen()).empty());
            }
          }
          ++checked;
        }
      });
    EXPECT_GT(checked, 500) << seats;
  }
}

// Which seat counts the searchers play, and a one-line refusal for the others.
TEST(TableSearch, SeatCountsAndRefusals) {
  const Registry& registry = Registry::builtin();
  for (const char* name : {"minimax", "playout", "omniscient"})
    for (int seats : {2, 3, 4}) EXPECT_EQ(registry.seat_refusal(name, seats), "") << name << seats;
  for (const auto& info : registry.all()) {
    if (!info.any_variant) continue;  // equilibrium: its spec needs a file to resolve
    for (int seats : {2, 3, 4}) {
      const bool plays = std::find(info.seat_counts.begin(), info.seat_counts.end(), seats) !=
                         info.seat_counts.end();
      const std::string refusal = registry.seat_refusal(info.name, seats);
      EXPECT_EQ(refusal.empty(), plays) << info.name << " at " << seats;
      if (plays) continue;
      EXPECT_EQ(refusal.find('\n'), std::string::npos) << refusal;
      EXPECT_NE(refusal.find(info.name), std::string::npos) << refusal;
      EXPECT_NE(refusal.find("not " + std::to_string(seats)), std::string::npos) << refusal;
      EXPECT_NE(refusal.find("minimax"), std::string::npos) << refusal;  // among those that do
    }
  }
}

// A's mean points per game over `deals` duplicate deals against B at `rules`.
double mean_points(const dominoes::Rules& rules, const std::string& a, const std::string& b,
                   int deals) {
  tournament::ExperimentConfig config;
  config.rules = rules;
  const Registry& registry = Registry::builtin();
  Player pa = registry.make(a), pb = registry.make(b);
  const std::array<std::string, 2> specs = {a, b};
  tournament::DealContext deal{.config = config, .players = {&pa, &pb}, .specs = specs};
  long long net = 0, games = 0;
  for (; deal.deal_index < deals; ++deal.deal_index) {
    const tournament::DealTally t = tournament::play_deal(deal);
    net += t.a_net, games += t.games;
  }
  return static_cast<double>(net) / static_cast<double>(games);
}

// Against random teams each searcher wins by far more than the noise of these deals: over 200
// deals (dominoes run --target 0) minimax(scenarios=8,depth=3) nets +10 to +14 points a game,
// playout(playouts=20) +10 to +19, omniscient +11 to +30 (cut-throat the least: paranoid), each
// within +-3.7; random against itself nets 0 by symmetry. 60 deals leave each mean within
// +-3 to +-7 of those (95%), so the floors below fail only on a real fault. The games are seeded:
// the same means every run.
TEST(TableSearch, SearchersBeatRandomAtEveryTable) {
  dominoes::Rules four = dominoes::table_rules(4), cut_throat = four,
                  three = dominoes::table_rules(3);
  cut_throat.partners = false;
  for (dominoes::Rules* r : {&four, &cut_throat, &three}) r->match_target = 0;
  for (const dominoes::Rules& rules : {four, cut_throat, three}) {
    const std::string table = dominoes::describe(rules);
    EXPECT_GT(mean_points(rules, "omniscient", "random", 60), 4) << table;
    EXPECT_GT(mean_points(rules, "minimax(scenarios=8,depth=3)", "random", 60), 3) << table;
    EXPECT_GT(mean_points(rules, "playout(playouts=20)", "random", 60), 3) << table;
  }
}

// The table rules of `seats` seats on a small set (double-4 with 4 tiles each for three seats,
// double-5 with 5 for four), every hand led freely (leader = alternate): cheap solves, wide
// choices.
dominoes::Rules small_free_lead_rules(int seats) {
  dominoes::Rules rules = dominoes::table_rules(seats);
  rules.max_pip = seats == 3 ? 4 : 5;
  rules.hand_size = seats == 3 ? 4 : 5;
  rules.leader = dominoes::LeaderRule::kAlternate;
  return rules;
}

// best_over_worlds (strategies/best_over_worlds.h), which minimax plays at three and four
// seats, chooses the move that summing every move's exact value over the same worlds chooses
// (first on a tie), computed here the plain way with a second solver. Small sets keep the solves
// cheap; free leads (leader = alternate) give the widest choices, few worlds the most ties.
TEST(TableSearch, BoundedWorldsChooseTheExactSumsMove) {
  std::vector<dominoes::Rules> tables;
  for (int seats : {3, 4}) {
    const dominoes::Rules rules = small_free_lead_rules(seats);
    tables.push_back(rules);
    if (seats == 4) tables.back().partners = false, tables.push_back(rules);  // and cut-throat
  }
  int decisions = 0, ties = 0;
  for (const dominoes::Rules& rules : tables) {
    endgame::BlockDominoesSolver bounded(rules), plain(rules);
    for (std::uint64_t d = 0; d < 12; ++d)
      walk_game(rules, d, [&](const dominoes::State& s, const dominoes::History& h) {
        const dominoes::MoveList legal = dominoes::legal_moves(s);
        if (legal.size() < 2) return;
        const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
        const WorldDraw draw(obs);
        dominoes::Rng rng(d * 31 + h.size());
        for (int count : {1, 3, 12})
          for (int depth : {0, 3}) {
            std::vector<dominoes::State> worlds;
            for (int i = 0; i < count; ++i) worlds.push_back(draw(rng));
            // Unweighted (minimax), then weighted as inference weighs its worlds.
            std::vector<double> weights;
            for (int i = 0; i < count; ++i) weights.push_back(0.05 + 0.01 * rng.below(100));
            for (bool weighted : {false, true}) {
              double totals[dominoes::MoveList::kCapacity] = {};
              for (int i = 0; i < count; ++i) {
                int values[dominoes::MoveList::kCapacity];
                plain.move_values(worlds[i], legal, depth, values);
                for (int k = 0; k < legal.size(); ++k)
                  totals[k] += weighted ? weights[i] * values[k] : values[k];
              }
              const double* top = std::max_element(totals, totals + legal.size());
              ties += std::count(totals, totals + legal.size(), *top) > 1;
              const int best = weighted ? best_over_worlds(bounded, worlds, legal, depth, weights)
                                        : best_over_worlds(bounded, worlds, legal, depth);
              ASSERT_EQ(best, top - totals)
                  << dominoes::describe(rules) << " deal " << d << " move " << h.size() << ", "
                  << count << " worlds, depth " << depth << (weighted ? ", weighted" : "");
              ++decisions;
            }
          }
      });
  }
  EXPECT_GT(decisions, 2000);
  EXPECT_GT(ties, 100);  // the tie-break is exercised
}

// minimax's own choice at three and four seats equals the plain sum over the worlds it draws: the
// same draws from the same generator, and its depth counted as the solver counts it (the tiles
// after the candidate move, so the solver's depth is one more).
TEST(TableSearch, MinimaxChoosesThePlainSumsMove) {
  const Registry& registry = Registry::builtin();
  constexpr int kWorlds = 30;
  int decisions = 0, enumerated = 0;
  for (int seats : {3, 4}) {
    const dominoes::Rules rules = small_free_lead_rules(seats);
    endgame::BlockDominoesSolver plain(rules);
    for (int depth : {0, 2}) {
      Player minimax = registry.make("minimax(scenarios=" + std::to_string(kWorlds) +
                                     ",depth=" + std::to_string(depth) + ")");
      for (std::uint64_t d = 0; d < 16; ++d)
        walk_game(rules, d, [&](const dominoes::State& s, const dominoes::History& h) {
          const dominoes::MoveList legal = dominoes::legal_moves(s);
          if (legal.size() < 2) return;
          const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
          dominoes::Rng rng(d * 131 + h.size()), copy = rng;
          const dominoes::Move chosen = minimax.choose(s, h, rules, legal, rng);
          // At most kWorlds worlds in all: every one of them (exact=true), else kWorlds drawn.
          std::vector<dominoes::State> worlds;
          if (dominoes::HiddenHandsSampler(obs).count() <= kWorlds) {
            dominoes::for_each_world(obs, [&](const dominoes::TableHands& hands) {
              worlds.push_back(dominoes::determinize(obs, hands));
            });
            ++enumerated;
          } else {
            const WorldDraw draw(obs);
            for (int i = 0; i < kWorlds; ++i) worlds.push_back(draw(copy));
          }
          long long totals[dominoes::MoveList::kCapacity] = {};
          for (const dominoes::State& world : worlds) {
            int values[dominoes::MoveList::kCapacity];
            plain.move_values(world, legal, depth == 0 ? 0 : depth + 1, values);  // written out
            for (int k = 0; k < legal.size(); ++k) totals[k] += values[k];
          }
          const auto best = std::max_element(totals, totals + legal.size()) - totals;
          EXPECT_EQ(chosen, legal[static_cast<int>(best)])
              << dominoes::describe(rules) << " deal " << d << " move " << h.size();
          ++decisions;
        });
    }
  }
  EXPECT_GT(decisions, 100);
  EXPECT_GT(enumerated, 10);  // late decisions, where every world is taken
}

// inference at three and four seats: without a budget its move comes from best_over_worlds, with
// a node budget too large to bind from the plain weighted sum over the same drawn worlds (the
// budget stops adding worlds only once spent). The two must agree at every decision.
TEST(TableSearch, InferenceBoundsChooseThePlainSumsMove) {
  const Registry& registry = Registry::builtin();
  int decisions = 0;
  for (int seats : {3, 4}) {
    const dominoes::Rules rules = small_free_lead_rules(seats);
    // samples=40 resamples to whole counts; samples=6 keeps the likelihoods as weights (fractions,
    // where rounding could differ); depth=2 checks the depth passed to the solver.
    for (const std::string spec :
         {"scenarios=6,samples=40", "scenarios=6,samples=6", "scenarios=6,samples=40,depth=2"}) {
      Player bounded = registry.make("inference(" + spec + ")");
      Player plain = registry.make("inference(" + spec + ",nodes=1000000000000)");
      for (std::uint64_t d = 0; d < 8; ++d)
        walk_game(rules, d, [&](const dominoes::State& s, const dominoes::History& h) {
          const dominoes::MoveList legal = dominoes::legal_moves(s);
          if (legal.size() < 2) return;
          dominoes::Rng a(d * 313 + h.size()), b = a;
          EXPECT_EQ(bounded.choose(s, h, rules, legal, a), plain.choose(s, h, rules, legal, b))
              << dominoes::describe(rules) << " " << spec << " deal " << d << " move " << h.size();
          ++decisions;
        });
    }
  }
  EXPECT_GT(decisions, 300);
}

}  // namespace
}  // namespace strategies
