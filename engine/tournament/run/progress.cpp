#include "engine/tournament/run/progress.h"

#include <cstdio>

namespace tournament {

void ProgressLine::update(const RunProgress& p) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  drawn_ = true;
  const double rate = p.seconds > 0 ? static_cast<double>(p.deals_this_run) / p.seconds : 0;
  const double left = static_cast<double>(p.deals_total - p.deals_done);
  const double percent = p.deals_total ? 100.0 * static_cast<double>(p.deals_done) /
                                             static_cast<double>(p.deals_total)
                                       : 100.0;
  std::fprintf(stderr, "\rpairing %d/%d  deals %lld/%lld (%.0f%%)  %.0f deals/s  ETA %.0f s   ",
               p.task + 1, p.tasks, static_cast<long long>(p.deals_done),
               static_cast<long long>(p.deals_total), percent, rate, rate > 0 ? left / rate : 0.0);
  std::fflush(stderr);
}

void ProgressLine::finish() {
  if (!enabled_ || !drawn_) return;
  std::fprintf(stderr, "\r%80s\r", "");
  std::fflush(stderr);
}

}  // namespace tournament
