#include "apps/dominoes/advice_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include "engine/dominoes/notation.h"

namespace dominoes_cli {

std::string count_of(int n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string signed_points(double points) {
  char text[32];
  // Round first so that -0.001 prints as 0.00, not -0.00.
  const double rounded = std::round(points * 100) / 100;
  std::snprintf(text, sizeof text, rounded == 0 ? "%.2f" : "%+.2f", rounded == 0 ? 0.0 : rounded);
  return text;
}

namespace {

std::string row(const std::string& label, const endgame::ExpectedMoveValue& m, bool sampled,
                bool best) {
  char text[128];
  std::snprintf(text, sizeof text, "%-9s %8s", label.c_str(), signed_points(m.mean).c_str());
  std::string line = text;
  if (sampled)
    line += "  [" + signed_points(m.mean - m.ci95) + ", " + signed_points(m.mean + m.ci95) + "]";
  if (best) line += "  <- best";
  return line;
}

}  // namespace

std::string advice_rows(const endgame::MoveEvaluation& e, bool best_first,
                        const std::string& indent) {
  std::vector<int> order(e.moves.size());
  std::iota(order.begin(), order.end(), 0);
  if (best_first)
    std::stable_sort(order.begin(), order.end(),
                     [&e](int a, int b) { return e.moves[a].mean > e.moves[b].mean; });
  const bool sampled = !e.exhaustive;
  char header[64];
  std::snprintf(header, sizeof header, "%-9s %8s", best_first ? "move" : "   move", "points");
  std::string text = indent + header + (sampled ? "  95% interval" : "") + "\n";
  for (int k : order) {
    const std::string move = dominoes::to_string(e.moves[k].move);
    const std::string label = best_first ? move : std::to_string(k + 1) + ") " + move;
    text += indent + row(label, e.moves[k], sampled, k == e.best()) + "\n";
  }
  return text;
}

namespace {

// The worlds line at a table of three or four seats, whose count may pass 2^64.
std::string table_worlds_line(const endgame::MoveEvaluation& e) {
  const std::string solved = ", each solved exactly with every hand open";
  if (e.exhaustive && e.worlds == e.consistent_hands)
    return "worlds: all " + std::to_string(e.consistent_hands) +
           " deals of the other hands consistent with what you know" + solved;
  if (e.exhaustive)
    return "worlds: " + std::to_string(e.worlds) + " of " + std::to_string(e.consistent_hands) +
           " consistent deals of the other hands (" +
           std::to_string(e.consistent_hands - e.worlds) + " leave the game blocked)" + solved;
  char total[32];
  std::snprintf(total, sizeof total, "%.4g", e.consistent_worlds);
  return "worlds: " + std::to_string(e.worlds) + " sampled of " + total +
         " deals of the other hands consistent with what you know" + solved + "; 95% intervals";
}

}  // namespace

std::string worlds_line(const endgame::MoveEvaluation& e, int seats) {
  if (seats > 2) return table_worlds_line(e);
  const std::string total = std::to_string(e.consistent_hands);
  if (e.exhaustive && e.worlds == e.consistent_hands)
    return "worlds: all " + total +
           " opponent hands consistent with what you know, each solved exactly";
  if (e.exhaustive)
    return "worlds: " + std::to_string(e.worlds) + " of " + total + " consistent opponent hands (" +
           std::to_string(e.consistent_hands - e.worlds) +
           " leave the game blocked), each solved exactly";
  return "worlds: " + std::to_string(e.worlds) + " sampled of " + total +
         " consistent opponent hands, each solved exactly; 95% intervals";
}

std::string points_meaning(const dominoes::Rules& rules) {
  if (rules.seats == 2) return "yours minus the opponent's";
  if (rules.partners) return "your team's minus the other team's";
  return "your score if you win, else minus the winner's";
}

std::string points_when(const dominoes::Rules& rules) {
  if (rules.seats == 2) return "at the end of the game";
  if (rules.partners)
    return "at the end of the hand, every hand open and played best by both teams";
  return "at the end of the hand, every hand open and played best, every other seat playing "
         "against you";
}

}  // namespace dominoes_cli
