// Reading `dominoes run`'s arguments: an optional INI config file, then --key=value options that
// override it (docs/experiments.md; keys in docs/formats.md). Boost.Program_options holds the
// option table and reads both; every key of a config file is also a command-line option. The result
// is a validated ExperimentConfig (experiment_config.h).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/shard.h"

namespace tournament {

/// The result of reading `dominoes run`'s arguments.
struct RunRequest {
  ExperimentConfig config;     ///< validated
  std::string config_path;     ///< the config file read, or empty for the built-in default
  bool restart = false;        ///< --restart: discard a journal written under another config
  bool plot = false;           ///< --plot: draw the tables with scripts/plot after a finished run
  std::optional<Shard> shard;  ///< --shard K/N: play only shard K's chunks, into OUT/shard-K-of-N
  bool mpi = false;            ///< --mpi: one rank of an MPI run (mpi_run.h)
  bool print_config = false;   ///< --print-config: print the validated config as INI and exit
  bool help = false;           ///< --help was asked for; `help_text` holds it
  std::string help_text;
  std::set<std::string> flags;  ///< another command's own flags that were given (ExperimentCommand)
};

/// A command other than `run` that reads an experiment as `run` does: an optional config file,
/// then --key=value options over it (every experiment key), --help and --print-config, and flags
/// of its own (`dominoes dataset`'s --move-values).
struct ExperimentCommand {
  std::string name;   ///< the command, for messages: "dataset" ("see dominoes dataset --help")
  std::string usage;  ///< its --help text above the tables of options
  /// Its own flags (options without a value) as {name, help}, e.g. {"move-values", "..."}.
  std::vector<std::pair<std::string, std::string>> flags;
  std::string out_root;  ///< `out` defaults to OUT_ROOT/<name> (run's is results)
};

/// Returns the experiment described by `args` (the words after `run`): an optional config file
/// path, then --key=value options that override it. Throws ConfigError for an unknown, repeated,
/// mistyped or out-of-range option or key, a config file that is missing, unreadable or a
/// directory, an unknown strategy or parameter, or --games-out naming the config file itself.
RunRequest parse_run_arguments(const std::vector<std::string>& args);

/// Returns the experiment `args` (the words after the command's name) describe, read as
/// parse_run_arguments reads them, with `command`'s own flags in `flags` instead of run's
/// (--restart, --plot, --shard and --mpi are unknown options here). Throws ConfigError as
/// parse_run_arguments does; an unknown option's message lists this command's options.
RunRequest parse_experiment_arguments(const std::vector<std::string>& args,
                                      const ExperimentCommand& command);

/// Returns the experiment the config file `path` describes (every key it does not give at its
/// default), not validated: validate() it against the registry that seats its players (a run of
/// Python strategies names players the built-in registry does not know). Throws ConfigError as
/// parse_run_arguments does for the file.
ExperimentConfig read_experiment_file(const std::string& path);

/// Returns every option `dominoes run` takes, spelled as on its command line ("--help", "--deals",
/// "--quiet", "--no-quiet", ...): the command-line-only options, then the experiment keys in the
/// table's order (experiment_keys.h), a boolean key as its two flags. For shell completion.
std::vector<std::string> run_option_names();

/// Returns every option `command` takes (parse_experiment_arguments), spelled as on its command
/// line, as run_option_names() spells run's: its own, then the experiment keys. For shell
/// completion.
std::vector<std::string> experiment_option_names(const ExperimentCommand& command);

/// Returns the bots that `args` (run's arguments: an optional config file, --bot options)
/// declare, for `dominoes strategies`; other options are read but not checked. Throws
/// ConfigError as parse_run_arguments does for the file and the bot declarations.
std::vector<bots::BotConfig> parse_bot_declarations(const std::vector<std::string>& args);

}  // namespace tournament
