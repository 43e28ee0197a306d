#include "arena/tournament/stats/totals.h"

#include <vector>

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
  std::vector<std::int64_t> counts;
  for_each_count(o, [&](std::int64_t count) { counts.push_back(count); });
  std::size_t next = 0;
  for_each_count(*this, [&](std::int64_t& count) { count += counts[next++]; });
  seconds += o.seconds;
}

}  // namespace tournament
