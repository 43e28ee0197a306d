// The fields of an experiment (ExperimentConfig): who plays whom, on which rules, how many deals
// and where the tables go. Its checks and INI form are experiment_config.h's; every field that is
// a config key is declared once, with its name, valid values and help, in experiment_keys.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arena/bots/bot_config.h"
#include "arena/tournament/config/grid_sweep.h"
#include "arena/tournament/config/schedule.h"
#include "arena/tournament/stats/control_variate.h"
#include "arena/tournament/stats/sprt.h"
#include "engine/dominoes/rules.h"

namespace tournament {

/// One experiment. Fill it, then validate() it: the runner only takes validated configs.
struct ExperimentConfig {
  std::string name = "default";
  std::int64_t deals = 100000;  ///< deals per pairing
  std::uint64_t seed = 1;
  int threads = 0;                   ///< 0 = all cores
  std::vector<std::string> players;  ///< strategy specs, in order (canonical once validated)
  /// Each player's display name, "" when it has none (player_names.h): written `NAME: SPEC` in
  /// `players` and moved here by validate(), which makes it as long as `players`. For people only:
  /// no result depends on it.
  std::vector<std::string> player_names;
  Format format = Format::kRoundRobin;
  bool duplicate = true;
  dominoes::Rules rules;      ///< includes the match target (0 = single games)
  std::string out_dir;        ///< where the tables go; results/<name>/ unless set
  std::string games_out;      ///< game records file (JSON lines), or empty for none
  std::int64_t chunk = 1000;  ///< deals per journal entry
  bool quiet = false;         ///< no progress line
  Sweep sweep;                ///< the one-parameter sweep (sweep-param, sweep-values, sweep-player)
  /// A grid sweep (grid_sweep.h): `sweep = P.PARAM=V1,...` keys, the cartesian product of all, the
  /// first varying slowest. Not together with `sweep`.
  std::vector<Sweep> grid;
  /// A sequential test (sprt.h), head-to-head without a sweep only; `deals` is then the maximum.
  SprtSettings sprt;
  /// Fixed-width stopping (chunk_tally.h): each pairing stops once the 95% interval of A's points
  /// per game (or match) is at most +-precision, checked after each chunk in deal order and never
  /// before kPrecisionMinDeals deals; `deals` is then the maximum. 0 = off.
  double precision = 0;
  /// Regression-adjusted estimate with the deal's open-hands value (control_variate.h).
  ControlVariateMode control_variate = ControlVariateMode::kAuto;
  /// External bots (docs/protocol.md) the players may name: `[bot.NAME]` sections, `--bot
  /// NAME=CMD`.
  std::vector<bots::BotConfig> bots;
  /// Filled by validate(): the player lists the experiment runs, one per sweep value or grid point
  /// (the swept players' specs with the values set), or just `players` without a sweep; canonical
  /// specs.
  std::vector<std::vector<std::string>> lineups;
  /// Filled by validate(): each lineup's players as the progress line shows them, their names or
  /// else their specs' short labels (player_names.h's lineup_labels).
  std::vector<std::vector<std::string>> labels;

  /// Returns the number of games each deal gives: with duplicate deals 2 (two and four seats) or 6
  /// (three seats: each side in two of the seats, turned round the table), else 1 (matches: the
  /// number of matches). The same as play/seating.h's games_per_deal, which plays them.
  int games_per_deal() const { return duplicate ? (rules.seats == 3 ? 6 : 2) : 1; }
};

}  // namespace tournament
