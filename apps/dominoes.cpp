// dominoes: the tournament simulator's command line (docs/README.md indexes each command's page).
//   dominoes run [CONFIG.cfg] [--key=value ...]   run an experiment, write its tables
//   dominoes merge DIR                            the tables of a sharded run
//   dominoes dataset [CONFIG.cfg] [--key=value]   training data: an experiment's decisions as rows
//   dominoes strategies [NAME]                    list strategies; one strategy's parameters
//   dominoes check-bot 'COMMAND'                  check an external bot (docs/protocol.md)
//   dominoes play | advise [options]              play a strategy; what to play in a position
//   dominoes fit-model --games F --player S ...   fit inference's opponent model to game records
//   dominoes view GAMES.jsonl [--out FILE.html]   a page that replays game records in a browser
//   dominoes label PLAYER...                      each player's short label, as plots show it
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "apps/dominoes/advise_command.h"
#include "apps/dominoes/check_bot_command.h"
#include "apps/dominoes/command_table.h"
#include "apps/dominoes/completion_command.h"
#include "apps/dominoes/fit_model_command.h"
#include "apps/dominoes/keys_command.h"
#include "apps/dominoes/label_command.h"
#include "apps/dominoes/merge_command.h"
#include "apps/dominoes/play_command.h"
#include "apps/dominoes/plot_results.h"
#include "apps/dominoes/print_tables.h"
#include "apps/dominoes/run_ranks.h"
#include "apps/dominoes/view_command.h"
#include "arena/bots/bot_registry.h"
#include "arena/tournament/config/run_arguments.h"
#include "arena/tournament/report/sprt_report.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/interrupt.h"
#include "arena/tournament/run/progress.h"
#include "arena/tournament/scale/shard_run.h"
#include "engine/common/build_version.h"
#include "engine/common/text.h"
#include "strategies/registry.h"
#include "strategies/strategy_help.h"

