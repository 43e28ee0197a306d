#include "arena/dataset/make_dataset.h"

#include <cstdio>
#include <filesystem>

#include "arena/dataset/chunk_converter.h"
#include "arena/dataset/chunk_file.h"
#include "arena/dataset/dataset_folder.h"
#include "arena/dataset/manifest.h"
#include "arena/tournament/run/chunk_plan.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/output_lock.h"
#include "arena/tournament/run/run_tasks.h"
#include "engine/common/status_line.h"
#include "engine/common/whole_file.h"

namespace dataset {
namespace {

namespace fs = std::filesystem;
using tournament::ExperimentConfig;

fs::path path_in(const ExperimentConfig& config, const std::string& name) {
  return fs::path(config.out_dir) / name;
}

// What the manifest says before any chunk is converted; `registry` as make_dataset's.
Manifest manifest_of(const ExperimentConfig& config, const strategies::Registry& registry,
                     bool move_values) {
  ExperimentConfig keyed = config;
  keyed.games_out.clear();  // the dataset's own records, wherever its folder is moved
  Manifest m;
  m.config = tournament::result_keys(keyed);
  m.move_values = move_values;
  m.rules = config.rules;
  set_players(config, tournament::registry_for(config, registry), m);
  for (const tournament::TaskResult& task : tournament::make_tasks(config))
    m.pairings.push_back({task.player_a, task.player_b});
  return m;
}

// Claims the folder for the dataset: checked, created, locked, its manifest written first.
tournament::OutputLock claim_folder(const ExperimentConfig& config, const Manifest& manifest) {
  const tournament::JournalKeys keys = dataset_keys(manifest);
  check_dataset_folder(config.out_dir, keys);
  tournament::make_output_directory(config.out_dir);
  tournament::OutputLock lock = tournament::OutputLock::acquire(config.out_dir);
  check_dataset_folder(config.out_dir, keys);  // another process may have claimed it meanwhile
  if (!fs::exists(path_in(config, kManifestFile)))
    common::write_whole_file(path_in(config, kManifestFile), manifest_json(manifest));
  return lock;
}

tournament::RunResult play_run(const strategies::Registry& registry, const ExperimentConfig& config,
                               const Manifest& manifest, const tournament::RunHooks& hooks) {
  const tournament::RunTarget target{path_in(config, tournament::kJournalFile).string(),
                                     manifest.config, path_in(config, kRecordsFile).string(),
                                     tournament::Shard{}};
  return tournament::run_tasks(registry, config, target, hooks);
}

// Converts one chunk into its file; returns false when `stop` said stop first.
bool convert_chunk(const ExperimentConfig& config, const ChunkRecords& chunk,
                   ChunkConverter& converter, const std::function<bool()>& stop,
                   ConversionProgress& progress, DatasetResult& result) {
  const std::vector<std::string> lines =
      read_chunk_lines(path_in(config, kRecordsFile).string(), chunk);
  const std::optional<DecisionRows> rows = converter.rows_of(lines, stop, &progress.rows);
  if (!rows) return false;
  const auto games = static_cast<std::int64_t>(lines.size());
  write_chunk_file(path_in(config, chunk_file_name(chunk.global)), *rows, chunk, games);
  ++result.chunks_converted;
  result.rows_converted += rows->rows();
  return true;
}

// Converts every chunk that has no file yet, in chunk order, the manifest marked not complete
// first (`manifest` has no chunks); returns false when stopped.
bool convert_chunks(const ExperimentConfig& config, const Manifest& manifest,
                    const DatasetHooks& hooks, DatasetResult& result) {
  const auto start = std::chrono::steady_clock::now();
  const tournament::ChunkPlan plan(static_cast<int>(tournament::make_tasks(config).size()),
                                   config.deals, config.chunk);
  const std::vector<ChunkRecords> chunks = chunk_records(
      plan, tournament::read_journal(path_in(config, tournament::kJournalFile).string()).entries);
  ChunkConverter converter(config.rules, manifest.players, manifest.move_values, config.threads);
  result.threads = converter.threads();
  result.chunks = plan.size();
  ConversionProgress unused;
  ConversionProgress& progress = hooks.conversion ? *hooks.conversion : unused;
  progress.chunks = plan.size();
  progress.start = start;
  progress.started = true;
  const std::function<bool()> stop = [&] {
    return hooks.run.should_stop && hooks.run.should_stop();
  };
  bool finished = true, marked = false;
  for (const ChunkRecords& chunk : chunks) {
    if (!fs::exists(path_in(config, chunk_file_name(chunk.global)))) {
      if (!marked) {  // a chunk file is missing: the dataset is not complete until it is made
        common::write_whole_file(path_in(config, kManifestFile), manifest_json(manifest));
        marked = true;
      }
      if (stop() || !convert_chunk(config, chunk, converter, stop, progress, result)) {
        finished = false;
        break;
      }
      ++progress.converted;
    }
    ++progress.done;
  }
  result.convert_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return finished;
}

// Writes the finished manifest, its chunk list read back from the chunk files.
void finish_manifest(const ExperimentConfig& config, Manifest manifest, DatasetResult& result) {
  for (std::int64_t g = 0; g < result.chunks; ++g) {
    manifest.chunks.push_back(read_chunk_entry(path_in(config, chunk_file_name(g))));
    result.rows += manifest.chunks.back().rows;
    result.games += manifest.chunks.back().games;
  }
  manifest.complete = true;
  common::write_whole_file(path_in(config, kManifestFile), manifest_json(manifest));
  result.complete = true;
}

}  // namespace

std::string dataset_refusal(const ExperimentConfig& config) {
  if (config.rules.match_target > 0)
    return "target " + std::to_string(config.rules.match_target) +
           ": a dataset is made of single games, not matches (three and four seats play to 100 "
           "unless told): give --target 0";
  if (config.sprt.enabled)
    return "sprt: a dataset plays every deal, so a stopping rule is not supported (leave out sprt)";
  if (config.precision > 0)
    return "precision: a dataset plays every deal, so a stopping rule is not supported (leave out "
           "precision)";
  if (!config.games_out.empty())
    return "games-out: a dataset keeps its game records in its own folder (OUT/" +
           std::string(kRecordsFile) + "); leave out games-out";
  return "";
}

std::string conversion_text(const ConversionProgress& progress, std::size_t width) {
  if (!progress.started) return "";
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - progress.start).count();
  const std::int64_t chunks = progress.chunks, done = progress.done, converted = progress.converted,
                     rows = progress.rows;
  const double rate = elapsed > 0 ? static_cast<double>(rows) / elapsed : 0;
  const double eta =
      converted > 0 ? elapsed / static_cast<double>(converted) * static_cast<double>(chunks - done)
                    : -1;
  char text[200];
  std::snprintf(text, sizeof text,
                "converting: chunks %lld/%lld (%.1f%%)  rows %lld  %.0f rows/s  elapsed %s  ETA %s",
                static_cast<long long>(done), static_cast<long long>(chunks),
                chunks > 0 ? 100.0 * static_cast<double>(done) / static_cast<double>(chunks) : 0.0,
                static_cast<long long>(rows), rate, common::duration_text(elapsed).c_str(),
                common::duration_text(eta).c_str());
  std::string line = text;
  if (width > 0 && line.size() > width) line.resize(width);
  return line;
}

DatasetResult make_dataset(const strategies::Registry& registry, const DatasetRequest& request,
                           const DatasetHooks& hooks) {
  ExperimentConfig config = request.config;
  tournament::validate(config, registry);
  if (const std::string why = dataset_refusal(config); !why.empty())
    throw tournament::ConfigError(why);
  const Manifest manifest = manifest_of(config, registry, request.move_values);
  const tournament::OutputLock lock = claim_folder(config, manifest);
  DatasetResult result;
  result.manifest = path_in(config, kManifestFile).string();
  result.run = play_run(registry, config, manifest, hooks.run);
  if (!result.run.complete) return result;
  if (convert_chunks(config, manifest, hooks, result)) finish_manifest(config, manifest, result);
  return result;
}

}  // namespace dataset
