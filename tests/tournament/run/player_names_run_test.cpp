// Players' display names through a whole run (config/player_names.h): a named run's machine
// tables equal an unnamed run's byte for byte (the measured times aside), its tables for people
// show the names where the unnamed run shows the specs, summary.json carries them, renaming the
// players resumes the journal, and the progress labels are the names. Every expectation is the
// unnamed run of the same experiment or text written out here by hand.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/live_progress.h"
#include "arena/tournament/run/progress.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using Json = nlohmann::json;
using test_files::csv_without_timings;
using test_files::markdown_without_timings;
using test_files::read_text;
using test_files::TempDir;

// A quick round robin of three built-in strategies, `players` written as the user would.
ExperimentConfig named_run_config(std::vector<std::string> players, const std::string& out) {
  ExperimentConfig c;
  c.name = "names";
  c.players = std::move(players);
  c.deals = 60;
  c.chunk = 10;
  c.seed = 77;
  c.threads = 2;
  c.quiet = true;
  c.out_dir = out;
  validate(c, strategies::Registry::builtin());
  return c;
}

const std::vector<std::string> kUnnamed = {"heuristic", "random", "lowest"};
const std::vector<std::string> kNamed = {"H: heuristic", "R2: random", "low.1: lowest"};

// Returns `text` with every "| FROM |"-delimited cell FROM replaced by TO, for each pair.
std::string with_cells(std::string text,
                       const std::vector<std::pair<std::string, std::string>>& swaps) {
  for (const auto& [from, to] : swaps)
    for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
      text.replace(at, from.size(), to);
  return text;
}

constexpr const char* kLegend =
    "\nPlayers by name:\n\n- H: `heuristic`\n- R2: `random`\n- low.1: `lowest`\n";

TEST(PlayerNamesRunTest, NamesChangeOnlyTheTablesForPeople) {
  TempDir tmp;
  const ExperimentConfig unnamed = named_run_config(kUnnamed, tmp.sub("unnamed"));
  const ExperimentConfig named = named_run_config(kNamed, tmp.sub("named"));
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), unnamed).run.complete);
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), named).run.complete);
  const auto in = [](const ExperimentConfig& c, const std::string& file) {
    return read_text(c.out_dir + "/" + file);
  };

  // The machine tables: byte for byte.
  EXPECT_EQ(csv_without_timings(in(named, "summary.csv")),
            csv_without_timings(in(unnamed, "summary.csv")));
  for (const char* file : {"crosstable_points.csv", "crosstable_winrate.csv",
                           "crosstable_points_ci95.csv", "ratings.csv"})
    EXPECT_EQ(in(named, file), in(unnamed, file)) << file;

  // summary.md: the names in the players' cells, then the legend.
  const std::string unnamed_md = markdown_without_timings(in(unnamed, "summary.md"));
  EXPECT_EQ(unnamed_md.find("Players by name"), std::string::npos);
  EXPECT_NE(unnamed_md.find("| heuristic | random | 120 |"), std::string::npos) << unnamed_md;
  EXPECT_EQ(markdown_without_timings(in(named, "summary.md")),
            with_cells(unnamed_md, {{"| heuristic |", "| H |"},
                                    {"| random |", "| R2 |"},
                                    {"| lowest |", "| low.1 |"}}) +
                kLegend);

  // crosstable.md and ratings.md likewise.
  EXPECT_EQ(in(named, "crosstable.md"),
            with_cells(in(unnamed, "crosstable.md"), {{"| 1. heuristic |", "| 1. H |"},
                                                      {"| 2. random |", "| 2. R2 |"},
                                                      {"| 3. lowest |", "| 3. low.1 |"}}) +
                kLegend);
  EXPECT_EQ(in(named, "ratings.md"),
            with_cells(in(unnamed, "ratings.md"), {{"| heuristic |", "| H |"},
                                                   {"| random |", "| R2 |"},
                                                   {"| lowest |", "| low.1 |"}}) +
                kLegend);

  // config.cfg keeps the names; summary.json carries them beside the specs.
  EXPECT_NE(in(named, "config.cfg")
                .find("player = H: heuristic\nplayer = R2: random\n"
                      "player = low.1: lowest\n"),
            std::string::npos);
  const Json doc = Json::parse(in(named, "summary.json"));
  ASSERT_EQ(doc["rows"].size(), 3u);
  const std::vector<std::array<const char*, 4>> rows = {{"heuristic", "random", "H", "R2"},
                                                        {"heuristic", "lowest", "H", "low.1"},
                                                        {"random", "lowest", "R2", "low.1"}};
  for (std::size_t k = 0; k < rows.size(); ++k) {
    EXPECT_EQ(doc["rows"][k]["player_a"], rows[k][0]);
    EXPECT_EQ(doc["rows"][k]["player_b"], rows[k][1]);
    EXPECT_EQ(doc["rows"][k]["name_a"], rows[k][2]);
    EXPECT_EQ(doc["rows"][k]["name_b"], rows[k][3]);
  }
  EXPECT_EQ(doc["ratings"]["players"][1]["player"], "random");
  EXPECT_EQ(doc["ratings"]["players"][1]["name"], "R2");
  EXPECT_EQ(doc["config"]["player"], Json({"heuristic", "random", "lowest"}));
  const Json plain = Json::parse(in(unnamed, "summary.json"));
  EXPECT_FALSE(plain["rows"][0].contains("name_a"));
  EXPECT_FALSE(plain["ratings"]["players"][0].contains("name"));
}

