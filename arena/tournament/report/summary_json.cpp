#include "arena/tournament/report/summary_json.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "arena/tournament/report/summary_columns.h"
#include "engine/common/build_version.h"
#include "engine/dominoes/rules_keys.h"

namespace tournament {
namespace {

using Json = nlohmann::json;

// A number, or null where summary.csv leaves the cell empty (NaN: undefined).
Json number(double x) {
  return std::isnan(x) ? Json(nullptr) : Json(x);
}

// The result keys as an object; a key given several times (player) becomes an array, and
// player is an array even with one entry, so readers need not guess.
Json config_object(const ExperimentConfig& c) {
  Json config = {{"name", c.name}, {"out", c.out_dir}, {"threads", c.threads}};
  config["player"] = Json::array();
  for (const auto& [key, value] : result_keys(c)) {
    if (key == "player")
      config["player"].push_back(value);
    else if (!config.contains(key))
      config[key] = value;
    else {
      if (!config[key].is_array()) config[key] = Json::array({config[key]});
      config[key].push_back(value);
    }
  }
  return config;
}

// The seed's five keys and duplicate; the seat-count keys only when written (rules_key_written),
// so two-seat summaries read as before they existed.
Json rules_object(const ExperimentConfig& c) {
  Json rules{{"double", c.rules.max_pip},
             {"hand_size", c.rules.hand_size},
             {"scoring", std::string(to_string(c.rules.scoring, c.rules.seats))},
             {"leader", std::string(to_string(c.rules.leader))},
             {"target", c.rules.match_target},
             {"duplicate", c.duplicate}};
  for (const auto& key : dominoes::rules_keys()) {
    std::string name = key.name;
    std::replace(name.begin(), name.end(), '-', '_');
    if (rules.contains(name) || key.name == "hand-size" ||
        !dominoes::rules_key_written(key, c.rules))
      continue;
    const std::string value = key.values(c.rules).front();
    if (key.kind == common::KeyKind::kInteger)
      rules[name] = std::stoi(value);
    else if (key.kind == common::KeyKind::kBoolean)
      rules[name] = value == "true";
    else
      rules[name] = value;
  }
  return rules;
}

// A cell as JSON: null where the CSV cell is empty, else the value itself (not the CSV's
// rounding).
Json cell_value(const Cell& cell) {
  if (cell.is_empty()) return nullptr;
  switch (cell.kind) {
    case Cell::Kind::kText:
      return cell.text;
    case Cell::Kind::kInteger:
      return cell.integer;
    case Cell::Kind::kNumber:
      return cell.number;
    case Cell::Kind::kEmpty:
      break;
  }
  return nullptr;
}

// Every summary.csv column of the row, a sweep's P.PARAM columns included (summary_columns.h),
// and name_a, name_b for players with a display name (none without: files of runs without names
// stay as they were).
Json row_object(const SummaryRow& r) {
  std::vector<std::string> names;
  const std::vector<Cell> cells = summary_cells(r, &names);
  Json row = Json::object();
  for (std::size_t i = 0; i < cells.size(); ++i) row[names[i]] = cell_value(cells[i]);
  if (!r.name_a.empty()) row["name_a"] = r.name_a;
  if (!r.name_b.empty()) row["name_b"] = r.name_b;
  return row;
}

// The SPRT of the (one) head-to-head pairing, or null without one.
Json sprt_object(const ExperimentConfig& c, const std::vector<TaskResult>& tasks) {
  if (!c.sprt.enabled || tasks.empty()) return nullptr;
  const TaskResult& task = tasks.front();
  Json steps = Json::array();
  for (const SprtStep& s : task.sprt.steps)
    steps.push_back({{"deals", s.deals}, {"games", s.games}, {"llr", s.llr}});
  return {{"p0", c.sprt.p0},
          {"p1", c.sprt.p1},
          {"alpha", c.sprt.alpha},
          {"beta", c.sprt.beta},
          {"lower", task.sprt.bounds.lower},
          {"upper", task.sprt.bounds.upper},
          {"llr", task.sprt.llr()},
          {"decision", to_string(task.sprt.decision)},
          {"deals_played", task.totals.deals},
          {"max_deals", c.deals},
          {"games", task.totals.games},
          {"steps", steps}};
}

// The ratings as rows keyed like ratings.csv's columns, with the fits' diagnostics.
Json ratings_object(const Ratings* ratings) {
  if (!ratings) return nullptr;
  Json players = Json::array();
  for (const RatingRow& r : ratings->rows) {
    Json player = Json::object();
    for (const auto& column : rating_columns()) player[column.name] = cell_value(column.cell(r));
    if (!r.name.empty()) player["name"] = r.name;
    players.push_back(player);
  }
  return {{"players", players},
          {"points_chi_square", number(ratings->chi_square)},
          {"points_degrees_of_freedom", ratings->degrees_of_freedom},
          {"elo_prior_used", ratings->elo_prior_used}};
}

}  // namespace

std::string summary_json(const std::vector<SummaryRow>& rows, const ExperimentConfig& config,
                         const std::vector<TaskResult>& tasks, const Ratings* ratings,
                         const std::string& partial_note) {
  Json doc = {{"schema", kSummaryJsonSchema},
              {"tool", {{"name", "dominoes"}, {"version", common::tool_version()}}},
              {"experiment", config.name}};
  doc["config"] = config_object(config);
  doc["rules"] = rules_object(config);
  doc["rows"] = Json::array();
  for (const auto& r : rows) doc["rows"].push_back(row_object(r));
  doc["sprt"] = sprt_object(config, tasks);
  doc["ratings"] = ratings_object(ratings);
  if (!partial_note.empty()) doc["partial"] = partial_note;
  return doc.dump(2) + "\n";
}

}  // namespace tournament
