// Grid sweeps (issue 10): several strategy parameters swept at once, of one player or several.
// Each `sweep = P.PARAM=V1,V2,...` key (or --sweep option) names a 1-based player P, one of its
// parameters and the values to try; the experiment runs the cartesian product of all of them,
// the first sweep varying slowest (like nested loops written in the keys' order). The one-parameter
// keys (sweep-param, sweep-values, sweep-player) are the special case of a single sweep.
// Each grid point is one lineup: the players' specs with the point's values set, canonical.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace strategies {
class Registry;
}

namespace tournament {

/// An optional sweep over one strategy parameter: the experiment runs once per value, with the
/// swept player's parameter set to that value.
struct Sweep {
  int player = 0;                   ///< index into the player list (config: 1-based sweep-player)
  std::string param;                ///< parameter name; empty = no sweep
  std::vector<std::string> values;  ///< values, in order

  bool active() const { return !param.empty(); }
};

/// Returns the sweep written `text`, "P.PARAM=V1,V2,..." (spaces around items ignored), e.g.
/// "1.scenarios=50,200,800" is player index 0, param "scenarios", values {"50","200","800"}.
/// Throws ConfigError naming `text` for a malformed form, a player index below 1, an empty
/// parameter, an empty list or an empty or repeated value. Whether the player exists and has the
/// parameter is validate()'s to check.
Sweep parse_sweep(const std::string& text);

/// Returns `sweep` in the form parse_sweep reads: "P.PARAM=V1,V2,...".
std::string to_string(const Sweep& sweep);

/// Returns the name of a swept parameter's column in summary.csv and summary.md: "P.PARAM",
/// e.g. "1.scenarios" (P is 1-based).
std::string sweep_column(const Sweep& sweep);

/// Returns the number of grid points (lineups) of `sweeps`: the product of their value counts,
/// 1 for no sweep.
std::size_t grid_size(const std::vector<Sweep>& sweeps);

/// Returns the values of grid point `index` (0 <= index < grid_size), one per sweep, in order;
/// the last sweep varies fastest. Throws std::out_of_range for a bad index.
std::vector<std::string> grid_point(const std::vector<Sweep>& sweeps, std::size_t index);

/// Returns the lineups of `players` under `sweeps`: one per grid point, in grid order, each
/// player's spec with that point's values set and made canonical by `registry`. Throws
/// ConfigError for a player index beyond `players`, a parameter swept twice for one player, or a
/// spec the registry refuses (unknown parameter, bad value), naming the sweep.
std::vector<std::vector<std::string>> expand_grid(const std::vector<std::string>& players,
                                                  const std::vector<Sweep>& sweeps,
                                                  const strategies::Registry& registry);

}  // namespace tournament
