// Ctrl-C and kill for a long run: the first SIGINT or SIGTERM asks the run to stop (the players
// see it before each deal and between a deal's games, chunk_player.h) and ends the external bots
// and the long decisions in play (exact searches, world samplings, subgame solves: their stop
// checks, search_limit.h) at once, so the run stops within about a second with every finished game
// in the journal and resumes from there; a second one ends the process at once (the signal's
// default action), losing the deals in play of the chunk in flight. Exit codes follow the shell's
// convention: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
#pragma once

namespace tournament {

/// While alive, SIGINT and SIGTERM are caught as described above; the previous handlers come back
/// when it is destroyed. One at a time.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  /// Returns the first signal caught (SIGINT or SIGTERM), or 0 when none was.
  static int caught();
};

}  // namespace tournament
