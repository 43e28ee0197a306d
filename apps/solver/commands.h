// The games of `solver`, one command each (docs/solvers.md). Adding a game: a file
// apps/solver/<game>_command.cpp defining its command function, and one entry in commands.cpp.
#pragma once

#include <string>
#include <vector>

namespace solver_app {

/// A game's command: its name and its entry point, which returns the process exit code
/// (0 done, 2 bad input, others as the game's --help says).
struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};

/// Returns every game's command, in the order `solver --help` lists them.
const std::vector<Command>& commands();
/// Returns the game names, comma-separated, for error messages.
std::string command_names();
/// Prints "solver: MESSAGE" on stderr and returns 2, the exit code for bad input.
int bad_input(const std::string& message);
/// Prints "solver: MESSAGE" on stderr and returns 1, the exit code for what is not the input's
/// fault: a file that cannot be read, memory that runs out.
int failed(const std::string& message);

int block_dominoes_command(const std::vector<std::string>& args);
int takeaway_command(const std::vector<std::string>&);
int magic_fingers_command(const std::vector<std::string>&);
int dance_battle_command(const std::vector<std::string>& args);
int tetromino_command(const std::vector<std::string>& args);
int equilibrium_command(const std::vector<std::string>& args);
int exploitability_command(const std::vector<std::string>& args);
int posterior_command(const std::vector<std::string>& args);

}  // namespace solver_app
