#include "engine/tournament/stats/totals.h"

namespace tournament {

void PairingTotals::add(const DealTally& t) {
  ++deals;
  games += t.games;
  a_wins += t.a_wins;
  draws += t.draws;
  b_wins += t.b_wins;
  a_net.add(t.a_net);
  leader_games += t.leader_games;
  leader_net += t.leader_net;
  a_forfeits += t.a_forfeits;
  b_forfeits += t.b_forfeits;
  if (t.games == 2) ++penta[static_cast<std::size_t>(pentanomial_class(t.a_wins, t.draws))];
  if (t.has_covariate) covariate.add(t.covariate, t.a_net);
  a_decisions += t.a_decisions;
  a_timed += t.a_timed;
  a_decision_ns += t.a_decision_ns;
  b_decisions += t.b_decisions;
  b_timed += t.b_timed;
  b_decision_ns += t.b_decision_ns;
}

void PairingTotals::merge(const PairingTotals& o) {
  deals += o.deals;
  games += o.games;
  a_wins += o.a_wins;
  draws += o.draws;
  b_wins += o.b_wins;
  a_net.merge(o.a_net);
  leader_games += o.leader_games;
  leader_net += o.leader_net;
  a_forfeits += o.a_forfeits;
  b_forfeits += o.b_forfeits;
  for (std::size_t k = 0; k < penta.size(); ++k) penta[k] += o.penta[k];
  covariate.merge(o.covariate);
  a_decisions += o.a_decisions;
  a_timed += o.a_timed;
  a_decision_ns += o.a_decision_ns;
  b_decisions += o.b_decisions;
  b_timed += o.b_timed;
  b_decision_ns += o.b_decision_ns;
  seconds += o.seconds;
}

}  // namespace tournament
