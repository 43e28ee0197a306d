// The progress line of a long run on a terminal: deals done, rate and ETA, rewritten in place.
#pragma once

#include <chrono>

#include "engine/tournament/results.h"

namespace tournament {

/// Prints "\rpairing 2/3  deals 40000/300000 (13%)  52000 deals/s  ETA 5 s" to stderr, at most
/// five times a second, only when `enabled` (the caller passes isatty(stderr) && !quiet).
class ProgressLine {
 public:
  explicit ProgressLine(bool enabled) : enabled_(enabled) {}
  /// Redraws the line for `p` if enough time has passed since the last redraw.
  void update(const RunProgress& p);
  /// Clears the line so the next output starts on a clean row.
  void finish();

 private:
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace tournament
