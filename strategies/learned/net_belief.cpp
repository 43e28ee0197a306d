#include "strategies/learned/net_belief.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "engine/dominoes/tile.h"

namespace strategies {

NetBelief::NetBelief(std::shared_ptr<const LearnedModel> model) : model_(std::move(model)) {}

void NetBelief::log_marginals(const dominoes::Observation& obs, std::span<double> log_p) const {
  const LearnedModel& m = *model_;
  const int seats = m.rules.seats;
  const int tiles = dominoes::tile_count(m.rules.max_pip);
  if (static_cast<int>(log_p.size()) != tiles * seats)
    throw std::invalid_argument("belief log_p holds " + std::to_string(log_p.size()) +
                                " values: give tiles x seats = " + std::to_string(tiles * seats));
  const std::span<const float> output =
      forward_record(m, obs.seat(), obs.hand(), obs.history(), obs.leader());

  const bool some_undrawn = tiles > seats * m.rules.hand_size;
  const dominoes::TileSet unseen = obs.unseen();
  constexpr double kImpossible = -std::numeric_limits<double>::infinity();
  for (dominoes::Tile t = 0; t < tiles; ++t) {
    double* row = log_p.data() + static_cast<std::ptrdiff_t>(t) * seats;
    if (!unseen.contains(t)) {
      std::fill(row, row + seats, 0.0);
      continue;
    }
    // Which places the observation allows, and the softmax over them.
    bool allowed[dominoes::kMaxSeats];
    double top = kImpossible;
    for (int p = 0; p < seats; ++p) {
      if (p == seats - 1) {
        allowed[p] = some_undrawn;
      } else {
        const dominoes::Seat s = (obs.seat() + p + 1) % seats;
        const dominoes::ValueSet lacks = obs.lacks(s);
        allowed[p] = obs.tile_count(s) > 0 && !lacks.contains(dominoes::tile_low(t)) &&
                     !lacks.contains(dominoes::tile_high(t));
      }
      if (allowed[p]) top = std::max(top, static_cast<double>(output[t * seats + p]));
    }
    double total = 0;
    for (int p = 0; p < seats; ++p)
      if (allowed[p]) total += std::exp(output[t * seats + p] - top);
    for (int p = 0; p < seats; ++p)
      row[p] = allowed[p] ? output[t * seats + p] - top - std::log(total) : kImpossible;
  }
}

}  // namespace strategies
