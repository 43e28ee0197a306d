// Statistics checked against independently computed reference numbers. Student-t quantiles are
// published table values; t tail probabilities come from closed forms (df = 1: Cauchy,
// df = 2: F(t) = 1/2 + t / (2 sqrt(2 + t^2))) or, for large df, the normal tail; Wilson bounds are
// the textbook values (Newcombe, Stat. Med. 17 (1998)), recomputed from the formula with Python's
// standard library.
#include "arena/tournament/stats/statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <numbers>

namespace tournament {
namespace {

// Published two-sided 95% Student-t quantiles t_{0.975, df}.
constexpr double kT975Df2 = 4.302653;
constexpr double kT975Df3 = 3.182446;
constexpr double kT975Df4 = 2.776445;
constexpr double kT975Df9 = 2.262157;

IntegerMoments moments_of(std::initializer_list<std::int64_t> xs) {
  IntegerMoments m;
  for (std::int64_t x : xs) m.add(x);
  return m;
}

TEST(IntegerMomentsTest, AddAndMergeKeepExactSums) {
  IntegerMoments a = moments_of({1, -2, 3});
  EXPECT_EQ(a, (IntegerMoments{3, 2, 14}));
  a.merge(moments_of({4, 10}));
  EXPECT_EQ(a, moments_of({1, -2, 3, 4, 10}));
}

TEST(EstimateMeanTest, HandWorkedSample) {
  // x = 1,2,3,4,10: mean 4; squared deviations 9+4+1+0+36 = 50; s^2 = 50/4 = 12.5;
  // se = sqrt(12.5/5) = sqrt(2.5) = 1.5811388; ci = t_{0.975,4} * se = 4.389945.
  const MeanEstimate e = estimate_mean(moments_of({1, 2, 3, 4, 10}));
  EXPECT_DOUBLE_EQ(e.mean, 4.0);
  EXPECT_NEAR(e.std_error, std::sqrt(2.5), 1e-12);
  EXPECT_NEAR(e.ci95, kT975Df4 * std::sqrt(2.5), 1e-5);
  EXPECT_NEAR(e.ci95, 4.389945, 1e-5);
}

TEST(EstimateMeanTest, TenObservations) {
  // x = 1..10: mean 5.5; sum of squared deviations 82.5; s^2 = 82.5/9 = 9.1666667;
  // se = sqrt(9.1666667/10) = 0.9574271; ci = t_{0.975,9} * se.
  const MeanEstimate e = estimate_mean(moments_of({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_DOUBLE_EQ(e.mean, 5.5);
  EXPECT_NEAR(e.std_error, 0.9574271, 1e-7);
  EXPECT_NEAR(e.ci95, kT975Df9 * 0.9574271, 1e-5);
}

TEST(EstimateMeanTest, EmptySampleIsAllZero) {
  const MeanEstimate e = estimate_mean(IntegerMoments{});
  EXPECT_EQ(e.mean, 0.0);
  EXPECT_EQ(e.ci95, 0.0);
  EXPECT_EQ(e.std_error, 0.0);
}

TEST(EstimateMeanTest, SingleObservationHasNoInterval) {
  const MeanEstimate e = estimate_mean(moments_of({-7}));
  EXPECT_EQ(e.mean, -7.0);
  EXPECT_EQ(e.ci95, 0.0);
  EXPECT_EQ(e.std_error, 0.0);
}

TEST(EstimateMeanTest, ZeroVarianceHasNoInterval) {
  const MeanEstimate e = estimate_mean(moments_of({3, 3, 3, 3}));
  EXPECT_EQ(e.mean, 3.0);
  EXPECT_EQ(e.ci95, 0.0);
  EXPECT_EQ(e.std_error, 0.0);
}

TEST(EstimateMeanTest, LargeOffsetDoesNotCancel) {
  // x = 1e9+1, 1e9+2, 1e9+3: n * sum_sq is about 9e18, far beyond double precision, yet s = 1
  // exactly, so se = 1/sqrt(3) and ci = t_{0.975,2} / sqrt(3) = 2.484138.
  const std::int64_t base = 1'000'000'000;
  const MeanEstimate e = estimate_mean(moments_of({base + 1, base + 2, base + 3}));
  EXPECT_DOUBLE_EQ(e.mean, 1'000'000'002.0);
  EXPECT_NEAR(e.std_error, 1 / std::sqrt(3.0), 1e-12);
  EXPECT_NEAR(e.ci95, kT975Df2 / std::sqrt(3.0), 1e-5);
  EXPECT_NEAR(e.ci95, 2.484138, 1e-5);
}

TEST(EstimateMeanPerGameTest, PairedUnitsAreHalved) {
  // Pair sums 4,-2,6,0: mean 2; squared deviations 4+16+16+4 = 40; s^2 = 40/3;
  // se = sqrt(40/3/4) = 1.8257419; ci = t_{0.975,3} * se = 5.810325. Per game: all halved.
  const IntegerMoments pairs = moments_of({4, -2, 6, 0});
  const MeanEstimate per_pair = estimate_mean(pairs);
  EXPECT_DOUBLE_EQ(per_pair.mean, 2.0);
  EXPECT_NEAR(per_pair.std_error, 1.8257419, 1e-7);
  EXPECT_NEAR(per_pair.ci95, kT975Df3 * 1.8257419, 1e-5);

  const MeanEstimate per_game = estimate_mean_per_game(pairs, 2);
  EXPECT_DOUBLE_EQ(per_game.mean, 1.0);
  EXPECT_NEAR(per_game.std_error, 0.9128709, 1e-7);
  EXPECT_NEAR(per_game.ci95, 2.905162, 1e-5);
}

TEST(EstimateMeanPerGameTest, OneGamePerUnitMatchesEstimateMean) {
  const IntegerMoments m = moments_of({1, 2, 3, 4, 10});
  const MeanEstimate a = estimate_mean(m);
  const MeanEstimate b = estimate_mean_per_game(m, 1);
  EXPECT_EQ(a.mean, b.mean);
  EXPECT_EQ(a.ci95, b.ci95);
  EXPECT_EQ(a.std_error, b.std_error);
}

TEST(WilsonIntervalTest, TextbookValues) {
  const Interval eight = wilson_interval(8, 10);
  EXPECT_NEAR(eight.low, 0.4902, 1e-4);
  EXPECT_NEAR(eight.high, 0.9433, 1e-4);

  const Interval none = wilson_interval(0, 10);
  EXPECT_NEAR(none.low, 0.0, 1e-12);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);

  const Interval half = wilson_interval(50, 100);
  EXPECT_NEAR(half.low, 0.4038, 1e-4);
  EXPECT_NEAR(half.high, 0.5962, 1e-4);
}

TEST(WilsonIntervalTest, AllSuccessesMirrorsNone) {
  const Interval all = wilson_interval(10, 10);
  EXPECT_NEAR(all.low, 0.7225, 1e-4);
  EXPECT_NEAR(all.high, 1.0, 1e-12);
  EXPECT_LE(all.high, 1.0);
}

TEST(WilsonIntervalTest, FractionalSuccessesFromDraws) {
  // 6 wins, 3 draws, 1 loss = 7.5 of 10; 5 wins, 1 draw, 4 losses = 5.5 of 10.
  const Interval a = wilson_interval(7.5, 10);
  EXPECT_NEAR(a.low, 0.4421814, 1e-6);
  EXPECT_NEAR(a.high, 0.9190522, 1e-6);
  const Interval b = wilson_interval(5.5, 10);
  EXPECT_NEAR(b.low, 0.2736697, 1e-6);
  EXPECT_NEAR(b.high, 0.7985770, 1e-6);
}

TEST(WilsonIntervalTest, NoTrialsIsWholeRange) {
  const Interval i = wilson_interval(0, 0);
  EXPECT_EQ(i.low, 0.0);
  EXPECT_EQ(i.high, 1.0);
}

TEST(PValueGreaterTest, ZeroSpread) {
  EXPECT_EQ(p_value_greater(moments_of({0, 0, 0, 0})), 0.5);
  EXPECT_EQ(p_value_greater(moments_of({2, 2, 2})), 0.0);
  EXPECT_EQ(p_value_greater(moments_of({-1, -1})), 1.0);
}

TEST(PValueGreaterTest, TooFewObservations) {
  EXPECT_EQ(p_value_greater(IntegerMoments{}), 0.5);
  EXPECT_EQ(p_value_greater(moments_of({5})), 0.5);
}

TEST(PValueGreaterTest, OneDegreeOfFreedomIsCauchy) {
  // x = 1,3: mean 2, s = sqrt(2), se = 1, t = 2. P(T_1 >= 2) = 1/2 - atan(2)/pi = 0.1475836.
  EXPECT_NEAR(p_value_greater(moments_of({1, 3})), 0.5 - std::atan(2.0) / std::numbers::pi, 1e-9);
  EXPECT_NEAR(p_value_greater(moments_of({1, 3})), 0.1475836, 1e-7);
  EXPECT_NEAR(p_value_greater(moments_of({-1, -3})), 1 - 0.1475836, 1e-7);
}

TEST(PValueGreaterTest, TwoDegreesOfFreedomClosedForm) {
  // x = 1,2,3: mean 2, s = 1, se = 1/sqrt(3), t = 2 sqrt(3).
  // P(T_2 >= t) = 1/2 - t / (2 sqrt(2 + t^2)) = 1/2 - 2 sqrt(3) / (2 sqrt(14)) = 0.0370900.
  EXPECT_NEAR(p_value_greater(moments_of({1, 2, 3})), 0.5 - std::sqrt(3.0 / 14.0), 1e-9);
  EXPECT_NEAR(p_value_greater(moments_of({1, 2, 3})), 0.0370900, 1e-7);
  // x = 0,1,5: mean 2, s^2 = 14/2 = 7, se = sqrt(7/3), t = 2 / sqrt(7/3) = 1.3093073;
  // P = 1/2 - t / (2 sqrt(2 + t^2)) = 0.1603169.
  EXPECT_NEAR(p_value_greater(moments_of({0, 1, 5})), 0.1603169, 1e-7);
  EXPECT_NEAR(p_value_greater(moments_of({-3, -2, -1})), 1 - 0.0370900, 1e-7);
}

TEST(PValueGreaterTest, LargeSampleApproachesNormal) {
  // 1,000,000 observations of +-1 summing to 1646 (500,823 of +1, 499,177 of -1):
  // s^2 = (n^2 - sum^2) / (n (n - 1)), t = mean / (s / sqrt(n)) = 1.6460014. With df ~ 1e6 the
  // t tail equals the normal tail 1 - Phi(1.6460014) = 0.0498817 to about 1e-7 (Phi via erfc).
  const IntegerMoments m{1'000'000, 1646, 1'000'000};
  EXPECT_NEAR(p_value_greater(m), 0.0498817, 2e-6);
  EXPECT_NEAR(p_value_greater(m), 0.05, 2e-4);
}

}  // namespace
}  // namespace tournament
