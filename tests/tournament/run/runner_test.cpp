// The runner, end to end (docs/experiments.md): tables that do not depend on the thread count or
// the chunk size, duplicate deals that cancel for identical strategies, resuming after an
// interruption or a torn journal, --games-out records checked against the rules by replaying them
// with the engine, match mode, and the schedule's shapes.
//
// Expected values never come from the code under test: they are either a second run of the same
// experiment under different conditions (threads, chunks, interruptions), facts of the rules
// recomputed here from the game records, or hand-listed pairings.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/schedule.h"
#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/play/match_progress.h"
#include "arena/tournament/play/play_deal.h"
#include "arena/tournament/report/cross_tables.h"
#include "arena/tournament/report/summary.h"
#include "arena/tournament/report/write_tables.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/journal.h"
#include "arena/tournament/run/output_lock.h"
#include "arena/tournament/run/run_tasks.h"
#include "engine/dominoes/state.h"
#include "engine/dominoes/tile.h"
#include "strategies/lowest/lowest_strategy.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using test_files::csv_without_timings;
using test_files::read_text;
using test_files::split_lines;
using test_files::TempDir;
using test_files::write_text;

// ---------------------------------------------------------------------------------------------
// Helpers

using test_files::markdown_without_timings;

// One parsed data row of summary.csv (players without commas: the built-in strategies here have
// no parameters).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);  // every comma starts a field, trailing empty ones too
  for (char ch : line) {
    if (ch == ',')
      fields.emplace_back();
    else
      fields.back() += ch;
  }
  return fields;
}

// The registry the command line uses: every run here seats built-in strategies unless a test
// builds a registry of its own.
const strategies::Registry& builtin() {
  return strategies::Registry::builtin();
}

// Returns the number of chunk lines of the journal at `path` (its header lines aside).
std::size_t count_chunk_lines(const std::string& path) {
  std::size_t n = 0;
  for (const auto& line : split_lines(read_text(path))) n += line.rfind("chunk ", 0) == 0;
  return n;
}

ExperimentConfig make_config(std::vector<std::string> players, std::int64_t deals,
                             const std::string& out_dir, Format format = Format::kRoundRobin) {
  ExperimentConfig c;
  c.name = "runner_test";
  c.players = std::move(players);
  c.deals = deals;
  c.seed = 20240607;
  c.threads = 2;
  c.format = format;
  c.duplicate = true;
  c.out_dir = out_dir;
  c.chunk = 50;
  c.quiet = true;
  return c;
}

// The tables whose every byte (but the measured times) must not depend on how a run was carried
// out.
struct Tables {
  std::string csv, md, cross_points, cross_winrate, cross_md;
};

Tables read_tables(const std::string& dir, bool round_robin) {
  Tables t;
  t.csv = csv_without_timings(read_text(dir + "/summary.csv"));
  t.md = markdown_without_timings(read_text(dir + "/summary.md"));
  if (round_robin) {
    t.cross_points = read_text(dir + "/crosstable_points.csv");
    t.cross_winrate = read_text(dir + "/crosstable_winrate.csv");
    t.cross_md = read_text(dir + "/crosstable.md");
  }
  return t;
}

void expect_same_tables(const Tables& a, const Tables& b) {
  EXPECT_EQ(a.csv, b.csv);
  EXPECT_EQ(a.md, b.md);
  EXPECT_EQ(a.cross_points, b.cross_points);
  EXPECT_EQ(a.cross_winrate, b.cross_winrate);
  EXPECT_EQ(a.cross_md, b.cross_md);
}

const char* const kTableNames[] = {"summary.csv",           "summary.md",
                                   "crosstable_points.csv", "crosstable_winrate.csv",
                                   "crosstable.md",         "config.cfg"};

bool any_table_exists(const std::string& dir) {
  for (const char* name : kTableNames)
    if (fs::exists(fs::path(dir) / name)) return true;
  return false;
}

std::size_t count_lines(const std::string& path) {
  return split_lines(read_text(path)).size();
}

// --- Independent reading of game records ------------------------------------------------------

// "a-b" -> the tile, checking the values are on a double-`max_pip` set.
dominoes::Tile tile_of(const std::string& text, int max_pip) {
  const std::size_t dash = text.find('-');
  EXPECT_NE(dash, std::string::npos) << text;
  const int a = std::stoi(text.substr(0, dash));
  const int b = std::stoi(text.substr(dash + 1));
  EXPECT_TRUE(a >= 0 && a <= max_pip && b >= 0 && b <= max_pip) << text;
  return dominoes::make_tile(a, b);
}

int pips_of(const std::string& text) {
  const std::size_t dash = text.find('-');
  return std::stoi(text.substr(0, dash)) + std::stoi(text.substr(dash + 1));
}

// Replays one record with the engine's rules and checks it is legal and scored correctly
// (opponent-pips scoring: the seat with fewer pips scores the other's pips; equal pips score 0).
void check_record(const Json& r, int max_pip, int hand_size) {
  SCOPED_TRACE(r.dump());
  ASSERT_TRUE(r.contains("hands") && r.contains("moves") && r.contains("leader") &&
              r.contains("pips") && r.contains("points") && r.contains("players"));
  ASSERT_EQ(r["hands"].size(), 2u);
  ASSERT_EQ(r["players"].size(), 2u);
  std::array<dominoes::TileSet, 2> hands;
  std::array<std::map<dominoes::Tile, int>, 2> tile_pips;  // tile -> pips, from the text
  for (int s = 0; s < 2; ++s) {
    ASSERT_EQ(static_cast<int>(r["hands"][s].size()), hand_size);
    for (const auto& t : r["hands"][s]) {
      const dominoes::Tile tile = tile_of(t.get<std::string>(), max_pip);
      EXPECT_FALSE(hands[0].contains(tile) || hands[1].contains(tile)) << "tile dealt twice";
      hands[s].insert(tile);
      tile_pips[s][tile] = pips_of(t.get<std::string>());
    }
  }
  const int leader = r["leader"].get<int>();
  ASSERT_TRUE(leader == 0 || leader == 1);
  dominoes::State state = dominoes::start_state(hands[0], hands[1], leader);
  const auto& moves = r["moves"];
  ASSERT_FALSE(moves.empty());
  for (std::size_t k = 0; k < moves.size(); ++k) {
    SCOPED_TRACE("move " + std::to_string(k));
    const Json& m = moves[k];
    ASSERT_EQ(dominoes::status(state), dominoes::GameStatus::kOngoing) << "move after the end";
    // Turns alternate strictly from the leader.
    ASSERT_EQ(m["seat"].get<int>(), static_cast<int>(state.to_move));
    ASSERT_EQ(m["seat"].get<int>(), leader ^ static_cast<int>(k % 2));
    const dominoes::MoveList legal = dominoes::legal_moves(state);
    if (m.contains("pass")) {
      ASSERT_TRUE(m["pass"].get<bool>());
      ASSERT_TRUE(legal.empty()) << "passed with a legal move";
      dominoes::apply(state, dominoes::Move::pass());
      continue;
    }
    const dominoes::Tile tile = tile_of(m["tile"].get<std::string>(), max_pip);
    ASSERT_TRUE(state.hands[state.to_move].contains(tile)) << "tile not in the mover's hand";
    dominoes::Placement placement = dominoes::Placement::kLead;
    if (k == 0) {
      ASSERT_FALSE(m.contains("end")) << "the lead has no end";
    } else {
      ASSERT_TRUE(m.contains("end"));
      const std::string end = m["end"].get<std::string>();
      ASSERT_TRUE(end == "L" || end == "R") << end;
      placement = end == "L" ? dominoes::Placement::kLeft : dominoes::Placement::kRight;
      // The tile must match the open end it goes on.
      const int open = end == "L" ? state.left : state.right;
      ASSERT_TRUE(dominoes::tile_has(tile, open)) << "tile does not match end " << end;
    }
    const dominoes::Move move(tile, placement);
    bool listed = false;
    for (dominoes::Move l : legal) listed |= l == move;
    // legal_moves lists only the left end when both ends show the same value.
    if (!listed && state.left == state.right)
      for (dominoes::Move l : legal)
        listed |= l == dominoes::Move(tile, dominoes::Placement::kLeft);
    ASSERT_TRUE(listed) << "not among the engine's legal moves";
    dominoes::apply(state, move);
  }
  // The game is over after the last move, and only then.
  ASSERT_NE(dominoes::status(state), dominoes::GameStatus::kOngoing);
  // Pips left, summed from the dealt hands' text minus the tiles played.
  std::array<int, 2> pips{};
  for (int s = 0; s < 2; ++s)
    for (const auto& [tile, p] : tile_pips[s])
      if (state.hands[s].contains(tile)) pips[s] += p;
  ASSERT_EQ(r["pips"].size(), 2u);
  EXPECT_EQ(r["pips"][0].get<int>(), pips[0]);
  EXPECT_EQ(r["pips"][1].get<int>(), pips[1]);
  std::array<int, 2> points{};
  if (pips[0] < pips[1]) points[0] = pips[1];
  if (pips[1] < pips[0]) points[1] = pips[0];
  EXPECT_EQ(r["points"][0].get<int>(), points[0]);
  EXPECT_EQ(r["points"][1].get<int>(), points[1]);
}

