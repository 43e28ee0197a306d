#include "arena/tournament/run/progress.h"

#include <string>

namespace tournament {
namespace {

std::string format(const char* pattern, double a, double b = 0) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, a, b);
  return text;
}

std::string pairing_text(const ProgressSnapshot& s, int task) {
  const PairingProgress& p = s.pairings[static_cast<std::size_t>(task)];
  const std::string score = p.a_net.n < 2 ? format("%+.3f +/- ?", p.score.mean)
                                          : format("%+.3f +/- %.3f", p.score.mean, p.score.ci95);
  char number[48];
  std::snprintf(number, sizeof number, "[%d/%zu] ", task + 1, s.pairings.size());
  const std::string& a = p.label_a.empty() ? p.player_a : p.label_a;
  const std::string& b = p.label_b.empty() ? p.player_b : p.label_b;
  return number + a + " vs " + b + " " + score;
}

}  // namespace

std::string progress_text(const ProgressSnapshot& s, std::size_t width) {
  if (!s.started) return "";
  const double percent = s.deals_total > 0 ? 100.0 * static_cast<double>(s.deals_done) /
                                                 static_cast<double>(s.deals_total)
                                           : 100.0;
  const char* games = s.matches ? "matches" : "games";
  std::string text = "deals " + std::to_string(s.deals_done) + "/" + std::to_string(s.deals_total) +
                     format(" (%.1f%%)", percent) + "  " + games + " " +
                     std::to_string(s.games_done) + "  " + format("%.0f", s.games_per_second) +
                     " " + games + "/s  elapsed " + common::duration_text(s.elapsed_seconds) +
                     "  ETA " + common::duration_text(s.eta_seconds);
  for (std::size_t i = 0; i < s.current.size(); ++i)
    text += (i == 0 ? "  |  " : "  ") + pairing_text(s, s.current[i]);
  if (width > 0 && text.size() > width) text.resize(width);
  return text;
}

ProgressDisplay::ProgressDisplay(const LiveProgress& live, common::StatusMode mode, std::FILE* out)
    : line_([&live](std::size_t width) { return progress_text(live.snapshot(), width); }, mode,
            true, out) {}

}  // namespace tournament
