#include "arena/tournament/report/summary_columns.h"

#include <string>

namespace tournament {
namespace {

using Row = SummaryRow;
using C = Column<Row>;

Cell integer(std::int64_t i) {
  return Cell::of_integer(i);
}

// A cell that is empty unless `present` holds for the row.
template <typename Make>
std::function<Cell(const Row&)> when(bool (*present)(const Row&), Make make) {
  return [=](const Row& r) { return present(r) ? make(r) : Cell::empty(); };
}

bool has_sprt(const Row& r) {
  return r.has_sprt;
}
bool has_penta(const Row& r) {
  return r.has_penta;
}
bool has_cv(const Row& r) {
  return r.cv.valid;
}
bool a_timed(const Row& r) {
  return r.a_decisions > 0;
}
bool b_timed(const Row& r) {
  return r.b_decisions > 0;
}

std::vector<C> counts() {
  return {
      {"player_a", "text", "player A's canonical spec; every number is from A's side",
       [](const Row& r) { return Cell::of_text(r.player_a); }},
      {"player_b", "text", "player B's canonical spec",
       [](const Row& r) { return Cell::of_text(r.player_b); }},
      {"games", "integer", "games played (matches when target > 0)",
       [](const Row& r) { return integer(r.games); }},
      {"a_wins", "integer", "games A won", [](const Row& r) { return integer(r.a_wins); }},
      {"draws", "integer", "games drawn (equal pips)",
       [](const Row& r) { return integer(r.draws); }},
      {"b_wins", "integer", "games B won", [](const Row& r) { return integer(r.b_wins); }},
      {"a_points_per_game", "number", "A's points minus B's per game (per match when target > 0)",
       [](const Row& r) { return Cell::of_number(r.a_points_per_game); }},
      {"a_points_ci95", "number",
       "half-width of its 95% Student-t interval, over duplicate "
       "pairs when duplicate is on (over games otherwise)",
       [](const Row& r) { return Cell::of_number(r.a_points_ci95); }},
      {"a_win_rate", "number", "A's win rate, a draw counting half",
       [](const Row& r) { return Cell::of_number(r.a_win_rate); }},
      {"a_win_rate_ci95_low", "number", "its Wilson 95% interval's lower bound",
       [](const Row& r) { return Cell::of_number(r.a_win_rate_ci95_low); }},
      {"a_win_rate_ci95_high", "number", "its Wilson 95% interval's upper bound",
       [](const Row& r) { return Cell::of_number(r.a_win_rate_ci95_high); }},
      {"p_value", "number",
       "one-sided p-value for \"A scores more points than B\" (4 "
       "significant digits)",
       [](const Row& r) { return Cell::of_number(r.p_value, Cell::kSignificant); }},
      {"leader_points_per_game", "number", "the leader's points minus the other's, per game",
       [](const Row& r) { return Cell::of_number(r.leader_points_per_game); }},
      {"a_forfeits", "integer", "games A forfeited (an external bot that failed)",
       [](const Row& r) { return integer(r.a_forfeits); }},
      {"b_forfeits", "integer", "games B forfeited",
       [](const Row& r) { return integer(r.b_forfeits); }},
      {"deals_played", "integer",
       "deals behind the row; fewer than deals when sprt or precision "
       "stopped the pairing",
       [](const Row& r) { return integer(r.deals_played); }},
  };
}

std::vector<C> sprt_and_penta() {
  std::vector<C> columns = {
      {"sprt_llr", "number", "the SPRT's log-likelihood ratio when it stopped; empty without sprt",
       when(has_sprt, [](const Row& r) { return Cell::of_number(r.sprt_llr); })},
      {"sprt_lower", "number", "Wald's lower bound ln(beta/(1-alpha)); empty without sprt",
       when(has_sprt, [](const Row& r) { return Cell::of_number(r.sprt_lower); })},
      {"sprt_upper", "number", "Wald's upper bound ln((1-beta)/alpha); empty without sprt",
       when(has_sprt, [](const Row& r) { return Cell::of_number(r.sprt_upper); })},
      {"sprt_decision", "text",
       "H1 accepted, H0 accepted or no decision (the maximum was "
       "reached); empty without sprt",
       when(has_sprt, [](const Row& r) { return Cell::of_text(to_string(r.sprt_decision)); })},
  };
  const char* classes[] = {"LL", "LD+DL", "LW+DD+WL", "DW+WD", "WW"};
  const char* names[] = {"penta_ll", "penta_ld", "penta_d", "penta_wd", "penta_ww"};
  for (std::size_t k = 0; k < 5; ++k)
    columns.push_back(
        {names[k], "integer",
         std::string("duplicate pairs in which A's two results "
                     "were ") +
             classes[k] + "; empty without duplicate deals",
         [k](const Row& r) { return r.has_penta ? integer(r.penta[k]) : Cell::empty(); }});
  const std::vector<C> estimates = {
      {"penta_score", "number",
       "A's mean pair score (win 1, draw 1/2, loss 0, averaged over the "
       "pair's two games); empty without duplicate deals",
       when(has_penta, [](const Row& r) { return Cell::of_number(r.penta_estimate.score); })},
      {"normalized_elo", "number",
       "the pentanomial normalized Elo, (score - 1/2) / "
       "sqrt(2 var_pair) 800 / ln 10; empty without duplicate deals or when undefined (no spread)",
       when(has_penta,
            [](const Row& r) { return Cell::of_number(r.penta_estimate.normalized_elo, 2); })},
      {"normalized_elo_ci95_low", "number", "its 95% interval's lower bound",
       when(has_penta,
            [](const Row& r) {
              return Cell::of_number(r.penta_estimate.normalized_elo_ci95_low, 2);
            })},
      {"normalized_elo_ci95_high", "number", "its 95% interval's upper bound",
       when(has_penta,
            [](const Row& r) {
              return Cell::of_number(r.penta_estimate.normalized_elo_ci95_high, 2);
            })},
  };
  columns.insert(columns.end(), estimates.begin(), estimates.end());
  return columns;
}

std::vector<C> adjusted_and_costs() {
  return {
      {"a_points_per_game_cv", "number",
       "with control-variate on: A's points per game adjusted "
       "by the deal's exact open-hands value; empty when off",
       when(has_cv, [](const Row& r) { return Cell::of_number(r.cv.mean); })},
      {"a_points_ci95_cv", "number", "its 95% interval's half-width; empty when off",
       when(has_cv, [](const Row& r) { return Cell::of_number(r.cv.ci95); })},
      {"cv_beta", "number", "the fitted slope; empty when off",
       when(has_cv, [](const Row& r) { return Cell::of_number(r.cv.beta); })},
      {"cv_rho", "number", "the correlation of points and covariate; empty when off",
       when(has_cv, [](const Row& r) { return Cell::of_number(r.cv.correlation); })},
      {"a_ms_per_decision", "number",
       "A's mean CPU milliseconds per timed real choice (two or "
       "more legal moves); measured, so it differs from run to run; empty when none was timed",
       when(a_timed, [](const Row& r) { return Cell::of_number(r.a_ms_per_decision); })},
      {"b_ms_per_decision", "number", "the same for B",
       when(b_timed, [](const Row& r) { return Cell::of_number(r.b_ms_per_decision); })},
      {"seconds", "number",
       "the pairing's wall time: its chunks' wall times summed, each chunk played by all the "
       "run's threads together (shards and ranks add theirs); measured, so it differs from run to "
       "run",
       [](const Row& r) { return Cell::of_number(r.seconds, 3); }},
  };
}

std::vector<C> make_summary_columns() {
  std::vector<C> columns = counts();
  for (auto part : {sprt_and_penta(), adjusted_and_costs()})
    columns.insert(columns.end(), part.begin(), part.end());
  return columns;
}

}  // namespace

const std::vector<Column<SummaryRow>>& summary_columns() {
  static const std::vector<Column<SummaryRow>> columns = make_summary_columns();
  return columns;
}

std::vector<Cell> summary_cells(const SummaryRow& row, std::vector<std::string>* names) {
  std::vector<Cell> cells;
  for (const auto& [column, value] : row.sweep) {
    cells.push_back(Cell::of_text(value));
    if (names) names->push_back(column);
  }
  for (const auto& column : summary_columns()) {
    cells.push_back(column.cell(row));
    if (names) names->push_back(column.name);
  }
  return cells;
}

}  // namespace tournament
