// The schedule: which players meet. Only yields pairings; the runner decides how they play.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tournament {

/// How players are paired.
enum class Format {
  kHeadToHead,  ///< exactly two players
  kRoundRobin,  ///< every pair of players once
  kGauntlet,    ///< the first player against each of the others
};

/// Returns "head-to-head", "round-robin" or "gauntlet".
std::string to_string(Format format);
/// Returns the format named `text` (as to_string writes it), or nothing for any other text.
std::optional<Format> parse_format(std::string_view text);

/// Player a (seat 0 of the first game of each duplicate pair) against player b, as indices into
/// the experiment's player list.
struct Pairing {
  int a = 0;
  int b = 1;
  bool operator==(const Pairing&) const = default;
};

/// Returns the pairings of `format` over `players` players, in table order: head-to-head (0,1);
/// round-robin (i,j) for i < j, by i then j; gauntlet (0,j) for j = 1..n-1.
std::vector<Pairing> make_schedule(Format format, int players);

}  // namespace tournament
