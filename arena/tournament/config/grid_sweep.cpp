#include "arena/tournament/config/grid_sweep.h"

#include <algorithm>
#include <stdexcept>

#include "arena/tournament/config/config_error.h"
#include "engine/common/text.h"
#include "strategies/registry.h"
#include "strategies/spec.h"

namespace tournament {
namespace {

constexpr const char* kSweepForm =
    "valid P.PARAM=V1,V2,... with P a 1-based player, e.g. "
    "1.scenarios=50,200,800";

ConfigError bad_sweep(const std::string& text, const std::string& why) {
  return ConfigError("sweep " + common::quoted(text) + " is not valid: " + why + "; " + kSweepForm);
}

// Checks one lineup's swept specs through the registry, naming the sweep that set them.
void set_point(std::vector<std::string>& lineup, const std::vector<Sweep>& sweeps,
               const std::vector<std::string>& values, const strategies::Registry& registry) {
  for (std::size_t s = 0; s < sweeps.size(); ++s) {
    auto& spec = lineup[static_cast<std::size_t>(sweeps[s].player)];
    try {
      spec = registry.canonical(strategies::with_param(spec, sweeps[s].param, values[s]));
    } catch (const strategies::SpecError& e) {
      throw ConfigError("sweep " + to_string(sweeps[s]) + ": " + e.what());
    }
  }
}

void check_players_and_params(const std::vector<Sweep>& sweeps, std::size_t players) {
  for (std::size_t s = 0; s < sweeps.size(); ++s) {
    if (sweeps[s].player < 0 || static_cast<std::size_t>(sweeps[s].player) >= players)
      throw ConfigError("sweep " + common::quoted(to_string(sweeps[s])) + " names player " +
                        std::to_string(sweeps[s].player + 1) + ": valid 1.." +
                        std::to_string(players));
    for (std::size_t t = 0; t < s; ++t)
      if (sweeps[t].player == sweeps[s].player && sweeps[t].param == sweeps[s].param)
        throw ConfigError("sweep " + sweep_column(sweeps[s]) +
                          " is given twice: sweep each parameter once, with all its values");
  }
}

}  // namespace

Sweep parse_sweep(const std::string& text) {
  const auto equals = text.find('=');
  const auto dot = text.find('.');
  if (equals == std::string::npos || dot == std::string::npos || dot > equals)
    throw bad_sweep(text, "no P.PARAM= part");
  const auto player = common::parse_int<int>(common::trimmed(text.substr(0, dot)));
  if (!player || *player < 1 || *player > (1 << 20))
    throw bad_sweep(text, "the player index must be a number from 1");
  Sweep sweep;
  sweep.player = *player - 1;
  sweep.param = common::trimmed(text.substr(dot + 1, equals - dot - 1));
  if (sweep.param.empty()) throw bad_sweep(text, "no parameter name");
  const std::string list = common::trimmed(text.substr(equals + 1));
  if (list.empty()) throw bad_sweep(text, "no values");
  sweep.values = common::split_list(list);
  for (std::size_t i = 0; i < sweep.values.size(); ++i) {
    if (sweep.values[i].empty()) throw bad_sweep(text, "an empty value");
    if (std::find(sweep.values.begin(), sweep.values.begin() + static_cast<long>(i),
                  sweep.values[i]) != sweep.values.begin() + static_cast<long>(i))
      throw bad_sweep(text, "value " + sweep.values[i] + " is repeated");
  }
  return sweep;
}

std::string to_string(const Sweep& sweep) {
  std::string text = sweep_column(sweep) + "=";
  for (std::size_t i = 0; i < sweep.values.size(); ++i) text += (i ? "," : "") + sweep.values[i];
  return text;
}

std::string sweep_column(const Sweep& sweep) {
  return std::to_string(sweep.player + 1) + "." + sweep.param;
}

std::size_t grid_size(const std::vector<Sweep>& sweeps) {
  std::size_t size = 1;
  for (const auto& s : sweeps) size *= s.values.size();
  return size;
}

std::vector<std::string> grid_point(const std::vector<Sweep>& sweeps, std::size_t index) {
  if (index >= grid_size(sweeps)) throw std::out_of_range("grid_point: index beyond the grid");
  std::vector<std::string> values(sweeps.size());
  // Mixed-radix digits of `index`, the last sweep's digit the least significant.
  for (std::size_t s = sweeps.size(); s-- > 0;) {
    values[s] = sweeps[s].values[index % sweeps[s].values.size()];
    index /= sweeps[s].values.size();
  }
  return values;
}

std::vector<std::vector<std::string>> expand_grid(const std::vector<std::string>& players,
                                                  const std::vector<Sweep>& sweeps,
                                                  const strategies::Registry& registry) {
  check_players_and_params(sweeps, players.size());
  std::vector<std::vector<std::string>> lineups;
  const std::size_t points = grid_size(sweeps);
  for (std::size_t i = 0; i < points; ++i) {
    lineups.push_back(players);
    set_point(lineups.back(), sweeps, grid_point(sweeps, i), registry);
  }
  return lineups;
}

}  // namespace tournament
