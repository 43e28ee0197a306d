#include "engine/tournament/report/write_tables.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "engine/common/whole_file.h"
#include "engine/tournament/config/player_names.h"
#include "engine/tournament/report/cross_tables.h"
#include "engine/tournament/report/player_legend.h"
#include "engine/tournament/report/ratings.h"
#include "engine/tournament/report/summary.h"
#include "engine/tournament/report/summary_json.h"

namespace tournament {
namespace {

// Returns summary.md with `note` as a quoted line under its title (the first line).
std::string with_note(const std::string& markdown, const std::string& note) {
  if (note.empty()) return markdown;
  const std::size_t end = markdown.find('\n') + 1;
  return markdown.substr(0, end) + "\n> **" + note + "**\n" + markdown.substr(end);
}

}  // namespace

bool has_cross_tables(const ExperimentConfig& config) {
  return config.format == Format::kRoundRobin && swept_parameters(config).empty();
}

std::optional<Ratings> run_ratings(const ExperimentConfig& config,
                                   const std::vector<TaskResult>& tasks) {
  const bool every_pairing_played = std::all_of(
      tasks.begin(), tasks.end(), [](const TaskResult& t) { return t.totals.games > 0; });
  if (config.format == Format::kHeadToHead || config.sweep.active() || !config.grid.empty() ||
      !every_pairing_played)
    return std::nullopt;
  Ratings ratings = rate(tasks, config.players, config.games_per_deal());
  for (std::size_t i = 0; i < ratings.rows.size(); ++i)
    ratings.rows[i].name = player_name(config, static_cast<int>(i));
  return ratings;
}

std::vector<std::string> write_tables(const ExperimentConfig& config,
                                      const std::vector<TaskResult>& tasks,
                                      const std::string& partial_note) {
  const std::filesystem::path dir(config.out_dir);
  std::filesystem::create_directories(dir);
  const std::vector<SummaryRow> rows = summary_rows(tasks, config);
  std::vector<std::pair<std::string, std::string>> files = {
      {"summary.csv", summary_csv(rows)},
      {"summary.md", with_note(summary_markdown(rows, config), partial_note)}};
  if (has_cross_tables(config)) {
    const CrossTables t = cross_tables(rows, tasks, static_cast<int>(config.players.size()));
    files.push_back(
        {"crosstable_points.csv", crosstable_csv(t.points_per_game, config.players, 4)});
    files.push_back({"crosstable_winrate.csv", crosstable_csv(t.win_rate, config.players, 4)});
    files.push_back(
        {"crosstable.md", crosstable_markdown(t, shown_players(config)) + player_legend(config)});
    files.push_back(
        {"crosstable_points_ci95.csv", crosstable_csv(t.points_ci95, config.players, 4)});
    files.push_back({"crosstable_winrate_ci95_low.csv",
                     crosstable_csv(t.win_rate_ci95_low, config.players, 4)});
    files.push_back({"crosstable_winrate_ci95_high.csv",
                     crosstable_csv(t.win_rate_ci95_high, config.players, 4)});
  }
  const std::optional<Ratings> ratings = run_ratings(config, tasks);
  if (ratings) {
    files.push_back({"ratings.csv", ratings_csv(*ratings)});
    files.push_back({"ratings.md", ratings_markdown(*ratings, config.name, unit_name(config)) +
                                       player_legend(config)});
  }
  files.push_back({"config.cfg", to_ini(config)});
  if (config.sprt.enabled) files.push_back({"sprt.csv", sprt_csv(tasks.front().sprt)});
  files.push_back({"summary.json",
                   summary_json(rows, config, tasks, ratings ? &*ratings : nullptr, partial_note)});
  std::vector<std::string> paths;
  for (const auto& [name, text] : files) {
    common::write_whole_file(dir / name, text);
    paths.push_back((dir / name).string());
  }
  return paths;
}

}  // namespace tournament
