#include "engine/equilibrium/showdown.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace equilibrium {

namespace {

// Cost of one subset step of the sweep (a hash probe or an accumulator update) in units of one
// pair of the pairwise loop. Measured with bench/bench_showdown.cpp on this machine (2 cores,
// Release): see the comment at the top of that file.
constexpr double kSubsetCostInPairs = 4.0;

void check_showdown_lengths(std::size_t mine, std::size_t theirs, std::size_t weights,
                            std::size_t out) {
  if (weights != theirs)
    throw std::invalid_argument("showdown: " + std::to_string(weights) + " weights for " +
                                std::to_string(theirs) +
                                " opponent hands; give one weight per opponent hand");
  if (out != mine)
    throw std::invalid_argument("showdown: an output of " + std::to_string(out) + " values for " +
                                std::to_string(mine) + " hands; give one value per hand");
}

// Returns `weight` when the tile masks `mine` and `theirs` share no tile, else 0, without a
// branch: the weight's bits masked by all ones (disjoint) or all zeros.
inline double weight_if_disjoint(std::uint64_t mine, std::uint64_t theirs, double weight) {
  const std::uint64_t shared = mine & theirs;
  const std::uint64_t keep = ((shared | (0 - shared)) >> 63) - 1;  // all ones iff shared == 0
  return std::bit_cast<double>(std::bit_cast<std::uint64_t>(weight) & keep);
}

int most_tiles(std::span<const ShowdownHand> hands) {
  int most = 0;
  for (const ShowdownHand& h : hands) most = std::max(most, h.tiles.size());
  return most;
}

// Calls visit(subset, size) for each subset of `set` of at most `limit` tiles (the empty one too).
template <class Visit>
void for_each_small_subset(dominoes::TileSet set, int limit, Visit&& visit) {
  const std::uint64_t all = set.bits();
  for (std::uint64_t s = all;; s = (s - 1) & all) {
    const int size = std::popcount(s);
    if (size <= limit) visit(dominoes::TileSet(s), size);
    if (s == 0) break;
  }
}

// Returns how many subsets of at most `limit` tiles a set of `tiles` tiles has.
double small_subset_count(int tiles, int limit) {
  double count = 0, binomial = 1;  // C(tiles, size)
  for (int size = 0; size <= std::min(tiles, limit); ++size) {
    count += binomial;
    binomial = binomial * (tiles - size) / (size + 1);
  }
  return count;
}

}  // namespace

ScoringLine scoring_line(dominoes::ScoringRule rule) {
  switch (rule) {
    case dominoes::ScoringRule::kOpponentPips: return {0, 1};
    case dominoes::ScoringRule::kPipDifference: return {-1, 1};
    case dominoes::ScoringRule::kAllPips: return {1, 1};
  }
  throw std::invalid_argument("showdown: a scoring rule with no linear form");
}

void showdown_values_pairwise(std::span<const ShowdownHand> mine,
                              std::span<const ShowdownHand> theirs,
                              std::span<const double> their_weights, const dominoes::Rules& rules,
                              std::span<double> out) {
  check_showdown_lengths(mine.size(), theirs.size(), their_weights.size(), out.size());
  const ScoringLine line = scoring_line(rules.scoring);
  // Without branches (GCC turns plain selects back into jumps here): which pairs meet and who wins
  // vary from pair to pair without a pattern, so a branch per pair is mispredicted often; and into
  // four partial sums, so that the additions do not wait on each other. Measured with
  // bench/bench_equilibrium.cpp: 4.3 ns a pair with branches, 1.4 with one sum.
  const auto pair_value = [&](std::uint64_t tiles, int a, std::size_t j) {
    const int b = theirs[j].pips;
    const int d = a - b;
    const int low = b + (d & (d >> 31));  // min(a, b)
    const int points = line.alpha * low + line.beta * (a + b - low);
    const int sign = (d < 0) - (d > 0);
    return weight_if_disjoint(tiles, theirs[j].tiles.bits(), their_weights[j]) * (sign * points);
  };
  const std::size_t fours = theirs.size() / 4 * 4;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const std::uint64_t tiles = mine[i].tiles.bits();
    const int a = mine[i].pips;
    double sums[4] = {0, 0, 0, 0};
    for (std::size_t j = 0; j < fours; j += 4)
      for (std::size_t k = 0; k < 4; ++k) sums[k] += pair_value(tiles, a, j + k);
    for (std::size_t j = fours; j < theirs.size(); ++j) sums[0] += pair_value(tiles, a, j);
    out[i] = (sums[0] + sums[1]) + (sums[2] + sums[3]);
  }
}

