// ismcts: single-observer Information Set Monte Carlo Tree Search (SO-ISMCTS), Cowling, Powley &
// Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions on Computational
// Intelligence and AI in Games 4(2):120-143, 2012 (their SO-ISMCTS, with UCB1 selection).
//
// One tree per decision, grown from the searching seat's point of view. A node is a sequence of
// moves from the decision (both seats' moves, passes included; every move is public, so the
// sequence fixes the searcher's information set at that node, and the tree holds no opponent
// hand). Each iteration:
//   1. Determinize: sample one opponent hand consistent with the observation, uniformly
//      (engine/dominoes/determinization.h), giving one full state d.
//   2. Select: from the root, while d is not over and every move legal in d has a child, pick the
//      child maximising  sign * mean + c * sqrt(ln(available) / visits)  over the children whose
//      move is legal in d ("subset-armed bandit" UCB1), and apply its move to d. `sign` is +1 at
//      the searcher's turns and -1 at the opponent's: the opponent maximises its own reward, the
//      negation (the game is zero-sum). `available` counts the iterations in which the child
//      existed and its move was legal in the determinization when its parent was reached; every
//      such child's count is raised on the way down, the chosen one included.
//   3. Expand: at the first node where some move legal in d has no child, add one of those moves
//      (uniformly at random) as a child and go to it.
//   4. Simulate: play d from there to its end with the rollout policy for both seats, or, with
//      exact-tiles=N and at most N tiles left in both hands, take the open-hands solver's exact
//      value (engine/endgame/block_dominoes_solver.h; a perfect-information value, as PIMC uses).
//   5. Back-propagate the searcher's net points (its points minus the opponent's) divided by R:
//      each node on the path gains a visit and the reward. R = the searcher's pips plus the pips of
//      the opponent's heaviest possible hand, computed once per decision: no game from here can end
//      with more than R points either way under any scoring rule, so rewards lie in [-1, 1], the
//      range UCB1's constant is usually chosen for, and shrink with the stakes as the game goes.
// The move played is the root child with the most visits (ties: the higher mean, then the first in
// legal-move order).
//
// Three and four seats (docs/rules.md, "Three and four seats"). Step 1 deals every other seat's
// hand at once, uniformly among the deals consistent with the record (counts, passes, forced lead:
// engine/dominoes/hidden_hands.h). Rewards are per team: each node keeps, besides the searcher's
// total, the total of the team of the seat that moved into it (net_points, its team's points
// minus the others'), and in step 2 the seat to move maximises its own team's mean: with partners
// the two teams' rewards are negatives of each other, as with two seats; in cut-throat each seat
// maximises its own net points (the max^n rule of Sturtevant & Korf, applied to UCB1 means, as in
// multi-player MCTS; Nijssen & Winands, "Enhancements for Multi-Player Monte-Carlo Tree Search",
// CG 2010). R bounds every hand: the searcher's pips plus the heaviest tiles the other hands could
// hold (as many as they hold, from every unseen tile). exact-tiles is for two seats only (a search
// with more seats stops with one line saying so). With two seats nothing changes: the same
// sampler, the same draws, the same choices.
//
// One departure from the paper: a turn with a single legal move in d (a forced tile or a pass) is
// not an expansion; its child is created if missing and the descent goes on, so an iteration's one
// expansion is spent on a real choice. Such nodes still count availability and visits.
//
// Parameters: iterations (1000; one determinization each), c (UCB exploration constant on the
// normalised rewards; 0.7 is not finely tuned: c = 0.25 to 1.4 scored alike against heuristic,
// within the ±0.8 points-per-game interval of 500 duplicate deals), rollout (random | lowest |
// heuristic: uniform moves, the seed's decide_random, or the seed's three-rule heuristic for both
// seats), exact-tiles (0 = off), and the budget per decision (strategies/decision_budget.h):
// time-ms (0 = off; CPU milliseconds, not reproducible) and nodes (0 = off; simulated plies:
// every move applied in an iteration's descent and rollout, passes included, an exact leaf
// counting the tiles left in both hands; reproducible). With a budget, `iterations` stays a cap
// and the budget is checked after each iteration (at least one); iterations draw from the Rng in
// the same order as without a budget, so when the cap binds first the move is the same.
//
// Memory and cost: the tree lives in a node pool (32 bytes a node) kept by the strategy and reused
// from decision to decision, so the search allocates only while a pool grows past its largest
// earlier size; an iteration adds one node plus the forced turns before it. Time is about linear in
// iterations. Reproducible: every random choice (hands, expansions, rollouts) draws from the Rng
// passed to choose(), and the tree starts empty each decision, so a move is a function of
// (observation, rng state) only; the exact solver's table carries over but only changes speed.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "strategies/decision_budget.h"
#include "strategies/solver_for_rules.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// The policy that plays both seats in an ISMCTS rollout.
enum class IsmctsRollout {
  kRandom,     ///< uniform over the legal moves
  kLowest,     ///< the lowest move in the seed's order (the seed's decide_random)
  kHeuristic,  ///< the seed's decide_heuristic from the mover's view (ismcts_heuristic_move)
};

/// The settings of an ISMCTS player (see the header comment).
struct IsmctsParams {
  int iterations = 1000;  ///< determinizations (and tree descents) per decision; >= 1
  double c = 0.7;         ///< UCB1 exploration constant on rewards normalised to [-1, 1]; >= 0
  IsmctsRollout rollout = IsmctsRollout::kRandom;
  int exact_tiles = 0;      ///< solve leaves exactly when both hands hold at most this many tiles
  DecisionBudget budget{};  ///< time-ms and nodes (plies) per decision; off by default
};