std::vector<Json> read_records(const std::string& path) {
  std::vector<Json> records;
  for (const std::string& line : split_lines(read_text(path))) records.push_back(Json::parse(line));
  return records;
}

// ---------------------------------------------------------------------------------------------
// Determinism

TEST(RunnerDeterminismTest, ThreadCountDoesNotChangeTables) {
  TempDir tmp;
  ExperimentConfig one = make_config({"lowest", "random", "heuristic"}, 300, tmp.sub("t1"));
  one.threads = 1;
  ExperimentConfig two = one;
  two.threads = 2;
  two.out_dir = tmp.sub("t2");
  const auto r1 = run_experiment(builtin(), one);
  const auto r2 = run_experiment(builtin(), two);
  ASSERT_TRUE(r1.run.complete);
  ASSERT_TRUE(r2.run.complete);
  const Tables t1 = read_tables(one.out_dir, true);
  expect_same_tables(t1, read_tables(two.out_dir, true));
  // The tables hold what was asked for: 3 pairings of 300 duplicate deals = 600 games each,
  // every game a win, a draw or a loss.
  const auto lines = split_lines(t1.csv);
  ASSERT_EQ(lines.size(), 4u);
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"lowest", "random"}, {"lowest", "heuristic"}, {"random", "heuristic"}};
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto f = csv_fields(lines[i + 1]);
    ASSERT_EQ(f.size(), 33u) << lines[i + 1];  // 15 + 14 SPRT and pentanomial + 4 control variate
    EXPECT_EQ(f[0], pairs[i].first);
    EXPECT_EQ(f[1], pairs[i].second);
    EXPECT_EQ(f[2], "600");
    EXPECT_EQ(std::stoll(f[3]) + std::stoll(f[4]) + std::stoll(f[5]), 600);
  }
}

TEST(RunnerDeterminismTest, ThreadCountDoesNotChangeSingleGameOrMatchTables) {
  TempDir tmp;
  for (const bool duplicate : {false, true}) {
    ExperimentConfig one = make_config(
        {"random", "heuristic"}, 60, tmp.sub(duplicate ? "a-duplicate" : "a"), Format::kHeadToHead);
    one.duplicate = duplicate;
    one.rules.match_target = duplicate ? 30 : 0;
    one.rules.max_pip = 9;
    one.rules.hand_size = 10;
    one.rules.leader = dominoes::LeaderRule::kAlternate;
    one.chunk = 9;
    one.threads = 1;
    ExperimentConfig two = one;
    two.threads = 2;
    two.out_dir = tmp.sub(duplicate ? "b-duplicate" : "b");
    ASSERT_TRUE(run_experiment(builtin(), one).run.complete);
    ASSERT_TRUE(run_experiment(builtin(), two).run.complete);
    expect_same_tables(read_tables(one.out_dir, false), read_tables(two.out_dir, false));
  }
}

TEST(RunnerDeterminismTest, ChunkSizeDoesNotChangeTables) {
  TempDir tmp;
  ExperimentConfig small = make_config({"lowest", "random", "heuristic"}, 300, tmp.sub("c7"));
  small.chunk = 7;  // 300 = 42 x 7 + 6: a short last chunk too
  ExperimentConfig big = small;
  big.chunk = 1000;  // the whole pairing in one chunk
  big.out_dir = tmp.sub("c1000");
  const auto rs = run_experiment(builtin(), small);
  const auto rb = run_experiment(builtin(), big);
  ASSERT_TRUE(rs.run.complete && rb.run.complete);
  expect_same_tables(read_tables(small.out_dir, true), read_tables(big.out_dir, true));
}

// The runner's totals equal a plain sequential loop over play_deal with one pair of players.
TEST(RunnerDeterminismTest, TotalsEqualSequentialPlayOfEveryDeal) {
  TempDir tmp;
  ExperimentConfig c =
      make_config({"random", "heuristic"}, 200, tmp.sub("seq"), Format::kHeadToHead);
  c.chunk = 13;
  validate(c, builtin());
  const RunResult run = run_tasks(builtin(), c, tmp.sub("journal.txt"));
  ASSERT_TRUE(run.complete);
  ASSERT_EQ(run.tasks.size(), 1u);
  const auto& registry = strategies::Registry::builtin();
  strategies::Player a = registry.make("random");
  strategies::Player b = registry.make("heuristic");
  const std::array<std::string, 2> specs = {"random", "heuristic"};
  std::int64_t games = 0, a_wins = 0, draws = 0, b_wins = 0, net = 0, net_sq = 0;
  for (std::int64_t i = 0; i < c.deals; ++i) {
    const DealTally t =
        play_deal({.config = c, .deal_index = i, .players = {&a, &b}, .specs = specs});
    games += t.games, a_wins += t.a_wins, draws += t.draws, b_wins += t.b_wins;
    net += t.a_net, net_sq += std::int64_t{t.a_net} * t.a_net;
  }
  const PairingTotals& totals = run.tasks[0].totals;
  EXPECT_EQ(totals.deals, c.deals);
  EXPECT_EQ(totals.games, games);
  EXPECT_EQ(games, 2 * c.deals);
  EXPECT_EQ(totals.a_wins, a_wins);
  EXPECT_EQ(totals.draws, draws);
  EXPECT_EQ(totals.b_wins, b_wins);
  EXPECT_EQ(totals.a_net.n, c.deals);
  EXPECT_EQ(totals.a_net.sum, net);
  EXPECT_EQ(totals.a_net.sum_sq, net_sq);
  EXPECT_EQ(run.games_played, 2 * c.deals);
}

// ---------------------------------------------------------------------------------------------
// Duplicate deals

