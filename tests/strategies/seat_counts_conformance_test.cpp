// Conformance at three and four seats: every strategy, on every seat count above two that it
// declares (StrategyInfo::seat_counts), answers with a legal move at random positions, chooses the
// same move again from the same random stream (and so does a clone), and finishes whole games
// through the tournament's game loop (which stops on any illegal move) against `random` and
// against itself. Two seats are the other conformance tests' (strategies_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <string>

#include "arena/tournament/play/play_deal.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "strategies/registry.h"

namespace strategies {
namespace {

// The tables above two seats: three seats, four with partners, four cut-throat.
std::array<dominoes::Rules, 3> tables() {
  dominoes::Rules three = dominoes::table_rules(3), four = dominoes::table_rules(4);
  dominoes::Rules cut_throat = four;
  cut_throat.partners = false;
  for (dominoes::Rules* r : {&three, &four, &cut_throat}) r->match_target = 0;
  return {three, four, cut_throat};
}

bool plays(const StrategyInfo& info, int seats) {
  return std::find(info.seat_counts.begin(), info.seat_counts.end(), seats) !=
         info.seat_counts.end();
}

// Search strategies with small budgets, so that thousands of decisions stay quick.
std::string cheap_spec(const std::string& name) {
  static const std::map<std::string, std::string> cheap = {
      {"playout", "playout(playouts=10)"},
      {"minimax", "minimax(scenarios=3,depth=2)"},
      {"ismcts", "ismcts(iterations=20)"},
      {"inference", "inference(scenarios=3,enumerate=10,samples=6)"},
      {"epimc", "epimc(scenarios=3,enumerate=10,samples=6)"},
      {"adapt",
       "adapt(endgame=200,scenarios=3,enumerate=10,samples=6,table-scenarios=3,table-samples=6)"},
      {"resolve", "resolve(hands=100,slots=1000,iterations=4,scenarios=3,enumerate=10,samples=6)"},
  };
  return cheap.count(name) ? cheap.at(name) : name;
}

TEST(SeatCountsConformance, EveryStrategyPlaysLegalRepeatableMovesAtItsSeatCounts) {
  const Registry& registry = Registry::builtin();
  int strategies_seen = 0;
  for (const auto& info : registry.all()) {
    if (!info.any_variant) continue;
    const std::string spec = cheap_spec(info.name);
    for (const dominoes::Rules& rules : tables()) {
      if (!plays(info, rules.seats)) continue;
      ++strategies_seen;
      Player player = registry.make(spec);
      Player copy = player;
      int decisions = 0;
      for (std::uint64_t deal_index = 0; deal_index < 20; ++deal_index) {
        const dominoes::Deal deal = dominoes::make_deal(rules, 17, deal_index);
        dominoes::State s = dominoes::start_state(deal);
        dominoes::History history(deal.leader, rules.seats);
        dominoes::Rng walk(deal_index);
        while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
          const dominoes::MoveList legal = dominoes::legal_moves(s);
          dominoes::Move m = dominoes::Move::pass();
          if (legal.size() > 1) {
            Rng r1(deal_index * 31 + static_cast<std::uint64_t>(history.size())), r2 = r1;
            const dominoes::Move chosen = player.choose(s, history, rules, legal, r1);
            ASSERT_TRUE(legal.contains(chosen))
                << spec << " at " << rules.seats << " seats played " << to_string(chosen);
            EXPECT_EQ(copy.choose(s, history, rules, legal, r2), chosen) << spec;
            ++decisions;
          }
          if (!legal.empty())
            m = legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
          dominoes::apply(s, m);
          history.push_back(m);
        }
      }
      EXPECT_GT(decisions, 100) << spec << " at " << rules.seats << " seats";
    }
  }
  // random, lowest, heuristic and partner at least, at each of the three tables.
  EXPECT_GE(strategies_seen, 12);
}

TEST(SeatCountsConformance, EveryStrategyFinishesGamesAtItsSeatCounts) {
  const Registry& registry = Registry::builtin();
  for (const dominoes::Rules& rules : tables()) {
    tournament::ExperimentConfig config;
    config.rules = rules;
    for (const auto& info : registry.all()) {
      if (!info.any_variant || !plays(info, rules.seats)) continue;
      const std::string spec = cheap_spec(info.name);
      for (const std::string& opponent : {std::string("random"), spec}) {
        Player a = registry.make(spec), b = registry.make(opponent);
        const std::array<std::string, 2> specs = {spec, opponent};
        tournament::DealContext deal{.config = config, .players = {&a, &b}, .specs = specs};
        int games = 0;
        // 40 deals: every strategy meets blocked games, passes and both teams leading (under the
        // sanitizers 100 deals took 90 s of the test suite's wall time).
        for (; deal.deal_index < 40; ++deal.deal_index)
          EXPECT_NO_THROW(games += tournament::play_deal(deal).games)
              << spec << " vs " << opponent << " at " << rules.seats << " seats, deal "
              << deal.deal_index;
        // Two games a deal with partners (the teams exchanged), more in cut-throat (the seatings
        // rotate): at least 80.
        EXPECT_GE(games, 80) << spec << " at " << rules.seats << " seats";
      }
    }
  }
}

}  // namespace
}  // namespace strategies
