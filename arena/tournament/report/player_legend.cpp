#include "arena/tournament/report/player_legend.h"

#include <algorithm>

#include "arena/tournament/config/player_names.h"

namespace tournament {

std::string player_legend(const ExperimentConfig& config) {
  const std::vector<Sweep> sweeps = swept_parameters(config);
  std::string lines;
  for (std::size_t i = 0; i < config.players.size(); ++i) {
    const std::string name = player_name(config, static_cast<int>(i));
    if (name.empty()) continue;
    const bool swept = std::any_of(sweeps.begin(), sweeps.end(),
                                   [&](const Sweep& s) { return s.player == static_cast<int>(i); });
    lines += "- " + name + ": `" + config.players[i] + "`" +
             (swept ? " (swept: its parameter columns give each row's values)" : "") + "\n";
  }
  return lines.empty() ? "" : "\nPlayers by name:\n\n" + lines;
}

}  // namespace tournament
