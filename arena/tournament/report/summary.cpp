#include "arena/tournament/report/summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "arena/tournament/config/player_names.h"
#include "arena/tournament/report/cell_text.h"
#include "arena/tournament/report/player_legend.h"
#include "arena/tournament/report/sprt_report.h"
#include "arena/tournament/report/summary_columns.h"
#include "arena/tournament/stats/statistics.h"
#include "engine/common/text.h"

namespace tournament {
namespace {

// CPU milliseconds per decision: `decisions` 0 has no mean, an empty cell.
double ms_per(std::int64_t ns, std::int64_t decisions) {
  return decisions ? static_cast<double>(ns) / 1e6 / static_cast<double>(decisions) : 0;
}
std::string ms_or_dash(double ms, std::int64_t decisions) {
  return decisions ? fixed(ms, 3) : std::string("—");
}

}  // namespace

std::string unit_name(const ExperimentConfig& c) {
  return c.rules.match_target > 0 ? "match to " + std::to_string(c.rules.match_target) : "game";
}

namespace {

// summary.md's paragraph on the control variate: one line per row that has it.
std::string cv_lines(const std::vector<SummaryRow>& rows) {
  std::string text;
  for (const auto& r : rows)
    if (r.cv.valid)
      text += "- " + shown_a(r) + " vs " + shown_b(r) + ": " + fixed(r.cv.mean, 3) + " ± " +
              fixed(r.cv.ci95, 3) + " (plain " + fixed(r.a_points_per_game, 3) + " ± " +
              fixed(r.a_points_ci95, 3) + "), beta " + fixed(r.cv.beta, 4) + ", rho " +
              fixed(r.cv.correlation, 3) + "\n";
  if (text.empty()) return text;
  return "\nControl variate: A's points per game adjusted by the deal's exact open-hands value "
         "for hand 0 (mean 0 exactly; control_variate.h), with its 95% interval:\n\n" +
         text;
}

// summary.md's sweep columns: "| 1.scenarios " per swept parameter, before the fixed ones.
std::string sweep_header(const std::vector<SummaryRow>& rows) {
  std::string text;
  if (!rows.empty())
    for (const auto& column : rows.front().sweep) text += "| " + column.first + " ";
  return text;
}
std::string sweep_rule(const std::vector<SummaryRow>& rows) {
  std::string text;
  if (!rows.empty())
    for (std::size_t i = 0; i < rows.front().sweep.size(); ++i) text += "|--:";
  return text;
}
std::string sweep_cells(const SummaryRow& r) {
  std::string text;
  for (const auto& column : r.sweep) text += "| " + column.second + " ";
  return text;
}

// Each row's sweep columns: its grid point's values (rows come lineup by lineup, each lineup
// giving one row per pairing of the schedule).
void add_sweep_columns(std::vector<SummaryRow>& rows, const ExperimentConfig& config) {
  const std::vector<Sweep> sweeps = swept_parameters(config);
  if (sweeps.empty()) return;
  const std::size_t pairings =
      make_schedule(config.format, static_cast<int>(config.players.size())).size();
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const std::vector<std::string> values = grid_point(sweeps, k / pairings);
    for (std::size_t s = 0; s < sweeps.size(); ++s)
      rows[k].sweep.emplace_back(sweep_column(sweeps[s]), values[s]);
  }
}

}  // namespace

