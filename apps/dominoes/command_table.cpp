#include "apps/dominoes/command_table.h"

#include <iostream>
#include <sstream>

#include "apps/dominoes/advise_command.h"
#include "apps/dominoes/check_bot_command.h"
#include "apps/dominoes/completion_command.h"
#include "apps/dominoes/dataset_command.h"
#include "apps/dominoes/fit_model_command.h"
#include "apps/dominoes/keys_command.h"
#include "apps/dominoes/label_command.h"
#include "apps/dominoes/merge_command.h"
#include "apps/dominoes/play_command.h"
#include "apps/dominoes/view_command.h"

namespace dominoes_cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {
      {"run", "run [CONFIG.cfg] [--key=value ...]",
       "run an experiment (no CONFIG: the built-in default,\na quick round robin) and write its "
       "score tables;\n--shard K/N runs one shard, --mpi one MPI rank",
       run_command},
      {"merge", "merge DIR [--partial]", "the tables of a sharded run from its shards",
       [](const Invocation& i) { return merge_command(i.args); }},
      {"dataset", "dataset [CONFIG.cfg] [--key=value ...]",
       "training data: an experiment's games as rows of\ndecisions in safetensors chunk files",
       [](const Invocation& i) { return dataset_command(i.command_line, i.args); }},
      {"strategies", "strategies [NAME] [CONFIG]",
       "list the strategies and declared external bots, one\nline each; with NAME, its parameters "
       "and method",
       strategies_command},
      {"play", "play [--against SPEC] [--games N]", "play a strategy at the terminal",
       [](const Invocation& i) { return play_command(i.args, std::cin, std::cout); }},
      {"advise", "advise --hand TILES [--line TILES]", "every legal move with its expected points",
       [](const Invocation& i) { return advise_command(i.args); }},
      {"check-bot", "check-bot 'COMMAND'", "check an external bot against docs/protocol.md",
       [](const Invocation& i) { return check_bot_command(i.args); }},
      {"fit-model", "fit-model --games F --player SPEC",
       "fit an opponent model (fitted:FILE) to game records",
       [](const Invocation& i) { return fit_model_command(i.args); }},
      {"view", "view GAMES.jsonl [--out FILE.html]",
       "a page that replays game records in a browser",
       [](const Invocation& i) { return view_command(i.args); }},
      {"keys", "keys [--markdown] TABLE", "the key tables: experiment, rules or columns",
       [](const Invocation& i) { return keys_command(i.args); }},
      {"label", "label PLAYER...", "each player's short label, as plots show it",
       [](const Invocation& i) { return label_command(i.args); }},
      {"completion", "completion bash", "a bash completion script",
       [](const Invocation& i) { return completion_command(i.args, command_names(" ")); }},
  };
  return all;
}

const Command* find_command(const std::string& name) {
  for (const Command& c : commands())
    if (name == c.name) return &c;
  return nullptr;
}

std::string command_names(const std::string& separator) {
  std::string names;
  for (const Command& c : commands()) names += (names.empty() ? "" : separator) + c.name;
  return names;
}

std::string usage_text() {
  constexpr std::size_t kColumn = 38;  // where the summaries start
  std::ostringstream out;
  out << "Usage: dominoes <command> [options]\n\n"
      << "A Monte Carlo tournament simulator for Block Dominoes with hidden hands: two players,\n"
      << "or three and four at a table (four in partnerships).\n\nCommands:\n";
  for (const Command& c : commands()) {
    std::string line = std::string("  ") + c.synopsis;
    std::istringstream summary(c.summary);
    for (std::string part; std::getline(summary, part);) {
      line.resize(std::max(line.size() + 2, kColumn), ' ');
      out << line << part << "\n";
      line.clear();
    }
  }
  out << "\n`dominoes <command> --help` explains each command; `dominoes --version` names the "
         "build.\n";
  return out.str();
}

}  // namespace dominoes_cli
