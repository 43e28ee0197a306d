// The budget per decision of the search strategies (strategies/decision_budget.h): `nodes` is
// reproducible for any thread count and run, a tiny budget still plays legal moves and is the
// one-world (one-iteration) choice where that is defined, a budget that never binds changes no
// move, and `time-ms` plays legal moves.
//
// Expected values are never the code's own output: they are the same strategy without a budget
// (or with a count of 1), another thread count, or the game loop's legality check.
#include "strategies/decision_budget.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/play/play_deal.h"
#include "arena/tournament/run/experiment.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace strategies {
namespace {

using Json = nlohmann::json;
using test_files::read_text;
using test_files::split_lines;
using test_files::TempDir;

// The moves of every game of `deals` duplicate deals of `a` against `b` (seed 5), one JSON array
// a game, in deal order; the game loop throws on an illegal move.
std::vector<std::string> moves_of(const std::string& a, const std::string& b, int deals) {
  const Registry& registry = Registry::builtin();
  Player pa = registry.make(a), pb = registry.make(b);
  tournament::ExperimentConfig config;
  config.seed = 5;
  config.duplicate = true;
  const std::array<std::string, 2> specs = {a, b};
  std::string records;
  tournament::DealContext deal{
      .config = config, .players = {&pa, &pb}, .specs = specs, .records = &records};
  for (; deal.deal_index < deals; ++deal.deal_index) tournament::play_deal(deal);
  std::vector<std::string> moves;
  for (const std::string& line : split_lines(records))
    moves.push_back(Json::parse(line)["moves"].dump());
  return moves;
}

// The --games-out records of `spec` against heuristic on `threads` threads (10 duplicate deals,
// chunks of 3 deals).
std::string records_on_threads(const std::string& spec, int threads, const TempDir& tmp) {
  tournament::ExperimentConfig c;
  c.name = "budget";
  c.players = {spec, "heuristic"};
  c.format = tournament::Format::kHeadToHead;
  c.deals = 10;
  c.seed = 17;
  c.threads = threads;
  c.chunk = 3;
  c.quiet = true;
  c.out_dir = tmp.sub("t" + std::to_string(threads));
  c.games_out = tmp.sub("games" + std::to_string(threads) + ".jsonl");
  EXPECT_TRUE(tournament::run_experiment(Registry::builtin(), c).run.complete) << spec;
  return read_text(c.games_out);
}

// Budgets small enough to bind in most decisions (each about a tenth of the count's work).
const char* const kNodeBudgeted[] = {
    "minimax(scenarios=200,depth=0,nodes=3000)",
    "minimax(scenarios=100,depth=0,crn=false,nodes=3000)",
    "playout(playouts=300,nodes=2000)",
    "ismcts(iterations=500,nodes=2000)",
    "inference(scenarios=100,nodes=3000)",
    "epimc(scenarios=60,nodes=6000)",
};

TEST(DecisionBudget, NodesAreReproducibleAcrossThreadCountsAndRuns) {
  for (const char* spec : kNodeBudgeted) {
    SCOPED_TRACE(spec);
    TempDir tmp;
    const std::string one = records_on_threads(spec, 1, tmp);
    ASSERT_FALSE(one.empty());
    EXPECT_EQ(records_on_threads(spec, 2, tmp), one);
    EXPECT_EQ(moves_of(spec, "heuristic", 4), moves_of(spec, "heuristic", 4));  // run to run
  }
}

// Without the budget the same strategy plays differently somewhere: the budget above binds, so
// the reproducibility test is not vacuous.
TEST(DecisionBudget, TheNodeBudgetsAboveBind) {
  for (const std::string spec : kNodeBudgeted) {
    SCOPED_TRACE(spec);
    const std::string unbudgeted = spec.substr(0, spec.find(",nodes=")) + ")";
    EXPECT_NE(moves_of(spec, "heuristic", 10), moves_of(unbudgeted, "heuristic", 10));
  }
}

TEST(DecisionBudget, OneNodeIsTheOneWorldChoice) {
  const std::pair<const char*, const char*> same[] = {
      {"minimax(scenarios=50,depth=0,exact=false,nodes=1)",
       "minimax(scenarios=1,depth=0,exact=false)"},
      {"minimax(scenarios=50,depth=0,exact=false,crn=false,nodes=1)",
       "minimax(scenarios=1,depth=0,exact=false,crn=false)"},
      {"playout(playouts=50,nodes=1)", "playout(playouts=1)"},
      {"playout(playouts=50,crn=false,nodes=1)", "playout(playouts=1,crn=false)"},
      {"ismcts(iterations=50,nodes=1)", "ismcts(iterations=1)"},
  };
  for (const auto& [budgeted, one] : same) {
    SCOPED_TRACE(budgeted);
    EXPECT_EQ(moves_of(budgeted, "random", 15), moves_of(one, "random", 15));
  }
  // Inference's one world is a resampled one, not scenarios=1's: legal moves only.
  EXPECT_EQ(moves_of("inference(scenarios=50,nodes=1)", "random", 15).size(), 30u);
  EXPECT_EQ(moves_of("epimc(scenarios=50,nodes=1)", "random", 15).size(), 30u);
}

TEST(DecisionBudget, ABudgetThatNeverBindsChangesNothing) {
  const std::pair<const char*, const char*> same[] = {
      {"minimax(scenarios=20,depth=0,nodes=1000000000000)", "minimax(scenarios=20,depth=0)"},
      {"minimax(scenarios=20,depth=0,time-ms=1000000)", "minimax(scenarios=20,depth=0)"},
      {"playout(playouts=20,nodes=1000000000000)", "playout(playouts=20)"},
      {"ismcts(iterations=40,nodes=1000000000000)", "ismcts(iterations=40)"},
      // model=none: equal weights, whole-number sums, so the solving order cannot matter.
      {"inference(model=none,scenarios=20,nodes=1000000000000)",
       "inference(model=none,scenarios=20)"},
      {"epimc(reply=min,model=none,scenarios=20,nodes=1000000000000)",
       "epimc(reply=min,model=none,scenarios=20)"},
  };
  for (const auto& [budgeted, plain] : same) {
    SCOPED_TRACE(budgeted);
    EXPECT_EQ(moves_of(budgeted, "heuristic", 15), moves_of(plain, "heuristic", 15));
  }
}

TEST(DecisionBudget, OneMillisecondPlaysLegalMoves) {
  for (const char* spec :
       {"minimax(time-ms=1)", "minimax(time-ms=1,crn=false)", "playout(time-ms=1)",
        "ismcts(time-ms=1)", "inference(time-ms=1)", "epimc(time-ms=1)"}) {
    SCOPED_TRACE(spec);
    EXPECT_EQ(moves_of(spec, "random", 3).size(), 6u);  // play_deal throws on an illegal move
  }
}

// summary.md says when a time budget makes the table unreproducible, and only then.
TEST(DecisionBudget, SummarySaysATimeBudgetIsNotReproducible) {
  TempDir tmp;
  for (const char* spec : {"minimax(scenarios=5,time-ms=2)", "minimax(scenarios=5,nodes=500)"}) {
    tournament::ExperimentConfig c;
    c.players = {spec, "random"};
    c.format = tournament::Format::kHeadToHead;
    c.deals = 2;
    c.quiet = true;
    const bool timed = std::string(spec).find("time-ms") != std::string::npos;
    c.out_dir = tmp.sub(timed ? "time" : "nodes");
    ASSERT_TRUE(tournament::run_experiment(Registry::builtin(), c).run.complete);
    const bool says =
        read_text(c.out_dir + "/summary.md").find("Not reproducible") != std::string::npos;
    EXPECT_EQ(says, timed) << spec;
  }
}

TEST(DecisionBudget, MeterStopsAtTheNodeCount) {
  BudgetMeter off({});
  off.add_work(1'000'000);
  EXPECT_FALSE(off.exhausted());
  BudgetMeter nodes({0, 10});
  nodes.add_work(9);
  EXPECT_FALSE(nodes.exhausted());
  nodes.add_work(1);
  EXPECT_TRUE(nodes.exhausted());
}

// spread_step's order visits every index once, and its first tenth is spread out: no two of its
// picks are neighbours in enumeration order (for these sizes).
TEST(DecisionBudget, SpreadOrderVisitsEachOnceAndSpreadsOut) {
  for (std::size_t n : {1u, 2u, 3u, 10u, 35u, 100u, 210u, 1716u}) {
    const std::size_t step = spread_step(n);
    std::vector<int> seen(n, 0);
    for (std::size_t i = 0, at = 0; i < n; ++i, at = (at + step) % n) ++seen[at];
    for (int s : seen) EXPECT_EQ(s, 1) << n;
    if (n < 10) continue;
    std::vector<std::size_t> first;
    for (std::size_t i = 0, at = 0; i < n / 10; ++i, at = (at + step) % n) first.push_back(at);
    std::sort(first.begin(), first.end());
    for (std::size_t i = 1; i < first.size(); ++i) EXPECT_GT(first[i] - first[i - 1], 1u) << n;
  }
}

}  // namespace
}  // namespace strategies
