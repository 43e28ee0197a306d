// One experiment over the ranks of an MPI job: `mpirun -np R dominoes run CONFIG --mpi`. Built only
// when CMake finds MPI (DOMINOES_HAVE_MPI), with the plain MPI C API, into the dominoes program.
//
// Every rank parses the same arguments. Rank 0 checks at start that every rank runs the same
// experiment on the same build (run_fingerprint, build_fingerprint.h); then it alone validates,
// creates and locks the output directory and opens the journal (the same file and keys as a plain
// run's), and hands out chunks one at a time, in global order, to whichever rank asks next (the
// ChunkSource of every run, run/chunk_source.h): dynamic balancing, since strategies differ in
// cost per deal. Rank 0 plays chunks too, on a thread of its own that takes its next chunk and
// journals its last itself (play_chunks), so one rank is a whole run and rank 0's own chunks
// never wait for its main thread, which only answers the workers. A worker
// plays each chunk with a ChunkPlayer on its own oneTBB arena (config.threads threads) and sends
// it back as a journal line (format_entry, with its check hash); rank 0 journals it, sums it, and
// at the end writes the tables and removes the journal exactly as run_experiment does. Only the
// main thread of each rank calls MPI (MPI_THREAD_FUNNELED, checked at start).
//
// Failures: a worker whose players fail (a bot that keeps failing, say) sends the error; rank 0
// prints it naming the rank and ends the job (MPI_Abort). A rank that dies ends the job through
// mpirun, which names it. Either way the journal keeps every finished chunk, and the run resumes
// with any number of ranks, or as a plain run. An interrupt on rank 0 (SIGINT, SIGTERM:
// InterruptGuard) stops the hand-out, waits for the chunks in flight and stops the workers.
//
// Bots: each rank runs its own bot processes; rank R > 0 logs them to OUT/bots/rank-R/NAME.log,
// so ranks never write to one log file (rank 0 keeps OUT/bots/NAME.log, as a plain run).
#pragma once

#include <string>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/results.h"
#include "arena/tournament/run/experiment.h"
#include "strategies/registry.h"

namespace tournament {

/// The MPI library in this process, from MPI_Init_thread to MPI_Finalize. One per process.
class MpiSession {
 public:
  /// Starts MPI asking for MPI_THREAD_FUNNELED. Throws std::runtime_error when the library
  /// provides less.
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  /// Returns this process's rank in MPI_COMM_WORLD (0 is the one that writes).
  int rank() const { return rank_; }
  /// Returns the number of ranks.
  int size() const { return size_; }
  /// Every rank calls this (collective) with a condition of its own; returns the lowest rank for
  /// which it holds, or -1 when it holds for none.
  int first_rank_where(bool condition) const;
  /// Prints "dominoes: MESSAGE" on stderr and ends every rank of the job (MPI_Abort).
  [[noreturn]] void abort(const std::string& message, int code) const;

 private:
  int rank_ = 0;
  int size_ = 1;
};

/// Rank 0's part of an MPI run of `config`: what run_experiment does (and throws), with the
/// chunks handed out to every rank as described above. Every other rank must be in
/// run_mpi_worker. Throws ConfigError, after telling the workers to end, when a rank runs
/// another experiment or build (naming it). When a rank fails after the hand-out began, prints
/// the error naming the rank and ends the job (MpiSession::abort); with a single rank it throws
/// the error instead.
ExperimentResult run_experiment_mpi(const MpiSession& session, const strategies::Registry& registry,
                                    const ExperimentConfig& config, const RunHooks& hooks = {});

/// A worker rank's part (rank > 0): plays the chunks rank 0 hands out until it says stop.
/// Returns the exit code: 0, or rank 0's when it could not start the run (it says why). Prints
/// nothing; a failure is sent to rank 0, which ends the job.
int run_mpi_worker(const MpiSession& session, const strategies::Registry& registry,
                   const ExperimentConfig& config);

}  // namespace tournament
