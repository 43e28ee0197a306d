#include "arena/tournament/run/chunk_player.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>

#include "arena/tournament/config/team_spec.h"
#include "arena/tournament/play/deal_covariate.h"
#include "arena/tournament/play/play_deal.h"
#include "engine/search/search_limit.h"

namespace tournament {
namespace {

// Deals a worker takes at a time, in deal order: few enough that the chunk's end is shared out
// evenly and a stop leaves few deals taken but not played, enough that the shared counter is not
// touched for every fast deal (a heuristic's deal takes about 2 microseconds).
constexpr std::int64_t kBatch = 8;

}  // namespace

ChunkPlayer::ChunkPlayer(const strategies::Registry& seated, const ExperimentConfig& config)
    : seated_(seated),
      config_(config),
      tasks_(make_tasks(config)),
      arena_(config.threads > 0 ? config.threads : tbb::task_arena::automatic) {}

ChunkPlayer::~ChunkPlayer() {
  players_.reset();
}  // bots end before the registry goes

void ChunkPlayer::note_threads() {
  if (players_) threads_used_ = std::max(threads_used_, static_cast<int>(players_->size()));
}

void ChunkPlayer::seat(int task) {
  if (task == task_) return;
  note_threads();
  players_.reset();  // the last pairing's players (and bot processes) end first
  const TaskResult& t = tasks_[task];
  const std::array<std::vector<std::string>, 2> sides{team_members(t.player_a),
                                                      team_members(t.player_b)};
  PlayerPair pair{{seated_.make(sides[0][0]), seated_.make(sides[1][0])}};
  // A side holds two seats at three and four seats: its second seat gets a player of its own.
  for (int side = 0; side < 2; ++side)
    if (sides[side].size() == 2 || config_.rules.seats > 2)
      pair.partners[side] = seated_.make(sides[side].back());
  players_ = std::make_unique<tbb::enumerable_thread_specific<PlayerPair>>(pair);
  task_ = task;
}

std::vector<DealCounter*>& ChunkPlayer::counters_for(LiveProgress& live) {
  if (live_ != &live) {
    counters_ = live.counters(arena_.max_concurrency() + 1);
    live_ = &live;
  }
  return counters_;
}

int ChunkPlayer::series_of(const PlayerPair& pair) {
  int series = 0;
  for (int side = 0; side < 2; ++side) {
    series = std::max(series, pair.players[side].learning_series());
    if (pair.partners[side]) series = std::max(series, pair.partners[side]->learning_series());
  }
  return series;
}

void ChunkPlayer::forget_opponents(PlayerPair& pair) {
  for (int side = 0; side < 2; ++side) {
    pair.players[side].new_opponent();
    if (pair.partners[side]) pair.partners[side]->new_opponent();
  }
}

ChunkResult ChunkPlayer::play(const ChunkId& id, std::string* records,
                              const std::function<bool()>* stop, LiveProgress* live) {
  const auto start = std::chrono::steady_clock::now();
  seat(id.task);
  ChunkWork work;
  work.id = id;
  work.keep_records = records != nullptr;
  work.stop = stop;
  work.specs = {tasks_[id.task].player_a, tasks_[id.task].player_b};
  work.covariate = control_variate_enabled(config_);
  work.bots = !config_.bots.empty();
  const auto size = static_cast<std::size_t>(id.end - id.begin);
  work.slots.resize(size);
  work.finished.assign(size, 0);
  work.texts.resize(records ? size : 0);
  work.counters = live ? &counters_for(*live) : nullptr;
  // Deals go out in batches, in order, so finished ones are a prefix. A learning player's batch
  // is its series (aligned to deal 0): played in order on one thread after new_opponent(), the
  // series' deals before id.begin replayed first (a resumed chunk), so that what it learnt at each
  // deal does not depend on the threads.
  work.series = series_of(players_->local());
  work.batch = work.series > 0 ? work.series : kBatch;
  work.next = work.series > 0 ? id.begin - id.begin % work.series : id.begin;
  arena_.execute([&] {
    tbb::parallel_for(0, arena_.max_concurrency(), [&](int worker) { play_batches(work, worker); });
  });
  return finished_prefix(work, records, start);
}

void ChunkPlayer::play_batches(ChunkWork& work, int worker) {
  PlayerPair& pair = players_->local();
  DealCounter* counter =
      work.counters ? (*work.counters)[static_cast<std::size_t>(worker)] : nullptr;
  for (;;) {
    const std::int64_t first = work.next.fetch_add(work.batch, std::memory_order_relaxed);
    if (first >= work.id.end) return;
    if (work.series > 0) forget_opponents(pair);
    for (std::int64_t i = first; i < std::min(first + work.batch, work.id.end); ++i) {
      if (work.stopped() || work.failed.load(std::memory_order_relaxed)) return;
      if (!play_one(work, pair, i, counter)) return;
    }
  }
}

bool ChunkPlayer::play_one(ChunkWork& work, PlayerPair& pair, std::int64_t i,
                           DealCounter* counter) {
  const bool counted = i >= work.id.begin;
  const auto slot = static_cast<std::size_t>(counted ? i - work.id.begin : 0);
  const DealContext context{
      .config = config_,
      .deal_index = i,
      .players = {&pair.players[0], &pair.players[1]},
      .specs = work.specs,
      .partners = {pair.partners[0] ? &*pair.partners[0] : nullptr,
                   pair.partners[1] ? &*pair.partners[1] : nullptr},
      .records = counted && work.keep_records ? &work.texts[slot] : nullptr,
      .covariate_solver = work.covariate ? &solvers_.local().get(config_.rules) : nullptr,
      .samplers = {&pair.samplers[0], &pair.samplers[1]},
      .stop = work.stop};
  std::optional<DealTally> tally;
  try {
    if (!counted) {  // replayed for what the learner learns from it, not counted
      play_deal(context);
      return true;
    }
    tally = play_deal_unless_stopped(context);
  } catch (const search::SearchStopped&) {
    // An interrupt cut a search short: the deal is abandoned, played again on resume. A search
    // stopped by a limit of its own, in a run that goes on, is a failure.
    if (!work.stopped()) {
      work.failed = true;
      throw;
    }
    return false;
  } catch (...) {
    work.failed = true;
    throw;  // oneTBB hands it to the thread that called play()
  }
  if (!tally || (work.bots && work.stopped())) return false;  // abandoned, or a bot killed
  work.slots[slot] = *tally;
  work.finished[slot] = 1;
  if (counter) counter->add(work.id.task, *tally);
  return true;
}

ChunkResult ChunkPlayer::finished_prefix(ChunkWork& work, std::string* records,
                                         std::chrono::steady_clock::time_point start) {
  const std::size_t size = work.finished.size();
  const auto prefix = static_cast<std::size_t>(
      std::find(work.finished.begin(), work.finished.end(), 0) - work.finished.begin());
  if (work.counters)
    for (std::size_t slot = prefix; slot < size; ++slot)
      if (work.finished[slot]) work.counters->back()->add(work.id.task, work.slots[slot], -1);
  ChunkResult result{work.id, {}, 0};
  result.chunk.end = work.id.begin + static_cast<std::int64_t>(prefix);
  for (std::size_t slot = 0; slot < prefix; ++slot) result.totals.add(work.slots[slot]);
  if (records)
    for (std::size_t slot = 0; slot < prefix; ++slot) *records += work.texts[slot];
  result.totals.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  note_threads();
  return result;
}

}  // namespace tournament
