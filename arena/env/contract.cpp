#include "arena/env/contract.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/dominoes/tile.h"

namespace arena {

int max_hand_points(const dominoes::Rules& rules) {
  const int tiles = dominoes::tile_count(rules.max_pip);
  std::vector<int> pips;
  for (int t = 0; t < tiles; ++t)
    pips.push_back(dominoes::tile_pips(static_cast<dominoes::Tile>(t)));
  std::sort(pips.begin(), pips.end(), std::greater<>());
  const int dealt = std::min(tiles, rules.seats * rules.hand_size);
  int sum = 0;
  for (int i = 0; i < dealt; ++i) sum += pips[static_cast<std::size_t>(i)];
  return sum;
}

double max_episode_loss(const dominoes::Rules& rules) {
  const int other_teams = dominoes::team_count(rules) - 1;
  const int hand = max_hand_points(rules);
  if (rules.match_target == 0) return hand;
  return static_cast<double>(other_teams) * (dominoes::match_points_to_win(rules) - 1 + hand);
}

IllegalActionRule penalty_rule(double penalty) {
  if (!std::isfinite(penalty) || penalty < 0)
    throw std::invalid_argument("illegal_penalty " + std::to_string(penalty) +
                                " is not valid: give a finite number of points >= 0");
  return {true, penalty};
}

}  // namespace arena