// Points per game are A's net points over the games played, whatever the table: 2, 4 (2 games a
// duplicate deal) or 3 seats (6 games a deal). Compared with the exact sum over the games
// (PairingTotals), not with the mean over deals the summary divides; three seats once divided by
// 2 instead of 6, tripling every figure.
TEST(RunnerDuplicateTest, PointsPerGameAreTheMeanOverGamesAtEverySeatCount) {
  TempDir tmp;
  for (const int seats : {2, 3, 4}) {
    SCOPED_TRACE(seats);
    ExperimentConfig c = make_config({"random", "heuristic"}, 60,
                                     tmp.sub("seats" + std::to_string(seats)), Format::kHeadToHead);
    c.rules.seats = seats;
    c.rules.partners = seats == 4;
    const auto result = run_experiment(builtin(), c);
    ASSERT_TRUE(result.run.complete);
    const PairingTotals& t = result.run.tasks[0].totals;
    EXPECT_EQ(t.games, c.deals * (seats == 3 ? 6 : 2));
    const SummaryRow row = summarize(result.run.tasks[0], c);
    EXPECT_NEAR(row.a_points_per_game,
                static_cast<double>(t.a_net.sum) / static_cast<double>(t.games), 1e-9);
  }
}

TEST(RunnerDuplicateTest, IdenticalStrategiesNetExactlyZero) {
  TempDir tmp;
  for (const char* spec : {"random", "heuristic", "lowest"}) {
    SCOPED_TRACE(spec);
    ExperimentConfig c = make_config({spec, spec}, 400, tmp.sub(spec), Format::kHeadToHead);
    const auto result = run_experiment(builtin(), c);
    ASSERT_TRUE(result.run.complete);
    ASSERT_EQ(result.run.tasks.size(), 1u);
    const PairingTotals& t = result.run.tasks[0].totals;
    EXPECT_EQ(t.games, 800);
    EXPECT_EQ(t.a_wins, t.b_wins);
    EXPECT_EQ(t.a_wins + t.draws + t.b_wins, 800);
    EXPECT_GT(t.a_wins, 0);  // real games were played
    EXPECT_EQ(t.a_net.sum, 0);
    EXPECT_EQ(t.a_net.sum_sq, 0) << "some duplicate pair did not net 0";

    const SummaryRow row = summarize(result.run.tasks[0], c);
    EXPECT_EQ(row.a_points_per_game, 0.0);
    EXPECT_EQ(row.a_points_ci95, 0.0);
    EXPECT_EQ(row.p_value, 0.5);
    EXPECT_EQ(row.a_win_rate, 0.5);
    for (double x :
         {row.a_points_per_game, row.a_points_ci95, row.a_win_rate, row.a_win_rate_ci95_low,
          row.a_win_rate_ci95_high, row.p_value, row.leader_points_per_game})
      EXPECT_TRUE(std::isfinite(x));
    EXPECT_LT(row.a_win_rate_ci95_low, 0.5);
    EXPECT_GT(row.a_win_rate_ci95_high, 0.5);

    // And in the written table: no nan/inf, p_value exactly 0.5, zero points per game.
    const std::string csv = read_text(c.out_dir + "/summary.csv");
    for (const char* bad : {"nan", "inf", "NaN", "Inf"})
      EXPECT_EQ(csv.find(bad), std::string::npos) << csv;
    const auto lines = split_lines(csv);
    ASSERT_EQ(lines.size(), 2u);
    const auto f = csv_fields(lines[1]);
    ASSERT_EQ(f.size(), 36u);  // 16 + 14 SPRT and pentanomial + 4 control variate + 2 ms/decision
    EXPECT_EQ(std::stod(f[6]), 0.0);   // a_points_per_game
    EXPECT_EQ(std::stod(f[7]), 0.0);   // a_points_ci95
    EXPECT_EQ(std::stod(f[11]), 0.5);  // p_value
    const std::string md = read_text(c.out_dir + "/summary.md");
    for (const char* bad : {"nan", "inf", "NaN", "Inf"})
      EXPECT_EQ(md.find(bad), std::string::npos) << md;
  }
}

TEST(RunnerDuplicateTest, EveryDealOfIdenticalStrategiesNetsZero) {
  ExperimentConfig c = make_config({"random", "random"}, 1, "unused", Format::kHeadToHead);
  const auto& registry = strategies::Registry::builtin();
  strategies::Player a = registry.make("random");
  strategies::Player b = registry.make("random");
  const std::array<std::string, 2> specs = {"random", "random"};
  for (std::int64_t i = 0; i < 300; ++i) {
    const DealTally t =
        play_deal({.config = c, .deal_index = i, .players = {&a, &b}, .specs = specs});
    ASSERT_EQ(t.games, 2);
    ASSERT_EQ(t.a_net, 0) << "deal " << i;
    ASSERT_EQ(t.a_wins, t.b_wins) << "deal " << i;
  }
}

// ---------------------------------------------------------------------------------------------
// Resume

TEST(RunnerResumeTest, InterruptedRunResumesToTheSameTables) {
  TempDir tmp;
  // 3 pairings x 100 deals / chunk 10 = 30 chunks; stop after 13 (inside the second pairing).
  ExperimentConfig full = make_config({"lowest", "random", "heuristic"}, 100, tmp.sub("full"));
  full.chunk = 10;
  ASSERT_TRUE(run_experiment(builtin(), full).run.complete);

  ExperimentConfig c = full;
  c.out_dir = tmp.sub("resumed");
  RunHooks stop;
  stop.stop_after_chunks = 13;
  const auto first = run_experiment(builtin(), c, stop);
  EXPECT_FALSE(first.run.complete);
  EXPECT_TRUE(first.table_paths.empty());
  EXPECT_FALSE(any_table_exists(c.out_dir));
  ASSERT_TRUE(fs::exists(journal_path(c)));
  EXPECT_EQ(count_chunk_lines(journal_path(c)), 13u);
  EXPECT_EQ(first.run.games_played, 13 * 10 * 2);

  const auto second = run_experiment(builtin(), c);
  ASSERT_TRUE(second.run.complete);
  EXPECT_EQ(second.run.resumed_chunks, 13);
  EXPECT_EQ(second.run.games_played, (30 - 13) * 10 * 2);
  EXPECT_FALSE(fs::exists(journal_path(c))) << "journal left after a finished run";
  expect_same_tables(read_tables(full.out_dir, true), read_tables(c.out_dir, true));
}

TEST(RunnerResumeTest, TwoInterruptionsInARow) {
  TempDir tmp;
  ExperimentConfig full =
      make_config({"random", "heuristic"}, 95, tmp.sub("full"), Format::kHeadToHead);
  full.chunk = 10;  // 10 chunks, the last one 5 deals
  ASSERT_TRUE(run_experiment(builtin(), full).run.complete);

  ExperimentConfig c = full;
  c.out_dir = tmp.sub("resumed");
  RunHooks stop;
  stop.stop_after_chunks = 4;
  EXPECT_FALSE(run_experiment(builtin(), c, stop).run.complete);
  stop.stop_after_chunks = 3;
  const auto second = run_experiment(builtin(), c, stop);
  EXPECT_FALSE(second.run.complete);
  EXPECT_EQ(second.run.resumed_chunks, 4);
  EXPECT_FALSE(any_table_exists(c.out_dir));
  const auto third = run_experiment(builtin(), c);
  ASSERT_TRUE(third.run.complete);
  EXPECT_EQ(third.run.resumed_chunks, 7);
  EXPECT_EQ(third.run.games_played, (95 - 70) * 2);
  expect_same_tables(read_tables(full.out_dir, false), read_tables(c.out_dir, false));
}

// Returns the experiment of a finished head-to-head run of 40 deals in tmp/out (4 chunks).
ExperimentConfig finished_head_to_head(TempDir& tmp) {
  ExperimentConfig c =
      make_config({"random", "heuristic"}, 40, tmp.sub("out"), Format::kHeadToHead);
  c.chunk = 10;
  EXPECT_TRUE(run_experiment(builtin(), c).run.complete);
  return c;
}

