// dominoes.run's progress and Ctrl-C: the run plays on a thread of its own while the calling
// Python thread watches it, so that Python is only ever called from the thread that holds the GIL
// (never from a worker) and a KeyboardInterrupt is seen within 20 ms whatever the
// run is doing.
//
// `progress` (dominoes.run's keyword): None or False shows nothing; True shows the command line's
// progress on sys.stderr (a line redrawn in place when it is a terminal, else a plain line every
// 30 s; arena/tournament/run/progress.h); a callable is called about once a second, and once at
// the end, with a dict (progress_dict below).
#pragma once

#include <functional>

#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/live_progress.h"
#include "python/bindings.h"

namespace dominoes_python {

/// Returns `s` as the dict a progress callback receives:
///   deals_done, deals_total, games_done (ints; matches when the rules have a target),
///   games_per_second, elapsed_seconds (floats), eta_seconds (float, None until known),
///   current (the indices into pairings being played now),
///   pairings: one dict per pairing in table order: player_a, player_b (canonical specs), label_a,
///   label_b (as the progress line shows them: display names, else short labels), deals_done,
///   deals_total, games, a_points_per_game, a_points_ci95 (A's points minus B's per game and the
///   half-width of its 95% interval, as summary.csv computes them; the interval None below two
///   deals).
py::dict progress_dict(const tournament::ProgressSnapshot& s);

/// Watches one dominoes.run call as described above.
class RunWatch {
 public:
  /// Reads dominoes.run's `progress` argument. Throws tournament::ConfigError naming the valid
  /// values when it is none of them.
  explicit RunWatch(const py::object& progress);

  /// Runs `play` (with the hooks given, plus this watch's progress counts and stop flag) on a
  /// thread of its own, with the GIL released, and shows the progress meanwhile. Called with the
  /// GIL held. On Ctrl-C (a KeyboardInterrupt pending on this thread) it stops the run as the
  /// command line does (the games in play finish, external bots are ended, every finished game
  /// is journalled) and throws py::error_already_set with KeyboardInterrupt; an exception from
  /// the callback stops the run the same way and is rethrown. Otherwise returns or throws what
  /// `play` does.
  tournament::ExperimentResult run(
      tournament::RunHooks hooks,
      const std::function<tournament::ExperimentResult(const tournament::RunHooks&)>& play);

 private:
  void show(bool last);  // called with the GIL held

  py::object callback_ = py::none();  // the callable, or None
  bool to_stderr_ = false;
  bool terminal_ = false;
  tournament::LiveProgress live_;
};

}  // namespace dominoes_python
