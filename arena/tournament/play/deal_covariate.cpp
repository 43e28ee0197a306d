#include "arena/tournament/play/deal_covariate.h"

namespace tournament {

int deal_covariate(endgame::BlockDominoesSolver& solver, const dominoes::Deal& deal) {
  const int leader_value = solver.value(dominoes::start_state(deal));
  return deal.leader == 0 ? leader_value : -leader_value;
}

}  // namespace tournament
