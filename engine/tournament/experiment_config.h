// An experiment: who plays whom, on which rules, how many deals, and where the tables go
// (DESIGN.md section 6). Read from an INI file by Boost.Program_options; every key is also a
// command-line option of `dominoes run`, and the command line overrides the file.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/dominoes/rules.h"

namespace tournament {

/// Raised for a bad config or option; what() is one line naming it and what would be valid.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// How players are paired.
enum class Format {
  kHeadToHead,  ///< exactly two players
  kRoundRobin,  ///< every pair of players once
  kGauntlet,    ///< the first player against each of the others
};

/// Returns "head-to-head", "round-robin" or "gauntlet".
std::string to_string(Format format);

/// An optional sweep over one strategy parameter: the experiment runs once per value, with the
/// swept player's parameter set to that value.
struct Sweep {
  int player = 0;                   ///< index into the player list (config: 1-based sweep-player)
  std::string param;                ///< parameter name; empty = no sweep
  std::vector<std::string> values;  ///< values, in order

  bool active() const { return !param.empty(); }
};

/// One parsed and checked experiment.
struct ExperimentConfig {
  std::string name = "default";
  std::int64_t deals = 100000;  ///< deals per pairing
  std::uint64_t seed = 1;
  int threads = 0;              ///< 0 = all cores
  std::vector<std::string> players;  ///< canonical strategy specs, in order
  Format format = Format::kRoundRobin;
  bool duplicate = true;
  dominoes::Rules rules;        ///< includes the match target (0 = single games)
  std::string out_dir;          ///< where the tables go; results/<name>/ unless set
  std::string games_out;        ///< game records file (JSON lines), or empty for none
  std::int64_t chunk = 1000;    ///< deals per journal entry
  bool quiet = false;           ///< no progress line
  Sweep sweep;

  /// Returns the number of games each deal gives: 2 with duplicate deals, else 1 (matches: the
  /// number of matches).
  int games_per_deal() const { return duplicate ? 2 : 1; }
};

/// Returns the player lists the experiment runs: one per sweep value (the swept player's spec with
/// the value set, canonical), or just config.players without a sweep.
std::vector<std::vector<std::string>> player_lists(const ExperimentConfig& config);

/// Returns the built-in default experiment: a quick round robin of the fast strategies.
ExperimentConfig default_experiment();

/// The result of reading `dominoes run`'s arguments.
struct RunRequest {
  ExperimentConfig config;
  bool help = false;       ///< --help was asked for; `help_text` holds it
  std::string help_text;
};

/// Returns the experiment described by `args` (the words after `run`): an optional config file
/// path, then --key=value options that override it. Throws ConfigError for an unknown, mistyped or
/// out-of-range option, an unreadable file, or an unknown strategy or parameter.
RunRequest parse_run_arguments(const std::vector<std::string>& args);

/// Returns the config as an INI file that `dominoes run` reads back to the same experiment.
std::string to_ini(const ExperimentConfig& config);

/// Returns a 64-bit fingerprint of everything that decides the tables' contents (not threads,
/// output paths or progress), so a journal from another experiment is never resumed.
std::uint64_t fingerprint(const ExperimentConfig& config);

}  // namespace tournament