// Issue 8, defect 1: a run never deletes what it did not write. An earlier run's tables stay,
// byte for byte, until the new run's tables are complete; an interrupted run leaves them alone.
TEST(RunnerResumeTest, InterruptionKeepsTheTablesOfAnEarlierRun) {
  TempDir tmp;
  const ExperimentConfig c = finished_head_to_head(tmp);
  const std::string summary = read_text(c.out_dir + "/summary.csv");
  const std::string config = read_text(c.out_dir + "/config.cfg");
  const Tables first = read_tables(c.out_dir, false);
  RunHooks stop;
  stop.stop_after_chunks = 2;
  EXPECT_FALSE(run_experiment(builtin(), c, stop).run.complete);
  EXPECT_EQ(read_text(c.out_dir + "/summary.csv"), summary) << "an earlier run's table was touched";
  EXPECT_EQ(read_text(c.out_dir + "/config.cfg"), config) << "an earlier run's config was touched";
  EXPECT_TRUE(fs::exists(journal_path(c)));
  // The finished second run writes the same tables over them.
  ASSERT_TRUE(run_experiment(builtin(), c).run.complete);
  expect_same_tables(first, read_tables(c.out_dir, false));
  EXPECT_EQ(read_text(c.out_dir + "/config.cfg"), config);
}

// A finished run's tables are never replaced by another experiment's (here another seed, or
// another player): the run is refused before it plays, naming the folder and the differing key,
// with or without --restart, and every file stays; the same experiment reprints them.
TEST(RunnerResumeTest, AnotherExperimentNeverReplacesAFinishedRunsTables) {
  TempDir tmp;
  const ExperimentConfig c = finished_head_to_head(tmp);
  const std::string summary = read_text(c.out_dir + "/summary.csv");
  const std::string config = read_text(c.out_dir + "/config.cfg");
  ExperimentConfig seed = c;
  seed.seed += 1;
  ExperimentConfig player = c;
  player.players[1] = "lowest";
  RunHooks restart;
  restart.restart = true;
  for (const auto& [other, hooks] : {std::pair{seed, RunHooks{}}, std::pair{player, restart}}) {
    try {
      run_experiment(builtin(), other, hooks);
      ADD_FAILURE() << "another experiment replaced a finished run's tables";
    } catch (const ConfigError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("holds the finished tables of another experiment"), std::string::npos)
          << message;
      EXPECT_NE(message.find(other.seed != c.seed ? "seed is" : "player is"), std::string::npos)
          << message;
      EXPECT_NE(message.find("another --out"), std::string::npos) << message;
    }
    EXPECT_EQ(read_text(c.out_dir + "/summary.csv"), summary);
    EXPECT_EQ(read_text(c.out_dir + "/config.cfg"), config);
    EXPECT_FALSE(fs::exists(journal_path(c)));
  }
  const Tables before = read_tables(c.out_dir, false);
  ASSERT_TRUE(run_experiment(builtin(), c).run.complete);
  expect_same_tables(before, read_tables(c.out_dir, false));
}

// A journal whose last line was torn (the process died mid-write) or fails its check resumes
// after the last good line and still ends with the uninterrupted run's tables.
TEST(RunnerResumeTest, TornOrCorruptLastJournalLineIsIgnored) {
  TempDir tmp;
  ExperimentConfig full = make_config({"lowest", "random", "heuristic"}, 60, tmp.sub("full"));
  full.chunk = 10;  // 18 chunks
  ASSERT_TRUE(run_experiment(builtin(), full).run.complete);
  const Tables expected = read_tables(full.out_dir, true);

  enum class Damage { kCutMidLine, kCutNewlineOnly, kFlipDigit, kGarbageLine };
  for (Damage damage :
       {Damage::kCutMidLine, Damage::kCutNewlineOnly, Damage::kFlipDigit, Damage::kGarbageLine}) {
    SCOPED_TRACE(static_cast<int>(damage));
    ExperimentConfig c = full;
    c.out_dir = tmp.sub("damaged" + std::to_string(static_cast<int>(damage)));
    RunHooks stop;
    stop.stop_after_chunks = 8;
    ASSERT_FALSE(run_experiment(builtin(), c, stop).run.complete);
    std::string journal = read_text(journal_path(c));
    ASSERT_EQ(count_chunk_lines(journal_path(c)), 8u);
    ASSERT_EQ(journal.back(), '\n');
    const std::size_t last_start = journal.rfind('\n', journal.size() - 2) + 1;
    std::int64_t expected_resumed = 7;
    switch (damage) {
      case Damage::kCutMidLine:  // half of the last line written
        journal.resize(last_start + (journal.size() - last_start) / 2);
        break;
      case Damage::kCutNewlineOnly:  // all but the newline: still cut short
        journal.pop_back();
        break;
      case Damage::kFlipDigit: {  // a changed count, newline intact: fails its check
        const std::size_t digit = journal.find_first_of("123456789", last_start + 6);
        ASSERT_NE(digit, std::string::npos);
        journal[digit] = journal[digit] == '9' ? '8' : static_cast<char>(journal[digit] + 1);
        break;
      }
      case Damage::kGarbageLine:  // a complete last line is kept; garbage after it is not
        journal += "chunk 0 8 80 90 garb";
        expected_resumed = 8;
        break;
    }
    write_text(journal_path(c), journal);
    const auto resumed = run_experiment(builtin(), c);
    ASSERT_TRUE(resumed.run.complete);
    EXPECT_EQ(resumed.run.resumed_chunks, expected_resumed);
    EXPECT_EQ(resumed.run.games_played, (18 - expected_resumed) * 10 * 2);
    expect_same_tables(expected, read_tables(c.out_dir, true));
  }
}

// Issue 8, defect 5: a journal of another experiment (here: another seed) is refused with a
// message naming the first key that differs, never silently thrown away; --restart discards it.
TEST(RunnerResumeTest, JournalOfAnotherExperimentIsRefusedUnlessRestarted) {
  TempDir tmp;
  ExperimentConfig full =
      make_config({"random", "heuristic"}, 50, tmp.sub("full"), Format::kHeadToHead);
  full.chunk = 10;
  ASSERT_TRUE(run_experiment(builtin(), full).run.complete);

  ExperimentConfig other = full;
  other.out_dir = tmp.sub("reused");
  other.seed = full.seed + 1;
  RunHooks stop;
  stop.stop_after_chunks = 3;
  ASSERT_FALSE(run_experiment(builtin(), other, stop).run.complete);
  const std::string journal = read_text(journal_path(other));

  ExperimentConfig c = full;
  c.out_dir = other.out_dir;
  try {
    run_experiment(builtin(), c);
    ADD_FAILURE() << "a journal of another seed was not refused";
  } catch (const ConfigError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("seed"), std::string::npos) << message;
    EXPECT_NE(message.find(std::to_string(other.seed)), std::string::npos) << message;
    EXPECT_NE(message.find("--restart"), std::string::npos) << message;
  }
  EXPECT_EQ(read_text(journal_path(c)), journal) << "a refused run touched the journal";
  RunHooks restart;
  restart.restart = true;
  const auto result = run_experiment(builtin(), c, restart);
  ASSERT_TRUE(result.run.complete);
  EXPECT_EQ(result.run.resumed_chunks, 0);
  expect_same_tables(read_tables(full.out_dir, false), read_tables(c.out_dir, false));
}

