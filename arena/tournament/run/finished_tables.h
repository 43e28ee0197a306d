// A finished run's tables in an output folder, and who may write over them. A finished run leaves
// its tables and config.cfg and deletes its journal, so its folder no longer says "in use"; another
// experiment run there would replace its tables. Only the same experiment may (it plays every deal
// again and reprints the same tables), so a finished run's results are never lost to a reused
// --out.
#pragma once

#include "arena/tournament/config/experiment_config.h"

namespace strategies {
class Registry;
}

namespace tournament {

/// Returns normally when `config.out_dir` holds no finished run's tables (no config.cfg beside a
/// summary.csv), or those of the same experiment (equal result_keys()); else throws ConfigError,
/// one line naming the folder, the keys that differ (journal.h's differing_keys) or why its
/// config.cfg cannot be read, and what to do: another --out, or that experiment again. The old
/// config is validated against `registry`, the one that seats the new run's players.
void refuse_other_experiments_tables(const ExperimentConfig& config,
                                     const strategies::Registry& registry);

}  // namespace tournament
