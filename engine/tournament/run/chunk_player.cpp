#include "engine/tournament/run/chunk_player.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>

#include "engine/tournament/play/deal_covariate.h"
#include "engine/tournament/play/play_deal.h"

namespace tournament {

ChunkPlayer::ChunkPlayer(const strategies::Registry& seated, const ExperimentConfig& config)
    : seated_(seated),
      config_(config),
      tasks_(make_tasks(config)),
      arena_(config.threads > 0 ? config.threads : tbb::task_arena::automatic) {}

ChunkPlayer::~ChunkPlayer() { players_.reset(); }  // bots end before the registry goes

void ChunkPlayer::note_threads() {
  if (players_) threads_used_ = std::max(threads_used_, static_cast<int>(players_->size()));
}

void ChunkPlayer::seat(int task) {
  if (task == task_) return;
  note_threads();
  players_.reset();  // the last pairing's players (and bot processes) end first
  const TaskResult& t = tasks_[task];
  players_ = std::make_unique<tbb::enumerable_thread_specific<PlayerPair>>(
      PlayerPair{{seated_.make(t.player_a), seated_.make(t.player_b)}});
  task_ = task;
}

ChunkResult ChunkPlayer::play(const ChunkId& id, std::string* records) {
  const auto start = std::chrono::steady_clock::now();
  seat(id.task);
  const std::array<std::string, 2> specs{tasks_[id.task].player_a, tasks_[id.task].player_b};
  const bool covariate = control_variate_enabled(config_);
  std::vector<DealTally> slots(static_cast<std::size_t>(id.end - id.begin));
  std::vector<std::string> texts(records ? slots.size() : 0);
  arena_.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::int64_t>(id.begin, id.end, 8), [&](const auto& r) {
      PlayerPair& pair = players_->local();
      for (std::int64_t i = r.begin(); i != r.end(); ++i) {
        const auto slot = static_cast<std::size_t>(i - id.begin);
        slots[slot] = play_deal({.config = config_,
                                 .deal_index = i,
                                 .players = {&pair.players[0], &pair.players[1]},
                                 .specs = specs,
                                 .records = records ? &texts[slot] : nullptr,
                                 .covariate_solver =
                                     covariate ? &solvers_.local().get(config_.rules) : nullptr,
                                 .samplers = {&pair.samplers[0], &pair.samplers[1]}});
      }
    });
  });
  ChunkResult result{id, {}, 0};
  for (const DealTally& t : slots) result.totals.add(t);
  if (records)
    for (const auto& text : texts) *records += text;
  result.totals.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  note_threads();
  return result;
}

}  // namespace tournament