// Issue 8, defect 5: a journal whose header is damaged, or of the older v1 format, is an error,
// not an empty journal.
TEST(RunnerResumeTest, DamagedJournalHeaderIsAnError) {
  TempDir tmp;
  ExperimentConfig c =
      make_config({"random", "heuristic"}, 50, tmp.sub("out"), Format::kHeadToHead);
  c.chunk = 10;
  RunHooks stop;
  stop.stop_after_chunks = 2;
  ASSERT_FALSE(run_experiment(builtin(), c, stop).run.complete);
  const std::string good = read_text(journal_path(c));
  std::string changed_key = good;
  changed_key.replace(changed_key.find("key deals = 50"), 14, "key deals = 51");
  const std::vector<std::string> damaged = {"garbage\n", "",
                                            "dominoes-journal v1 0123456789abcdef\n",
                                            good.substr(0, good.find("keys-end")), changed_key};
  for (const std::string& bad : damaged) {
    write_text(journal_path(c), bad);
    EXPECT_THROW(run_experiment(builtin(), c), ConfigError) << bad.substr(0, 40);
    EXPECT_EQ(read_text(journal_path(c)), bad) << "a refused run rewrote the journal";
  }
}

// The thread count is not part of the experiment: a run interrupted on 1 thread resumes on 2.
TEST(RunnerResumeTest, ResumeOnAnotherThreadCount) {
  TempDir tmp;
  ExperimentConfig full =
      make_config({"random", "heuristic"}, 50, tmp.sub("full"), Format::kHeadToHead);
  full.chunk = 10;
  ASSERT_TRUE(run_experiment(builtin(), full).run.complete);
  ExperimentConfig c = full;
  c.out_dir = tmp.sub("resumed");
  c.threads = 1;
  RunHooks stop;
  stop.stop_after_chunks = 2;
  ASSERT_FALSE(run_experiment(builtin(), c, stop).run.complete);
  c.threads = 2;
  const auto result = run_experiment(builtin(), c);
  ASSERT_TRUE(result.run.complete);
  EXPECT_EQ(result.run.resumed_chunks, 2);
  expect_same_tables(read_tables(full.out_dir, false), read_tables(c.out_dir, false));
}

// The games file is cut back to the journalled chunks on resume: records written after the last
// journal line (a kill between the two writes) are dropped, and the file ends byte-identical.
// While the run goes on, records go to FILE.partial (FILE appears only when the run is done).
TEST(RunnerResumeTest, GamesFileIsCutBackOnResume) {
  TempDir tmp;
  ExperimentConfig full =
      make_config({"random", "heuristic"}, 45, tmp.sub("full"), Format::kHeadToHead);
  full.chunk = 10;
  full.games_out = tmp.sub("full_games.jsonl");
  ASSERT_TRUE(run_experiment(builtin(), full).run.complete);
  const std::string expected_games = read_text(full.games_out);
  ASSERT_EQ(split_lines(expected_games).size(), 90u);

  ExperimentConfig c = full;
  c.out_dir = tmp.sub("resumed");
  c.games_out = tmp.sub("resumed_games.jsonl");
  RunHooks stop;
  stop.stop_after_chunks = 2;
  ASSERT_FALSE(run_experiment(builtin(), c, stop).run.complete);
  EXPECT_FALSE(fs::exists(c.games_out));
  EXPECT_EQ(count_lines(c.games_out + ".partial"), 40u);
  {
    std::ofstream extra(c.games_out + ".partial", std::ios::binary | std::ios::app);
    extra << "{\"deal\":20,\"game\":0,\"players\":[\"random\",\"heuris";  // torn record
  }
  const auto result = run_experiment(builtin(), c);
  ASSERT_TRUE(result.run.complete);
  EXPECT_EQ(result.run.resumed_chunks, 2);
  // Same games, but the games-out path is part of the config and differs; compare the records.
  EXPECT_EQ(read_text(c.games_out), expected_games);
  EXPECT_FALSE(fs::exists(c.games_out + ".partial"));
  expect_same_tables(read_tables(full.out_dir, false), read_tables(c.out_dir, false));
}

// ---------------------------------------------------------------------------------------------
// --games-out records

TEST(RunnerGamesOutTest, RecordsReplayLegallyAndAddUpToTheTotals) {
  TempDir tmp;
  ExperimentConfig c =
      make_config({"random", "heuristic"}, 150, tmp.sub("out"), Format::kHeadToHead);
  c.chunk = 16;
  c.games_out = tmp.sub("games.jsonl");
  const auto result = run_experiment(builtin(), c);
  ASSERT_TRUE(result.run.complete);
  const std::vector<Json> records = read_records(c.games_out);
  ASSERT_EQ(records.size(), 2u * 150u);  // deals x 2 with duplicate deals

  std::int64_t a_wins = 0, b_wins = 0, draws = 0, a_net = 0, leader_net = 0;
  for (std::size_t k = 0; k < records.size(); ++k) {
    const Json& r = records[k];
    check_record(r, 6, 7);
    // In deal order, game 0 then game 1.
    EXPECT_EQ(r["deal"].get<std::int64_t>(), static_cast<std::int64_t>(k / 2));
    EXPECT_EQ(r["game"].get<int>(), static_cast<int>(k % 2));
    EXPECT_FALSE(r.contains("match_game"));
    const int a_seat = static_cast<int>(k % 2);
    EXPECT_EQ(r["players"][a_seat].get<std::string>(), "random");
    EXPECT_EQ(r["players"][1 - a_seat].get<std::string>(), "heuristic");
    const int net = r["points"][a_seat].get<int>() - r["points"][1 - a_seat].get<int>();
    a_net += net;
    (net > 0 ? a_wins : net < 0 ? b_wins : draws) += 1;
    const int leader = r["leader"].get<int>();
    leader_net += r["points"][leader].get<int>() - r["points"][1 - leader].get<int>();
    if (k % 2 == 1) {
      // Game 1 of a pair: the same hands and leader, the players swapped.
      const Json& g0 = records[k - 1];
      EXPECT_EQ(r["hands"], g0["hands"]);
      EXPECT_EQ(r["leader"], g0["leader"]);
      EXPECT_EQ(r["players"][0], g0["players"][1]);
      EXPECT_EQ(r["players"][1], g0["players"][0]);
    }
  }
  // The tables count exactly what the records show.
  const PairingTotals& t = result.run.tasks.at(0).totals;
  EXPECT_EQ(t.games, 300);
  EXPECT_EQ(t.a_wins, a_wins);
  EXPECT_EQ(t.b_wins, b_wins);
  EXPECT_EQ(t.draws, draws);
  EXPECT_EQ(t.a_net.sum, a_net);
  EXPECT_EQ(t.leader_games, 300);
  EXPECT_EQ(t.leader_net, leader_net);
  // Different deals really differ (the records are not all one game).
  std::set<std::string> distinct;
  for (const Json& r : records) distinct.insert(r["hands"].dump());
  EXPECT_EQ(distinct.size(), 150u);
}

TEST(RunnerGamesOutTest, RecordsOfAnotherVariantAndOfSingleGames) {
  TempDir tmp;
  ExperimentConfig c =
      make_config({"lowest", "heuristic"}, 40, tmp.sub("out"), Format::kHeadToHead);
  c.duplicate = false;
  c.rules.max_pip = 9;
  c.rules.hand_size = 12;
  c.games_out = tmp.sub("games.jsonl");
  ASSERT_TRUE(run_experiment(builtin(), c).run.complete);
  const std::vector<Json> records = read_records(c.games_out);
  ASSERT_EQ(records.size(), 40u);  // one game per deal without duplicate deals
  for (std::size_t k = 0; k < records.size(); ++k) {
    check_record(records[k], 9, 12);
    EXPECT_EQ(records[k]["deal"].get<std::int64_t>(), static_cast<std::int64_t>(k));
    EXPECT_EQ(records[k]["game"].get<int>(), 0);
    EXPECT_EQ(records[k]["players"][0].get<std::string>(), "lowest");
  }
}

// ---------------------------------------------------------------------------------------------
// Match mode

