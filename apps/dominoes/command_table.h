// The commands of the `dominoes` program, in one table: main() dispatches by it, and the usage
// text, the unknown-command message and the shell completion are made from it, so a new command
// is one entry here (and its file, apps/dominoes/NAME_command.{h,cpp}).
#pragma once

#include <string>
#include <vector>

namespace dominoes_cli {

/// What a command is given: the program's whole command line (for messages that repeat it, such
/// as run's "resume with:") and the words after the command's name.
struct Invocation {
  std::vector<std::string> command_line;
  std::vector<std::string> args;
};

/// One command: its name, its synopsis and one-line summary for the usage text (the summary may
/// run over lines, each "\n"), and what runs it (returns the exit status).
struct Command {
  const char* name;
  const char* synopsis;
  const char* summary;
  int (*run)(const Invocation&);
};

/// Returns every command, in the order the usage text lists them.
const std::vector<Command>& commands();

/// Returns the command called `name`, or nullptr.
const Command* find_command(const std::string& name);

/// Returns the commands' names joined by `separator`, in table order.
std::string command_names(const std::string& separator);

/// Returns `dominoes --help`'s text: what the program is, each command with its synopsis and
/// summary, and where to read more.
std::string usage_text();

/// The two commands main's own file defines (apps/dominoes.cpp): run and strategies.
int run_command(const Invocation& invocation);
int strategies_command(const Invocation& invocation);

}  // namespace dominoes_cli
