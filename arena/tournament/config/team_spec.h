// A side of a pairing written as one spec or as a pair of specs, one per partner
// (docs/experiments.md, "Teams"): `heuristic` seats the heuristic in both of its side's seats;
// `partner & heuristic` (four seats in partnerships only) seats `partner` in the side's first
// seat (0 or 1) and `heuristic` in its second (2 or 3). The pair is joined by " & " outside any
// parentheses, so a spec's own text never splits it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace strategies {
class Registry;
}

namespace tournament {

/// The word that joins a pair of specs.
inline constexpr std::string_view kTeamJoin = " & ";

/// Returns the side's specs: one, or the two partners' in seat order. Throws ConfigError
/// (config_error.h) for more than two, or an empty member ("random & ").
std::vector<std::string> team_members(std::string_view side);

/// Returns the members joined as a side is written: "a" or "a & b"; two equal members are one.
std::string team_text(const std::vector<std::string>& members);

/// Returns the short label of the side `side` (strategies/short_label.h): its spec's, or its two
/// partners' joined by " & " as team_text joins them, e.g. "heuristic & minimax(depth=0)" for
/// `heuristic & minimax(scenarios=200,depth=0)`. Throws ConfigError as team_members() does.
std::string side_label(std::string_view side, const strategies::Registry& registry);

}  // namespace tournament
