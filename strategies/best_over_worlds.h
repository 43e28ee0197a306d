// The move of determinized minimax (minimax_strategy.h) and of inference's weighted worlds
// (strategies/belief/weighted_pimc.h) over a fixed set of worlds: the move whose summed (weighted)
// open-hands value over the worlds is largest, found without solving every move exactly in every
// world.
//
// Determinized minimax sums each move's exact value over the worlds and plays the largest sum
// (the first move on a tie). Only the winner's sum must be exact: every other move needs only an
// upper bound on its sum below the winner's. So, world by world, the move leading the running sums
// is solved exactly, and each other move is tested against that value by one null-window search
// (endgame::BlockDominoesSolver::move_bound), which proves "no better here" with an upper bound at
// a fraction of an exact solve's cost, or "at least as good" (the move is then solved exactly).
// At the end, while the move with the largest sum of upper bounds still has bounds in it, those
// are solved exactly and the sums recomputed. The move returned is the one the exact sums choose,
// tie-break included (a move whose bound sum ties the winner's stands after it in move order, so
// its exact sum cannot win the tie): the decisions, and so every results table, are those of the
// plain sum; only the work (and what the solver's transposition table holds) differs.
//
// This is an alpha-beta-style cut at the root across worlds, not a new estimate: it pays where one
// move per world is much cheaper to refute than to value, as at a free lead of the four-seat game,
// where each world has 7 leads to value to the end of the hand (bench/bench_solver.cpp,
// BM_FourSeatFreeLeadMoveValues). Measured results are in strategies/minimax/minimax_strategy.h
// and strategies/inference/inference_strategy.h.
#pragma once

#include <span>
#include <vector>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/state.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace strategies {

/// Returns the index into `legal` of the move with the largest sum of exact values over `worlds`
/// (the first on a tie), each value as solver.move_values(world, legal, depth, ...) gives it (for
/// the seat to move; `depth` tiles deep counting the move, 0 = exact), world i's value times
/// weights[i] when `weights` is given (inference's weighted worlds; every weight positive, one
/// per world) and summed in world order as the plain sum is, so its floating-point sums are the
/// same: rounding is monotone, so a sum of upper bounds stays at least the sum of the values
/// (bit-identical sums also assume the compiler fuses neither product and sum into one
/// multiply-add, as the x86-64-v2 Release build cannot).
/// Requires a non-empty `legal`, legal in every world, and at least one world. Throws only
/// std::bad_alloc. With two seats move_bound is an exact solve, so this costs more than the plain
/// sum there: it is used with three and four seats only.
int best_over_worlds(endgame::BlockDominoesSolver& solver,
                     const std::vector<dominoes::State>& worlds, const dominoes::MoveList& legal,
                     int depth, std::span<const double> weights = {});

}  // namespace strategies
