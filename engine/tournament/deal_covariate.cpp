#include "engine/tournament/deal_covariate.h"

namespace tournament {

std::string control_variate_refusal(const ExperimentConfig& c) {
  if (c.rules.match_target > 0)
    return "control-variate on needs single games (target 0): a match deals many games";
  if (c.rules.leader == dominoes::LeaderRule::kAlternate)
    return "control-variate on needs leader random or heaviest-double: under alternate the "
           "covariate's mean is not known";
  return {};
}

bool control_variate_enabled(const ExperimentConfig& c) {
  switch (c.control_variate) {
    case ControlVariateMode::kOn: return true;
    case ControlVariateMode::kOff: return false;
    case ControlVariateMode::kAuto: break;
  }
  // `auto` switches it on only where it cuts the interval width of minimax(200, 0) vs
  // playout(1000) by at least 20% at equal deals (issue 10). Measured (README): 18% without
  // duplicate deals (rho 0.57), 0% with them (rho 0.01): nowhere, so far.
  return false;
}

int deal_covariate(solvers::BlockDominoesSolver& solver, const dominoes::Deal& deal) {
  const int leader_value = solver.value(dominoes::start_state(deal));
  return deal.leader == 0 ? leader_value : -leader_value;
}

}  // namespace tournament
