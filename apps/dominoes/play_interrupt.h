// Ctrl-C during a `dominoes play` session: the first SIGINT is noted, so the session ends with the
// score so far; a second one ends the program at once, as Ctrl-C would without the note. A read
// of the person's move must not wait on after it: a read under way is interrupted (the handler is
// installed without SA_RESTART), and, since the signal may also come just before the read begins
// (a race no flag check can close), the handler puts /dev/null on standard input, where any later
// read ends at once. The session reads nothing more after a Ctrl-C, so nothing is lost.
#pragma once

#include <signal.h>

namespace dominoes_cli {

/// Catches SIGINT while alive (one at a time); the previous handler comes back when it is
/// destroyed. Not copyable: one object owns the handler.
class InterruptNote {
 public:
  /// Installs the handler and clears any earlier note.
  InterruptNote();
  /// Puts the previous handler back.
  ~InterruptNote();
  InterruptNote(const InterruptNote&) = delete;
  InterruptNote& operator=(const InterruptNote&) = delete;
  /// Returns whether a SIGINT came since the last InterruptNote was made.
  static bool caught();

 private:
  struct sigaction previous_ {};
};

}  // namespace dominoes_cli
