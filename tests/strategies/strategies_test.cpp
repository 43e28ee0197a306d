// The registry and the conformance of every strategy: legal moves only, determinism given its
// random stream, uniformity of `random`.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/play/play_deal.h"
#include "engine/common/text.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "strategies/random/random_strategy.h"
#include "strategies/registry.h"
#include "tests/strategies/spec_refusal.h"

namespace strategies {
namespace {

TEST(Spec, ParsesNamesAndParameters) {
  const Spec s = parse_spec(" minimax( scenarios = 200 ,depth=10) ");
  EXPECT_EQ(s.name, "minimax");
  ASSERT_EQ(s.params.size(), 2u);
  EXPECT_EQ(s.params[0], (std::pair<std::string, std::string>{"scenarios", "200"}));
  EXPECT_EQ(s.params[1], (std::pair<std::string, std::string>{"depth", "10"}));
  EXPECT_TRUE(parse_spec("random").params.empty());
  EXPECT_TRUE(parse_spec("random()").params.empty());
}

// A spec "toy(k=1,...)" with the given keys in order.
std::string spec_with_keys(const std::vector<std::string>& keys) {
  std::string text = "toy(";
  for (std::size_t i = 0; i < keys.size(); ++i) text += (i ? "," : "") + keys[i] + "=1";
  return text + ")";
}

// The repeated-key check (a set of keys seen, so linear; bench/bench_spec.cpp times it) finds a
// repeat wherever the two copies are, and takes distinct keys that share a prefix as distinct.
TEST(Spec, FindsARepeatedKeyAtAnyPosition) {
  std::vector<std::string> keys;
  for (int i = 0; i < 2000; ++i)                                 // k1, k10, k100... share a prefix
    keys.push_back(std::string("k").append(std::to_string(i)));  // not "k" + ...: GCC 12 warns
  const Spec distinct = parse_spec(spec_with_keys(keys));
  ASSERT_EQ(distinct.params.size(), keys.size());
  EXPECT_EQ(distinct.params.front().first, "k0");
  EXPECT_EQ(distinct.params.back().first, "k1999");
  // {index of the key copied, position the copy is inserted at}.
  const std::vector<std::pair<std::size_t, std::size_t>> repeats = {
      {0, 2000}, {1999, 0}, {0, 1}, {1999, 2000}, {0, 1000}, {1000, 1001}, {1999, 1}};
  for (const auto& [copied, at] : repeats) {
    std::vector<std::string> with_repeat = keys;
    with_repeat.insert(with_repeat.begin() + static_cast<std::ptrdiff_t>(at), keys[copied]);
    SCOPED_TRACE(keys[copied] + " inserted at " + std::to_string(at));
    try {
      parse_spec(spec_with_keys(with_repeat));
      ADD_FAILURE() << "the repeat was not found";
    } catch (const SpecError& e) {
      const std::string why = common::quoted(keys[copied]) + " given twice";
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  }
  // Keys are compared after trimming.
  EXPECT_THROW(parse_spec("toy( a =1,b=2,a=3)"), SpecError);
  EXPECT_NO_THROW(parse_spec("toy(a=1,ab=2,b=3,ba=4)"));
}

void expect_spec_error(const std::string& spec, const std::string& must_mention) {
  const std::string what = strategies_test::spec_refusal(spec);
  if (!what.empty()) {
    EXPECT_NE(what.find(must_mention), std::string::npos) << what;
  }
}

TEST(Registry, RejectsBadSpecsListingWhatIsValid) {
  expect_spec_error("nosuch",
                    "valid strategies are random, lowest, heuristic, softmax, partner, "
                    "playout, minimax, ismcts, inference, epimc, resolve, adapt, "
                    "equilibrium, net, omniscient");
  expect_spec_error("minimax(scenarios=0)", "from 1");
  expect_spec_error("minimax(depth=-1)", "from 0");
  expect_spec_error("playout(playouts=0)", "from 1");
  expect_spec_error("playout(rollout=best)", "random, lowest, heuristic or fitted:FILE");
  expect_spec_error("random(x=1)", "valid parameters are none");
  expect_spec_error("heuristic(", "closing parenthesis");
  expect_spec_error("random(x)", "has no =");
  expect_spec_error("(x=1)", "strategy name");
  expect_spec_error("random(a=1,a=2)", "twice");
}

TEST(Registry, ListsEveryStrategyAndCanonicalisesSpecs) {
  const Registry& r = Registry::builtin();
  for (const char* name : {"random", "lowest", "heuristic"}) {
    ASSERT_NE(r.find(name), nullptr);
    EXPECT_EQ(r.canonical(std::string(" ") + name + "() "), name);
  }
}

// A registry with a parameterised strategy, to check values against their declared ranges.
TEST(Registry, ChecksParameterTypesAndRanges) {
  Registry r;
  r.add({"toy",
         "test only",
         "",
         "",
         false,
         {{"n", ParamType::kInt, "5", "count", 1, 10, {}},
          {"mode", ParamType::kChoice, "a", "mode", 0, 0, {"a", "b"}},
          {"flag", ParamType::kBool, "true", "flag", 0, 0, {}}},
         [](const ParamValues& v) {
           EXPECT_GE(v.get_int("n"), 1);
           return Player(std::make_unique<RandomStrategy>());
         }});
  EXPECT_EQ(r.canonical("toy"), "toy(n=5,mode=a,flag=true)");
  EXPECT_EQ(r.canonical("toy(flag=false,n=10)"), "toy(n=10,mode=a,flag=false)");
  for (const char* bad :
       {"toy(n=0)", "toy(n=11)", "toy(n=2.5)", "toy(n=x)", "toy(mode=c)", "toy(flag=yes)"})
    EXPECT_THROW(r.make(bad), SpecError) << bad;
  EXPECT_THROW(r.add({"toy", "", "", "", false, {}, nullptr}), std::logic_error);
}

// Plays deal `deal_index` (seed `seed`) of `rules` by uniformly random legal moves and calls
// decide(state, history, legal) at every position with two or more legal moves.
template <class Decide>
void random_walk(const dominoes::Rules& rules, std::uint64_t seed, std::uint64_t deal_index,
                 Decide decide) {
  const dominoes::Deal deal = dominoes::make_deal(rules, seed, deal_index);
  dominoes::State s = dominoes::start_state(deal);
  dominoes::History history(deal.leader);
  dominoes::Rng walk(deal_index);
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
    const dominoes::MoveList legal = dominoes::legal_moves(s);
    dominoes::Move m = dominoes::Move::pass();
    if (!legal.empty()) {
      if (legal.size() > 1) decide(s, history, legal);
      m = legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
    }
    dominoes::apply(s, m);
    history.push_back(m);
  }
}

// Plays random games and, at every real decision, asks each strategy for a move.
TEST(Conformance, EveryStrategyPlaysOnlyLegalMovesAndIsDeterministic) {
  const Registry& registry = Registry::builtin();
  // Search strategies with small budgets, so that thousands of decisions stay quick.
  const std::map<std::string, std::string> cheap = {
      {"playout", "playout(playouts=20)"},
      {"minimax", "minimax(scenarios=4,depth=3)"},
      {"ismcts", "ismcts(iterations=20)"},
      {"inference", "inference(scenarios=4,enumerate=30,samples=12)"},
      {"epimc", "epimc(scenarios=4,enumerate=30,samples=12)"},
      {"adapt", "adapt(endgame=200,scenarios=4,enumerate=30,samples=12)"},
      {"resolve", "resolve(hands=100,slots=1000,iterations=4,scenarios=4,enumerate=30,samples=12)"},
  };
  for (const auto& info : registry.all()) {
    if (!info.any_variant)
      continue;  // seated on its own variant by its tests (exploitability_test)
    const std::string spec = cheap.count(info.name) ? cheap.at(info.name) : info.name;
    Player player = registry.make(spec);
    Player copy = player;  // a clone must choose the same moves
    for (std::uint64_t deal_index = 0; deal_index < 300; ++deal_index) {
      dominoes::Rules rules;
      rules.max_pip = 6 + static_cast<int>(deal_index % 4);
      random_walk(rules, 11, deal_index,
                  [&](const dominoes::State& s, const dominoes::History& history,
                      const dominoes::MoveList& legal) {
                    Rng r1(deal_index * 31 + static_cast<std::uint64_t>(history.size())), r2 = r1;
                    const dominoes::Move chosen = player.choose(s, history, rules, legal, r1);
                    ASSERT_TRUE(legal.contains(chosen))
                        << info.name << " played " << to_string(chosen);
                    EXPECT_EQ(copy.choose(s, history, rules, legal, r2), chosen) << info.name;
                  });
    }
  }
}

// The small sets (double-2 to double-5, issue 13's variants) with every hand size they allow:
// every strategy, on random positions, answers with a legal move.
TEST(Conformance, EveryStrategyPlaysTheSmallSets) {
  const Registry& registry = Registry::builtin();
  const std::map<std::string, std::string> cheap = {
      {"playout", "playout(playouts=10)"},
      {"minimax", "minimax(scenarios=3,depth=0)"},
      {"ismcts", "ismcts(iterations=10)"},
      {"inference", "inference(scenarios=3,enumerate=10,samples=6)"},
      {"epimc", "epimc(scenarios=3,enumerate=10,samples=6)"},
      {"adapt", "adapt(endgame=200,scenarios=3,enumerate=10,samples=6)"},
      {"resolve", "resolve(hands=100,slots=1000,iterations=4,scenarios=3,enumerate=10,samples=6)"},
  };
  int decisions = 0;
  for (const auto& info : registry.all()) {
    if (!info.any_variant)
      continue;  // seated on its own variant by its tests (exploitability_test)
    const std::string spec = cheap.count(info.name) ? cheap.at(info.name) : info.name;
    Player player = registry.make(spec);
    for (int max_pip = 2; max_pip <= 5; ++max_pip) {
      dominoes::Rules rules;
      rules.max_pip = max_pip;
      for (rules.hand_size = 1; 2 * rules.hand_size <= dominoes::tile_count(max_pip);
           ++rules.hand_size) {
        ASSERT_EQ(dominoes::validate(rules), "");
        for (std::uint64_t deal_index = 0; deal_index < 8; ++deal_index) {
          random_walk(rules, 29, deal_index,
                      [&](const dominoes::State& s, const dominoes::History& history,
                          const dominoes::MoveList& legal) {
                        Rng r(deal_index);
                        const dominoes::Move chosen = player.choose(s, history, rules, legal, r);
                        ASSERT_TRUE(legal.contains(chosen))
                            << spec << " double-" << max_pip << " played " << to_string(chosen);
                        ++decisions;
                      });
        }
      }
    }
  }
  EXPECT_GT(decisions, 1000);
}

// Whole games through the tournament's game loop, which rejects any illegal move with an
// exception: every strategy plays 1000 games against random and 1000 against itself.
TEST(Conformance, EveryStrategyFinishesThousandsOfGamesLegally) {
  const Registry& registry = Registry::builtin();
  const std::map<std::string, std::string> cheap = {
      {"playout", "playout(playouts=10)"},
      {"minimax", "minimax(scenarios=3,depth=2)"},
      {"ismcts", "ismcts(iterations=10)"},
      {"inference", "inference(scenarios=3,enumerate=10,samples=6)"},
      {"epimc", "epimc(scenarios=3,enumerate=10,samples=6)"},
      {"adapt", "adapt(endgame=200,scenarios=3,enumerate=10,samples=6)"},
      {"resolve", "resolve(hands=100,slots=1000,iterations=4,scenarios=3,enumerate=10,samples=6)"},
  };
  tournament::ExperimentConfig config;
  for (const auto& info : registry.all()) {
    if (!info.any_variant)
      continue;  // seated on its own variant by its tests (exploitability_test)
    const std::string spec = cheap.count(info.name) ? cheap.at(info.name) : info.name;
    for (const std::string& opponent : {std::string("random"), spec}) {
      Player a = registry.make(spec), b = registry.make(opponent);
      const std::array<std::string, 2> specs = {spec, opponent};
      tournament::DealContext deal{.config = config, .players = {&a, &b}, .specs = specs};
      int games = 0;
      for (; deal.deal_index < 500; ++deal.deal_index)
        EXPECT_NO_THROW(games += tournament::play_deal(deal).games)
            << spec << " vs " << opponent << " deal " << deal.deal_index;
      EXPECT_EQ(games, 1000);
    }
  }
}

TEST(Random, IsUniformOverLegalMoves) {
  // Three legal moves; 30000 draws; chi-square with 2 degrees of freedom below 13.82 (p = 0.001).
  RandomStrategy random;
  dominoes::State s = dominoes::start_state(dominoes::parse_tiles("2-5,0-2,6-6", 6), {}, 0);
  s.left = 2, s.right = 5, s.line = dominoes::parse_tiles("2-4,4-5", 6);
  const dominoes::History h;
  const dominoes::Rules rules;
  const auto obs = dominoes::observe(s, h, rules, 0);
  const auto legal = obs.legal_moves();
  ASSERT_EQ(legal.size(), 3);
  std::map<std::uint16_t, int> counts;
  Rng rng(99);
  const int draws = 30000;
  for (int i = 0; i < draws; ++i) ++counts[random.choose(obs, legal, rng).bits()];
  ASSERT_EQ(counts.size(), 3u);
  double chi2 = 0;
  for (const auto& [move, n] : counts)
    chi2 += (n - draws / 3.0) * (n - draws / 3.0) / (draws / 3.0);
  EXPECT_LT(chi2, 13.82);
}

}  // namespace
}  // namespace strategies
