#include "arena/tournament/config/player_names.h"

#include <algorithm>
#include <cctype>

#include "arena/tournament/config/config_error.h"
#include "arena/tournament/config/team_spec.h"
#include "engine/common/text.h"
#include "strategies/registry.h"
#include "strategies/spec.h"

namespace tournament {
namespace {

constexpr const char* kValidName =
    "1 to 24 letters, digits, '-', '_', '.' or '+' before the ':', e.g. "
    "M200: minimax(scenarios=200,depth=0)";

bool name_character(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
         c == '+';
}

ConfigError bad_player(std::string_view text, const std::string& why) {
  return ConfigError("player " + common::quoted(text) + ": " + why);
}

}  // namespace

std::string player_name_error(std::string_view name) {
  if (name.empty()) return "the name before ':' is empty: give " + std::string(kValidName);
  if (name.size() > kMaxPlayerNameLength)
    return "name " + common::quoted(name) + " is " + std::to_string(name.size()) +
           " characters long: give " + kValidName;
  if (!std::all_of(name.begin(), name.end(), name_character))
    return "name " + common::quoted(name) + " is not valid: give " + kValidName;
  return "";
}

NamedSpec split_player(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon > text.find('(')) return {"", std::string(text)};
  NamedSpec player{common::trimmed(text.substr(0, colon)), common::trimmed(text.substr(colon + 1))};
  if (const std::string why = player_name_error(player.name); !why.empty())
    throw bad_player(text, why);
  if (player.spec.empty())
    throw bad_player(text, "no strategy spec follows the name: write NAME: SPEC, e.g. " +
                               player.name + ": heuristic");
  return player;
}

std::string player_text(const std::string& name, const std::string& spec) {
  return name.empty() ? spec : name + ": " + spec;
}

void split_player_names(ExperimentConfig& config) {
  config.player_names.resize(config.players.size());
  for (std::size_t i = 0; i < config.players.size(); ++i) {
    NamedSpec player = split_player(config.players[i]);
    if (player.name.empty()) continue;
    config.player_names[i] = std::move(player.name);
    config.players[i] = std::move(player.spec);
  }
}

void check_player_names(const ExperimentConfig& c, const strategies::Registry& registry) {
  for (std::size_t i = 0; i < c.players.size(); ++i) {
    const std::string name = player_name(c, static_cast<int>(i));
    if (name.empty()) continue;
    const std::string written = player_text(name, c.players[i]);
    if (registry.find(name) && name != strategies::parse_spec(c.players[i]).name)
      throw bad_player(written, "name " + common::quoted(name) + " is the name of a strategy " +
                                    "it does not play: give another name");
    for (std::size_t j = 0; j < c.players.size(); ++j)
      if (j != i && shown_player(c, static_cast<int>(j), c.players[j]) == name)
        throw bad_player(written, "name " + common::quoted(name) + " is also player " +
                                      std::to_string(j + 1) + "'s: give each player its own name");
  }
}

std::string player_name(const ExperimentConfig& c, int seat) {
  if (seat < 0 || static_cast<std::size_t>(seat) >= c.player_names.size()) return "";
  return c.player_names[static_cast<std::size_t>(seat)];
}

std::string shown_player(const ExperimentConfig& c, int seat, const std::string& spec) {
  std::string name = player_name(c, seat);
  return name.empty() ? spec : name;
}

std::vector<std::string> shown_players(const ExperimentConfig& c) {
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < c.players.size(); ++i)
    shown.push_back(shown_player(c, static_cast<int>(i), c.players[i]));
  return shown;
}

std::vector<std::vector<std::string>> lineup_labels(const ExperimentConfig& c,
                                                    const strategies::Registry& registry) {
  std::vector<std::vector<std::string>> labels;
  for (const auto& lineup : c.lineups) {
    labels.emplace_back();
    for (std::size_t i = 0; i < lineup.size(); ++i) {
      const std::string name = player_name(c, static_cast<int>(i));
      labels.back().push_back(name.empty() ? side_label(lineup[i], registry) : name);
    }
  }
  return labels;
}

}  // namespace tournament
