#include "engine/tournament/chunk_dispatcher.h"

#include <string>

namespace tournament {

ChunkDispatcher::ChunkDispatcher(const ExperimentConfig& config, std::vector<TaskResult> tasks,
                                 Journal journal)
    : tally_(config, std::move(tasks)), journal_(std::move(journal)) {
  for (const JournalEntry& e : journal_.resumed())
    if (tally_.add(e)) ++resumed_chunks_;
  const ChunkPlan& plan = tally_.plan();
  progress_.tasks = plan.tasks();
  for (std::int64_t g = 0; g < plan.size(); ++g) {
    const ChunkId id = plan.chunk(g);
    progress_.deals_total += id.end - id.begin;
    if (tally_.find(g)) progress_.deals_done += id.end - id.begin;
  }
}

std::optional<ChunkId> ChunkDispatcher::next() {
  const ChunkPlan& plan = tally_.plan();
  // The cursor only moves forward: a chunk passed over is finished, in flight, or of a pairing
  // that is done, and none of these ever needs handing out again.
  for (; !stopped_ && cursor_ < plan.size(); ++cursor_) {
    const ChunkId id = plan.chunk(cursor_);
    if (tally_.find(cursor_) || tally_.task_done(id.task)) continue;
    in_flight_.insert(cursor_++);
    return id;
  }
  return std::nullopt;
}

void ChunkDispatcher::finish(const JournalEntry& entry) {
  const ChunkPlan& plan = tally_.plan();
  const ChunkId id{entry.task, entry.index, entry.begin, entry.end};
  const bool known = plan.contains(id);
  if (!known || in_flight_.erase(plan.global(id.task, id.index)) == 0)
    throw ConfigError(describe(id) + " came back but " +
                      (known ? "was not handed out" : "is not a chunk of this experiment"));
  journal_.append(entry);
  tally_.add(entry);
  games_played_ += entry.totals.games;
  progress_.task = entry.task;
  progress_.deals_done += entry.end - entry.begin;
  progress_.deals_this_run += entry.end - entry.begin;
  progress_.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

}  // namespace tournament
