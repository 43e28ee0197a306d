// `dominoes advise`: what to play in a position, from the seat to move's point of view
// (docs/play.md). The position is what that seat knows: its hand, the line, and what the opponent
// has shown it lacks; the opponent's tile count follows from those (both hands start with hand-size
// tiles and nobody draws) and may be given as a check. Prints the best move by expected points
// (engine/endgame/expected_move_values.h) on the first line, then the move the chosen strategy
// plays, then every legal move with its expected points and the worlds they rest on. At three or
// four seats (--seats) the other seats follow the person's seat 0 in turn order, with their counts
// (--counts, or as if nobody passed) and lacked values (--lacks A/B/C), and the moves are valued
// the same way over deals of every other hand, each solved with every hand open.
#pragma once

#include <boost/program_options/options_description.hpp>
#include <string>
#include <vector>

namespace dominoes_cli {

/// Returns the options `dominoes advise` reads (its --help lists them; the shell completion offers
/// them).
boost::program_options::options_description advise_options();

/// Runs `dominoes advise` with `args` (the words after `advise`); returns the exit code: 0, or 2
/// with one line on stderr for bad input (a malformed or impossible position, a bad option).
int advise_command(const std::vector<std::string>& args);

}  // namespace dominoes_cli
