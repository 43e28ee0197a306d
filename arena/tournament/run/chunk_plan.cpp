#include "arena/tournament/run/chunk_plan.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tournament {

ChunkPlan::ChunkPlan(int tasks, std::int64_t deals, std::int64_t chunk)
    : tasks_(tasks), deals_(deals), chunk_(chunk), per_task_((deals + chunk - 1) / chunk) {}

ChunkId ChunkPlan::chunk(std::int64_t global) const {
  ChunkId id;
  id.task = static_cast<int>(global / per_task_);
  id.index = global % per_task_;
  id.begin = id.index * chunk_;
  id.end = std::min(deals_, id.begin + chunk_);
  return id;
}

bool ChunkPlan::contains(const ChunkId& id) const {
  if (id.task < 0 || id.task >= tasks_ || id.index < 0 || id.index >= per_task_) return false;
  const ChunkId expected = chunk(global(id.task, id.index));
  return id.begin == expected.begin && id.end == expected.end;
}

bool ChunkPlan::contains_part(const ChunkId& id) const {
  if (id.task < 0 || id.task >= tasks_ || id.index < 0 || id.index >= per_task_) return false;
  const ChunkId whole = chunk(global(id.task, id.index));
  return whole.begin <= id.begin && id.begin < id.end && id.end <= whole.end;
}

std::vector<TaskResult> make_tasks(const ExperimentConfig& config) {
  if (config.lineups.empty()) throw std::logic_error("make_tasks needs a validated config");
  const std::vector<Pairing> schedule =
      make_schedule(config.format, static_cast<int>(config.players.size()));
  std::vector<TaskResult> tasks;
  for (std::size_t l = 0; l < config.lineups.size(); ++l)
    for (const Pairing p : schedule) {
      TaskResult& task = tasks.emplace_back();
      task.pairing = p;
      task.player_a = config.lineups[l][static_cast<std::size_t>(p.a)];
      task.player_b = config.lineups[l][static_cast<std::size_t>(p.b)];
      if (l < config.labels.size()) {
        task.label_a = config.labels[l][static_cast<std::size_t>(p.a)];
        task.label_b = config.labels[l][static_cast<std::size_t>(p.b)];
      }
    }
  return tasks;
}

std::string describe(const ChunkId& id) {
  return "chunk " + std::to_string(id.index) + " of pairing " + std::to_string(id.task + 1) +
         " (deals " + std::to_string(id.begin) + "-" + std::to_string(id.end) + ")";
}

}  // namespace tournament
