// The terminal evaluation ("showdown") of the public-tree solver: at a public node where the game
// ended (a seat went out, or neither seat can move), every hand still consistent with the public
// moves meets every opponent hand it shares no tile with, and the seat with fewer pips in hand wins
// (two-seat scoring: dominoes::hand_result in engine/dominoes/scoring.h, docs/rules.md). For each
// of my hands this returns the sum, over the opponent hands it can meet, of the opponent hand's
// weight (its reach: chance times the opponent's play) times my net points: the counterfactual
// values of vector-form CFR (Johanson, Bard, Lanctot, Gibson & Bowling, "Efficient Nash Equilibrium
// Approximation through Monte Carlo Counterfactual Regret Minimization", AAMAS 2012).
//
// Pairing every hand with every hand costs mine x theirs (3276 x 3276 at the root-like worst case
// of double-six with 3 tiles each). The sweep instead costs about (mine + theirs) x 2^k for hands of
// k tiles, by the card-removal method of Johanson, Waugh, Bowling & Zinkevich, "Accelerating Best
// Response Calculation in Large Extensive Games", IJCAI 2011:
//  - My points against a hand with b pips are linear in b on each side of my own pips a (the
//    scoring rules are linear: scoring_line below), so all a hand needs are the sums, over the
//    opponent hands it can meet with b < a and with b > a, of w and of w x b.
//  - Pips are small integers, so both lists are bucketed by pips (a counting sort) and swept in
//    increasing pips: the opponent hands of b < x are in the running sums when my hands of a = x
//    ask for theirs, those of b <= x just after that bucket is added, and the totals at the end
//    give b > x as totals minus (b <= x).
//  - The running sums count only opponent hands disjoint from my hand, by inclusion-exclusion over
//    my hand's tiles: sum over disjoint j = sum over subsets S of my tiles of (-1)^|S| x (sum over
//    the j containing S). Each added opponent hand adds its w and w x b to one accumulator per
//    subset of its tiles (the empty subset's accumulator is the plain total), kept in a plain
//    array numbered by a hash table from the subset's tile mask (tile_set_index.h). Subsets larger
//    than the other list's largest hand are contained in no hand there and are skipped.
// Both ways give the same numbers up to floating-point rounding; ShowdownEvaluator picks the
// faster by a cost model measured on this machine (bench/bench_showdown.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/dominoes/rules.h"
#include "engine/dominoes/tile_set.h"
#include "engine/equilibrium/tile_set_index.h"