TEST(RunnerMatchTest, EveryMatchEndsWhenATotalFirstExceedsTheTarget) {
  TempDir tmp;
  ExperimentConfig c =
      make_config({"random", "heuristic"}, 30, tmp.sub("out"), Format::kHeadToHead);
  c.rules.match_target = 50;
  c.chunk = 7;
  c.games_out = tmp.sub("games.jsonl");
  const auto result = run_experiment(builtin(), c);
  ASSERT_TRUE(result.run.complete);
  const std::vector<Json> records = read_records(c.games_out);

  // Group by (deal, game), keeping file order.
  std::map<std::pair<std::int64_t, int>, std::vector<const Json*>> matches;
  for (const Json& r : records) {
    ASSERT_TRUE(r.contains("match_game")) << r.dump();
    matches[{r["deal"].get<std::int64_t>(), r["game"].get<int>()}].push_back(&r);
  }
  ASSERT_EQ(matches.size(), 60u);  // 30 deals x 2 matches

  std::int64_t a_wins = 0, b_wins = 0, a_net = 0;
  std::size_t total_games = 0;
  for (const auto& [key, games] : matches) {
    SCOPED_TRACE("deal " + std::to_string(key.first) + " game " + std::to_string(key.second));
    std::array<int, 2> totals{};
    for (std::size_t g = 0; g < games.size(); ++g) {
      const Json& r = *games[g];
      check_record(r, 6, 7);
      EXPECT_EQ(r["match_game"].get<std::size_t>(), g);
      EXPECT_EQ(r["players"], games[0]->at("players")) << "seats change within a match";
      for (int s = 0; s < 2; ++s) totals[s] += r["points"][s].get<int>();
      const bool over = totals[0] > 50 || totals[1] > 50;
      if (g + 1 < games.size())
        EXPECT_FALSE(over) << "match went on after " << totals[0] << ":" << totals[1];
      else
        EXPECT_TRUE(over) << "match stopped at " << totals[0] << ":" << totals[1];
    }
    // Exactly one seat can cross: only one seat scores in a game.
    EXPECT_NE(totals[0] > 50, totals[1] > 50);
    total_games += games.size();
    const int a_seat = key.second;  // A sits in seat 0 in game 0, in seat 1 in game 1
    EXPECT_EQ(games[0]->at("players")[a_seat].get<std::string>(), "random");
    (totals[a_seat] > 50 ? a_wins : b_wins) += 1;
    a_net += totals[a_seat] - totals[1 - a_seat];
    // The duplicate match replays the same deals with the players swapped.
    if (key.second == 1) {
      const auto& other = matches.at({key.first, 0});
      for (std::size_t g = 0; g < std::min(games.size(), other.size()); ++g) {
        EXPECT_EQ(games[g]->at("hands"), other[g]->at("hands"));
        EXPECT_EQ(games[g]->at("leader"), other[g]->at("leader"));
      }
    }
  }
  EXPECT_EQ(total_games, records.size());
  EXPECT_GT(total_games, 60u * 2u) << "matches to 50 take more than one game";
  // The tables count matches, as the records show them.
  const PairingTotals& t = result.run.tasks.at(0).totals;
  EXPECT_EQ(t.games, 60);
  EXPECT_EQ(t.a_wins, a_wins);
  EXPECT_EQ(t.b_wins, b_wins);
  EXPECT_EQ(t.draws, 0);
  EXPECT_EQ(t.a_net.sum, a_net);
  EXPECT_EQ(t.leader_games, static_cast<std::int64_t>(total_games));
}

// ---------------------------------------------------------------------------------------------
// A registry of the test's own

// Plays the first legal move, and counts its calls over all its clones (the runner gives each
// thread its own clone).
class FirstMoveStrategy final : public strategies::Strategy {
 public:
  explicit FirstMoveStrategy(std::shared_ptr<std::atomic<std::int64_t>> calls)
      : calls_(std::move(calls)) {}
  dominoes::Move choose(const dominoes::Observation&, const dominoes::MoveList& legal,
                        dominoes::Rng&) override {
    ++*calls_;
    return legal[0];
  }
  std::unique_ptr<strategies::Strategy> clone() const override {
    return std::make_unique<FirstMoveStrategy>(calls_);
  }

 private:
  std::shared_ptr<std::atomic<std::int64_t>> calls_;
};

// The move a game record's entry describes, with the placement read as the record writes it.
dominoes::Move move_of(const Json& m, int max_pip) {
  if (m.contains("pass")) return dominoes::Move::pass();
  const dominoes::Tile tile = tile_of(m["tile"].get<std::string>(), max_pip);
  if (!m.contains("end")) return dominoes::Move(tile, dominoes::Placement::kLead);
  return dominoes::Move(tile,
                        m["end"] == "L" ? dominoes::Placement::kLeft : dominoes::Placement::kRight);
}

TEST(RunnerRegistryTest, SeatsAStrategyFromTheRegistryItIsGiven) {
  TempDir tmp;
  const auto calls = std::make_shared<std::atomic<std::int64_t>>(0);
  strategies::Registry registry;
  registry.add({"first",
                "test only: the first legal move",
                "",
                "",
                false,
                {},
                [calls](const strategies::ParamValues&) {
                  return strategies::Player(std::make_unique<FirstMoveStrategy>(calls));
                }});
  registry.add(strategies::lowest_strategy_info());
  ExperimentConfig c = make_config({"first", "lowest"}, 120, tmp.sub("out"), Format::kHeadToHead);
  c.chunk = 16;
  c.games_out = tmp.sub("games.jsonl");
  // The built-in registry has no `first`: the runner makes players with the registry it is given.
  EXPECT_THROW(run_experiment(builtin(), c), ConfigError);
  const auto result = run_experiment(registry, c);
  ASSERT_TRUE(result.run.complete);
  EXPECT_EQ(result.run.tasks.at(0).totals.games, 240);

  // Replayed independently: at every real choice (two or more legal moves) of the seat holding
  // `first`, the record shows the first legal move, and those choices are exactly its calls.
  const std::vector<Json> records = read_records(c.games_out);
  ASSERT_EQ(records.size(), 240u);
  std::int64_t choices = 0;
  for (const Json& r : records) {
    check_record(r, 6, 7);
    const int first_seat = r["players"][0] == "first" ? 0 : 1;
    ASSERT_EQ(r["players"][1 - first_seat], "lowest");
    std::array<dominoes::TileSet, 2> hands{};
    for (int s = 0; s < 2; ++s)
      for (const Json& t : r["hands"][s]) hands[s].insert(tile_of(t.get<std::string>(), 6));
    dominoes::State state = dominoes::start_state(hands[0], hands[1], r["leader"].get<int>());
    for (const Json& m : r["moves"]) {
      const dominoes::MoveList legal = dominoes::legal_moves(state);
      const dominoes::Move move = move_of(m, 6);
      if (state.to_move == first_seat && legal.size() >= 2) {
        ++choices;
        EXPECT_EQ(move, legal[0]) << m.dump();
      }
      dominoes::apply(state, move);
    }
  }
  EXPECT_GT(choices, 0);
  EXPECT_EQ(choices, calls->load());
}

// ---------------------------------------------------------------------------------------------
// Schedule

TEST(ScheduleTest, RoundRobinPairsEveryTwoPlayersOnceInTableOrder) {
  const std::vector<Pairing> four = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  EXPECT_EQ(make_schedule(Format::kRoundRobin, 4), four);
  const std::vector<Pairing> three = {{0, 1}, {0, 2}, {1, 2}};
  EXPECT_EQ(make_schedule(Format::kRoundRobin, 3), three);
  const std::vector<Pairing> two = {{0, 1}};
  EXPECT_EQ(make_schedule(Format::kRoundRobin, 2), two);
  EXPECT_EQ(make_schedule(Format::kRoundRobin, 5).size(), 10u);  // 5 choose 2
}

