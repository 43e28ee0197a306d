// Decision-time subgame solving, shared by the strategies that use it (resolve, adapt): find the
// public subgame a decision belongs to, solve it from both seats' ranges by discounted CFR on the
// public tree (engine/equilibrium/public_tree_cfr.h), and read the solved strategy at the
// observer's information set. The method, its sources and its measurements are in
// strategies/resolve/resolve_strategy.h.
//
// The subgame's root (root=first): the game's first public state, whoever is to move there, whose
// ranges (decision_subgame.h) hold at most `hands` hands each and whose regret table fits in
// `slots` slots; or (root=decision) the decision's own public state. The subgame at a public state
// depends on the public moves and the range model only, not on the observer's hand, so one solve
// serves every later decision of the game and both seats: it is kept, and the prefixes known too
// large are not tried again. A caller whose range model changes (a model learnt between games)
// calls forget().
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "engine/dominoes/move.h"
#include "engine/dominoes/move_list.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/equilibrium/public_tree_cfr.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/decision_budget.h"

namespace strategies {

/// When and how the subgame is solved (strategies/resolve/resolve_strategy.h).
struct ResolverParams {
  long hands = 1000;            ///< solve only when each range holds at most this many hands, >= 1
  std::int64_t slots = 200000;  ///< ... and the subgame's tables at most this many slots, >= 1
  int iterations = 40;          ///< discounted-CFR iterations per solve; >= 1
  bool own_model = true;        ///< own-range=model (else uniform)
  double floor = 0.01;          ///< the uniform range's share in each range, (0, 1]
  /// root=first (false): the game's first public state small enough, solved once and followed;
  /// root=decision (true): a fresh subgame at every decision.
  bool every_decision = false;
  /// time-ms stops a solve's CFR iterations early (after at least one; NOT reproducible: how many
  /// fit depends on the machine); nodes is not used here (decision_budget.h).
  DecisionBudget budget;
};

class SubgameResolver {
 public:
  explicit SubgameResolver(const ResolverParams& params) : params_(params) {}
  /// A copy has the settings only: the kept solve belongs to the game its original follows.
  SubgameResolver(const SubgameResolver& other) : SubgameResolver(other.params_) {}

  /// Writes the solved strategy at `obs` (two seats) over `legal` (its legal moves, in order) and
  /// returns true when the decision is in a subgame small enough (see the header comment); returns
  /// false (writing nothing) before that, and at more than two seats. `model` weighs both ranges
  /// (the observer's only with own_model; null: uniform ranges) and must be the same model for
  /// every call until forget(). Throws std::logic_error if the observer's information set is
  /// missing from its subgame (a bug).
  bool policy(const dominoes::Observation& obs, const dominoes::MoveList& legal,
              const OpponentModel* model, std::span<double> probabilities);
  /// Drops the kept solve and what is known about earlier prefixes (the range model changed).
  void forget();
  /// Returns how many subgames were solved (kept solves reused not counted).
  long solves() const { return solves_; }
  /// Returns the settings.
  const ResolverParams& params() const { return params_; }

 private:
  // The kept solve: its public state (rules, leader, moves before the root), its root and solver.
  struct Solved {
    dominoes::Rules rules;
    dominoes::Seat leader = 0;
    std::vector<dominoes::Move> root_history;
    equilibrium::PublicSubgame root;
    std::unique_ptr<equilibrium::PublicTreeCfr> solver;
  };
  // Solves the subgame from the public state after the first `moves` moves into solved_ when it
  // is small enough; returns false when it is not.
  bool solve_from(const dominoes::Observation& obs, int moves, const OpponentModel* model);
  // Finds (or reuses) the solve `obs` belongs to; returns false when there is none yet.
  bool find_solve(const dominoes::Observation& obs, const OpponentModel* model);

  ResolverParams params_;
  Solved solved_;
  // Every prefix of this record (lengths 0 to its size) is known to be too large.
  std::vector<dominoes::Move> too_large_;
  dominoes::Rules too_large_rules_;
  dominoes::Seat too_large_leader_ = 0;
  bool too_large_known_ = false;
  long solves_ = 0;
  std::vector<dominoes::Move> moves_;  // scratch: the solved strategy's moves and probabilities
  std::vector<double> probabilities_;
};

}  // namespace strategies
