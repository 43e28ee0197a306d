#include "engine/tournament/report/summary_json.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "engine/tournament/config/version.h"

namespace tournament {
namespace {

using Json = nlohmann::json;

// A number, or null where summary.csv leaves the cell empty (NaN: undefined).
Json number(double x) { return std::isnan(x) ? Json(nullptr) : Json(x); }

// The result keys as an object; a key given several times (player) becomes an array, and
// player is an array even with one entry, so readers need not guess.
Json config_object(const ExperimentConfig& c) {
  Json config = {{"name", c.name}, {"out", c.out_dir}, {"threads", c.threads}};
  config["player"] = Json::array();
  for (const auto& [key, value] : result_keys(c)) {
    if (key == "player") config["player"].push_back(value);
    else if (!config.contains(key)) config[key] = value;
    else {
      if (!config[key].is_array()) config[key] = Json::array({config[key]});
      config[key].push_back(value);
    }
  }
  return config;
}

Json rules_object(const ExperimentConfig& c) {
  return {{"double", c.rules.max_pip},
          {"hand_size", c.rules.hand_size},
          {"scoring", std::string(to_string(c.rules.scoring))},
          {"leader", std::string(to_string(c.rules.leader))},
          {"target", c.rules.match_target},
          {"duplicate", c.duplicate}};
}

Json row_object(const SummaryRow& r) {
  Json row = {{"player_a", r.player_a}, {"player_b", r.player_b}, {"games", r.games},
              {"a_wins", r.a_wins}, {"draws", r.draws}, {"b_wins", r.b_wins},
              {"a_points_per_game", r.a_points_per_game}, {"a_points_ci95", r.a_points_ci95},
              {"a_win_rate", r.a_win_rate}, {"a_win_rate_ci95_low", r.a_win_rate_ci95_low},
              {"a_win_rate_ci95_high", r.a_win_rate_ci95_high}, {"p_value", r.p_value},
              {"leader_points_per_game", r.leader_points_per_game},
              {"a_forfeits", r.a_forfeits}, {"b_forfeits", r.b_forfeits},
              {"deals_played", r.deals_played}, {"seconds", r.seconds}};
  const bool s = r.has_sprt, p = r.has_penta;
  const PentanomialEstimate& e = r.penta_estimate;
  row["sprt_llr"] = s ? Json(r.sprt_llr) : Json(nullptr);
  row["sprt_lower"] = s ? Json(r.sprt_lower) : Json(nullptr);
  row["sprt_upper"] = s ? Json(r.sprt_upper) : Json(nullptr);
  row["sprt_decision"] = s ? Json(to_string(r.sprt_decision)) : Json(nullptr);
  const char* names[] = {"penta_ll", "penta_ld", "penta_d", "penta_wd", "penta_ww"};
  for (std::size_t k = 0; k < 5; ++k) row[names[k]] = p ? Json(r.penta[k]) : Json(nullptr);
  row["penta_score"] = p ? number(e.score) : Json(nullptr);
  row["normalized_elo"] = p ? number(e.normalized_elo) : Json(nullptr);
  row["normalized_elo_ci95_low"] = p ? number(e.normalized_elo_ci95_low) : Json(nullptr);
  row["normalized_elo_ci95_high"] = p ? number(e.normalized_elo_ci95_high) : Json(nullptr);
  for (const auto& [column, value] : r.sweep) row[column] = value;  // a sweep's P.PARAM columns
  const bool cv = r.cv.valid;
  row["a_points_per_game_cv"] = cv ? number(r.cv.mean) : Json(nullptr);
  row["a_points_ci95_cv"] = cv ? number(r.cv.ci95) : Json(nullptr);
  row["cv_beta"] = cv ? number(r.cv.beta) : Json(nullptr);
  row["cv_rho"] = cv ? number(r.cv.correlation) : Json(nullptr);
  // Measured CPU times, like seconds: null when no decision was timed.
  row["a_ms_per_decision"] = r.a_decisions ? number(r.a_ms_per_decision) : Json(nullptr);
  row["b_ms_per_decision"] = r.b_decisions ? number(r.b_ms_per_decision) : Json(nullptr);
  return row;
}

// The SPRT of the (one) head-to-head pairing, or null without one.
Json sprt_object(const ExperimentConfig& c, const std::vector<TaskResult>& tasks) {
  if (!c.sprt.enabled || tasks.empty()) return nullptr;
  const TaskResult& task = tasks.front();
  Json steps = Json::array();
  for (const SprtStep& s : task.sprt.steps)
    steps.push_back({{"deals", s.deals}, {"games", s.games}, {"llr", s.llr}});
  return {{"p0", c.sprt.p0}, {"p1", c.sprt.p1}, {"alpha", c.sprt.alpha}, {"beta", c.sprt.beta},
          {"lower", task.sprt.bounds.lower}, {"upper", task.sprt.bounds.upper},
          {"llr", task.sprt.llr()}, {"decision", to_string(task.sprt.decision)},
          {"deals_played", task.totals.deals}, {"max_deals", c.deals},
          {"games", task.totals.games}, {"steps", steps}};
}

// The ratings as rows keyed like ratings.csv's columns, with the fits' diagnostics.
Json ratings_object(const Ratings* ratings) {
  if (!ratings) return nullptr;
  Json players = Json::array();
  for (const RatingRow& r : ratings->rows)
    players.push_back({{"player", r.player}, {"points_rating", number(r.points_rating)},
                       {"points_ci95", number(r.points_ci95)}, {"elo", number(r.elo)},
                       {"elo_ci95_low", number(r.elo_ci95_low)},
                       {"elo_ci95_high", number(r.elo_ci95_high)}, {"games", r.games}});
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
              {"tool", {{"name", "dominoes"}, {"version", kToolVersion}}},
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
