#include "engine/tournament/runner.h"

#include <chrono>
#include <stdexcept>

#include "engine/tournament/chunk_player.h"
#include "engine/tournament/chunk_tally.h"
#include "engine/tournament/games_file.h"
#include "engine/tournament/journal.h"
#include "strategies/registry.h"

namespace tournament {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Walks the target's chunks in global order: takes each chunk an earlier run journalled, plays
// and journals the others.
class ChunkLoop {
 public:
  ChunkLoop(const strategies::Registry& seated, const ExperimentConfig& config,
            const RunTarget& target, const RunHooks& hooks, const std::vector<TaskResult>& tasks)
      : config_(config),
        target_(target),
        hooks_(hooks),
        journal_(Journal::open(target.journal_path, target.journal_keys, hooks.restart)),
        games_(target.games_path,
               journal_.resumed().empty() ? 0 : journal_.resumed().back().games_bytes,
               journal_.resumed().empty()),
        tally_(config, tasks),
        player_(seated, config, tasks) {
    for (const JournalEntry& e : journal_.resumed())
      if (target.shard.owns(tally_.plan().global(e.task, e.index)) && tally_.add(e))
        ++resumed_chunks_;
    progress_.tasks = tally_.plan().tasks();
    for (std::int64_t g = 0; g < tally_.plan().size(); ++g) {
      if (!target.shard.owns(g)) continue;
      const ChunkId id = tally_.plan().chunk(g);
      progress_.deals_total += id.end - id.begin;
      if (tally_.find(g)) progress_.deals_done += id.end - id.begin;
    }
  }

  // Plays every chunk of the target not yet done; returns false when the run was stopped early.
  bool run() {
    for (std::int64_t g = 0; g < tally_.plan().size(); ++g) {
      if (!target_.shard.owns(g) || tally_.find(g)) continue;
      const ChunkId id = tally_.plan().chunk(g);
      // A whole run stops a pairing at its SPRT's decision; a shard cannot know it.
      if (target_.shard.whole() && tally_.task_done(id.task)) continue;
      if (stop_requested()) return false;
      play(id);
    }
    games_.finish();  // every chunk is done: the records file gets its final name
    return true;
  }

  const ChunkTally& tally() const { return tally_; }
  int threads_used() const { return player_.threads_used(); }
  std::int64_t resumed_chunks() const { return resumed_chunks_; }
  std::int64_t games_played() const { return games_played_; }
  double seconds() const { return seconds_since(start_); }

 private:
  bool stop_requested() const {
    if (hooks_.stop_after_chunks >= 0 && written_ >= hooks_.stop_after_chunks) return true;
    return hooks_.should_stop && hooks_.should_stop();
  }

  // Plays one chunk, writes its game records, and then journals it.
  void play(const ChunkId& id) {
    std::string records;
    JournalEntry entry = player_.play(id, games_.enabled() ? &records : nullptr);
    if (games_.enabled()) entry.games_bytes = games_.append(records);
    journal_.append(entry);
    tally_.add(entry);
    ++written_;
    games_played_ += entry.totals.games;
    progress_.task = id.task;
    progress_.deals_done += id.end - id.begin;
    progress_.deals_this_run += id.end - id.begin;
    progress_.seconds = seconds_since(start_);
    if (hooks_.on_chunk) hooks_.on_chunk(progress_);
  }

  const ExperimentConfig& config_;
  const RunTarget& target_;
  const RunHooks& hooks_;
  Journal journal_;
  GamesFile games_;
  ChunkTally tally_;
  ChunkPlayer player_;
  Clock::time_point start_ = Clock::now();
  RunProgress progress_;
  std::int64_t written_ = 0;
  std::int64_t resumed_chunks_ = 0;
  std::int64_t games_played_ = 0;
};

}  // namespace

std::vector<TaskResult> make_tasks(const ExperimentConfig& config) {
  if (config.lineups.empty()) throw std::logic_error("make_tasks needs a validated config");
  const std::vector<Pairing> schedule =
      make_schedule(config.format, static_cast<int>(config.players.size()));
  std::vector<TaskResult> tasks;
  for (const auto& players : config.lineups)
    for (const Pairing p : schedule) tasks.push_back({p, players[p.a], players[p.b], {}, {}});
  return tasks;
}

RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const RunTarget& target, const RunHooks& hooks) {
  const std::vector<TaskResult> tasks = make_tasks(config);
  const strategies::Registry seated = registry_for(config, registry);  // plus the config's bots
  ChunkLoop loop(seated, config, target, hooks, tasks);
  RunResult result;
  result.complete = loop.run();
  result.stopped = !result.complete;
  result.tasks = loop.tally().results();
  result.threads_used = loop.threads_used();
  result.resumed_chunks = loop.resumed_chunks();
  result.games_played = loop.games_played();
  result.seconds = loop.seconds();
  return result;
}

RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const std::string& journal_path, const RunHooks& hooks) {
  return run_tasks(registry, config,
                   RunTarget{journal_path, result_keys(config), config.games_out, Shard{}}, hooks);
}

}  // namespace tournament
