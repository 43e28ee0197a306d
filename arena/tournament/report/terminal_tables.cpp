#include "arena/tournament/report/terminal_tables.h"

#include <algorithm>
#include <map>

#include "arena/tournament/config/schedule.h"
#include "arena/tournament/report/cell_text.h"
#include "arena/tournament/report/summary.h"

namespace tournament {
namespace {

// Display columns of UTF-8 text: every byte but continuation bytes ("±" is one column).
int display_width(const std::string& text) {
  return static_cast<int>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// One column of an aligned table: its header, its cells, and whether numbers align right.
struct TextColumn {
  std::string header;
  std::vector<std::string> cells;
  bool right = true;
};

// Returns the columns as aligned lines, two spaces apart, a rule of dashes under the header.
std::string aligned(const std::vector<TextColumn>& columns) {
  std::vector<int> widths;
  for (const TextColumn& c : columns) {
    int w = display_width(c.header);
    for (const std::string& cell : c.cells) w = std::max(w, display_width(cell));
    widths.push_back(w);
  }
  const auto line = [&](const auto& text_of) {
    std::string out;
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const std::string text = text_of(i);
      const std::string pad(static_cast<std::size_t>(widths[i] - display_width(text)), ' ');
      const bool last = i + 1 == columns.size();
      out += (i ? "  " : "") + (columns[i].right ? pad + text : text + (last ? "" : pad));
    }
    return out + "\n";
  };
  std::string out = line([&](std::size_t i) { return columns[i].header; });
  out += line([&](std::size_t i) { return std::string(static_cast<std::size_t>(widths[i]), '-'); });
  const std::size_t rows = columns.empty() ? 0 : columns.front().cells.size();
  for (std::size_t r = 0; r < rows; ++r)
    out += line([&](std::size_t i) { return columns[i].cells[r]; });
  return out;
}

// The players by spec, in order of first appearance, each with the label the tables show.
struct Labels {
  std::vector<std::string> specs;
  std::map<std::string, std::string> label;  // spec -> label
};

// Labels as the progress line shows players; a label wider than `most` becomes P1, P2, ...
Labels labels_of(const std::vector<TaskResult>& tasks, int most) {
  Labels out;
  int abbreviated = 0;
  const auto add = [&](const std::string& spec, const std::string& shown) {
    if (out.label.count(spec)) return;
    out.specs.push_back(spec);
    const std::string& label = shown.empty() ? spec : shown;
    if (display_width(label) <= most) {
      out.label[spec] = label;
    } else {
      std::string tag = "P";  // built by append: GCC 12's -Wrestrict misfires on "P" + string
      tag.append(std::to_string(++abbreviated));
      out.label[spec] = tag;
    }
  };
  for (const TaskResult& t : tasks) {
    add(t.player_a, t.label_a);
    add(t.player_b, t.label_b);
  }
  return out;
}

std::string header_lines(const ExperimentConfig& c) {
  return c.name + ": " + to_string(c.format) + ", " + std::to_string(c.deals) +
         " deals per pairing" + (c.duplicate ? " (duplicate)" : "") + ", random seed " +
         std::to_string(c.seed) + "\nPoints per " + unit_name(c) +
         " are A's minus B's; p is one-sided for \"A scores more than B\"\n\n";
}

std::string pairings_table(const std::vector<SummaryRow>& rows, const Labels& labels,
                           const ExperimentConfig& c, bool forfeits) {
  std::vector<TextColumn> columns;
  if (!rows.empty())
    for (std::size_t k = 0; k < rows.front().sweep.size(); ++k) {
      TextColumn column{rows.front().sweep[k].first, {}};
      for (const SummaryRow& r : rows) column.cells.push_back(r.sweep[k].second);
      columns.push_back(column);
    }
  TextColumn a{"A", {}, false}, b{"B", {}, false}, games{"games", {}};
  TextColumn points{"A points/" + std::string(c.rules.match_target ? "match" : "game"), {}};
  TextColumn rate{"A win rate [95% CI]", {}}, p{"p", {}}, lost{"forfeits A/B", {}};
  TextColumn ms{"ms/decision A/B", {}};
  for (const SummaryRow& r : rows) {
    a.cells.push_back(labels.label.at(r.player_a));
    b.cells.push_back(labels.label.at(r.player_b));
    games.cells.push_back(std::to_string(r.games));
    points.cells.push_back(signed_fixed(r.a_points_per_game, 3) + " ± " +
                           fixed(r.a_points_ci95, 3));
    rate.cells.push_back(fixed(100 * r.a_win_rate, 1) + "% [" +
                         fixed(100 * r.a_win_rate_ci95_low, 1) + ", " +
                         fixed(100 * r.a_win_rate_ci95_high, 1) + "]");
    p.cells.push_back(readable_p(r.p_value));
    lost.cells.push_back(std::to_string(r.a_forfeits) + "/" + std::to_string(r.b_forfeits));
    const auto ms_text = [](double value, std::int64_t decisions) {
      return decisions ? fixed(value, 3) : std::string("-");
    };
    ms.cells.push_back(ms_text(r.a_ms_per_decision, r.a_decisions) + " / " +
                       ms_text(r.b_ms_per_decision, r.b_decisions));
  }
  for (TextColumn* column : {&a, &b, &games, &points, &rate, &p}) columns.push_back(*column);
  if (forfeits) columns.push_back(lost);
  columns.push_back(ms);
  return aligned(columns);
}

// Each label with its spec; a swept player's label stands for several specs, one per row, whose
// values the sweep columns give, so it is listed once with its first spec.
std::string legend(const Labels& labels, const std::vector<SummaryRow>& rows) {
  std::string out;
  std::map<std::string, int> specs_of;  // label -> how many specs it stands for
  for (const std::string& spec : labels.specs) ++specs_of[labels.label.at(spec)];
  std::map<std::string, bool> listed;
  for (const std::string& spec : labels.specs) {
    const std::string& label = labels.label.at(spec);
    if (label == spec || listed[label]) continue;
    listed[label] = true;
    out += "  " + label + " = " + spec;
    if (specs_of[label] > 1 && !rows.empty() && !rows.front().sweep.empty())
      out += " (swept: see " + rows.front().sweep.front().first + ")";
    out += "\n";
  }
  return out.empty() ? "" : "\nPlayers:\n" + out;
}

// Each player's raw points per game over all its pairings, from A's and B's side.
std::map<std::string, double> raw_points(const std::vector<SummaryRow>& rows) {
  std::map<std::string, double> points, games;
  for (const SummaryRow& r : rows) {
    const double g = static_cast<double>(r.games);
    points[r.player_a] += r.a_points_per_game * g;
    points[r.player_b] -= r.a_points_per_game * g;
    games[r.player_a] += g;
    games[r.player_b] += g;
  }
  for (auto& [spec, total] : points)
    if (games[spec] > 0) total /= games[spec];
  return points;
}

std::string standings(const Ratings& ratings, const std::vector<SummaryRow>& rows,
                      const Labels& labels, const ExperimentConfig& c) {
  std::vector<RatingRow> sorted = ratings.rows;
  std::stable_sort(sorted.begin(), sorted.end(), [](const RatingRow& x, const RatingRow& y) {
    return x.points_rating > y.points_rating;
  });
  const std::map<std::string, double> raw = raw_points(rows);
  TextColumn rank{"#", {}}, player{"player", {}, false}, rating{"rating ± 95%", {}};
  TextColumn elo{"Elo [95% CI]", {}}, points{"points/" + unit_name(c), {}}, games{"games", {}};
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const RatingRow& r = sorted[i];
    rank.cells.push_back(std::to_string(i + 1));
    const auto found = labels.label.find(r.player);
    player.cells.push_back(found != labels.label.end() ? found->second
                                                       : (r.name.empty() ? r.player : r.name));
    rating.cells.push_back(signed_fixed(r.points_rating, 2) + " ± " + fixed(r.points_ci95, 2));
    elo.cells.push_back(signed_fixed(r.elo, 0) + " [" + signed_fixed(r.elo_ci95_low, 0) + ", " +
                        signed_fixed(r.elo_ci95_high, 0) + "]");
    const auto it = raw.find(r.player);
    points.cells.push_back(it != raw.end() ? signed_fixed(it->second, 3) : std::string("-"));
    games.cells.push_back(std::to_string(r.games));
  }
  return "\nStandings: rating is points per " + unit_name(c) +
         " against the field's average player (ratings.md)\n" +
         aligned({rank, player, rating, elo, points, games});
}

}  // namespace

std::string terminal_tables(const std::vector<SummaryRow>& rows,
                            const std::vector<TaskResult>& tasks, const ExperimentConfig& config,
                            const std::optional<Ratings>& ratings, int width) {
  const bool forfeits = std::any_of(rows.begin(), rows.end(), [](const SummaryRow& r) {
    return r.a_forfeits > 0 || r.b_forfeits > 0;
  });
  // The label columns get what the other columns leave of `width`: measure those with the
  // widest labels allowed, then shrink the labels until the table fits (P1, P2, ... at least).
  int most = 40;
  for (; most > 3; --most) {
    const Labels labels = labels_of(tasks, most);
    const std::string table = pairings_table(rows, labels, config, forfeits);
    const std::string first = table.substr(0, table.find('\n'));
    if (display_width(first) <= width) break;
  }
  const Labels labels = labels_of(tasks, most);
  std::string out = header_lines(config) + pairings_table(rows, labels, config, forfeits);
  if (ratings) out += standings(*ratings, rows, labels, config);
  return out + legend(labels, rows);
}

}  // namespace tournament
