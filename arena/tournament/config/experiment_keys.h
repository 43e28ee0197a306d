// The experiment keys: every key of a config file, which is also a `dominoes run` option and a
// keyword of Python's dominoes.run, declared once (common::Key, engine/common/key_table.h): its
// name, kind, valid values, help, and how it reads into and out of an ExperimentConfig. The
// default of each is the value of a default ExperimentConfig. The command line's options and help
// (run_arguments.cpp), the config reader, result_keys() and to_ini() (experiment_config.h),
// Python's keywords and docstring (python/runner.cpp), `dominoes keys` (the tables of
// docs/formats.md) and `dominoes completion bash` are made from this table.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_fields.h"
#include "engine/common/key_table.h"

namespace tournament {

/// Where a key's value goes once read.
enum class KeyRole {
  kResult,   ///< decides the tables: in result_keys(), config.cfg and the journal's check
  kSaved,    ///< never changes a result but is kept in config.cfg (name, threads, out)
  kSession,  ///< steers this run only (quiet): read, never saved
};

/// One experiment key and what the front doors need beyond its declaration.
struct ExperimentKey {
  common::Key<ExperimentConfig> key;
  KeyRole role = KeyRole::kResult;
  /// Whether config.cfg and result_keys() write the key for this config; null = always (a key
  /// whose `values` are empty is never written).
  std::function<bool(const ExperimentConfig&)> written;
  /// The values result_keys() takes, where they are not `key.values` (which config.cfg writes):
  /// player's specs without their display names, which never change a result; null = the same.
  std::function<std::vector<std::string>(const ExperimentConfig&)> result_values;
  /// The keyword in Python: `key.name` with '-' written '_', except where a plural reads better
  /// (players, bots).
  std::string python_name;
  /// Python's default, as config text, where it is not the table's; empty = the table's. Only
  /// quiet has one (true), for `python_default_reason`.
  std::string python_default;
  std::string python_default_reason;
  /// Python may pass a list of strings for this text key, joined with commas (sweep-values).
  bool python_list = false;
};

/// Returns the experiment keys in config.cfg's order: name, deals, seed, threads, format,
/// duplicate, the rules keys (engine/dominoes/rules_keys.h), control-variate, chunk, out,
/// games-out, player, the sweep keys, sprt, precision, sweep, quiet, bot. Each `set` throws
/// ConfigError or common::KeyError (both one line naming the key and the valid values); checks
/// across keys are validate()'s.
const std::vector<ExperimentKey>& experiment_keys();

/// Returns the declarations alone (for common::markdown_table and the like).
std::vector<common::Key<ExperimentConfig>> experiment_key_declarations();

/// Returns the key named `name`, or nullptr.
const ExperimentKey* find_experiment_key(const std::string& name);

/// Returns the Python keyword of every key, joined by ", ".
std::string python_keyword_names();

}  // namespace tournament
