// The control variate's covariate (control_variate.h): the deal's exact open-hands value for the
// hand that seat A holds in the deal's first game (hand 0). When a run uses it, and the mean that
// makes it exact, are config/experiment_config.h's.
//
// Covariate. V(deal) = the exact value of the dealt position with both hands visible
// (endgame::BlockDominoesSolver, to the end of the game) for the player holding hand 0: the
// solver's value for the leader when hand 0 leads, its negative otherwise. It depends on the
// hands and the leader only, never on the strategies. A solve of a fresh 7+7 deal takes about
// 50 us (bench/bench_solver.cpp).
//
// Its mean over all deals, E[V] = 0 exactly, for the leader rules `random` and `heaviest-double`:
// make_deal draws 2 x hand_size distinct tiles uniformly and gives them alternately to the two
// hands, so (hand 0, hand 1) and (hand 1, hand 0) are equally likely. Swapping the hands (and,
// under `random`, the leader, which is a fair coin independent of the hands; under
// `heaviest-double` the leader is the holder of the top-ranked tile, whose ranks are distinct,
// so it swaps with the hands) maps a deal to one of the same probability in which the same hand
// leads the same game, seen from the other side: V becomes -V. Hence E[V] = -E[V] = 0, with no
// approximation; tests/tournament/stats/control_variate_test.cpp checks it by enumerating every
// deal of double-6 with 2 tiles a hand. Under `alternate` the leader is fixed by the deal's index,
// not by the hands, so E[V] is +m on even deals and -m on odd ones, m being the leader's edge,
// which depends on the whole rule set and is known to no precision here: the correction is refused
// there
// (`on`) or left off (`auto`). Matches (target > 0) deal many games per match; refused too.
#pragma once

#include "engine/dominoes/deal.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace tournament {

/// Returns V(deal) for hand 0 (points; positive when hand 0's holder wins with best play by both).
int deal_covariate(endgame::BlockDominoesSolver& solver, const dominoes::Deal& deal);

}  // namespace tournament
