// A run on this process's cores: the chunks of a RunTarget (a whole run or one shard) handed out
// by a ChunkSource (chunk_source.h) and played by a ChunkPlayer (chunk_player.h) on oneTBB
// threads, one chunk after another.
//
// Deal i is a pure function of (seed, i) and every random choice in it draws from a stream of
// (seed, i, game, seat) (play/play_deal.h). A chunk's totals are the same for any thread count,
// and the tally sums chunks in deal order, so the tables are byte-identical for any thread count,
// after any resume, and for any split into shards or MPI ranks.
#pragma once

#include <string>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/results.h"
#include "arena/tournament/run/chunk_source.h"
#include "strategies/registry.h"

namespace tournament {

/// Returns the results of every pairing of `config` (validated: validate()), resuming from the
/// journal at target.journal_path when it holds chunks of the same experiment (in any order), and
/// appending each new chunk to it (chunk_source.h says which chunks it plays). Players are made
/// from their specs by `registry` (the CLI passes Registry::builtin()) plus the config's bots
/// (registry_for), one clone per worker thread. With a games path, game records are appended in
/// chunk order to PATH.partial, which is renamed to PATH when every chunk is done (games_file.h).
/// `complete` means every chunk of the target is done; a shard's `tasks` then hold only its own
/// chunks' in-order prefix (the merge sums them all). Throws ConfigError when the journal or the
/// games file cannot be resumed (journal.h, games_file.h), std::runtime_error when a file cannot
/// be written or a match never ends, bots::BotError when a bot fails more games in a row than it
/// may, strategies::SpecError when `registry` cannot make a player.
RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const RunTarget& target, const RunHooks& hooks = {});

/// The whole run of `config`: run_tasks with the journal at `journal_path` under
/// result_keys(config) and the records in config.games_out.
RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const std::string& journal_path, const RunHooks& hooks = {});

}  // namespace tournament
