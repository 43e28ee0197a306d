// The advice of `dominoes advise` and of `dominoes play --hint`, as text for a person: every legal
// move with its expected points (engine/endgame/expected_move_values.h), aligned, and a line
// saying how many worlds the means rest on.
#pragma once

#include <string>

#include "engine/dominoes/tile_set.h"
#include "engine/endgame/expected_move_values.h"

namespace dominoes_cli {

/// Returns "1 tile", "2 tiles": `n` and `noun`, plural unless n is 1.
std::string count_of(int n, const std::string& noun);

/// Returns a signed number with two decimals, e.g. "+3.40", "-0.50", "0.00".
std::string signed_points(double points);

/// Returns one line per move of `e`, each starting with `indent`: the move, its expected points
/// for the side to move, and when sampled its 95% interval; a header line first. Rows are best
/// first when `best_first`, else in legal-move order numbered 1), 2), ... as a move prompt lists
/// them. The best move is marked "<- best".
std::string advice_rows(const endgame::MoveEvaluation& e, bool best_first,
                        const std::string& indent);

/// Returns one line (no newline) saying which worlds the means average, e.g. "worlds: all 20
/// opponent hands consistent with what you know, each solved exactly".
std::string worlds_line(const endgame::MoveEvaluation& e);

}  // namespace dominoes_cli
