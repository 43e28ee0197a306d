#include "engine/tournament/run/chunk_source.h"

#include "engine/tournament/run/chunk_player.h"

namespace tournament {
namespace {

// The games file resumes after the last journalled chunk's records (the journal is in the
// order the chunks were written).
std::uint64_t journalled_bytes(const Journal& journal) {
  return journal.resumed().empty() ? 0 : journal.resumed().back().games_bytes;
}

}  // namespace

ChunkSource::ChunkSource(const ExperimentConfig& config, const RunTarget& target,
                         const RunHooks& hooks)
    : config_(config),
      hooks_(hooks),
      shard_(target.shard),
      journal_(Journal::open(target.journal_path, target.journal_keys, hooks.restart)),
      games_(target.games_path, journalled_bytes(journal_), journal_.resumed().empty()),
      tally_(config, make_tasks(config)) {
  for (const ChunkResult& r : journal_.resumed())
    if (shard_.owns(plan().global(r.chunk.task, r.chunk.index)) && tally_.add(r))
      ++resumed_chunks_;
  progress_.tasks = plan().tasks();
  for (std::int64_t g = 0; g < plan().size(); ++g) {
    if (!shard_.owns(g)) continue;
    const ChunkId id = plan().chunk(g);
    progress_.deals_total += id.end - id.begin;
    if (tally_.find(g)) progress_.deals_done += id.end - id.begin;
  }
}

// A chunk is wanted when the target owns it and it is not done; a whole run also passes over the
// chunks of a pairing whose stopping rule decided, which a shard cannot know.
bool ChunkSource::wanted(std::int64_t global) const {
  if (!shard_.owns(global) || tally_.find(global)) return false;
  return !(shard_.whole() && tally_.task_done(plan().chunk(global).task));
}

bool ChunkSource::stop_requested() const {
  if (hooks_.stop_after_chunks >= 0 && written_ >= hooks_.stop_after_chunks) return true;
  return hooks_.should_stop && hooks_.should_stop();
}

std::optional<ChunkId> ChunkSource::next() {
  const std::lock_guard lock(mutex_);
  if (stopped_ || stop_requested()) return std::nullopt;
  // The cursor only moves forward: a chunk passed over is done, in flight or not wanted, and
  // none of these is ever handed out again.
  for (; cursor_ < plan().size(); ++cursor_) {
    if (!wanted(cursor_)) continue;
    in_flight_.insert(cursor_);
    return plan().chunk(cursor_++);
  }
  return std::nullopt;
}

void ChunkSource::finish(ChunkResult result, const std::string& records) {
  const std::lock_guard lock(mutex_);
  const ChunkId& id = result.chunk;
  const bool known = plan().contains(id);
  if (!known || in_flight_.erase(plan().global(id.task, id.index)) == 0)
    throw ConfigError(describe(id) + " came back but " +
                      (known ? "was not handed out" : "is not a chunk of this experiment"));
  // Records first: the journal line then names the records file's size after them.
  if (games_.enabled()) result.games_bytes = games_.append(records);
  journal_.append(result);
  tally_.add(result);
  ++written_;
  games_played_ += result.totals.games;
  progress_.task = id.task;
  progress_.deals_done += id.end - id.begin;
  progress_.deals_this_run += id.end - id.begin;
  progress_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (hooks_.on_chunk) hooks_.on_chunk(progress_);
}

void ChunkSource::stop() {
  const std::lock_guard lock(mutex_);
  stopped_ = true;
}

std::int64_t ChunkSource::in_flight() const {
  const std::lock_guard lock(mutex_);
  return static_cast<std::int64_t>(in_flight_.size());
}

bool ChunkSource::complete() const {
  const std::lock_guard lock(mutex_);
  for (std::int64_t g = 0; g < plan().size(); ++g)
    if (wanted(g)) return false;
  return true;
}

RunResult ChunkSource::close(int threads_used) {
  RunResult result;
  result.complete = complete();
  if (result.complete) games_.finish();  // every chunk is done: the records get their final name
  const std::lock_guard lock(mutex_);
  result.stopped = !result.complete;
  result.tasks = tally_.results();
  result.threads_used = threads_used;
  result.resumed_chunks = resumed_chunks_;
  result.games_played = games_played_;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return result;
}

void play_chunks(ChunkSource& source, ChunkPlayer& player) {
  std::string records;
  while (const auto id = source.next()) {
    records.clear();
    ChunkResult result = player.play(*id, source.wants_records() ? &records : nullptr);
    source.finish(std::move(result), records);
  }
}

}  // namespace tournament