void compatible_weight_pairwise(std::span<const ShowdownHand> mine,
                                std::span<const ShowdownHand> theirs,
                                std::span<const double> their_weights, std::span<double> out) {
  check_showdown_lengths(mine.size(), theirs.size(), their_weights.size(), out.size());
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const std::uint64_t tiles = mine[i].tiles.bits();
    double sum = 0;
    for (std::size_t j = 0; j < theirs.size(); ++j)
      sum += weight_if_disjoint(tiles, theirs[j].tiles.bits(), their_weights[j]);
    out[i] = sum;
  }
}

bool ShowdownEvaluator::sweep_is_faster(std::span<const ShowdownHand> mine,
                                        std::span<const ShowdownHand> theirs) {
  const int my_tiles = most_tiles(mine), their_tiles = most_tiles(theirs);
  const int limit = std::min(my_tiles, their_tiles);
  const double subsets =
      static_cast<double>(mine.size()) * small_subset_count(my_tiles, limit) +
      static_cast<double>(theirs.size()) * small_subset_count(their_tiles, limit);
  return static_cast<double>(mine.size()) * static_cast<double>(theirs.size()) >
         kSubsetCostInPairs * subsets;
}

void ShowdownEvaluator::values(std::span<const ShowdownHand> mine,
                               std::span<const ShowdownHand> theirs,
                               std::span<const double> their_weights,
                               const dominoes::Rules& rules, std::span<double> out) {
  if (sweep_is_faster(mine, theirs))
    values_by_sweep(mine, theirs, their_weights, rules, out);
  else
    showdown_values_pairwise(mine, theirs, their_weights, rules, out);
}

void ShowdownEvaluator::compatible_weight(std::span<const ShowdownHand> mine,
                                          std::span<const ShowdownHand> theirs,
                                          std::span<const double> their_weights,
                                          std::span<double> out) {
  if (sweep_is_faster(mine, theirs))
    compatible_weight_by_sweep(mine, theirs, their_weights, out);
  else
    compatible_weight_pairwise(mine, theirs, their_weights, out);
}

void ShowdownEvaluator::compatible_weight_by_sweep(std::span<const ShowdownHand> mine,
                                                   std::span<const ShowdownHand> theirs,
                                                   std::span<const double> their_weights,
                                                   std::span<double> out) {
  check_showdown_lengths(mine.size(), theirs.size(), their_weights.size(), out.size());
  number_subsets(mine, theirs, their_weights);
  for (std::size_t j = 0; j < theirs.size(); ++j) add_opponent_hand(j, their_weights[j], 0);
  for (std::size_t i = 0; i < mine.size(); ++i) out[i] = compatible_sums(i).weight;
}

void ShowdownEvaluator::values_by_sweep(std::span<const ShowdownHand> mine,
                                        std::span<const ShowdownHand> theirs,
                                        std::span<const double> their_weights,
                                        const dominoes::Rules& rules, std::span<double> out) {
  check_showdown_lengths(mine.size(), theirs.size(), their_weights.size(), out.size());
  int max_pips = 0;
  for (std::span<const ShowdownHand> hands : {mine, theirs})
    for (const ShowdownHand& h : hands) {
      if (h.pips < 0)
        throw std::invalid_argument("showdown: a hand with " + std::to_string(h.pips) +
                                    " pips; pips are at least 0");
      max_pips = std::max(max_pips, h.pips);
    }
  number_subsets(mine, theirs, their_weights);
  sort_by_pips(mine, max_pips, my_order_, my_starts_);
  sort_by_pips(theirs, max_pips, their_order_, their_starts_);

  // With my pips a, the opponent's b and the sums over the hands I can meet:
  //   b < a: -(alpha b + beta a) each:  -(alpha sum(w b) + beta a sum(w))
  //   b > a: alpha a + beta b each:      alpha a sum(w) + beta sum(w b), as totals minus (b <= a).
  const ScoringLine line = scoring_line(rules.scoring);
  const double alpha = line.alpha, beta = line.beta;
  const auto subtract_as_winner = [&](std::size_t i, const SubsetSums& below_or_at) {
    out[i] -= alpha * mine[i].pips * below_or_at.weight + beta * below_or_at.weighted_pips;
  };
  for (int x = 0; x <= max_pips; ++x) {
    const bool opponents_at_x = their_starts_[x] < their_starts_[x + 1];
    for (std::uint32_t k = my_starts_[x]; k < my_starts_[x + 1]; ++k) {
      const std::size_t i = my_order_[k];
      const SubsetSums below = compatible_sums(i);
      out[i] = -(alpha * below.weighted_pips + beta * x * below.weight);
      if (!opponents_at_x) subtract_as_winner(i, below);
    }
    if (!opponents_at_x) continue;
    for (std::uint32_t k = their_starts_[x]; k < their_starts_[x + 1]; ++k) {
      const std::size_t j = their_order_[k];
      add_opponent_hand(j, their_weights[j], x);
    }
    for (std::uint32_t k = my_starts_[x]; k < my_starts_[x + 1]; ++k)
      subtract_as_winner(my_order_[k], compatible_sums(my_order_[k]));
  }
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const SubsetSums all = compatible_sums(i);
    out[i] += alpha * mine[i].pips * all.weight + beta * all.weighted_pips;
  }
}

