#include "arena/tournament/run/run_tasks.h"

#include "arena/tournament/run/chunk_player.h"

namespace tournament {

RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const RunTarget& target, const RunHooks& hooks) {
  const strategies::Registry seated = registry_for(config, registry);  // plus the config's bots
  ChunkSource source(config, target, hooks);
  ChunkPlayer player(seated, config);  // after the source: its bots end before the journal closes
  play_chunks(source, player);
  return source.close(player.threads_used());
}

RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const std::string& journal_path, const RunHooks& hooks) {
  return run_tasks(registry, config,
                   RunTarget{journal_path, result_keys(config), config.games_out, Shard{}}, hooks);
}

}  // namespace tournament
