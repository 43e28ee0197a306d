// dominoes: the tournament simulator's command line (DESIGN.md section 5).
//   dominoes run [CONFIG.cfg] [--key=value ...]   run an experiment, write its tables
//   dominoes strategies                           list strategies, parameters and defaults
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/tournament/experiment.h"
#include "engine/tournament/progress.h"
#include "strategies/registry.h"

namespace {

constexpr const char* kUsage =
    "Usage: dominoes <command> [options]\n\n"
    "A Monte Carlo tournament simulator for two-player Block Dominoes with hidden hands.\n\n"
    "Commands:\n"
    "  run [CONFIG.cfg] [--key=value ...]  run an experiment (no CONFIG: the built-in default,\n"
    "                                      a quick round robin) and write its score tables\n"
    "  strategies                          list the strategies, their parameters and defaults\n\n"
    "`dominoes <command> --help` explains each command.\n";

int usage_error(const std::string& message) {
  std::cerr << "dominoes: " << message << "\n";
  return 2;
}

void print_outcome(const tournament::ExperimentConfig& config,
                   const tournament::ExperimentResult& result) {
  std::ifstream md(config.out_dir + "/summary.md");
  std::cout << md.rdbuf();
  const auto& run = result.run;
  const unsigned cores = std::thread::hardware_concurrency();
  const double rate = run.seconds > 0 ? static_cast<double>(run.games_played) / run.seconds : 0;
  char line[160];
  std::snprintf(line, sizeof line, "%lld %s in %.3f s (%.0f per second) on %d threads",
                static_cast<long long>(run.games_played),
                config.rules.match_target > 0 ? "matches" : "games", run.seconds, rate,
                config.threads > 0 ? config.threads : static_cast<int>(cores));
  std::cerr << "\n" << line;
  if (run.resumed_chunks) std::cerr << ", resumed " << run.resumed_chunks << " chunks from the journal";
  std::cerr << "\ntables:";
  for (const auto& p : result.table_paths) std::cerr << " " << p;
  std::cerr << "\n";
}

int run_command(const std::vector<std::string>& args) {
  tournament::RunRequest request;
  try {
    request = tournament::parse_run_arguments(args);
  } catch (const tournament::ConfigError& e) {
    return usage_error(std::string("run: ") + e.what());
  }
  if (request.help) {
    std::cout << request.help_text;
    return 0;
  }
  const auto& config = request.config;
  tournament::ProgressLine progress(!config.quiet && isatty(STDERR_FILENO));
  tournament::RunHooks hooks;
  hooks.on_chunk = [&](const tournament::RunProgress& p) { progress.update(p); };
  try {
    const auto result = tournament::run_experiment(strategies::Registry::builtin(), config, hooks);
    progress.finish();
    print_outcome(config, result);
  } catch (const std::exception& e) {
    progress.finish();
    std::cerr << "dominoes: run failed: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

int strategies_command(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] != "--help" && args[0] != "-h")
    return usage_error("strategies takes no arguments, got \"" + args[0] + "\"");
  std::cout << strategies::Registry::builtin().describe();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string& command = words[0];
  const std::vector<std::string> rest(words.begin() + 1, words.end());
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return 0;
  }
  if (command == "run") return run_command(rest);
  if (command == "strategies") return strategies_command(rest);
  return usage_error("unknown command \"" + command + "\": valid commands are run, strategies");
}
