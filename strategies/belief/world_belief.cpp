#include "strategies/belief/world_belief.h"

namespace strategies {

void belief_marginals(const WorldBelief& belief, const dominoes::Observation& obs,
                      std::vector<double>& log_p) {
  log_p.resize(static_cast<std::size_t>(dominoes::tile_count(obs.rules().max_pip) * obs.seats()));
  belief.log_marginals(obs, log_p);
}

double table_log_belief(const dominoes::Observation& obs, std::span<const double> log_p,
                        const dominoes::TableHands& world) {
  const int seats = obs.seats();
  double total = 0;
  for (const dominoes::Tile t : obs.unseen()) {
    int place = seats - 1;  // never dealt, unless a hand holds it
    for (int p = 0; p + 1 < seats; ++p)
      if (world[static_cast<std::size_t>((obs.seat() + p + 1) % seats)].contains(t)) place = p;
    total += log_p[static_cast<std::size_t>(t * seats + place)];
  }
  return total;
}

double hand_log_belief(const dominoes::Observation& obs, std::span<const double> log_p,
                       dominoes::TileSet opponent_hand) {
  double total = 0;
  for (const dominoes::Tile t : obs.unseen())
    total += log_p[static_cast<std::size_t>(2 * t + (opponent_hand.contains(t) ? 0 : 1))];
  return total;
}

}  // namespace strategies
