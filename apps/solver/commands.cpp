#include "apps/solver/commands.h"

#include <iostream>

namespace solver_app {

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {
      {"block-dominoes",
       "Block Dominoes with both hands visible: value, every move's value, principal variation",
       block_dominoes_command},
      {"dance-battle", "Dance Battle, a puzzle: Win or Lose for the next dancer, winning turns",
       dance_battle_command},
      {"equilibrium",
       "small Block Dominoes variants with hidden hands: CFR equilibrium, game value",
       equilibrium_command},
      {"exploitability",
       "small Block Dominoes variants: any strategy's exploitability, points vs equilibrium",
       exploitability_command},
      {"magic-fingers", "Magic Fingers (Chopsticks): the exact chart of every position, best moves",
       magic_fingers_command},
      {"posterior",
       "small two-seat variants: belief models against the exact posterior of known strategies",
       posterior_command},
      {"takeaway",
       "Takeaway, a subtraction game, any move set: Win or Lose, winning moves, Grundy period",
       takeaway_command},
      {"tetromino",
       "tiling a square with tetrominoes: a JSON list (format: docs/tetromino.md) or a proof of "
       "none",
       tetromino_command},
  };
  return all;
}

std::string command_names() {
  std::string names;
  for (const auto& c : commands()) names += (names.empty() ? "" : ", ") + std::string(c.name);
  return names;
}

int bad_input(const std::string& message) {
  std::cerr << "solver: " << message << "\n";
  return 2;
}

int failed(const std::string& message) {
  std::cerr << "solver: " << message << "\n";
  return 1;
}

}  // namespace solver_app
