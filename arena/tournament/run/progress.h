// The progress of a long run as people see it: at a terminal, one status line redrawn in place
// about four times a second; in a log (stderr not a terminal: nohup, Slurm, a shard, MPI rank 0),
// a plain line every 30 seconds (common/status_line.h); either way a last line when the run
// ends. `--quiet` shows none.
//
// The line, read from LiveProgress (live_progress.h) by a thread of its own so that it does not
// wait for chunks to finish:
//   deals 1200/3000 (40.0%)  games 2400  812 games/s  elapsed 3s  ETA 4s  |  [1/1] heuristic vs
//   random +4.512 +/- 0.311
// that is the deals done (resumed ones included) of all the run owns, the games (matches, in
// match mode) done, this run's games per second, the wall time since it started, the time left
// at this run's deal rate ("?" before the first deal), and for each pairing being played its
// number, its players (their display names, else short labels: config/player_names.h) and A's
// running points per game minus B's with the half-width of its 95% interval, as summary.csv
// computes them (estimate_mean_per_game; "?" below two deals). fastchess and cutechess show their
// running score the same way. The tables never come from this line.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

#include "arena/tournament/run/live_progress.h"
#include "engine/common/status_line.h"

namespace tournament {

/// Returns the progress line for `s` described above (no newline); empty before the run's
/// journal is open (nothing is drawn then). At most `width` characters when `width` > 0 (a
/// terminal's columns: a wrapped line could not be redrawn in place).
std::string progress_text(const ProgressSnapshot& s, std::size_t width = 0);

/// Shows `live` on `out` as described above (common::StatusLine) from construction until
/// finish() (or destruction), which draws the last line. `mode`: common::status_mode(quiet,
/// fileno(out)). `live` and `out` must outlive the display.
class ProgressDisplay {
 public:
  ProgressDisplay(const LiveProgress& live, common::StatusMode mode, std::FILE* out = stderr);
  /// Stops the display's thread and draws the last line, ended with a newline. Idempotent.
  void finish() { line_.finish(); }

 private:
  common::StatusLine line_;
};

}  // namespace tournament