/// One child of a node of the last search, for tests and tools.
struct IsmctsChildStats {
  Move move = Move::pass();
  std::uint32_t visits = 0;     ///< iterations that went through this child
  std::uint32_t available = 0;  ///< iterations in which it existed and its move was legal there
  double mean_points = 0;       ///< the searcher's (its team's) mean net points over its visits
};

class IsmctsStrategy final : public Strategy {
 public:
  /// Returns an ISMCTS player; requires iterations >= 1, c >= 0, exact_tiles >= 0.
  explicit IsmctsStrategy(const IsmctsParams& params) : params_(params) {}

  /// Returns the most visited root move after params.iterations iterations, or fewer when a budget
  /// runs out first (header comment).
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<IsmctsStrategy>(params_);
  }

  /// Returns the children of the node reached from the last search's root by `path` (moves of
  /// both seats in order), in the order they were created; empty when no such node exists or no
  /// search has run.
  std::vector<IsmctsChildStats> children(std::span<const Move> path) const;
  /// Returns the reward scale R of the last search (points that map to a reward of 1).
  double reward_scale() const { return scale_; }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  struct Node {
    double total = 0;  // sum of the normalised rewards of the searcher
    std::uint32_t visits = 0;
    std::uint32_t available = 0;
    std::uint32_t first_child = kNone;
    std::uint32_t next_sibling = kNone;
    Move move = Move::pass();  // the move from the parent
  };

  // Returns the child of `node` reached by `move`, or kNone.
  std::uint32_t find_child(std::uint32_t node, Move move) const;
  // Adds a child of `node` reached by `move` (last among its children) and returns its index.
  std::uint32_t add_child(std::uint32_t node, Move move);
  // Returns the searcher's net points at the end of a rollout from `s` (or the exact value); adds
  // the rollout's moves (or, for an exact value, the tiles left in both hands) to `plies`.
  int simulate(const dominoes::State& s, const dominoes::Rules& rules, dominoes::Seat me, Rng& rng,
               std::int64_t& plies);
  // Plays `end` to its end with the rollout policy; adds the moves to `plies`.
  void simulate_to_end(dominoes::State& end, Rng& rng, std::int64_t& plies) const;
  // One iteration's descent from the root in the determinization `s`: at each turn the forced
  // move, else an untried move (expanding one node, which ends the descent), else the UCB1 child;
  // `s` is left where the descent ended, path_ (and movers_) hold the nodes, `plies` counts the
  // moves.
  void descend(dominoes::State& s, const MoveList& legal, dominoes::Seat me, bool per_mover,
               Rng& rng, std::int64_t& plies);
  // Returns the child among `children[0..count)` (all tried) with the highest UCB1 score,
  // reward_sum(child) / visits + c * sqrt(ln(available) / visits); the first on a tie. The one
  // selection rule of both table kinds: `reward_sum` is the mover's team's sum (more seats) or
  // the searcher's signed for the seat to move (two).
  template <typename RewardSum>
  std::uint32_t ucb1_child(const std::uint32_t* children, int count,
                           const RewardSum& reward_sum) const;
  // More than two seats: finishes the iteration whose descent ended in `s` (a rollout to the end
  // when the game goes on) and adds to every node of path_ the searcher's normalised net points
  // and those of the team of the seat that moved into it.
  void backpropagate_per_mover(dominoes::State& s, const dominoes::Rules& rules, dominoes::Seat me,
                               double inv_scale, Rng& rng, std::int64_t& plies);
  // Two seats: finishes the iteration whose descent ended in `s` (a rollout or the exact value
  // when the game goes on) and adds the searcher's normalised net points to every node of path_.
  void backpropagate_two_seats(const dominoes::State& s, const dominoes::Rules& rules,
                               dominoes::Seat me, double inv_scale, Rng& rng, std::int64_t& plies);
  // Returns the most visited root move; ties: the higher mean, then the first in legal order.
  Move most_visited(const MoveList& legal) const;

  IsmctsParams params_;
  std::vector<Node> nodes_;          // the pool: cleared, not freed, between decisions
  std::vector<std::uint32_t> path_;  // the nodes of the current iteration's descent
  // More than two seats: mover_totals_[i] is node i's reward sum for the team of the seat that
  // moved into it (the root's is unused); movers_[j] is the seat that moved into path_[j].
  std::vector<double> mover_totals_;
  std::vector<dominoes::Seat> movers_;
  double scale_ = 1;
  SolverForRules solver_;
};

/// Returns the move the seed's heuristic (strategies/heuristic) would choose for the seat to move
/// in `s` from `legal` (at least one move), reading only what that seat can see: its hand, the
/// line and the values the next seat (with two seats the opponent) has shown it lacks. For
/// rollouts, where no Observation exists.
Move ismcts_heuristic_move(const dominoes::State& s, const MoveList& legal);

/// Returns R for `obs`: its hand's pips plus the pips of the heaviest opponent_tile_count() tiles
/// the opponent may hold (more seats: the heaviest unseen tiles, as many as the other hands hold);
/// at least 1. No game from `obs` ends with a net score beyond ±R.
double ismcts_reward_scale(const Observation& obs);

/// Returns the registry entry of `ismcts`: its name, summary, parameters and factory.
StrategyInfo ismcts_strategy_info();

}  // namespace strategies
