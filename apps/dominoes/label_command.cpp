#include "apps/dominoes/label_command.h"

#include <iostream>

#include "arena/tournament/config/config_error.h"
#include "arena/tournament/config/player_names.h"
#include "arena/tournament/config/team_spec.h"
#include "engine/common/text.h"
#include "strategies/registry.h"
#include "strategies/spec.h"

namespace dominoes_cli {
namespace {

constexpr const char* kLabelUsage =
    "Usage: dominoes label PLAYER...\n\n"
    "Prints the label plots and the progress line show for each player, one line each: its\n"
    "display name when written NAME: SPEC, else SPEC's short label, the strategy with only the\n"
    "parameters that differ from their defaults and every path cut to its base name. A side of\n"
    "two partners (four seats), SPEC & SPEC, is labelled by both short labels joined by \" & \".\n"
    "A label is for reading only; the tables' machine columns keep the full spec.\n\n"
    "Example: dominoes label 'minimax(scenarios=200,depth=0,exact=true,crn=true)'\n";

}  // namespace

int label_command(const std::vector<std::string>& args) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kLabelUsage;
    return 0;
  }
  if (args.empty()) {
    std::cerr << "dominoes: label: give one or more players, SPEC or NAME: SPEC; see dominoes "
                 "label --help\n";
    return 2;
  }
  std::string out;
  for (const std::string& arg : args) {
    try {
      const tournament::NamedSpec player = tournament::split_player(arg);
      // A malformed spec is refused; a strategy that is not built in (a bot's name) is labelled.
      // A side may pair two partners' specs (team_spec.h): each is checked.
      for (const std::string& member : tournament::team_members(player.spec))
        strategies::parse_spec(member);
      out += (player.name.empty()
                  ? tournament::side_label(player.spec, strategies::Registry::builtin())
                  : player.name) +
             "\n";
    } catch (const tournament::ConfigError& e) {
      std::cerr << "dominoes: label: " << e.what() << "\n";
      return 2;
    } catch (const strategies::SpecError& e) {
      std::cerr << "dominoes: label: " << common::quoted(arg) << " is not a player: " << e.what()
                << "\n";
      return 2;
    }
  }
  std::cout << out;
  return 0;
}

}  // namespace dominoes_cli