SummaryRow summarize(const TaskResult& task, const ExperimentConfig& config) {
  const PairingTotals& t = task.totals;
  SummaryRow r;
  r.player_a = task.player_a;
  r.player_b = task.player_b;
  r.name_a = player_name(config, task.pairing.a);
  r.name_b = player_name(config, task.pairing.b);
  r.games = t.games, r.a_wins = t.a_wins, r.draws = t.draws, r.b_wins = t.b_wins;
  const MeanEstimate points = estimate_mean_per_game(t.a_net, config.games_per_deal());
  r.a_points_per_game = points.mean;
  r.a_points_ci95 = points.ci95;
  const double score = static_cast<double>(t.a_wins) + 0.5 * static_cast<double>(t.draws);
  r.a_win_rate = t.games ? score / static_cast<double>(t.games) : 0;
  const Interval wilson = wilson_interval(score, static_cast<double>(t.games));
  r.a_win_rate_ci95_low = wilson.low;
  r.a_win_rate_ci95_high = wilson.high;
  r.p_value = p_value_greater(t.a_net);
  r.leader_points_per_game =
      t.leader_games ? static_cast<double>(t.leader_net) / static_cast<double>(t.leader_games) : 0;
  r.a_forfeits = t.a_forfeits;
  r.b_forfeits = t.b_forfeits;
  r.deals_played = t.deals;
  r.has_sprt = config.sprt.enabled;
  r.sprt_llr = task.sprt.llr();
  r.sprt_lower = task.sprt.bounds.lower, r.sprt_upper = task.sprt.bounds.upper;
  r.sprt_decision = task.sprt.decision;
  r.precision_reached = task.precision_reached;
  r.has_penta = config.duplicate;
  r.penta = t.penta;
  r.penta_estimate = estimate_pentanomial(t.penta);
  r.a_decisions = t.a_timed, r.b_decisions = t.b_timed;
  r.a_ms_per_decision = ms_per(t.a_decision_ns, t.a_timed);
  r.b_ms_per_decision = ms_per(t.b_decision_ns, t.b_timed);
  r.seconds = t.seconds;
  r.cv = estimate_adjusted(t.covariate, t.a_net, kCovariateMean, config.games_per_deal());
  return r;
}

std::string summary_csv(const std::vector<SummaryRow>& rows) {
  std::ostringstream os;
  if (!rows.empty())
    for (const auto& column : rows.front().sweep) os << csv_field(column.first) << ',';
  os << csv_header(summary_columns()) << '\n';
  for (const auto& r : rows) {
    for (const auto& column : r.sweep) os << csv_field(column.second) << ',';
    os << csv_line(summary_columns(), r) << '\n';
  }
  return os.str();
}

namespace {

// The fixed-width stopping rule's note under the table: the target and the deals each pairing
// needed to reach it.
std::string precision_line(const std::vector<SummaryRow>& rows, const ExperimentConfig& c) {
  std::int64_t fewest = c.deals, most = 0, reached = 0;
  for (const auto& r : rows) {
    fewest = std::min(fewest, r.deals_played);
    most = std::max(most, r.deals_played);
    reached += r.precision_reached;
  }
  std::ostringstream os;
  os << "\nPrecision: each pairing stopped at the first chunk after which its 95% interval was at "
     << "most ±" << common::shortest_decimal(c.precision) << " points per " << unit_name(c)
     << " (checked every " << c.chunk << " deals, after at least " << kPrecisionMinDeals << "); "
     << reached << " of " << rows.size() << " pairings got there (the others played "
     << "every deal they had), playing " << fewest
     << (fewest == most ? "" : " to " + std::to_string(most)) << " deals (deals_played in "
     << "summary.csv).\n";
  return os.str();
}

}  // namespace

// A note under the table when a player has a `time-ms` budget (strategies/decision_budget.h): its
// moves depend on the machine's speed and load, so the table is not reproducible.
std::string time_budget_line(const std::vector<SummaryRow>& rows) {
  const auto timed = [](const std::string& spec) {
    return spec.find("time-ms=") != std::string::npos;
  };
  const bool any = std::any_of(rows.begin(), rows.end(), [&](const SummaryRow& r) {
    return timed(r.player_a) || timed(r.player_b);
  });
  if (!any) return "";
  return "\nNot reproducible: a player with a time-ms budget stops searching after that many "
         "milliseconds of CPU time per decision, so its moves, and these results, depend on the "
         "machine and its load (a nodes budget is the reproducible one).\n";
}

