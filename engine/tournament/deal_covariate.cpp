#include "engine/tournament/deal_covariate.h"

namespace tournament {

// Beyond 7 tiles a hand the open-hands solve grows fast; `auto` does not pay for it unasked.
constexpr int kAutoMaxHandSize = 7;

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
  return !c.duplicate && control_variate_refusal(c).empty() &&
         c.rules.hand_size <= kAutoMaxHandSize;
}

int deal_covariate(solvers::BlockDominoesSolver& solver, const dominoes::Deal& deal) {
  const int leader_value = solver.value(dominoes::start_state(deal));
  return deal.leader == 0 ? leader_value : -leader_value;
}

}  // namespace tournament