TEST(ScheduleTest, GauntletPairsTheFirstPlayerWithEachOther) {
  const std::vector<Pairing> four = {{0, 1}, {0, 2}, {0, 3}};
  EXPECT_EQ(make_schedule(Format::kGauntlet, 4), four);
  const std::vector<Pairing> two = {{0, 1}};
  EXPECT_EQ(make_schedule(Format::kGauntlet, 2), two);
}

TEST(ScheduleTest, HeadToHeadIsOnePairing) {
  const std::vector<Pairing> one = {{0, 1}};
  EXPECT_EQ(make_schedule(Format::kHeadToHead, 2), one);
}

TEST(ScheduleTest, GauntletRunWritesOneRowPerChallengerAndNoCrossTable) {
  TempDir tmp;
  ExperimentConfig c =
      make_config({"heuristic", "random", "lowest"}, 20, tmp.sub("out"), Format::kGauntlet);
  const auto result = run_experiment(builtin(), c);
  ASSERT_TRUE(result.run.complete);
  ASSERT_EQ(result.run.tasks.size(), 2u);
  EXPECT_EQ(result.run.tasks[0].player_a, "heuristic");
  EXPECT_EQ(result.run.tasks[0].player_b, "random");
  EXPECT_EQ(result.run.tasks[1].player_a, "heuristic");
  EXPECT_EQ(result.run.tasks[1].player_b, "lowest");
  const auto lines = split_lines(read_text(c.out_dir + "/summary.csv"));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1].rfind("heuristic,random,40,", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2].rfind("heuristic,lowest,40,", 0), 0u) << lines[2];
  EXPECT_FALSE(fs::exists(c.out_dir + "/crosstable_points.csv"));
  EXPECT_TRUE(fs::exists(c.out_dir + "/config.cfg"));
}

// The round robin's cross table agrees with the summary rows, from both sides.
TEST(ScheduleTest, RoundRobinCrossTableMatchesSummaryRows) {
  TempDir tmp;
  ExperimentConfig c = make_config({"lowest", "random", "heuristic"}, 50, tmp.sub("out"));
  ASSERT_TRUE(run_experiment(builtin(), c).run.complete);
  const auto rows = split_lines(read_text(c.out_dir + "/summary.csv"));
  const auto cross = split_lines(read_text(c.out_dir + "/crosstable_points.csv"));
  ASSERT_EQ(rows.size(), 4u);
  ASSERT_EQ(cross.size(), 4u);
  EXPECT_EQ(cross[0], "player,lowest,random,heuristic");
  std::vector<std::vector<std::string>> m;
  for (std::size_t i = 1; i < cross.size(); ++i) {
    auto f = csv_fields(cross[i]);
    f.resize(4);  // a trailing empty diagonal cell is dropped by getline
    m.push_back(f);
  }
  const std::vector<std::pair<int, int>> pairs = {{0, 1}, {0, 2}, {1, 2}};
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const auto [a, b] = pairs[k];
    const double ppg = std::stod(csv_fields(rows[k + 1])[6]);
    EXPECT_NEAR(std::stod(m[a][b + 1]), ppg, 1e-9);
    EXPECT_NEAR(std::stod(m[b][a + 1]), -ppg, 1e-9);
  }
  for (int i = 0; i < 3; ++i) EXPECT_EQ(m[i][i + 1], "") << "diagonal not empty";
}

// Issue 8, defect 4: a games file that no longer holds what the journal recorded (cut short,
// deleted, or cut inside a record) is refused on resume, never padded with NUL bytes; --restart
// replays every deal and ends with the complete file.
TEST(RunnerResumeTest, GamesFileThatDoesNotMatchTheJournalIsRefused) {
  TempDir tmp;
  ExperimentConfig full =
      make_config({"random", "heuristic"}, 45, tmp.sub("full"), Format::kHeadToHead);
  full.chunk = 10;
  full.games_out = tmp.sub("games.jsonl");
  ASSERT_TRUE(run_experiment(builtin(), full).run.complete);
  const std::string expected_games = read_text(full.games_out);

  enum class Damage { kCut, kDeleted, kCutInsideRecord };
  for (Damage damage : {Damage::kCut, Damage::kDeleted, Damage::kCutInsideRecord}) {
    SCOPED_TRACE(static_cast<int>(damage));
    ExperimentConfig c = full;
    c.out_dir = tmp.sub("out" + std::to_string(static_cast<int>(damage)));
    c.games_out = tmp.sub("games" + std::to_string(static_cast<int>(damage)) + ".jsonl");
    RunHooks stop;
    stop.stop_after_chunks = 3;
    ASSERT_FALSE(run_experiment(builtin(), c, stop).run.complete);
    const std::string partial = c.games_out + ".partial";
    const std::string records = read_text(partial);
    if (damage == Damage::kDeleted) fs::remove(partial);
    if (damage == Damage::kCut) write_text(partial, records.substr(0, records.size() / 2));
    if (damage == Damage::kCutInsideRecord) {  // same size, but the last newline is gone
      std::string changed = records;
      changed.back() = 'x';
      write_text(partial, changed);
    }
    EXPECT_THROW(run_experiment(builtin(), c), ConfigError);
    if (damage != Damage::kDeleted) {
      EXPECT_EQ(read_text(partial).find('\0'), std::string::npos) << "padded with NUL bytes";
    }
    RunHooks restart;
    restart.restart = true;
    ASSERT_TRUE(run_experiment(builtin(), c, restart).run.complete);
    EXPECT_EQ(read_text(c.games_out), expected_games);
  }
}

// Issue 8, defect 4: one run at a time per output directory. While a run holds the lock, a
// second is refused with a message naming the holder's process id; after it, the lock is free.
TEST(RunnerLockTest, SecondRunOnOneDirectoryIsRefused) {
  TempDir tmp;
  ExperimentConfig c =
      make_config({"random", "heuristic"}, 20, tmp.sub("out"), Format::kHeadToHead);
  fs::create_directories(c.out_dir);
  {
    const OutputLock held = OutputLock::acquire(c.out_dir);
    try {
      run_experiment(builtin(), c);
      ADD_FAILURE() << "a second run on a locked directory was not refused";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(std::to_string(::getpid())), std::string::npos)
          << e.what();
    }
    EXPECT_FALSE(fs::exists(c.out_dir + "/summary.csv"));
  }
  ASSERT_TRUE(run_experiment(builtin(), c).run.complete);
  EXPECT_FALSE(fs::exists(c.out_dir + "/" + kLockFile)) << "the lock file was left behind";
}

// Issue 20: a holder takes the lock, then writes its process id. A run refused in between read
// the file empty (or a killed run's stale id) and said "process unknown"; it now waits for the
// id. Here the "holder" is another descriptor of this process, which writes its id 50 ms late
// over a stale id of a process that no longer exists.
TEST(RunnerLockTest, TheRefusalNamesAHolderThatWritesItsIdLate) {
  // Empty (the id not written yet), and a stale id above Linux's largest: no such process.
  for (const std::string& before : {std::string(), std::string("2147483646\n")}) {
    TempDir tmp;
    const std::string dir = tmp.sub("out");
    fs::create_directories(dir);
    const std::string path = dir + "/" + kLockFile;
    write_text(path, before);
    const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
    std::thread holder([fd] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const std::string pid = std::to_string(::getpid()) + "\n";
      EXPECT_EQ(::ftruncate(fd, 0), 0);
      EXPECT_EQ(::pwrite(fd, pid.data(), pid.size(), 0), static_cast<ssize_t>(pid.size()));
    });
    std::string refusal = "(not refused)";
    try {
      OutputLock::acquire(dir);
    } catch (const ConfigError& e) {
      refusal = e.what();
    }
    holder.join();
    ::close(fd);
    EXPECT_NE(refusal.find("(process " + std::to_string(::getpid()) + ")"), std::string::npos)
        << refusal;
  }
}