TEST(PlayerNamesRunTest, RenamedPlayersResumeTheJournal) {
  TempDir tmp;
  const ExperimentConfig whole = named_run_config(kUnnamed, tmp.sub("whole"));
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), whole).run.complete);

  const ExperimentConfig first = named_run_config(kNamed, tmp.sub("renamed"));
  RunHooks stop;
  stop.stop_after_chunks = 8;  // of 3 pairings x 6 chunks
  EXPECT_FALSE(run_experiment(strategies::Registry::builtin(), first, stop).run.complete);

  const ExperimentConfig renamed =
      named_run_config({"Heur: heuristic", "random", "L: lowest"}, tmp.sub("renamed"));
  const auto second = run_experiment(strategies::Registry::builtin(), renamed);
  ASSERT_TRUE(second.run.complete);
  EXPECT_EQ(second.run.resumed_chunks, 8);
  EXPECT_EQ(csv_without_timings(read_text(renamed.out_dir + "/summary.csv")),
            csv_without_timings(read_text(whole.out_dir + "/summary.csv")));
  const std::string md = read_text(renamed.out_dir + "/summary.md");
  EXPECT_NE(md.find("| Heur | random | 120 |"), std::string::npos) << md;
  EXPECT_NE(md.find("- L: `lowest`"), std::string::npos) << md;
}

TEST(PlayerNamesRunTest, TheProgressLineShowsNamesElseShortLabels) {
  TempDir tmp;
  const ExperimentConfig c = named_run_config(
      {"M: minimax(scenarios=3,depth=0)", "playout(playouts=4,rollout=random,crn=true)"},
      tmp.sub("out"));
  LiveProgress live;
  RunHooks hooks;
  hooks.progress = &live;
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), c, hooks).run.complete);
  const ProgressSnapshot s = live.snapshot();
  ASSERT_EQ(s.pairings.size(), 1u);
  EXPECT_EQ(s.pairings[0].label_a, "M");
  EXPECT_EQ(s.pairings[0].label_b, "playout(playouts=4)");
  EXPECT_EQ(s.pairings[0].player_b, "playout(playouts=4,rollout=random,crn=true)");
  EXPECT_NE(progress_text(s).find("[1/1] M vs playout(playouts=4) "), std::string::npos)
      << progress_text(s);
}

}  // namespace
}  // namespace tournament