namespace {

// How duplicate deals replay a deal at this table (seating.h).
std::string duplicate_phrase(const dominoes::Rules& rules) {
  if (rules.seats == 2) return " (duplicate: each deal played twice, hands swapped)";
  if (rules.seats == 3)
    return " (duplicate: each deal played six times, A B A and B A B each turned round the table)";
  return rules.partners ? " (duplicate: each deal played twice, the teams exchanged)"
                        : " (duplicate: each deal played twice, A B A B and B A B A)";
}

}  // namespace

std::string summary_markdown(const std::vector<SummaryRow>& rows, const ExperimentConfig& c) {
  const bool forfeits = std::any_of(rows.begin(), rows.end(), [](const SummaryRow& r) {
    return r.a_forfeits > 0 || r.b_forfeits > 0;
  });
  std::ostringstream os;
  os << "# " << c.name << "\n\n"
     << "Format " << to_string(c.format) << ", " << (stops_early(c) ? "at most " : "") << c.deals
     << " deals per pairing" << (c.duplicate ? duplicate_phrase(c.rules) : "") << ", seed "
     << c.seed << ". Rules: " << dominoes::describe(c.rules) << ". Unit: " << unit_name(c)
     << ".\n\n"
     << "Points per " << unit_name(c) << " are A's minus B's, with a 95% Student-t interval"
     << (c.duplicate ? " over duplicate pairs" : "") << "; the win rate counts a draw as half, "
     << "with a Wilson 95% interval; p is one-sided for \"A scores more points than B\". "
     << "ms/decision is each player's mean CPU time per real choice (two or more legal moves) on "
     << "the thread that played it; like seconds it is measured, so it differs from run to run.\n\n"
     << sweep_header(rows) << "| A | B | games | A wins | draws | B wins | A points/"
     << (c.rules.match_target ? "match" : "game")
     << " | A win rate [95% CI] | p | leader points/game |"
     << (forfeits ? " A forfeits | B forfeits |" : "") << " ms/decision A / B | seconds |\n"
     << sweep_rule(rows) << "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"
     << (forfeits ? "--:|--:|" : "") << "--:|--:|\n";
  for (const auto& r : rows)
    os << sweep_cells(r) << "| " << shown_a(r) << " | " << shown_b(r) << " | " << r.games << " | "
       << r.a_wins << " | " << r.draws << " | " << r.b_wins << " | "
       << fixed(r.a_points_per_game, 3) << " ± " << fixed(r.a_points_ci95, 3) << " | "
       << fixed(100 * r.a_win_rate, 1) << "% [" << fixed(100 * r.a_win_rate_ci95_low, 1) << ", "
       << fixed(100 * r.a_win_rate_ci95_high, 1) << "] | " << readable_p(r.p_value) << " | "
       << fixed(r.leader_points_per_game, 3) << " | "
       << (forfeits ? std::to_string(r.a_forfeits) + " | " + std::to_string(r.b_forfeits) + " | "
                    : std::string())
       << ms_or_dash(r.a_ms_per_decision, r.a_decisions) << " / "
       << ms_or_dash(r.b_ms_per_decision, r.b_decisions) << " | " << fixed(r.seconds, 2) << " |\n";
  if (c.sprt.enabled) os << sprt_markdown(rows, c);
  if (c.precision > 0) os << precision_line(rows, c);
  os << time_budget_line(rows);
  os << cv_lines(rows);
  os << player_legend(c);
  return os.str();
}

std::vector<SummaryRow> summary_rows(const std::vector<TaskResult>& tasks,
                                     const ExperimentConfig& config) {
  std::vector<SummaryRow> rows;
  for (const auto& task : tasks) rows.push_back(summarize(task, config));
  add_sweep_columns(rows, config);
  return rows;
}

}  // namespace tournament
