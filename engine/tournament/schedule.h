// The schedule: which players meet. Only yields pairings; the runner decides how they play.
#pragma once

#include <vector>

#include "engine/tournament/experiment_config.h"

namespace tournament {

/// Player a (seat 0 of the first game of each duplicate pair) against player b, as indices into
/// the experiment's player list.
struct Pairing {
  int a = 0;
  int b = 1;
  bool operator==(const Pairing&) const = default;
};

/// Returns the pairings of `format` over `players` players, in table order: head-to-head (0,1);
/// round-robin (i,j) for i < j, by i then j; gauntlet (0,j) for j = 1..n-1.
std::vector<Pairing> make_schedule(Format format, int players);

}  // namespace tournament
