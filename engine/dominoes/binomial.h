// Binomial coefficients, exact, for counting hands: how many k-tile hands n tiles hold.
#pragma once

#include <cstdint>

namespace dominoes {

/// Returns the binomial coefficient C(n, k) exactly; 0 when k < 0 or k > n. Requires n <= 62 so
/// that every intermediate value fits (C(55, 27) is about 3.8e15, below 2^53, so exact as a
/// double too). Each step multiplies then divides: c * (n - k + i) is C(n - k + i, i) * i.
constexpr std::uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  std::uint64_t c = 1;
  for (int i = 1; i <= k; ++i)
    c = c * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return c;
}

}  // namespace dominoes
