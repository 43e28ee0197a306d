// The processes of one `dominoes run`: a plain process, or one rank of an MPI job (--mpi,
// arena/tournament/scale/mpi_run.h), behind one interface, so the command itself does not depend
// on whether MPI support was built. This file's .cpp is the one place that knows.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arena/tournament/config/run_arguments.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/scale/shard_run.h"
#include "strategies/registry.h"

namespace tournament {
class MpiSession;
}

namespace dominoes_cli {

class RunRanks {
 public:
  /// Starts MPI when `args` (run's words) hold the word --mpi and MPI support is built, before
  /// the arguments are read, so every rank reads them. Throws std::runtime_error when MPI cannot
  /// start with the thread support the runner needs.
  explicit RunRanks(const std::vector<std::string>& args);
  ~RunRanks();

  /// Returns this process's rank: 0 for a plain run.
  int rank() const;
  /// Returns the number of MPI ranks, or 0 for a plain run.
  int ranks() const;
  /// Returns true for the process that reports and writes: a plain run, or rank 0.
  bool speaks() const { return rank() == 0; }
  /// Every rank calls this with whether it could not read its arguments; returns the lowest rank
  /// that could not, or -1 when all could (collective under MPI, so no rank is left waiting in
  /// the run for one that gave up).
  int first_failure(bool failed) const;
  /// Returns why `request` cannot run in these processes (--mpi without MPI support, or without
  /// the word --mpi that started it), in one line; empty when it can.
  std::string unusable(const tournament::RunRequest& request) const;
  /// Runs `request` in the process that speaks: a plain run, a shard (--shard), or rank 0 of an
  /// MPI run. Throws as run_experiment, run_shard and run_experiment_mpi do.
  tournament::ExperimentResult run(const tournament::RunRequest& request,
                                   const strategies::Registry& registry,
                                   const tournament::RunHooks& hooks) const;
  /// A worker rank's whole part of the run (run_mpi_worker); returns its exit code.
  int work(const tournament::RunRequest& request, const strategies::Registry& registry) const;

 private:
  std::unique_ptr<tournament::MpiSession> session_;  // null for a plain run
};

}  // namespace dominoes_cli
