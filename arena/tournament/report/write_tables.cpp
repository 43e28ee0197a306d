#include "arena/tournament/report/write_tables.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "arena/tournament/config/player_names.h"
#include "arena/tournament/report/cross_tables.h"
#include "arena/tournament/report/player_legend.h"
#include "arena/tournament/report/ratings.h"
#include "arena/tournament/report/summary.h"
#include "arena/tournament/report/summary_json.h"
#include "engine/common/whole_file.h"

namespace tournament {
namespace {

// Returns summary.md with `note` as a quoted line under its title (the first line).
std::string with_note(const std::string& markdown, const std::string& note) {
  if (note.empty()) return markdown;
  const std::size_t end = markdown.find('\n') + 1;
  return markdown.substr(0, end) + "\n> **" + note + "**\n" + markdown.substr(end);
}

// The plots scripts/plot draws from a run's tables, each with whether this run's tables give it:
// sweep from a swept summary, pairings from a summary without sweep or cross tables, the cross
// tables', the ratings' and the SPRT's own.
std::vector<std::pair<std::string, bool>> plots_drawn(const ExperimentConfig& config, bool rated) {
  const bool swept = !swept_parameters(config).empty(), cross = has_cross_tables(config);
  return {{"sweep", swept},
          {"pairings", !swept && !cross},
          {"crosstable_points", cross},
          {"crosstable_winrate", cross},
          {"ratings", rated},
          {"sprt", config.sprt.enabled}};
}

// Removes from `dir` what an earlier run of this program (or scripts/plot) left there and this
// run does not write: tables of another format (a round robin's cross tables and ratings beside a
// later head-to-head's summary) and the plots drawn from them, so that the folder describes one
// experiment. Only files of these known names, and only regular files, are removed.
void remove_stale_outputs(const std::filesystem::path& dir,
                          const std::vector<std::pair<std::string, std::string>>& written,
                          const ExperimentConfig& config, bool rated) {
  std::vector<std::string> stale;
  for (const char* name : kTableFiles)
    if (std::none_of(written.begin(), written.end(),
                     [&](const auto& w) { return w.first == name; }))
      stale.emplace_back(name);
  for (const auto& [plot, drawn] : plots_drawn(config, rated))
    if (!drawn)
      for (const char* extension : {".png", ".svg"}) stale.push_back(plot + extension);
  for (const std::string& name : stale) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(std::filesystem::symlink_status(dir / name, ec)))
      std::filesystem::remove(dir / name, ec);
  }
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
  remove_stale_outputs(dir, files, config, ratings.has_value());
  return paths;
}

}  // namespace tournament
