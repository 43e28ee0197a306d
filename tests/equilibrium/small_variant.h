// The rules of a small variant for the equilibrium tests: a double-`max_pip` set, `hand` tiles to
// each seat, everything else at the seed's defaults.
#pragma once

#include "engine/dominoes/rules.h"

namespace test_variants {

inline dominoes::Rules variant(int max_pip, int hand) {
  dominoes::Rules r;
  r.max_pip = max_pip;
  r.hand_size = hand;
  return r;
}

}  // namespace test_variants
