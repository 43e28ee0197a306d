#include "engine/equilibrium/showdown.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <stdexcept>
#include <string>

#include "engine/search/search_limit.h"

namespace equilibrium {

namespace {

// Counts a showdown's work between two stop checks (engine/search/search_limit.h): the ranges of a
// decision's subgame may hold millions of hands each, and their sums minutes of work, which a
// run's Ctrl-C (or a Python caller's) must be able to cut short. A check every 2^20 pairs (about
// 1.5 ms) costs nothing measurable.
class StopCheck {
 public:
  /// Adds `pairs` pairs of work; throws search::SearchStopped when searches were asked to stop.
  void add(std::size_t pairs) {
    work_ += pairs;
    if (work_ < kPairsPerCheck) return;
    work_ = 0;
    search::check_search(nullptr, 0);
  }

 private:
  static constexpr std::size_t kPairsPerCheck = std::size_t{1} << 20;
  std::size_t work_ = 0;
};

// One hand of a sweep (its subsets visited) counted as this many pairs by StopCheck: a rough
// measure, enough to check every few milliseconds.
constexpr std::size_t kSweepHandInPairs = 64;

// The sweep's cost in units of one pair of the pairwise loop (1.4 ns): a fixed part, and per
// subset visit (numbering it, zeroing, adding to or reading its accumulator, about 3 ns). Fitted
// with bench/bench_equilibrium.cpp on this machine (2 cores, Release) to the sizes where the two
// ways take the same time (the comment at the top of that file has the numbers).
constexpr double kSweepOverheadInPairs = 64;
constexpr double kSubsetCostInPairs = 2.5;

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

// Returns the most pips of a hand in either list; throws std::invalid_argument on negative pips.
int showdown_most_pips(std::span<const ShowdownHand> mine, std::span<const ShowdownHand> theirs) {
  int most = 0;
  for (std::span<const ShowdownHand> hands : {mine, theirs})
    for (const ShowdownHand& h : hands) {
      if (h.pips < 0)
        throw std::invalid_argument("showdown: a hand with " + std::to_string(h.pips) +
                                    " pips; pips are at least 0");
      most = std::max(most, h.pips);
    }
  return most;
}

// Returns `weight` when the tile masks `mine` and `theirs` share no tile, else 0, without a
// branch: the weight's bits masked by all ones (disjoint) or all zeros.
inline double weight_if_disjoint(std::uint64_t mine, std::uint64_t theirs, double weight) {
  const std::uint64_t shared = mine & theirs;
  const std::uint64_t keep = ((shared | (0 - shared)) >> 63) - 1;  // all ones iff shared == 0
  return std::bit_cast<double>(std::bit_cast<std::uint64_t>(weight) & keep);
}

// Binomial coefficients C(n, k) for n <= 64 and k <= kMaxSweepTiles + 1.
constexpr int kRankBinomialColumns = ShowdownEvaluator::kMaxSweepTiles + 2;
constexpr std::array<std::array<std::uint64_t, kRankBinomialColumns>, 65> make_rank_binomials() {
  std::array<std::array<std::uint64_t, kRankBinomialColumns>, 65> c{};
  for (int n = 0; n <= 64; ++n) {
    c[n][0] = 1;
    for (int k = 1; k < kRankBinomialColumns && n > 0; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}
constexpr auto kRankBinomials = make_rank_binomials();

// What the numbering of subsets needs to know about two lists: the tiles both use, the most of
// them a hand of each list holds, and so the largest subset worth numbering and how many there are.
struct SubsetLayout {
  dominoes::TileSet shared;
  int my_tiles = 0, their_tiles = 0;  // the most shared tiles in one hand of each list
  int limit = 0;                      // min of the two: larger subsets are in no hand of one list
  double subsets = 0;                 // subsets of the shared tiles of at most `limit` tiles
  double my_subsets = 0, their_subsets = 0;  // subsets a hand of each list visits, at most

  bool fits() const {
    return std::max(my_tiles, their_tiles) <= ShowdownEvaluator::kMaxSweepTiles &&
           subsets <= ShowdownEvaluator::kMaxSubsetSums;
  }
};

// Returns how many subsets of at most `limit` tiles a set of `tiles` tiles has.
double small_subset_count(int tiles, int limit) {
  double count = 0;
  for (int size = 0; size <= std::min({tiles, limit, ShowdownEvaluator::kMaxSweepTiles}); ++size)
    count += static_cast<double>(kRankBinomials[tiles][size]);
  return count;
}

SubsetLayout subset_layout(std::span<const ShowdownHand> mine,
                           std::span<const ShowdownHand> theirs) {
  dominoes::TileSet mine_use, theirs_use;
  for (const ShowdownHand& h : mine) mine_use |= h.tiles;
  for (const ShowdownHand& h : theirs) theirs_use |= h.tiles;
  SubsetLayout layout;
  layout.shared = mine_use & theirs_use;
  for (const ShowdownHand& h : mine)
    layout.my_tiles = std::max(layout.my_tiles, (h.tiles & layout.shared).size());
  for (const ShowdownHand& h : theirs)
    layout.their_tiles = std::max(layout.their_tiles, (h.tiles & layout.shared).size());
  layout.limit = std::min(layout.my_tiles, layout.their_tiles);
  const int u = layout.shared.size();
  for (int size = 0; size <= std::min(layout.limit, ShowdownEvaluator::kMaxSweepTiles); ++size)
    layout.subsets += static_cast<double>(kRankBinomials[u][size]);
  layout.my_subsets = small_subset_count(layout.my_tiles, layout.limit);
  layout.their_subsets = small_subset_count(layout.their_tiles, layout.limit);
  return layout;
}

}  // namespace

namespace {

// The line read off the one scoring function where the winner holds fewer pips, as at every
// two-seat showdown: alpha from one more winner's pip, beta from one more loser's pip.
constexpr ScoringLine line_of(dominoes::ScoringRule rule) {
  const int beta = dominoes::winners_score(rule, 0, 2) - dominoes::winners_score(rule, 0, 1);
  const int alpha = dominoes::winners_score(rule, 1, 2) - dominoes::winners_score(rule, 0, 2);
  return {alpha, beta};
}

// Whether `rule` is linear there, so that the sweep gives the function's own values: checked at
// compile time for every rule below, so that a showdown pays nothing for it.
constexpr bool linear(dominoes::ScoringRule rule) {
  const ScoringLine line = line_of(rule);
  for (int w = 0; w < 8; ++w)
    for (int l = w + 1; l < 16; ++l)
      if (dominoes::winners_score(rule, w, l) != line.alpha * w + line.beta * l) return false;
  return true;
}
static_assert(linear(dominoes::ScoringRule::kOpponentPips) &&
                  linear(dominoes::ScoringRule::kPipDifference) &&
                  linear(dominoes::ScoringRule::kAllPips),
              "a scoring rule with no linear form: the showdown's sweep needs one");

}  // namespace

ScoringLine scoring_line(dominoes::ScoringRule rule) {
  return line_of(rule);
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
  // bench/bench_equilibrium.cpp: 4.3 ns a pair with branches, 1.4 without, 1.3 with four sums.
  const auto pair_value = [&](std::uint64_t tiles, int a, std::size_t j) {
    const int b = theirs[j].pips;
    const int d = a - b;
    const int low = b + (d & (d >> 31));  // min(a, b)
    const int points = line.alpha * low + line.beta * (a + b - low);
    const int sign = (d < 0) - (d > 0);
    return weight_if_disjoint(tiles, theirs[j].tiles.bits(), their_weights[j]) * (sign * points);
  };
  const std::size_t fours = theirs.size() / 4 * 4;
  StopCheck stop;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    stop.add(theirs.size());
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
  StopCheck stop;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    stop.add(theirs.size());
    const std::uint64_t tiles = mine[i].tiles.bits();
    double sum = 0;
    for (std::size_t j = 0; j < theirs.size(); ++j)
      sum += weight_if_disjoint(tiles, theirs[j].tiles.bits(), their_weights[j]);
    out[i] = sum;
  }
}

bool ShowdownEvaluator::sweep_fits(std::span<const ShowdownHand> mine,
                                   std::span<const ShowdownHand> theirs) {
  return subset_layout(mine, theirs).fits();
}

bool ShowdownEvaluator::sweep_is_faster(std::span<const ShowdownHand> mine,
                                        std::span<const ShowdownHand> theirs) {
  const SubsetLayout layout = subset_layout(mine, theirs);
  const double visits = static_cast<double>(mine.size()) * layout.my_subsets +
                        static_cast<double>(theirs.size()) * layout.their_subsets;
  return layout.fits() && static_cast<double>(mine.size()) * static_cast<double>(theirs.size()) >
                              kSweepOverheadInPairs + kSubsetCostInPairs * visits;
}

void ShowdownEvaluator::values(std::span<const ShowdownHand> mine,
                               std::span<const ShowdownHand> theirs,
                               std::span<const double> their_weights, const dominoes::Rules& rules,
                               std::span<double> out) {
  if (sweep_is_faster(mine, theirs))
    return values_by_sweep(mine, theirs, their_weights, rules, out);
  showdown_most_pips(mine, theirs);  // the same refusal of negative pips either way
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
  if (!number_subsets(mine, theirs, their_weights))
    return compatible_weight_pairwise(mine, theirs, their_weights, out);
  StopCheck stop;
  for (std::size_t j = 0; j < theirs.size(); ++j) {
    stop.add(kSweepHandInPairs);
    add_opponent_hand(j, their_weights[j], 0);
  }
  for (std::size_t i = 0; i < mine.size(); ++i) {
    stop.add(kSweepHandInPairs);
    out[i] = compatible_sums(i).weight;
  }
}

void ShowdownEvaluator::values_by_sweep(std::span<const ShowdownHand> mine,
                                        std::span<const ShowdownHand> theirs,
                                        std::span<const double> their_weights,
                                        const dominoes::Rules& rules, std::span<double> out) {
  check_showdown_lengths(mine.size(), theirs.size(), their_weights.size(), out.size());
  const int max_pips = showdown_most_pips(mine, theirs);
  if (!number_subsets(mine, theirs, their_weights))
    return showdown_values_pairwise(mine, theirs, their_weights, rules, out);
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
  StopCheck stop;
  for (int x = 0; x <= max_pips; ++x) {
    const bool opponents_at_x = their_starts_[x] < their_starts_[x + 1];
    stop.add(kSweepHandInPairs *
             (my_starts_[x + 1] - my_starts_[x] + their_starts_[x + 1] - their_starts_[x]));
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

// Numbers the subsets of the shared tiles (of at most limit_ tiles), lists each weighted opponent
// hand's subsets and each of my hands' subsets with their signs, and zeroes their accumulators
// (only those: measured faster than clearing the array even when it is shorter than the visits).
// Returns false, doing nothing, when the lists do not fit the sweep (sweep_fits).
bool ShowdownEvaluator::number_subsets(std::span<const ShowdownHand> mine,
                                       std::span<const ShowdownHand> theirs,
                                       std::span<const double> their_weights) {
  const SubsetLayout layout = subset_layout(mine, theirs);
  if (!layout.fits()) return false;
  shared_ = layout.shared;
  limit_ = layout.limit;
  int position = 0;
  for (dominoes::Tile t : shared_) position_[t] = static_cast<std::uint8_t>(position++);
  first_[0] = 0;
  for (int size = 0; size <= limit_; ++size)
    first_[size + 1] =
        first_[size] + static_cast<std::uint32_t>(kRankBinomials[shared_.size()][size]);
  const std::uint32_t numbers = first_[limit_ + 1];
  if (sums_.size() < numbers) sums_.resize(numbers);
  their_subsets_.clear();
  their_begin_.resize(theirs.size() + 1);
  for (std::size_t j = 0; j < theirs.size(); ++j) {
    their_begin_[j] = static_cast<std::uint32_t>(their_subsets_.size());
    if (their_weights[j] == 0) continue;  // adds nothing anywhere
    for_each_numbered_subset(theirs[j].tiles, [&](std::uint32_t number, int) {
      their_subsets_.push_back(number);
      sums_[number] = {};
    });
  }
  their_begin_[theirs.size()] = static_cast<std::uint32_t>(their_subsets_.size());

  my_subsets_.clear();
  my_begin_.resize(mine.size() + 1);
  for (std::size_t i = 0; i < mine.size(); ++i) {
    my_begin_[i] = static_cast<std::uint32_t>(my_subsets_.size());
    for_each_numbered_subset(mine[i].tiles, [&](std::uint32_t number, int size) {
      my_subsets_.push_back({number, size % 2 ? -1.0 : 1.0});
      sums_[number] = {};
    });
  }
  my_begin_[mine.size()] = static_cast<std::uint32_t>(my_subsets_.size());
  return true;
}

// Calls emit(number, size) for each subset of the hand's shared tiles of at most limit_ tiles.
// Subset b (bit k: the hand's k-th shared tile by position) has the rank of b without its highest
// bit plus C(position of that tile, |b|): the combinatorial number system built up one tile at a
// time, in an order that is the same for every hand of a size, so that its branches are predicted.
template <class Emit>
void ShowdownEvaluator::for_each_numbered_subset(dominoes::TileSet hand, Emit&& emit) {
  std::array<std::uint8_t, kMaxSweepTiles> positions;
  int tiles = 0;
  const dominoes::TileSet held = hand & shared_;
  for (dominoes::Tile t : held) positions[tiles++] = position_[t];
  const std::uint32_t subsets = std::uint32_t{1} << tiles;
  if (subset_numbers_.size() < subsets) subset_numbers_.resize(subsets);
  subset_numbers_[0] = 0;
  emit(first_[0], 0);
  for (std::uint32_t b = 1; b < subsets; ++b) {
    const int size = std::popcount(b);
    if (size > limit_) continue;  // nor is any subset built on it numbered
    const int high = std::bit_width(b) - 1;
    const std::uint32_t rank = subset_numbers_[b ^ (std::uint32_t{1} << high)] +
                               static_cast<std::uint32_t>(kRankBinomials[positions[high]][size]);
    assert(first_[size] + rank < first_[size + 1]);
    subset_numbers_[b] = rank;
    emit(first_[size] + rank, size);
  }
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
