// The project's one general-purpose hash: 64-bit FNV-1a (Fowler, Noll and Vo), used for
// fingerprints of configs and check words of journal lines. Stable across builds and platforms,
// which is what a fingerprint written to a file needs; not for adversarial inputs.
#pragma once

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace common {

inline constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ull;
inline constexpr std::uint64_t kFnvPrime = 0x100000001B3ull;

/// Returns the 64-bit FNV-1a hash of `bytes`, continuing from `hash` (default: the FNV offset
/// basis), so a hash can be built over several pieces.
constexpr std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = kFnvOffset) {
  for (const char c : bytes) hash = (hash ^ static_cast<unsigned char>(c)) * kFnvPrime;
  return hash;
}

/// Returns `value` as 16 lower-case hex digits, the form fingerprints and check words are written
/// in.
inline std::string hex64(std::uint64_t value) {
  char digits[24];
  std::snprintf(digits, sizeof digits, "%016" PRIx64, value);
  return digits;
}

}  // namespace common