// Issue 8, defect 3: a match that reaches the game limit is reported as undecided by the match
// loop (and is an error of the run), never as a draw.
TEST(RunnerMatchTest, MatchThatReachesTheGameLimitIsUndecided) {
  dominoes::Rules rules;
  rules.match_target = 1000;  // about a hundred games: three cannot reach it
  auto a = strategies::Registry::builtin().make("random");
  auto b = strategies::Registry::builtin().make("random");
  const MatchOutcome m = play_match(rules, 7, 0, {&a, &b}, nullptr, 3);
  EXPECT_FALSE(m.decided);
  EXPECT_EQ(m.games, 3);
  EXPECT_LE(std::max(m.totals[0], m.totals[1]), rules.match_target);
}

// A 2 x 2 grid sweep (issue 10): every row, with its sweep columns, equals a separate run of that
// grid point's lineup (deals depend on the seed and the deal index only), in grid order.
TEST(RunnerGridTest, EveryGridRowEqualsARunOfItsLineup) {
  TempDir tmp;
  ExperimentConfig grid =
      make_config({"playout(playouts=3)", "random"}, 20, tmp.sub("grid"), Format::kHeadToHead);
  grid.grid = {{0, "playouts", {"2", "5"}}, {0, "rollout", {"random", "lowest"}}};
  ASSERT_TRUE(run_experiment(builtin(), grid).run.complete);
  const auto rows = split_lines(csv_without_timings(read_text(grid.out_dir + "/summary.csv")));
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].rfind("1.playouts,1.rollout,player_a,player_b,", 0), 0u) << rows[0];
  const std::pair<const char*, const char*> points[] = {
      {"2", "random"}, {"2", "lowest"}, {"5", "random"}, {"5", "lowest"}};
  for (std::size_t i = 0; i < 4; ++i) {
    const std::string spec =
        std::string("playout(playouts=") + points[i].first + ",rollout=" + points[i].second + ")";
    ExperimentConfig one =
        make_config({spec, "random"}, 20, tmp.sub("one" + std::to_string(i)), Format::kHeadToHead);
    ASSERT_TRUE(run_experiment(builtin(), one).run.complete);
    const auto alone = split_lines(csv_without_timings(read_text(one.out_dir + "/summary.csv")));
    ASSERT_EQ(alone.size(), 2u);
    EXPECT_EQ(rows[i + 1], std::string(points[i].first) + "," + points[i].second + "," + alone[1]);
  }
  EXPECT_FALSE(fs::exists(grid.out_dir + "/crosstable_points.csv"));
}

// ---------------------------------------------------------------------------------------------
// Three and four seats (docs/rules.md, "Three and four seats"; seating.h)

// The tables of `players` at a table of `seats` seats (partners or not), single hands or matches.
ExperimentConfig table_config(std::vector<std::string> players, int seats, bool partners,
                              int target, const std::string& out) {
  ExperimentConfig c = make_config(std::move(players), 60, out, Format::kHeadToHead);
  c.rules = dominoes::table_rules(seats);
  c.rules.partners = partners;
  c.rules.match_target = target;
  c.chunk = 7;
  return c;
}

TEST(RunnerTableTest, ThreadCountDoesNotChangeTablesAtMoreSeats) {
  TempDir tmp;
  struct Table {
    int seats;
    bool partners;
    int target;
  };
  for (const Table& t :
       {Table{4, true, 0}, Table{4, false, 0}, Table{3, false, 0}, Table{4, true, 40}}) {
    SCOPED_TRACE(std::to_string(t.seats) + (t.partners ? " partners" : " cut-throat") + " target " +
                 std::to_string(t.target));
    const std::string name =
        std::to_string(t.seats) + std::to_string(t.partners) + std::to_string(t.target);
    ExperimentConfig one =
        table_config({"heuristic", "random"}, t.seats, t.partners, t.target, tmp.sub(name + "-1"));
    one.threads = 1;
    ExperimentConfig two = one;
    two.threads = 2;
    two.out_dir = tmp.sub(name + "-2");
    const auto r1 = run_experiment(builtin(), one);
    ASSERT_TRUE(r1.run.complete);
    ASSERT_TRUE(run_experiment(builtin(), two).run.complete);
    expect_same_tables(read_tables(one.out_dir, false), read_tables(two.out_dir, false));
    // Every deal is played once per seating: 2, or 6 with three seats (seating.h).
    const PairingTotals& totals = r1.run.tasks[0].totals;
    EXPECT_EQ(totals.games, 60 * (t.seats == 3 ? 6 : 2));
    EXPECT_EQ(totals.a_wins + totals.draws + totals.b_wins, totals.games);
  }
}

TEST(RunnerTableTest, IdenticalSidesNetExactlyZeroOnEveryDeal) {
  // The seats draw from their own streams (seed, deal, game, seat), so identical sides replay the
  // same game in every seating, and exchanging the sides nets every deal to zero.
  for (const auto& [seats, partners] :
       {std::pair{4, true}, std::pair{4, false}, std::pair{3, false}}) {
    SCOPED_TRACE(std::to_string(seats) + (partners ? " partners" : " cut-throat"));
    ExperimentConfig c = table_config({"random", "random"}, seats, partners, 0, "unused");
    strategies::Player a = builtin().make("random");
    strategies::Player b = builtin().make("random");
    const std::array<std::string, 2> specs = {"random", "random"};
    for (std::int64_t i = 0; i < 200; ++i) {
      const DealTally t =
          play_deal({.config = c, .deal_index = i, .players = {&a, &b}, .specs = specs});
      ASSERT_EQ(t.games, seats == 3 ? 6 : 2);
      ASSERT_EQ(t.a_net, 0) << "deal " << i;
      ASSERT_EQ(t.a_wins, t.b_wins) << "deal " << i;
    }
  }
}

TEST(RunnerTableTest, APairOfPartnersSitsInItsSidesSeatsAndTheRecordsSayWho) {
  TempDir tmp;
  ExperimentConfig c = table_config({"heuristic & lowest", "random"}, 4, true, 0, tmp.sub("pair"));
  c.deals = 20;
  c.games_out = tmp.sub("pair.jsonl");
  ASSERT_TRUE(run_experiment(builtin(), c).run.complete);
  int records = 0;
  for (const std::string& line : split_lines(read_text(c.games_out))) {
    const auto j = nlohmann::json::parse(line);
    const int game = j.at("game").get<int>();  // 0: A's team in seats 0 and 2; 1: in 1 and 3
    const std::vector<std::string> want =
        game == 0 ? std::vector<std::string>{"heuristic", "random", "lowest", "random"}
                  : std::vector<std::string>{"random", "heuristic", "random", "lowest"};
    EXPECT_EQ(j.at("players").get<std::vector<std::string>>(), want) << line;
    EXPECT_EQ(j.at("teams").get<std::vector<int>>(), (std::vector<int>{0, 1, 0, 1}));
    ++records;
  }
  EXPECT_EQ(records, 40);
  // The same pair at a table without partnerships is refused before any game.
  ExperimentConfig cut = table_config({"heuristic & lowest", "random"}, 4, false, 0, tmp.sub("c"));
  EXPECT_THROW(run_experiment(builtin(), cut), ConfigError);
}

}  // namespace
}  // namespace tournament
