#include "arena/tournament/run/chunk_source.h"

#include "arena/tournament/run/chunk_player.h"
#include "engine/common/hash.h"

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
  std::vector<PairingTotals> resumed(static_cast<std::size_t>(plan().tasks()));
  for (const ChunkResult& r : journal_.resumed()) {
    if (!shard_.owns(plan().global(r.chunk.task, r.chunk.index)) || !tally_.add(r)) continue;
    ++resumed_chunks_;
    resumed[static_cast<std::size_t>(r.chunk.task)].merge(r.totals);
  }
  progress_.tasks = plan().tasks();
  std::vector<std::int64_t> owned(resumed.size(), 0);
  for (std::int64_t g = 0; g < plan().size(); ++g) {
    if (!shard_.owns(g)) continue;
    const ChunkId id = plan().chunk(g);
    owned[static_cast<std::size_t>(id.task)] += id.end - id.begin;
    progress_.deals_total += id.end - id.begin;
    progress_.deals_done += tally_.resume_point(g) - id.begin;
  }
  if (hooks_.progress)
    hooks_.progress->start(tally_.results(), resumed, owned, config_.games_per_deal(),
                           config_.rules.match_target > 0);
  stop_check_ = [this] { return stopping(); };
}

bool ChunkSource::stopping() const {
  return stopped_.load(std::memory_order_relaxed) || (hooks_.should_stop && hooks_.should_stop());
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
    ChunkId id = plan().chunk(cursor_);
    id.begin = tally_.resume_point(cursor_);  // after the deals an interrupted run journalled
    in_flight_.emplace(cursor_++, id.begin);
    return id;
  }
  return std::nullopt;
}

void ChunkSource::finish(ChunkResult result, const std::string& records) {
  const std::lock_guard lock(mutex_);
  const ChunkId& id = result.chunk;
  const auto flight = in_flight(id);
  in_flight_.erase(flight);
  if (id.begin == id.end) return;  // stopped before its first deal finished: nothing to keep
  // Records first: the journal line then names the records file's size after them.
  if (games_.enabled()) {
    result.games_bytes = games_.append(records);
    result.records_hash = common::fnv1a(records);  // a merge checks the shard's bytes by it
  }
  journal_.append(result);
  tally_.add(result);
  ++written_;
  games_played_ += result.totals.games;
  progress_.task = id.task;
  progress_.deals_done += id.end - id.begin;
  progress_.deals_this_run += id.end - id.begin;
  progress_.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (hooks_.on_chunk) hooks_.on_chunk(progress_);
}

// A chunk that comes back must be in flight, from the deal it was handed out at, and end inside
// its chunk (before its end when the player stopped early).
std::map<std::int64_t, std::int64_t>::iterator ChunkSource::in_flight(const ChunkId& id) {
  const bool named = id.task >= 0 && id.task < plan().tasks() && id.index >= 0 &&
                     id.index < plan().chunks_per_task();
  const std::int64_t global = named ? plan().global(id) : -1;
  const bool inside = named && id.begin <= id.end && id.end <= plan().chunk(global).end &&
                      id.begin >= plan().chunk(global).begin;
  const auto flight = inside ? in_flight_.find(global) : in_flight_.end();
  if (flight != in_flight_.end() && flight->second == id.begin) return flight;
  throw ConfigError(describe(id) + " came back but " +
                    (inside ? "was not handed out" : "is not a chunk of this experiment"));
}

void ChunkSource::stop() {
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
    ChunkResult result = player.play(*id, source.wants_records() ? &records : nullptr,
                                     &source.stop_check(), source.live());
    source.finish(std::move(result), records);
  }
}

}  // namespace tournament
