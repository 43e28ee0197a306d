// Softmax helpers (engine/nets/softmax.h) against values worked out by hand from the definition
// (exponentials and logarithms taken with Python's math module, printed to 17 digits).
#include "engine/nets/softmax.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace nets {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(Softmax, MaskedSoftmaxGivesTheLegalEntriesAloneTheirShares) {
  // Legal: entries 0, 2, 3 with logits 1, 3, 0. Sum e + e^3 + 1 = 23.80381875164671.
  const std::vector<float> logits{1, 2, 3, 0};
  const std::vector<std::uint8_t> mask{1, 0, 1, 1};
  std::vector<double> p(4, -1);
  masked_softmax(logits, mask, p);
  EXPECT_NEAR(p[0], 0.11419519938459449, 1e-12);
  EXPECT_EQ(p[1], 0.0);
  EXPECT_NEAR(p[2], 0.8437947344813395, 1e-12);
  EXPECT_NEAR(p[3], 0.042010066134066056, 1e-12);
  std::vector<double> logp(4);
  masked_log_softmax(logits, mask, logp);
  // log p = logit - log(23.80381875164671) = logit - 3.1698460195562856.
  EXPECT_NEAR(logp[0], 1 - 3.1698460195562856, 1e-12);
  EXPECT_EQ(logp[1], -kInf);
  EXPECT_NEAR(logp[2], 3 - 3.1698460195562856, 1e-12);
  EXPECT_NEAR(logp[3], 0 - 3.1698460195562856, 1e-12);
}

TEST(Softmax, HugeLogitsDoNotOverflow) {
  // exp(1000) overflows a double; shifted by the largest, the shares are 1/(1 + e^-1), e^-1/(...).
  const std::vector<float> logits{1000, 999, 5000};
  const std::vector<std::uint8_t> mask{1, 1, 0};
  std::vector<double> p(3);
  masked_softmax(logits, mask, p);
  EXPECT_NEAR(p[0], 0.7310585786300049, 1e-12);
  EXPECT_NEAR(p[1], 0.2689414213699951, 1e-12);
  EXPECT_EQ(p[2], 0.0);
}

TEST(Softmax, OneLegalEntryHasProbabilityOne) {
  const std::vector<float> logits{-50, 3};
  const std::vector<std::uint8_t> mask{1, 0};
  std::vector<double> p(2);
  masked_softmax(logits, mask, p);
  EXPECT_EQ(p[0], 1.0);
  EXPECT_EQ(p[1], 0.0);
}

TEST(Softmax, BadSizesAndEmptyMasksAreRefused) {
  const std::vector<float> logits{1, 2};
  const std::vector<std::uint8_t> none{0, 0}, short_mask{1};
  std::vector<double> out(2), short_out(1);
  EXPECT_THROW(masked_softmax(logits, none, out), std::invalid_argument);
  EXPECT_THROW(masked_log_softmax(logits, short_mask, out), std::invalid_argument);
  EXPECT_THROW(masked_softmax(logits, std::vector<std::uint8_t>{1, 1}, short_out),
               std::invalid_argument);
  EXPECT_THROW(group_softmax(logits, 3, std::vector<std::uint8_t>{1, 1}, out),
               std::invalid_argument);
  EXPECT_THROW(group_softmax(logits, 0, std::vector<std::uint8_t>{1, 1}, out),
               std::invalid_argument);
}

TEST(Softmax, GroupSoftmaxNormalisesEachTileOverItsPlaces) {
  // Two tiles, three places each (tile-major). Tile 0: places 0 and 2 possible, logits 0 and 2:
  // 1/(1 + e^2) = 0.11920292202211757 and e^2/(1 + e^2) = 0.8807970779778825. Tile 1: known to
  // the observer (mask all 0): all 0. Tile 2: all three, logits 1, 1, 1: 1/3 each.
  const std::vector<float> logits{0, 7, 2, 4, 4, 4, 1, 1, 1};
  const std::vector<std::uint8_t> mask{1, 0, 1, 0, 0, 0, 1, 1, 1};
  std::vector<double> p(9, -1);
  group_softmax(logits, 3, mask, p);
  EXPECT_NEAR(p[0], 0.11920292202211757, 1e-12);
  EXPECT_EQ(p[1], 0.0);
  EXPECT_NEAR(p[2], 0.8807970779778825, 1e-12);
  for (int i = 3; i < 6; ++i) EXPECT_EQ(p[i], 0.0);
  for (int i = 6; i < 9; ++i) EXPECT_NEAR(p[i], 1.0 / 3, 1e-12);
  std::vector<double> logp(9);
  group_log_softmax(logits, 3, mask, logp);
  EXPECT_NEAR(logp[2], std::log(0.8807970779778825), 1e-12);
  EXPECT_EQ(logp[4], -kInf);
  EXPECT_NEAR(logp[7], -std::log(3.0), 1e-12);
}

TEST(Softmax, SigmoidAtHandWorkedPoints) {
  EXPECT_EQ(sigmoid(0), 0.5);
  EXPECT_NEAR(sigmoid(2), 0.8807970779778825, 1e-15);
  EXPECT_NEAR(sigmoid(-2), 0.11920292202211757, 1e-15);
  EXPECT_EQ(sigmoid(1000), 1.0);
  EXPECT_EQ(sigmoid(-1000), 0.0);
  EXPECT_FALSE(std::isnan(sigmoid(-1e308)));
}

}  // namespace
}  // namespace nets
