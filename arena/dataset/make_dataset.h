// A training dataset from the engine's own games (docs/dataset.md): an experiment, as `dominoes
// run` plays it (the same config, players, pairings, deals and seed), with every game recorded,
// then each chunk of the run's game records replayed into rows (decision_rows.h,
// chunk_converter.h) and written as one chunk file (chunk_file.h), and a manifest (manifest.h)
// over them.
//
// Reuse of the runner: the run is the tournament's own (arena/tournament/run/run_tasks.h) into
// the dataset folder, whose journal (journal.txt) and records (games.jsonl) stay there: the
// journal says which bytes of the records are which chunk (chunk_records.h). So the dataset is as
// reproducible as a run (deal i is a function of the seed and i; byte-identical chunk files for
// any thread count), and as resumable: an interrupted run resumes from its journal, and the
// conversion of the chunks not yet converted resumes too (a chunk file is written whole or not at
// all, then never again).
//
// Not supported (refused with one line): matches (a target above 0), stopping rules (sprt,
// precision: which chunks are played would depend on the results), and games-out (the dataset
// keeps its own records).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/results.h"
#include "arena/tournament/run/chunk_source.h"
#include "strategies/registry.h"

namespace dataset {

/// What to make: the experiment (not yet validated: make_dataset validates it) and whether each
/// row gets every legal action's exact open-hands value.
struct DatasetRequest {
  tournament::ExperimentConfig config;
  bool move_values = false;
};

/// The conversion's running counts, for a progress line read from another thread.
struct ConversionProgress {
  std::atomic<bool> started{false};        ///< true once the run is finished and chunks convert
  std::atomic<std::int64_t> chunks{0};     ///< the dataset's chunks
  std::atomic<std::int64_t> done{0};       ///< converted, earlier or now
  std::atomic<std::int64_t> converted{0};  ///< converted by this process
  std::atomic<std::int64_t> rows{0};       ///< rows made by this process, block by block
  std::chrono::steady_clock::time_point start;  ///< set before `started`
};

/// Returns the conversion's progress line: "chunks 3/10 (30.0%)  rows 61234  50123 rows/s
/// elapsed 1s  ETA 3s" (the rate and ETA over this process's chunks; "?" before the first);
/// empty before the conversion started. At most `width` characters when `width` > 0.
std::string conversion_text(const ConversionProgress& progress, std::size_t width = 0);

/// Callbacks and controls of make_dataset.
struct DatasetHooks {
  /// The run's: its live progress, its stop predicate (also asked by the conversion between
  /// blocks of games: true stops it, every finished chunk file kept), its test controls.
  tournament::RunHooks run;
  ConversionProgress* conversion = nullptr;  ///< when not null, counts the conversion
};

/// What make_dataset did.
struct DatasetResult {
  tournament::RunResult run;          ///< the run's result (complete: every game recorded)
  bool complete = false;              ///< every chunk converted and the manifest written
  std::string manifest;               ///< the manifest's path
  std::int64_t chunks = 0;            ///< the dataset's chunks
  std::int64_t chunks_converted = 0;  ///< converted by this call
  std::int64_t rows = 0;              ///< in the whole dataset (when complete)
  std::int64_t games = 0;             ///< in the whole dataset (when complete)
  std::int64_t rows_converted = 0;    ///< written by this call
  double convert_seconds = 0;         ///< wall time of this call's conversion
  int threads = 0;                    ///< the conversion's worker threads
};

/// Returns "" when a dataset can be made of `config`, else one line saying why not (a match
/// target, sprt, precision or games-out).
std::string dataset_refusal(const tournament::ExperimentConfig& config);

/// Makes (or resumes, or finds finished) the dataset of `request` in request.config.out_dir, with
/// players made by `registry` (plus the config's bots), on config.threads threads. Returns early,
/// result.complete false, when hooks.run stops it; everything finished is kept. Throws
/// tournament::ConfigError for a bad config or dataset_refusal, an output folder that is not this
/// dataset's (dataset_folder.h) or in use by another process, a journal or records that cannot be
/// resumed; std::runtime_error when a file cannot be written or the records do not match the
/// journal; what the run's players throw.
DatasetResult make_dataset(const strategies::Registry& registry, const DatasetRequest& request,
                           const DatasetHooks& hooks = {});

}  // namespace dataset