namespace {

using dominoes_cli::RunRanks;

int usage_error(const std::string& message) {
  std::cerr << "dominoes: " << message << "\n";
  return 2;
}

std::string threads_text(const tournament::ExperimentConfig& config, int used) {
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  const int threads = used > 0 ? used : 1;
  std::string text = "on " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
  if (config.threads > cores && cores > 0)
    text += " (asked for " + std::to_string(config.threads) + "; this machine has " +
            std::to_string(cores) + " cores)";
  return text;
}

// `ranks`: the MPI ranks that played (0: a plain run).
void print_outcome(const tournament::ExperimentConfig& config,
                   const tournament::ExperimentResult& result, int ranks) {
  dominoes_cli::print_tables(config, result.run.tasks, ranks == 0);
  const auto& run = result.run;
  const double rate = run.seconds > 0 ? static_cast<double>(run.games_played) / run.seconds : 0;
  char line[160];
  std::snprintf(line, sizeof line, "%lld %s in %.3f s (%.0f per second) ",
                static_cast<long long>(run.games_played),
                config.rules.match_target > 0 ? "matches" : "games", run.seconds, rate);
  std::cerr << "\n" << line;
  if (ranks > 0)
    std::cerr << "on " << ranks << " MPI rank" << (ranks == 1 ? "" : "s") << ", rank 0 ";
  std::cerr << threads_text(config, run.threads_used);
  if (run.resumed_chunks)
    std::cerr << ", resumed " << run.resumed_chunks << " chunks from the journal";
  if (config.sprt.enabled && !run.tasks.empty()) {  // head-to-head: one pairing
    const auto& task = run.tasks.front();
    std::cerr << "\nSPRT: "
              << tournament::sprt_verdict(task.sprt.decision, task.totals.deals, task.sprt.llr(),
                                          task.sprt.bounds);
  }
  std::cerr << "\ntables:";
  for (const auto& p : result.table_paths) std::cerr << " " << p;
  std::cerr << "\n";
}

// A shard finished: say what it played and how the tables are made.
int print_shard_outcome(const tournament::ExperimentConfig& config, const tournament::Shard& shard,
                        const tournament::ExperimentResult& result) {
  const auto& run = result.run;
  char line[160];
  std::snprintf(line, sizeof line, "shard %s finished: %lld %s in %.3f s ", shard.text().c_str(),
                static_cast<long long>(run.games_played),
                config.rules.match_target > 0 ? "matches" : "games", run.seconds);
  std::cerr << line << threads_text(config, run.threads_used);
  if (run.resumed_chunks) std::cerr << ", resumed " << run.resumed_chunks << " chunks";
  std::cerr << "\nits chunks are in " << result.table_paths.front() << "\nwhen all " << shard.count
            << " shards have finished, write the tables with: "
            << "dominoes merge " << common::shell_word(config.out_dir) << "\n";
  return 0;
}

// The run stopped on a signal: say what was kept and how to go on; exit 128 + the signal.
int report_interrupted(const std::vector<std::string>& command,
                       const tournament::ExperimentConfig& config,
                       const std::optional<tournament::Shard>& shard,
                       const tournament::ExperimentResult& result, int signal, int ranks) {
  // An MPI run resumes under mpirun again (with any number of ranks) or as a plain run.
  std::string resume = ranks > 0 ? "mpirun -np " + std::to_string(ranks) : "";
  for (const auto& word : command) {
    if (!resume.empty()) resume += ' ';
    resume += common::shell_word(word);
  }
  const std::string journal =
      shard ? tournament::shard_directory(config, *shard) + "/" + tournament::kJournalFile
            : tournament::journal_path(config);
  std::cerr << "interrupted: " << result.run.games_played << " games played this run, every "
            << "finished game kept in " << journal << "\nresume with: " << resume << "\n";
  return 128 + signal;
}

// Reads run's arguments on every rank; returns the exit code when some rank could not (that rank
// reports: under MPI the others have the same words, or say nothing and end with it).
std::optional<int> read_request(const RunRanks& ranks, const std::vector<std::string>& args,
                                tournament::RunRequest& request) {
  std::string problem;
  try {
    request = tournament::parse_run_arguments(args);
  } catch (const tournament::ConfigError& e) {
    problem = e.what();
  }
  const int failed = ranks.first_failure(!problem.empty());
  if (failed < 0) return std::nullopt;
  if (failed != ranks.rank()) return 2;
  return usage_error(std::string("run: ") +
                     (failed > 0 ? "rank " + std::to_string(failed) + ": " : "") + problem);
}

// What a finished, failed or interrupted run says; returns the exit code.
int report(const std::vector<std::string>& command, const tournament::RunRequest& request,
           const tournament::ExperimentResult& result, int ranks) {
  const auto& config = request.config;
  if (!result.run.complete)
    return report_interrupted(command, config, request.shard, result,
                              tournament::InterruptGuard::caught(), ranks);
  if (request.shard) return print_shard_outcome(config, *request.shard, result);
  print_outcome(config, result, ranks);
  if (request.plot) dominoes_cli::plot_results(config.out_dir);
  return 0;
}

// `command` is the whole command line, for the resume hint; `args` the words after `run`.
int run_experiment(const std::vector<std::string>& command, const std::vector<std::string>& args) {
  std::unique_ptr<RunRanks> ranks;
  try {
    ranks = std::make_unique<RunRanks>(args);
  } catch (const std::exception& e) {
    std::cerr << "dominoes: run: " << e.what() << "\n";
    return 1;
  }
  tournament::RunRequest request;
  if (const auto code = read_request(*ranks, args, request)) return *code;
  if (request.help || request.print_config) {
    if (ranks->speaks())
      std::cout << (request.help ? request.help_text : tournament::to_ini(request.config));
    return 0;
  }
  if (const std::string why = ranks->unusable(request); !why.empty())
    return usage_error("run: " + why);
  const auto& registry = strategies::Registry::builtin();
  if (!ranks->speaks()) return ranks->work(request, registry);
  tournament::LiveProgress live;
  tournament::ProgressDisplay progress(live,
                                       common::status_mode(request.config.quiet, STDERR_FILENO));
  const tournament::InterruptGuard interrupts;
  tournament::RunHooks hooks;
  hooks.progress = &live;
  hooks.should_stop = [] { return tournament::InterruptGuard::caught() != 0; };
  hooks.restart = request.restart;
  try {
    const auto result = ranks->run(request, registry, hooks);
    progress.finish();
    return report(command, request, result, ranks->ranks());
  } catch (const tournament::ConfigError& e) {
    progress.finish();
    return usage_error(std::string("run: ") + e.what());
  } catch (const std::exception& e) {
    progress.finish();
    std::cerr << "dominoes: run failed: " << e.what() << "\n";
    return 1;
  }
}

constexpr const char* kStrategiesHelp =
    "Usage: dominoes strategies [NAME] [CONFIG.cfg] [--bot NAME=COMMAND ...]\n\n"
    "With no NAME, lists the built-in strategies, one line each, and the external bots that\n"
    "CONFIG's [bot.NAME] sections and --bot options declare. With NAME, explains that strategy or\n"
    "bot: how it decides, where its method comes from, and every parameter with its type,\n"
    "default, valid values and help. A player is NAME or NAME(key=value,...).\n\n"
    "Example: dominoes strategies minimax\n";

// Splits `strategies`' words into the strategy NAME (returned; "" when none) and the rest, which
// declare bots (a CONFIG file, --bot NAME=COMMAND). A word that is neither an option nor --bot's
// value is CONFIG when it names no built-in strategy and is a path (a '.' or '/' in it, which no
// strategy name has) or exists, else NAME. Throws std::invalid_argument when two words claim the
// same role.
std::string take_strategy_name(std::vector<std::string>& words) {
  std::string name;
  std::vector<std::string> rest;
  bool config_seen = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    const bool option = word.starts_with("-");
    if (option || (i > 0 && words[i - 1] == "--bot")) {
      rest.push_back(word);
      continue;
    }
    std::error_code error;
    const bool config =
        !strategies::Registry::builtin().find(word) &&
        (word.find_first_of("./") != std::string::npos || std::filesystem::exists(word, error));
    if (config && !config_seen) {
      config_seen = true;
      rest.push_back(word);
    } else if (!config && name.empty()) {
      name = word;
    } else {
      throw std::invalid_argument("more than one " + std::string(config ? "CONFIG" : "NAME") +
                                  ": " + common::quoted(word) +
                                  "; give at most one strategy NAME "
                                  "and one CONFIG.cfg");
    }
  }
  words = std::move(rest);
  return name;
}

