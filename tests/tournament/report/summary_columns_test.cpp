// summary.csv's column table (summary_columns.h) against the files made from it and the committed
// results: the header is the 36 columns written out below (results/README.md's order), summary.json
// rows hold exactly those members with null where the CSV cell is empty, ratings.csv's header is
// its own list, and every committed results/*/summary.csv is either in the current format or
// listed below as an old one.
#include "arena/tournament/report/summary_columns.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/report/ratings.h"
#include "arena/tournament/report/summary.h"
#include "arena/tournament/report/summary_json.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

// Written out by hand, in results/README.md's order.
const std::vector<std::string> kColumns = {"player_a",
                                           "player_b",
                                           "games",
                                           "a_wins",
                                           "draws",
                                           "b_wins",
                                           "a_points_per_game",
                                           "a_points_ci95",
                                           "a_win_rate",
                                           "a_win_rate_ci95_low",
                                           "a_win_rate_ci95_high",
                                           "p_value",
                                           "leader_points_per_game",
                                           "a_forfeits",
                                           "b_forfeits",
                                           "deals_played",
                                           "sprt_llr",
                                           "sprt_lower",
                                           "sprt_upper",
                                           "sprt_decision",
                                           "penta_ll",
                                           "penta_ld",
                                           "penta_d",
                                           "penta_wd",
                                           "penta_ww",
                                           "penta_score",
                                           "normalized_elo",
                                           "normalized_elo_ci95_low",
                                           "normalized_elo_ci95_high",
                                           "a_points_per_game_cv",
                                           "a_points_ci95_cv",
                                           "cv_beta",
                                           "cv_rho",
                                           "a_ms_per_decision",
                                           "b_ms_per_decision",
                                           "seconds"};

// Committed result folders still in an older column format, to be regenerated (issue 21). A
// folder regenerated in the current format must leave this list, and no other may join it.
const std::set<std::string> kOldFormat = {};

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  for (char c : line) {
    if (c == ',')
      cells.push_back(cell), cell.clear();
    else
      cell += c;
  }
  cells.push_back(cell);
  return cells;
}

// A row with an SPRT, duplicate deals, no control variate and no timed decision for B, in a
// two-parameter sweep.
SummaryRow sample_row() {
  SummaryRow r;
  r.sweep = {{"1.scenarios", "50"}, {"2.depth", "0"}};
  r.player_a = "minimax(scenarios=50)";
  r.player_b = "random";
  r.games = 20, r.a_wins = 12, r.draws = 2, r.b_wins = 6;
  r.a_points_per_game = 1.25, r.a_points_ci95 = 0.5, r.p_value = 0.01234567;
  r.deals_played = 10;
  r.has_sprt = true, r.sprt_llr = 1.5, r.sprt_lower = -2.9, r.sprt_upper = 2.9;
  r.has_penta = true, r.penta = {1, 2, 3, 2, 2};
  r.penta_estimate.score = 0.6;
  r.penta_estimate.normalized_elo = std::numeric_limits<double>::quiet_NaN();  // undefined
  r.a_decisions = 40, r.a_ms_per_decision = 0.125, r.b_decisions = 0;
  r.seconds = 1.5;
  return r;
}

TEST(SummaryColumnsTest, TheHeaderIsTheThirtySixColumns) {
  std::vector<std::string> names;
  for (const auto& column : summary_columns()) names.push_back(column.name);
  EXPECT_EQ(names, kColumns);
  SummaryRow plain = sample_row();
  plain.sweep.clear();
  const auto lines = test_files::split_lines(summary_csv({plain}));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(split(lines[0]), kColumns);
  EXPECT_EQ(split(lines[1]).size(), kColumns.size());
}

TEST(SummaryColumnsTest, CellsReadAsTheyAlwaysDid) {
  const auto lines = test_files::split_lines(summary_csv({sample_row()}));
  const auto header = split(lines[0]);
  const auto cells = split(lines[1]);
  ASSERT_EQ(header.size(), cells.size());
  auto cell = [&](const std::string& name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return cells[i];
    ADD_FAILURE() << "no column " << name;
    return std::string();
  };
  EXPECT_EQ(header[0], "1.scenarios");
  EXPECT_EQ(header[1], "2.depth");
  EXPECT_EQ(cell("1.scenarios"), "50");
  EXPECT_EQ(cell("a_points_per_game"), "1.2500");
  EXPECT_EQ(cell("p_value"), "0.01235");  // four significant digits
  EXPECT_EQ(cell("sprt_llr"), "1.5000");
  EXPECT_EQ(cell("sprt_decision"), "no decision");
  EXPECT_EQ(cell("penta_d"), "3");
  EXPECT_EQ(cell("normalized_elo"), "");        // undefined
  EXPECT_EQ(cell("a_points_per_game_cv"), "");  // control variate off
  EXPECT_EQ(cell("a_ms_per_decision"), "0.1250");
  EXPECT_EQ(cell("b_ms_per_decision"), "");  // nothing timed
  EXPECT_EQ(cell("seconds"), "1.500");
}

TEST(SummaryColumnsTest, SummaryJsonRowsHoldEveryColumnNullWhereTheCsvCellIsEmpty) {
  ExperimentConfig config = default_experiment();
  config.out_dir = "out";
  const SummaryRow row = sample_row();
  const auto json = nlohmann::json::parse(summary_json({row}, config, {}));
  const auto& member = json.at("rows").at(0);
  const auto lines = test_files::split_lines(summary_csv({row}));
  const auto header = split(lines[0]);
  const auto cells = split(lines[1]);
  std::set<std::string> members;
  for (const auto& [name, value] : member.items()) members.insert(name);
  EXPECT_EQ(members, std::set<std::string>(header.begin(), header.end()));
  for (std::size_t i = 0; i < header.size(); ++i) {
    SCOPED_TRACE(header[i]);
    EXPECT_EQ(member.at(header[i]).is_null(), cells[i].empty());
  }
  EXPECT_EQ(member.at("p_value").get<double>(), 0.01234567);  // the value, not the CSV's rounding
}

TEST(SummaryColumnsTest, RatingsCsvHeader) {
  Ratings ratings;
  ratings.rows.push_back({"random", -0.5, 0.25, -12.34, -20, -4, 100, ""});
  const auto lines = test_files::split_lines(ratings_csv(ratings));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "player,points_rating,points_ci95,elo,elo_ci95_low,elo_ci95_high,games");
  EXPECT_EQ(lines[1], "random,-0.5000,0.2500,-12.3,-20.0,-4.0,100");
}

// Every committed summary.csv: its header without the leading sweep columns ("P.PARAM") is the
// current column list, or the folder is listed in kOldFormat.
TEST(SummaryColumnsTest, CommittedResultsAreCurrentOrListedAsOld) {
  namespace fs = std::filesystem;
  const fs::path results = fs::path(DOMINOES_SOURCE_DIR) / "results";
  std::set<std::string> old;
  int seen = 0;
  for (const auto& entry : fs::recursive_directory_iterator(results)) {
    if (entry.path().filename() != "summary.csv") continue;
    ++seen;
    const std::string folder = fs::relative(entry.path().parent_path(), results).string();
    auto header = split(test_files::split_lines(test_files::read_text(entry.path().string()))[0]);
    while (!header.empty() && !header.front().empty() &&
           std::isdigit(static_cast<unsigned char>(header.front()[0])))
      header.erase(header.begin());
    if (header != kColumns) old.insert(folder);
  }
  EXPECT_GT(seen, 0);
  EXPECT_EQ(old, kOldFormat) << "a folder left or joined the old format: update kOldFormat";
}

}  // namespace
}  // namespace tournament
