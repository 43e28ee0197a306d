#include "arena/tournament/report/cross_tables.h"

#include <limits>
#include <sstream>

#include "arena/tournament/report/cell_text.h"

namespace tournament {

CrossTables cross_tables(const std::vector<SummaryRow>& rows, const std::vector<TaskResult>& tasks,
                         int players) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Eigen::MatrixXd empty = Eigen::MatrixXd::Constant(players, players, nan);
  CrossTables t{empty, empty, empty, empty, empty};
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const int a = tasks[k].pairing.a, b = tasks[k].pairing.b;
    t.points_per_game(a, b) = rows[k].a_points_per_game;
    t.points_per_game(b, a) = -rows[k].a_points_per_game;
    t.win_rate(a, b) = rows[k].a_win_rate;
    t.win_rate(b, a) = 1 - rows[k].a_win_rate;
    t.points_ci95(a, b) = t.points_ci95(b, a) = rows[k].a_points_ci95;
    t.win_rate_ci95_low(a, b) = rows[k].a_win_rate_ci95_low;
    t.win_rate_ci95_high(a, b) = rows[k].a_win_rate_ci95_high;
    t.win_rate_ci95_low(b, a) = 1 - rows[k].a_win_rate_ci95_high;
    t.win_rate_ci95_high(b, a) = 1 - rows[k].a_win_rate_ci95_low;
  }
  return t;
}

std::string crosstable_csv(const Eigen::MatrixXd& m, const std::vector<std::string>& players,
                           int decimals) {
  std::ostringstream os;
  os << "player";
  for (const auto& p : players) os << ',' << csv_field(p);
  os << '\n';
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    os << csv_field(players[i]);
    for (Eigen::Index j = 0; j < m.cols(); ++j) os << ',' << fixed(m(i, j), decimals);
    os << '\n';
  }
  return os.str();
}

std::string crosstable_markdown(const CrossTables& t, const std::vector<std::string>& players) {
  std::ostringstream os;
  using Cell = std::function<std::string(Eigen::Index, Eigen::Index)>;
  const auto table = [&](const char* title, const Eigen::MatrixXd& m, const Cell& cell,
                         const std::function<std::string(double)>& mean) {
    os << "## " << title << "\n\n| row vs column |";
    for (std::size_t j = 0; j < players.size(); ++j) os << " " << j + 1 << " |";
    os << " mean |\n|---|";
    for (std::size_t j = 0; j <= players.size(); ++j) os << "--:|";
    os << '\n';
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      os << "| " << i + 1 << ". " << players[i] << " |";
      double sum = 0;
      for (Eigen::Index j = 0; j < m.cols(); ++j) {
        os << " " << (i == j ? "—" : cell(i, j)) << " |";
        if (i != j) sum += m(i, j);
      }
      os << " " << mean(sum / static_cast<double>(m.cols() - 1)) << " |\n";
    }
    os << '\n';
  };
  table(
      "Points per game (row's side), ± the 95% interval", t.points_per_game,
      [&](Eigen::Index i, Eigen::Index j) {
        return signed_fixed(t.points_per_game(i, j), 2) + " ± " + fixed(t.points_ci95(i, j), 2);
      },
      [](double x) { return signed_fixed(x, 2); });
  table(
      "Win rate of the row, % (draws count half), [Wilson 95% interval]", t.win_rate,
      [&](Eigen::Index i, Eigen::Index j) {
        return fixed(100 * t.win_rate(i, j), 1) + "% [" +
               fixed(100 * t.win_rate_ci95_low(i, j), 1) + ", " +
               fixed(100 * t.win_rate_ci95_high(i, j), 1) + "]";
      },
      [](double x) { return fixed(100 * x, 1) + "%"; });
  return os.str();
}

}  // namespace tournament
