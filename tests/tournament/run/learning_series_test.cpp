// The runner's series for players that learn across games (Strategy::learning_series,
// chunk_player.h): its totals must equal a plain loop over the deals in order that resets the
// learner every `series` deals (the promise, written independently here), whatever the threads,
// the chunk size or an interruption in the middle of a series.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/play/play_deal.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/run_tasks.h"
#include "strategies/lowest/lowest_strategy.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using test_files::TempDir;

constexpr int kSeries = 5;

// A learner whose every choice shows what it learnt: it plays legal move number (games finished
// since new_opponent()) modulo the number of legal moves.
class CountingLearner final : public strategies::Strategy {
 public:
  bool follows_games() const override { return true; }
  void end_game(const strategies::GameEnd&) override { ++games_; }
  int learning_series() const override { return kSeries; }
  void new_opponent() override { games_ = 0; }
  dominoes::Move choose(const dominoes::Observation&, const dominoes::MoveList& legal,
                        dominoes::Rng&) override {
    return legal[games_ % legal.size()];
  }
  std::unique_ptr<strategies::Strategy> clone() const override {
    return std::make_unique<CountingLearner>();
  }

 private:
  int games_ = 0;
};

strategies::Registry registry() {
  strategies::Registry r;
  r.add({"counting",
         "test only: plays by the games it has seen",
         "",
         "",
         false,
         {},
         [](const strategies::ParamValues&) {
           return strategies::Player(std::make_unique<CountingLearner>());
         }});
  r.add(strategies::lowest_strategy_info());
  return r;
}

ExperimentConfig config(const std::string& out, std::int64_t chunk, int threads) {
  ExperimentConfig c;
  c.name = "learning_series_test";
  c.players = {"counting", "lowest"};
  c.format = Format::kHeadToHead;
  c.deals = 61;  // 12 whole series and one deal
  c.seed = 99;
  c.threads = threads;
  c.chunk = chunk;
  c.out_dir = out;
  c.quiet = true;
  return c;
}

TEST(LearningSeries, TotalsEqualPlayInOrderResetEverySeries) {
  const strategies::Registry players = registry();
  TempDir tmp;
  // The promise, played plainly: one pair of players, deals in order, a reset every series.
  ExperimentConfig plain = config(tmp.sub("plain"), 1000, 1);
  validate(plain, players);
  strategies::Player a = players.make("counting");
  strategies::Player b = players.make("lowest");
  const std::array<std::string, 2> specs = {"counting", "lowest"};
  PairingTotals expected;
  for (std::int64_t i = 0; i < plain.deals; ++i) {
    if (i % kSeries == 0) a.new_opponent();
    expected.add(
        play_deal({.config = plain, .deal_index = i, .players = {&a, &b}, .specs = specs}));
  }
  // Without the resets the learner plays other moves: the check can fail.
  strategies::Player never_reset = players.make("counting");
  PairingTotals unreset;
  for (std::int64_t i = 0; i < plain.deals; ++i)
    unreset.add(play_deal(
        {.config = plain, .deal_index = i, .players = {&never_reset, &b}, .specs = specs}));
  EXPECT_NE(unreset.a_net.sum_sq, expected.a_net.sum_sq);

  // Chunks of 7 start inside series (replayed), chunks of 10 on their boundaries; 1 and 2 threads.
  int runs = 0;
  for (const std::int64_t chunk : {7, 10, 1000})
    for (const int threads : {1, 2}) {
      SCOPED_TRACE("chunk " + std::to_string(chunk) + ", " + std::to_string(threads) + " threads");
      ExperimentConfig c = config(tmp.sub("run" + std::to_string(runs++)), chunk, threads);
      validate(c, players);
      const RunResult run = run_tasks(players, c, tmp.sub("journal" + std::to_string(runs)));
      ASSERT_TRUE(run.complete);
      const PairingTotals& got = run.tasks.at(0).totals;
      EXPECT_EQ(got.games, expected.games);
      EXPECT_EQ(got.a_wins, expected.a_wins);
      EXPECT_EQ(got.b_wins, expected.b_wins);
      EXPECT_EQ(got.a_net.sum, expected.a_net.sum);
      EXPECT_EQ(got.a_net.sum_sq, expected.a_net.sum_sq);
    }
}

TEST(LearningSeries, AnInterruptionInsideASeriesChangesNothing) {
  const strategies::Registry players = registry();
  TempDir tmp;
  ExperimentConfig full = config(tmp.sub("full"), 7, 2);
  ASSERT_TRUE(run_experiment(players, full).run.complete);
  ExperimentConfig c = full;
  c.out_dir = tmp.sub("resumed");
  RunHooks stop;
  stop.stop_after_chunks = 3;  // the rest starts at deal 21, inside the series of deals 20-24
  EXPECT_FALSE(run_experiment(players, c, stop).run.complete);
  ASSERT_TRUE(run_experiment(players, c).run.complete);
  EXPECT_EQ(test_files::csv_without_timings(test_files::read_text(full.out_dir + "/summary.csv")),
            test_files::csv_without_timings(test_files::read_text(c.out_dir + "/summary.csv")));
}

}  // namespace
}  // namespace tournament
