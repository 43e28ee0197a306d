#include "arena/tournament/run/chunk_tally.h"

namespace tournament {

ChunkTally::ChunkTally(const ExperimentConfig& config, std::vector<TaskResult> tasks)
    : config_(config),
      plan_(static_cast<int>(tasks.size()), config.deals, config.chunk),
      tasks_(std::move(tasks)),
      cursors_(tasks_.size()) {
  for (auto& t : tasks_) t.totals = {}, t.sprt = {}, t.precision_reached = false;
}

const ChunkResult* ChunkTally::find(std::int64_t global) const {
  const auto it = chunks_.find(global);
  return it == chunks_.end() ? nullptr : &it->second;
}

bool ChunkTally::add(const ChunkResult& chunk) {
  const ChunkId& id = chunk.chunk;
  if (!plan_.contains_part(id))
    throw ConfigError(describe(id) + " is not a chunk of this experiment");
  const std::int64_t global = plan_.global(id);
  if (find(global)) return false;
  if (!plan_.contains(id)) return add_piece(global, chunk);
  pieces_.erase(global);
  chunks_.emplace(global, chunk);
  advance(id.task);
  return true;
}

bool ChunkTally::add_piece(std::int64_t global, const ChunkResult& piece) {
  const std::int64_t at = resume_point(global);
  if (piece.chunk.begin < at) return false;  // those deals are here already
  if (piece.chunk.begin > at)
    throw ConfigError(describe(piece.chunk) +
                      " does not continue the deals before it (they end "
                      "at deal " +
                      std::to_string(at) + ")");
  auto [it, fresh] = pieces_.emplace(global, piece);
  ChunkResult& joined = it->second;
  if (!fresh) {
    joined.totals.merge(piece.totals);
    joined.chunk.end = piece.chunk.end;
    joined.games_bytes = piece.games_bytes;
  }
  if (joined.chunk.end < plan_.chunk(global).end) return true;
  chunks_.emplace(global, joined);
  pieces_.erase(it);
  advance(piece.chunk.task);
  return true;
}

std::int64_t ChunkTally::resume_point(std::int64_t global) const {
  const auto it = pieces_.find(global);
  return it == pieces_.end() ? plan_.chunk(global).begin : it->second.chunk.end;
}

bool ChunkTally::take(const ChunkResult& chunk, TaskResult& result) const {
  result.totals.merge(chunk.totals);
  result.precision_reached = precise_enough(result.totals);
  const bool sprt_stop = sprt_decided(result);  // always stepped: its trace records every chunk
  return result.precision_reached || sprt_stop;
}

bool ChunkTally::precise_enough(const PairingTotals& totals) const {
  if (config_.precision <= 0 || totals.deals < kPrecisionMinDeals) return false;
  const MeanEstimate points = estimate_mean_per_game(totals.a_net, config_.games_per_deal());
  // A zero-width interval (no spread at all yet) says nothing about the next deals.
  return points.ci95 > 0 && points.ci95 <= config_.precision;
}

bool ChunkTally::sprt_decided(TaskResult& result) const {
  if (!config_.sprt.enabled) return false;
  SprtTrace& trace = result.sprt;
  trace.bounds = sprt_bounds(config_.sprt);
  const double llr = sprt_llr_per_game(result.totals.a_net, config_.sprt, config_.games_per_deal());
  trace.steps.push_back({result.totals.deals, result.totals.games, llr});
  trace.decision = sprt_decide(llr, trace.bounds);
  return trace.decision != SprtDecision::kNone;
}

void ChunkTally::advance(int task) {
  Cursor& cursor = cursors_[task];
  while (!cursor.done) {
    if (cursor.next == plan_.chunks_per_task()) {
      cursor.done = true;
      break;
    }
    const ChunkResult* chunk = find(plan_.global(task, cursor.next));
    if (!chunk) break;
    ++cursor.next;
    cursor.done = take(*chunk, tasks_[task]);
  }
}

bool ChunkTally::complete() const {
  for (const Cursor& c : cursors_)
    if (!c.done) return false;
  return true;
}

std::vector<std::int64_t> ChunkTally::missing() const {
  std::vector<std::int64_t> absent;
  for (int t = 0; t < plan_.tasks(); ++t) {
    if (cursors_[t].done) continue;
    for (std::int64_t c = cursors_[t].next; c < plan_.chunks_per_task(); ++c)
      if (!find(plan_.global(t, c))) absent.push_back(plan_.global(t, c));
  }
  return absent;
}

std::vector<TaskResult> ChunkTally::results(bool skip_gaps) const {
  std::vector<TaskResult> results = tasks_;
  if (!skip_gaps) return results;
  for (int t = 0; t < plan_.tasks(); ++t) {
    if (cursors_[t].done) continue;  // complete, or decided: nothing missing matters
    // The totals take every chunk present; the test keeps its in-order trace up to the first
    // gap, since a check across a gap is not one a run would make.
    PairingTotals& totals = results[t].totals;
    for (std::int64_t c = cursors_[t].next; c < plan_.chunks_per_task(); ++c)
      if (const ChunkResult* chunk = find(plan_.global(t, c))) totals.merge(chunk->totals);
  }
  return results;
}

}  // namespace tournament
