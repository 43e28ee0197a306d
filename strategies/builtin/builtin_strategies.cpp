// Registry::builtin() (registry.h): every strategy folder's registry entry, in the order
// `dominoes strategies` lists them. Adding a strategy: one include and one r.add(...) line here.
// Kept apart from registry.cpp so that the strategies' shared headers (strategies/*.h) never
// include a strategy folder (scripts/check-rooms).
#include "strategies/adapt/adapt_strategy.h"
#include "strategies/epimc/epimc_strategy.h"
#include "strategies/equilibrium/equilibrium_strategy.h"
#include "strategies/heuristic/heuristic_strategy.h"
#include "strategies/inference/inference_strategy.h"
#include "strategies/ismcts/ismcts_strategy.h"
#include "strategies/lowest/lowest_strategy.h"
#include "strategies/minimax/minimax_strategy.h"
#include "strategies/net/net_strategy.h"
#include "strategies/omniscient/omniscient_strategy.h"
#include "strategies/partnership/partnership_strategy.h"
#include "strategies/playout/playout_strategy.h"
#include "strategies/random/random_strategy.h"
#include "strategies/registry.h"
#include "strategies/resolve/resolve_strategy.h"
#include "strategies/softmax/softmax_strategy.h"

namespace strategies {
namespace {

// The built-in strategies, in the order `dominoes strategies` lists them: one line each.
Registry make_builtin() {
  Registry r;
  r.add(random_strategy_info());
  r.add(lowest_strategy_info());
  r.add(heuristic_strategy_info());
  r.add(softmax_strategy_info());
  r.add(partnership_strategy_info());
  r.add(playout_strategy_info());
  r.add(minimax_strategy_info());
  r.add(ismcts_strategy_info());
  r.add(inference_strategy_info());
  r.add(epimc_strategy_info());
  r.add(resolve_strategy_info());
  r.add(adapt_strategy_info());
  r.add(equilibrium_strategy_info());
  r.add(net_strategy_info());
  r.add(omniscient_strategy_info());
  return r;
}

}  // namespace

const Registry& Registry::builtin() {
  static const Registry registry = make_builtin();
  return registry;
}

}  // namespace strategies
