// `dominoes play`: a person plays Block Dominoes against a strategy at the terminal
// (docs/play.md). The person holds hand 0 of each deal; the leader follows the rules (--leader).
// Each turn shows the line and its open ends, the opponent's tile count and the values it has shown
// it lacks, the person's hand and the legal moves, numbered; the person types a number or notation.
// A pass, or a single legal move, is played with a notice. --hint shows each move's expected
// points (the same evaluation as `dominoes advise`) before every choice. Each game ends by showing
// both hands, as dealt and as left, and the points; the running score follows. End of input
// (Ctrl-D) or `quit` stops at once with the score so far, and so does Ctrl-C (exit 130); the
// commands (quit, hint, help) are read in any case. --games-out FILE adds each finished game to
// FILE as a game record (arena/tournament/play/games_writer.h), the person's seat named
// "person", so that `dominoes view FILE` replays them.
//
// At three or four seats (--seats) the person holds seat 0 and the built-ins the others: with
// partners the --partner strategy in seat 2 and the --against strategy in seats 1 and 3, in
// cut-throat --against in every other seat. Each turn shows every other seat's count and lacked
// values. Hands are scored by team (engine/dominoes/scoring.h). A session plays matches when the
// rules' target is above 0 (the default at three and four seats, --target): the hands of a match
// are dealt and led as the runner's (tournament::play_match: make_deal and set_next_leader), each
// followed by the match score and the next leader, until a team reaches the target; --games then
// counts matches. With target 0 (two seats' default) each game is one hand, with a running score.
// --hint values moves as `dominoes advise` does (engine/endgame/expected_move_values.h). A
// strategy that does not play the seat count is refused before the first game.
//
// Reproducible: game g (or hand h of match g) is deal g of --seed at game 0 (or h) (make_deal),
// and a strategy draws from its seat's stream (seed, g, 0 or h, seat) as in a run, so the same
// seed and the same typed moves replay the same games.
#pragma once

#include <boost/program_options/options_description.hpp>
#include <iosfwd>
#include <string>
#include <vector>

namespace dominoes_cli {

/// Returns the options `dominoes play` reads (its --help lists them; the shell completion offers
/// them).
boost::program_options::options_description play_options();

/// Runs `dominoes play` with `args` (the words after `play`), reading the person's moves from `in`
/// and writing the game to `out`. Returns the exit code: 0 after the last game, `quit` or end of
/// input; 130 after Ctrl-C (SIGINT, caught while the session runs); 2 with one line on stderr
/// for a bad option (a --games-out that is not a regular file or cannot be written); 1 when a
/// record cannot be written.
int play_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out);

}  // namespace dominoes_cli
