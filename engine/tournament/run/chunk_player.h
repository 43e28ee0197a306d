// Plays single chunks of an experiment's pairings on this process's cores: the deals of a chunk
// run in a tbb::parallel_for, each writing its tally into a preallocated slot, and the slots are
// added in deal order, so a chunk's totals are the same for any thread count (docs/experiments.md,
// "What a run promises"). Each worker thread plays with its own clones of the pairing's two
// players, made again when the pairing changes, and their decision samplers (decision_sampler.h),
// which learn across the thread's deals which player is slow enough to time at every choice. A
// plain run, a shard and every MPI rank play through this.
#pragma once

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/tournament/config/experiment_config.h"
#include "engine/tournament/play/decision_sampler.h"
#include "engine/tournament/results.h"
#include "engine/tournament/run/chunk_plan.h"
#include "strategies/registry.h"
#include "strategies/solver_for_rules.h"

namespace tournament {

class ChunkPlayer {
 public:
  /// `seated`: the registry that makes the players (with the config's bots, registry_for);
  /// `config` validated. Both must outlive the player. Plays on config.threads threads (0 = all
  /// cores).
  ChunkPlayer(const strategies::Registry& seated, const ExperimentConfig& config);
  ~ChunkPlayer();

  /// Plays chunk `id` and returns its result: its totals and wall seconds (games_bytes 0).
  /// With `records`, each game's JSON line is appended to it in deal order (games_writer.h).
  /// Throws what the players throw (bots::BotError, strategies::SpecError, std::runtime_error).
  ChunkResult play(const ChunkId& id, std::string* records);

  /// Returns the most worker threads that played one pairing's deals.
  int threads_used() const { return threads_used_; }

 private:
  // One thread's seated pair: {A, B} and their samplers.
  struct PlayerPair {
    std::array<strategies::Player, 2> players;
    std::array<DecisionSampler, 2> samplers{};
  };
  void seat(int task);
  void note_threads();

  const strategies::Registry& seated_;
  const ExperimentConfig& config_;
  const std::vector<TaskResult> tasks_;  // the pairings in task order (make_tasks)
  tbb::task_arena arena_;
  int task_ = -1;  // the pairing whose players are seated
  std::unique_ptr<tbb::enumerable_thread_specific<PlayerPair>> players_;
  /// One open-hands solver per thread for the control variate's covariate.
  tbb::enumerable_thread_specific<strategies::SolverForRules> solvers_;
  int threads_used_ = 0;
};

}  // namespace tournament
