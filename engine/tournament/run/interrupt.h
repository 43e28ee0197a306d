// Ctrl-C and kill for a long run: the first SIGINT or SIGTERM asks the run to stop at the next
// chunk boundary, so every finished chunk stays in the journal and the run resumes from there; a
// second one kills the external bots and ends the process at once (the signal's default action),
// losing only the chunk in flight. Exit codes follow the shell's convention: 128 + the signal (130 for SIGINT, 143 for
// SIGTERM).
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
