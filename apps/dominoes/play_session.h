// A `dominoes play` session: the person at seat 0 against the strategies of PlaySettings, game by
// game (or match by match, when the rules' target is above 0), each turn shown and the person's
// moves read from a stream, until the last game, `quit`, the end of input or Ctrl-C
// (apps/dominoes/play_command.h says what the person sees; play_interrupt.h, how Ctrl-C ends it).
#pragma once

#include <iosfwd>

#include "apps/dominoes/play_settings.h"

namespace dominoes_cli {

/// Plays the session `settings` describe, reading the person's moves from `in` and writing the
/// games to `out`. Returns the exit code: 0 after the last game, `quit` or end of input; 130
/// (128 + SIGINT) after Ctrl-C. Throws UsageError when --games-out cannot take records
/// (open_play_records), before anything is shown; std::runtime_error when a record cannot be
/// written; std::logic_error when a strategy plays an illegal move; common::ReadError for a typed
/// line over 4096 bytes.
int play_session(PlaySettings settings, std::istream& in, std::ostream& out);

}  // namespace dominoes_cli
