// Random numbers for deals and strategies: xoshiro256** seeded through SplitMix64, with streams
// derived from keys such as (experiment seed, deal, game, seat) so that every random choice in an
// experiment is a pure function of its key, whatever thread makes it.
//
// Sources: Blackman and Vigna, "Scrambled linear pseudorandom number generators" (2021) for
// xoshiro256** and SplitMix64; Lemire, "Fast random integer generation in an interval" (2019) for
// unbiased bounded integers.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace dominoes {

/// Returns the SplitMix64 finaliser of `x`: a bijective 64-bit mix.
constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// Returns a 64-bit key mixing the given parts in order; different orders give different keys.
constexpr std::uint64_t stream_key(std::initializer_list<std::uint64_t> parts) {
  std::uint64_t h = 0x243F6A8885A308D3ull;
  for (std::uint64_t p : parts) h = splitmix64(h ^ splitmix64(p));
  return h;
}

/// xoshiro256**: a small, fast generator with 256 bits of state. A plain value type.
class Rng {
 public:
  /// Returns a generator whose state is expanded from `key` by SplitMix64.
  constexpr explicit Rng(std::uint64_t key = 0) {
    for (auto& word : s_) {
      word = splitmix64(key);
      key += 0x9E3779B97F4A7C15ull;
    }
  }

  /// Returns the next 64 random bits.
  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Returns an integer uniform in [0, n), exactly (Lemire's method); requires 0 < n < 2^32.
  constexpr std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = (next() >> 32) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  /// Returns a double uniform in [0, 1) with 53 random bits.
  constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

}  // namespace dominoes