int list_strategies(std::vector<std::string> args) {
  if (std::find_if(args.begin(), args.end(), [](const std::string& word) {
        return word == "--help" || word == "-h";
      }) != args.end()) {
    std::cout << kStrategiesHelp;
    return 0;
  }
  try {
    const std::string name = take_strategy_name(args);
    const auto registry = bots::with_bots(strategies::Registry::builtin(),
                                          tournament::parse_bot_declarations(args), "");
    std::cout << (name.empty() ? strategies::strategy_listing(registry)
                               : strategies::strategy_details(registry, name));
  } catch (const std::exception& e) {
    return usage_error(std::string("strategies: ") + e.what());
  }
  return 0;
}

}  // namespace

namespace dominoes_cli {

int run_command(const Invocation& invocation) {
  return run_experiment(invocation.command_line, invocation.args);
}

int strategies_command(const Invocation& invocation) {
  return list_strategies(invocation.args);
}

}  // namespace dominoes_cli

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) {
    std::cerr << dominoes_cli::usage_text();
    return 2;
  }
  const std::string& name = words[0];
  if (name == "--help" || name == "-h" || name == "help") {
    std::cout << dominoes_cli::usage_text();
    return 0;
  }
  if (name == "--version") {
    std::cout << common::version_line("dominoes") << "\n";
    return 0;
  }
  const dominoes_cli::Command* command = dominoes_cli::find_command(name);
  if (!command)
    return usage_error("unknown command \"" + name + "\": valid commands are " +
                       dominoes_cli::command_names(", "));
  return command->run({{argv, argv + argc}, {words.begin() + 1, words.end()}});
}
