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
  const std::array<std::string, 2> specs{tasks_[id.task].player_a, tasks_[id.task].player_b};
  const bool covariate = control_variate_enabled(config_);
  const bool bots = !config_.bots.empty();
  const auto stopped = [stop] { return stop && (*stop)(); };
  const std::size_t size = static_cast<std::size_t>(id.end - id.begin);
  std::vector<DealTally> slots(size);
  std::vector<char> finished(size, 0);
  std::vector<std::string> texts(records ? size : 0);
  const int workers = arena_.max_concurrency();
  std::vector<DealCounter*>* counters = live ? &counters_for(*live) : nullptr;
  // Deals go out in batches, in order, so finished ones are a prefix. A learning player's batch
  // is its series (aligned to deal 0): played in order on one thread after new_opponent(), the
  // series' deals before id.begin replayed first (a resumed chunk), so that what it learnt at each
  // deal does not depend on the threads.
  const std::int64_t series = series_of(players_->local());
  const std::int64_t batch = series > 0 ? series : kBatch;
  const std::int64_t first_batch = series > 0 ? id.begin - id.begin % series : id.begin;
  std::atomic<std::int64_t> next{first_batch};
  std::atomic<bool> failed{false};  // a worker threw: the others take no more deals
  arena_.execute([&] {
    tbb::parallel_for(0, workers, [&](int worker) {
      PlayerPair& pair = players_->local();
      DealCounter* counter = counters ? (*counters)[static_cast<std::size_t>(worker)] : nullptr;
      const auto context = [&](std::int64_t i, std::string* text) {
        return DealContext{
            .config = config_,
            .deal_index = i,
            .players = {&pair.players[0], &pair.players[1]},
            .specs = specs,
            .partners = {pair.partners[0] ? &*pair.partners[0] : nullptr,
                         pair.partners[1] ? &*pair.partners[1] : nullptr},
            .records = text,
            .covariate_solver = covariate ? &solvers_.local().get(config_.rules) : nullptr,
            .samplers = {&pair.samplers[0], &pair.samplers[1]},
            .stop = stop};
      };
      for (;;) {
        const std::int64_t first = next.fetch_add(batch, std::memory_order_relaxed);
        if (first >= id.end) return;
        if (series > 0) forget_opponents(pair);
        for (std::int64_t i = first; i < std::min(first + batch, id.end); ++i) {
          if (stopped() || failed.load(std::memory_order_relaxed)) return;
          std::optional<DealTally> tally;
          try {
            if (i < id.begin) {  // replayed for what the learner learns from it, not counted
              play_deal(context(i, nullptr));
              continue;
            }
            const auto slot = static_cast<std::size_t>(i - id.begin);
            tally = play_deal_unless_stopped(context(i, records ? &texts[slot] : nullptr));
          } catch (const search::SearchStopped&) {
            // An interrupt cut a search short: the deal is abandoned, played again on resume. A
            // search stopped by a limit of its own, in a run that goes on, is a failure.
            if (!stopped()) {
              failed = true;
              throw;
            }
            return;
          } catch (...) {
            failed = true;
            throw;  // oneTBB hands it to the thread that called play()
          }
          if (!tally || (bots && stopped())) return;  // abandoned, or a bot may have been killed
          const auto slot = static_cast<std::size_t>(i - id.begin);
          slots[slot] = *tally;
          finished[slot] = 1;
          if (counter) counter->add(id.task, *tally);
        }
      }
    });
  });
  // The finished prefix is the result; a deal finished past the first unfinished one is dropped.
  const std::size_t prefix =
      static_cast<std::size_t>(std::find(finished.begin(), finished.end(), 0) - finished.begin());
  if (counters)
    for (std::size_t slot = prefix; slot < size; ++slot)
      if (finished[slot]) counters->back()->add(id.task, slots[slot], -1);
  ChunkResult result{id, {}, 0};
  result.chunk.end = id.begin + static_cast<std::int64_t>(prefix);
  for (std::size_t slot = 0; slot < prefix; ++slot) result.totals.add(slots[slot]);
  if (records)
    for (std::size_t slot = 0; slot < prefix; ++slot) *records += texts[slot];
  result.totals.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  note_threads();
  return result;
}

}  // namespace tournament
