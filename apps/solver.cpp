// solver: exact solvers for Block Dominoes and four puzzle games (docs/solvers.md).
// Each game's command lives in apps/solver/<game>_command.cpp; each prints its verdict first.
#include <iostream>
#include <string>
#include <vector>

#include "apps/solver/commands.h"
#include "engine/common/build_version.h"
#include "engine/common/text.h"

namespace {

std::string usage() {
  std::string text =
      "Usage: solver <game> [options]\n\n"
      "Exact solvers: Block Dominoes with both hands open, equilibria of small Block Dominoes\n"
      "variants with hidden hands, and four puzzle games (docs/solvers.md):\n";
  for (const auto& c : solver_app::commands())
    text += "  " + std::string(c.name) + std::string(18 - std::string(c.name).size(), ' ') +
            c.summary + "\n";
  return text +
         "\n`solver <game> --help` explains each game's options and output; `solver --version`\n"
         "names the build.\n";
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) {
    std::cerr << usage();
    return 2;
  }
  const std::vector<std::string> rest(words.begin() + 1, words.end());
  if (words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    std::cout << usage();
    return 0;
  }
  if (words[0] == "--version") {
    std::cout << common::version_line("solver") << "\n";
    return 0;
  }
  for (const auto& command : solver_app::commands())
    if (words[0] == command.name) return command.run(rest);
  return solver_app::bad_input("unknown game " + common::quoted(words[0]) + ": valid games are " +
                               solver_app::command_names());
}
