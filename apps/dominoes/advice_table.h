// The advice of `dominoes advise` and of `dominoes play --hint`, as text for a person: every legal
// move with its expected points (engine/endgame/expected_move_values.h, at any seat count),
// aligned, a line saying how many worlds the means rest on, and what the points measure.
#pragma once

#include <string>

#include "engine/dominoes/rules.h"
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

/// Returns one line (no newline) saying which worlds the means average at a table of `seats`
/// seats, e.g. "worlds: all 20 opponent hands consistent with what you know, each solved
/// exactly", or with more seats "worlds: 100 sampled of 3.991e+08 deals of the other hands
/// consistent with what you know, each solved exactly with every hand open; 95% intervals".
std::string worlds_line(const endgame::MoveEvaluation& e, int seats);

/// Returns what the points of an evaluation at `rules`' table measure: "yours minus the
/// opponent's" (two seats), "your team's minus the other team's" (partners), "your score if you
/// win, else minus the winner's" (cut-throat).
std::string points_meaning(const dominoes::Rules& rules);

/// Returns when and under what play the points are counted, after points_meaning: "at the end of
/// the game" (two seats), "at the end of the hand, every hand open and played best by both teams"
/// (partners), or "... every other seat playing against you" (cut-throat).
std::string points_when(const dominoes::Rules& rules);

}  // namespace dominoes_cli