namespace equilibrium {

/// One hand at a terminal public node: the tiles still in it and their pips (the caller's
/// dominoes::pips(tiles), kept so that the showdown need not recount them; at least 0).
struct ShowdownHand {
  dominoes::TileSet tiles;
  int pips = 0;
};

/// The scoring rules as a line: for winner pips w below loser pips l, the winner scores
/// dominoes::winner_points(rules, w, l) = alpha x w + beta x l points.
struct ScoringLine {
  int alpha = 0;
  int beta = 1;
};

/// Returns the line of `rule`: opponent-pips (0, 1): the loser's pips; pip-difference (-1, 1);
/// all-pips (1, 1). The unit tests check it against dominoes::winner_points for every pair of
/// small pips, so a rule that is not linear fails them.
ScoringLine scoring_line(dominoes::ScoringRule rule);

/// Returns my net points when I hold `mine` pips and the opponent `theirs` at the end of a
/// two-seat game: + what I score when mine < theirs, - what the opponent scores when mine > theirs,
/// 0 when equal (dominoes::net_points for two seats).
constexpr int showdown_points(int mine, int theirs, ScoringLine line) {
  if (mine < theirs) return line.alpha * mine + line.beta * theirs;
  if (mine > theirs) return -(line.alpha * theirs + line.beta * mine);
  return 0;
}

/// Sets out[i] to the sum, over the opponent hands j sharing no tile with mine[i], of
/// their_weights[j] x showdown_points(mine[i].pips, theirs[j].pips) under `rules`' scoring, by
/// pairing every hand with every hand (mine x theirs steps; the tests' oracle, and the faster way
/// for short lists). Throws std::invalid_argument when their_weights is not as long as theirs or
/// out not as long as mine.
void showdown_values_pairwise(std::span<const ShowdownHand> mine,
                              std::span<const ShowdownHand> theirs,
                              std::span<const double> their_weights, const dominoes::Rules& rules,
                              std::span<double> out);

/// Sets out[i] to the sum of their_weights[j] over the opponent hands j sharing no tile with
/// mine[i] (with every weight 1: how many opponent hands mine[i] can meet), pairing every hand
/// with every hand. Throws std::invalid_argument on lengths as showdown_values_pairwise does.
void compatible_weight_pairwise(std::span<const ShowdownHand> mine,
                                std::span<const ShowdownHand> theirs,
                                std::span<const double> their_weights, std::span<double> out);

/// The showdown's sums by the sort-and-sweep with inclusion-exclusion (see the top of this file),
/// with its scratch kept between calls: one evaluator per thread, and a call allocates only when
/// its lists are longer than any earlier call's. Not thread-safe; results do not depend on the
/// order of calls.
class ShowdownEvaluator {
 public:
  /// The same as showdown_values_pairwise, by whichever way sweep_is_faster() picks. Throws
  /// std::invalid_argument on lengths as the pairwise version does, and on negative pips.
  void values(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs,
              std::span<const double> their_weights, const dominoes::Rules& rules,
              std::span<double> out);

  /// The same as compatible_weight_pairwise, by whichever way sweep_is_faster() picks.
  void compatible_weight(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs,
                         std::span<const double> their_weights, std::span<double> out);

  /// values() always by the sweep (the tests compare it with the pairwise version).
  void values_by_sweep(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs,
                       std::span<const double> their_weights, const dominoes::Rules& rules,
                       std::span<double> out);

  /// compatible_weight() always by inclusion-exclusion (no sweep is needed for plain sums).
  void compatible_weight_by_sweep(std::span<const ShowdownHand> mine,
                                  std::span<const ShowdownHand> theirs,
                                  std::span<const double> their_weights, std::span<double> out);

  /// Returns true when the sweep is expected to take less time than pairing every hand: when
  /// mine x theirs exceeds the subsets the sweep visits, (mine x its subsets per hand + theirs x
  /// theirs per hand) times the measured cost of one subset relative to one pair.
  static bool sweep_is_faster(std::span<const ShowdownHand> mine,
                              std::span<const ShowdownHand> theirs);

 private:
  /// One subset's running sums over the opponent hands containing it.
  struct SubsetSums {
    double weight = 0;         ///< sum of w
    double weighted_pips = 0;  ///< sum of w x b
  };
  /// One of my hand's subsets that some opponent hand contains: its accumulator and its sign.
  struct SignedSubset {
    std::uint32_t index = 0;
    double sign = 1;  ///< (-1)^|S|
  };

  void number_subsets(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs,
                      std::span<const double> their_weights);
  void add_opponent_hand(std::size_t j, double weight, double pips);
  SubsetSums compatible_sums(std::size_t i) const;
  void sort_by_pips(std::span<const ShowdownHand> hands, int max_pips,
                    std::vector<std::uint32_t>& order, std::vector<std::uint32_t>& starts) const;

  TileSetIndex index_;                       // subset mask -> accumulator
  std::vector<SubsetSums> sums_;             // per accumulator
  std::vector<std::uint32_t> their_subsets_;  // accumulators of each opponent hand's subsets
  std::vector<std::uint32_t> their_begin_;    // opponent hand j's run in their_subsets_
  std::vector<SignedSubset> my_subsets_;
  std::vector<std::uint32_t> my_begin_;       // my hand i's run in my_subsets_
  std::vector<std::uint32_t> my_order_, my_starts_, their_order_, their_starts_;
};

}  // namespace equilibrium
