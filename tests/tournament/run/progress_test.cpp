// The progress line's text and the live counts behind it (issue 21): a snapshot written by hand
// gives a line checked character by character, and deals counted by hand give the running score
// and its interval computed here by hand (Student's t quantile t(0.975, 3) = 3.182446 from a
// printed table).
#include "arena/tournament/run/progress.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "arena/tournament/run/live_progress.h"

namespace tournament {
namespace {

ProgressSnapshot two_pairings() {
  ProgressSnapshot s;
  s.started = true;
  s.deals_done = 1200;
  s.deals_total = 3000;
  s.games_done = 2400;
  s.games_per_second = 812.4;
  s.elapsed_seconds = 3.2;
  s.eta_seconds = 4.6;
  s.pairings.resize(2);
  s.pairings[1].player_a = "heuristic";
  s.pairings[1].player_b = "random";
  s.pairings[1].a_net.n = 600;
  s.pairings[1].score.mean = 4.5124;
  s.pairings[1].score.ci95 = 0.3106;
  s.current = {1};
  return s;
}

TEST(ProgressTextTest, TheLineSaysCountsRateTimesAndTheRunningScore) {
  EXPECT_EQ(progress_text(two_pairings()),
            "deals 1200/3000 (40.0%)  games 2400  812 games/s  elapsed 3s  ETA 5s  |  [2/2] "
            "heuristic vs random +4.512 +/- 0.311");
}

TEST(ProgressTextTest, PlayersAreShownByTheirLabelsWhereTheyHaveThem) {
  ProgressSnapshot s = two_pairings();
  s.pairings[1].player_a = "minimax(scenarios=200,depth=0,exact=true,crn=true)";
  s.pairings[1].label_a = "M200";
  s.pairings[1].label_b = "R";
  EXPECT_EQ(progress_text(s),
            "deals 1200/3000 (40.0%)  games 2400  812 games/s  elapsed 3s  ETA 5s  |  [2/2] "
            "M200 vs R +4.512 +/- 0.311");
}

TEST(ProgressTextTest, MatchesUnknownIntervalsAndAWidth) {
  ProgressSnapshot s = two_pairings();
  s.matches = true;
  s.eta_seconds = -1;
  s.pairings[1].a_net.n = 1;
  s.pairings[1].score.mean = -2;
  EXPECT_EQ(progress_text(s),
            "deals 1200/3000 (40.0%)  matches 2400  812 matches/s  elapsed 3s  ETA ?  |  [2/2] "
            "heuristic vs random -2.000 +/- ?");
  EXPECT_EQ(progress_text(s, 12), "deals 1200/3");
  EXPECT_EQ(progress_text(ProgressSnapshot{}), "") << "nothing before the run starts";
}

TEST(ProgressTextTest, DurationsReadAsPeopleWriteThem) {
  EXPECT_EQ(common::duration_text(0.4), "0s");
  EXPECT_EQ(common::duration_text(42), "42s");
  EXPECT_EQ(common::duration_text(725), "12m05s");
  EXPECT_EQ(common::duration_text(3 * 3600 + 7 * 60 + 20), "3h07m");
  EXPECT_EQ(common::duration_text(-1), "?");
}

TEST(LiveProgressTest, CountsDealsFromEveryWorkerAndWholeChunks) {
  LiveProgress live;
  EXPECT_FALSE(live.snapshot().started);
  std::vector<TaskResult> tasks(2);
  tasks[0].player_a = "x";
  tasks[1].player_a = "y";
  PairingTotals resumed;  // pairing 0 resumed one deal netting 4 over its two games
  resumed.add(DealTally{.games = 2, .a_net = 4});
  live.start(tasks, {resumed, {}}, {10, 10}, 2, false);
  const std::vector<DealCounter*> counters = live.counters(2);
  counters[0]->add(0, DealTally{.games = 2, .a_net = -2});
  counters[1]->add(0, DealTally{.games = 2, .a_net = 6});
  counters[1]->add(0, DealTally{.games = 2, .a_net = 9});
  counters[1]->add(0, DealTally{.games = 2, .a_net = 9}, -1);  // taken back
  PairingTotals elsewhere;  // a chunk another rank played, of pairing 0
  elsewhere.add(DealTally{.games = 2, .a_net = 0});
  live.add_chunk(0, elsewhere);

  const ProgressSnapshot s = live.snapshot();
  ASSERT_TRUE(s.started);
  EXPECT_EQ(s.deals_total, 20);
  EXPECT_EQ(s.deals_done, 4);
  EXPECT_EQ(s.games_done, 8);
  EXPECT_EQ(s.deals_this_run, 3) << "the resumed deal is not this run's";
  EXPECT_EQ(s.games_this_run, 6);
  EXPECT_EQ(s.current, std::vector<int>{0});
  // Deals net {4, -2, 6, 0}: mean 2 per deal, 1 per game; s = sqrt(40 / 3); the half-width per
  // game is t(0.975, 3) * s / sqrt(4) / 2.
  const PairingProgress& p = s.pairings[0];
  EXPECT_EQ(p.deals_done, 4);
  EXPECT_DOUBLE_EQ(p.score.mean, 1.0);
  EXPECT_NEAR(p.score.ci95, 3.182446 * std::sqrt(40.0 / 3) / 2 / 2, 1e-5);
  EXPECT_EQ(s.pairings[1].deals_done, 0);
  EXPECT_GT(s.eta_seconds, 0);
}

}  // namespace
}  // namespace tournament
