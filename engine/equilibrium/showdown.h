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
// of double-six with 3 tiles each). The sweep instead costs about (mine + theirs) x 2^k for hands
// of k tiles, by the card-removal method of Johanson, Waugh, Bowling & Zinkevich, "Accelerating
// Best Response Calculation in Large Extensive Games", IJCAI 2011:
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
//    subset of its tiles (the empty subset's accumulator is the plain total).
//  - Only tiles that occur in both lists matter (a subset with any other tile is in no hand of one
//    of them), and only subsets of at most as many such tiles as the other list's hands hold. Of
//    the u shared tiles, the subsets of m tiles are numbered densely by the combinatorial number
//    system (Knuth, The Art of Computer Programming 4A, 7.2.1.3: positions c_1 < ... < c_m have
//    rank C(c_1, 1) + ... + C(c_m, m)), so the accumulators are a plain array found by arithmetic.
//    A first version keyed them by the subset's tile mask in an open-addressing hash table, whose
//    found-or-new branch cannot be predicted: up to twice as slow with hands of 4 and 5 tiles,
//    the same with 3. Only the accumulators a call touches are zeroed.
// Both ways give the same numbers up to floating-point rounding; ShowdownEvaluator picks the
// faster by a cost model measured on this machine (bench/bench_equilibrium.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/dominoes/rules.h"
#include "engine/dominoes/tile_set.h"

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
/// it needs more scratch than any earlier call. Not thread-safe; results do not depend on the
/// order of calls. Values are points (the scoring rule's) times the weights' unit.
class ShowdownEvaluator {
 public:
  /// The same as showdown_values_pairwise, by whichever way sweep_is_faster() picks. Throws
  /// std::invalid_argument on lengths as the pairwise version does, and on negative pips.
  void values(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs,
              std::span<const double> their_weights, const dominoes::Rules& rules,
              std::span<double> out);

  /// The same as compatible_weight_pairwise, by whichever way sweep_is_faster() picks. Throws
  /// std::invalid_argument on lengths as the pairwise version does.
  void compatible_weight(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs,
                         std::span<const double> their_weights, std::span<double> out);

  /// values() by the sweep whenever sweep_fits() (the tests compare it with the pairwise
  /// version), else by pairing every hand. Throws as values() does.
  void values_by_sweep(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs,
                       std::span<const double> their_weights, const dominoes::Rules& rules,
                       std::span<double> out);

  /// compatible_weight() by inclusion-exclusion whenever sweep_fits() (no sweep over pips is
  /// needed for plain sums), else by pairing every hand. Throws as compatible_weight() does.
  void compatible_weight_by_sweep(std::span<const ShowdownHand> mine,
                                  std::span<const ShowdownHand> theirs,
                                  std::span<const double> their_weights, std::span<double> out);

  /// Returns true when the sweep can take these lists: no hand holds more than kMaxSweepTiles of
  /// the tiles both lists use, and the subsets to number are at most kMaxSubsetSums.
  static bool sweep_fits(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs);

  /// Returns true when the sweep fits and is expected to take less time than pairing every hand:
  /// when mine x theirs exceeds a fixed cost plus the subsets the sweep visits (mine x its subsets
  /// per hand + theirs x theirs per hand) times the cost of one visit, both measured in pairs.
  static bool sweep_is_faster(std::span<const ShowdownHand> mine,
                              std::span<const ShowdownHand> theirs);

  /// The most shared tiles a hand may hold for the sweep (it visits 2^tiles subsets of each).
  static constexpr int kMaxSweepTiles = 12;
  /// The most accumulators the sweep numbers (16 bytes each: 16 MiB of scratch at most).
  static constexpr double kMaxSubsetSums = 1 << 20;

 private:
  /// One subset's running sums over the opponent hands containing it.
  struct SubsetSums {
    double weight = 0;         ///< sum of w
    double weighted_pips = 0;  ///< sum of w x b
  };
  /// One of my hand's subsets: its accumulator and its sign.
  struct SignedSubset {
    std::uint32_t index = 0;
    double sign = 1;  ///< (-1)^|S|
  };

  bool number_subsets(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs,
                      std::span<const double> their_weights);
  template <class Emit>
  void for_each_numbered_subset(dominoes::TileSet hand, Emit&& emit);
  void add_opponent_hand(std::size_t j, double weight, double pips);
  SubsetSums compatible_sums(std::size_t i) const;
  void sort_by_pips(std::span<const ShowdownHand> hands, int max_pips,
                    std::vector<std::uint32_t>& order, std::vector<std::uint32_t>& starts) const;

  // The numbering of this call's subsets.
  dominoes::TileSet shared_;                               // tiles some hand of each list holds
  std::array<std::uint8_t, 64> position_{};                // a shared tile's rank among them
  int limit_ = 0;                                          // the largest subset numbered
  std::array<std::uint32_t, kMaxSweepTiles + 2> first_{};  // first number of each subset size
  std::vector<std::uint32_t> subset_numbers_;              // scratch: by subset of one hand

  std::vector<SubsetSums> sums_;              // per subset number
  std::vector<std::uint32_t> their_subsets_;  // numbers of each opponent hand's subsets
  std::vector<std::uint32_t> their_begin_;    // opponent hand j's run in their_subsets_
  std::vector<SignedSubset> my_subsets_;
  std::vector<std::uint32_t> my_begin_;  // my hand i's run in my_subsets_
  std::vector<std::uint32_t> my_order_, my_starts_, their_order_, their_starts_;
};

}  // namespace equilibrium