// Numbers every subset (of at most as many tiles as the other list's largest hand) of the opponent
// hands with a weight, lists each hand's accumulators, lists for each of my hands the numbered
// subsets of its tiles with their signs, and zeroes the accumulators.
void ShowdownEvaluator::number_subsets(std::span<const ShowdownHand> mine,
                                       std::span<const ShowdownHand> theirs,
                                       std::span<const double> their_weights) {
  const int my_tiles = most_tiles(mine), their_tiles = most_tiles(theirs);
  const int limit = std::min(my_tiles, their_tiles);
  index_.clear(static_cast<std::size_t>(static_cast<double>(theirs.size()) *
                                        small_subset_count(their_tiles, limit)));
  their_subsets_.clear();
  their_begin_.resize(theirs.size() + 1);
  for (std::size_t j = 0; j < theirs.size(); ++j) {
    their_begin_[j] = static_cast<std::uint32_t>(their_subsets_.size());
    if (their_weights[j] == 0) continue;  // adds nothing anywhere
    for_each_small_subset(theirs[j].tiles, limit, [&](dominoes::TileSet subset, int) {
      their_subsets_.push_back(index_.insert(subset));
    });
  }
  their_begin_[theirs.size()] = static_cast<std::uint32_t>(their_subsets_.size());

  my_subsets_.clear();
  my_begin_.resize(mine.size() + 1);
  for (std::size_t i = 0; i < mine.size(); ++i) {
    my_begin_[i] = static_cast<std::uint32_t>(my_subsets_.size());
    for_each_small_subset(mine[i].tiles, limit, [&](dominoes::TileSet subset, int size) {
      const std::uint32_t index = index_.find(subset);
      if (index != TileSetIndex::kAbsent) my_subsets_.push_back({index, size % 2 ? -1.0 : 1.0});
    });
  }
  my_begin_[mine.size()] = static_cast<std::uint32_t>(my_subsets_.size());
  sums_.assign(index_.size(), SubsetSums{});
}

void ShowdownEvaluator::add_opponent_hand(std::size_t j, double weight, double pips) {
  for (std::uint32_t k = their_begin_[j]; k < their_begin_[j + 1]; ++k) {
    SubsetSums& sums = sums_[their_subsets_[k]];
    sums.weight += weight;
    sums.weighted_pips += weight * pips;
  }
}

// Returns the sums over the opponent hands added so far that share no tile with my hand i.
ShowdownEvaluator::SubsetSums ShowdownEvaluator::compatible_sums(std::size_t i) const {
  SubsetSums total;
  for (std::uint32_t k = my_begin_[i]; k < my_begin_[i + 1]; ++k) {
    const SubsetSums& sums = sums_[my_subsets_[k].index];
    total.weight += my_subsets_[k].sign * sums.weight;
    total.weighted_pips += my_subsets_[k].sign * sums.weighted_pips;
  }
  return total;
}

// Counting sort: order lists the hands by increasing pips, those with p pips at
// order[starts[p]] .. order[starts[p + 1] - 1].
void ShowdownEvaluator::sort_by_pips(std::span<const ShowdownHand> hands, int max_pips,
                                     std::vector<std::uint32_t>& order,
                                     std::vector<std::uint32_t>& starts) const {
  starts.assign(static_cast<std::size_t>(max_pips) + 2, 0);
  for (const ShowdownHand& h : hands) ++starts[static_cast<std::size_t>(h.pips) + 1];
  for (int p = 0; p <= max_pips; ++p) starts[p + 1] += starts[p];
  order.resize(hands.size());
  // Fill with a moving cursor per bucket, then restore the starts.
  for (std::size_t n = 0; n < hands.size(); ++n)
    order[starts[static_cast<std::size_t>(hands[n].pips)]++] = static_cast<std::uint32_t>(n);
  for (int p = max_pips; p > 0; --p) starts[p] = starts[p - 1];
  starts[0] = 0;
}

}  // namespace equilibrium
