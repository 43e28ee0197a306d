// `dominoes dataset`: reads the experiment as `dominoes run` does, shows the run's progress line
// and then the conversion's on stderr, and says what it made.
#include "apps/dominoes/dataset_command.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "arena/dataset/make_dataset.h"
#include "arena/tournament/config/run_arguments.h"
#include "arena/tournament/run/interrupt.h"
#include "arena/tournament/run/journal.h"
#include "arena/tournament/run/progress.h"
#include "engine/common/status_line.h"
#include "engine/common/text.h"
#include "strategies/registry.h"

namespace dominoes_cli {
namespace {

constexpr const char* kUsage =
    "Usage: dominoes dataset [CONFIG.cfg] [--key=value ...] [--move-values]\n\n"
    "Makes training data for learned models from the engine's own games: plays the experiment\n"
    "that `dominoes run` would play with the same config and options (its players, pairings,\n"
    "rules, deals, seed, threads and chunks), records every game, and replays each chunk of the\n"
    "records into rows, one row per turn of a seat (every decision of every seat, forced moves "
    "and\n"
    "passes included): the seat's observation tensor, the legal actions, the action taken, the\n"
    "seat and player, where each tile it could not see really was, the hand's final net points,\n"
    "the deal and game, and with --move-values every legal action's exact open-hands value.\n\n"
    "Writes into the output directory (out, by default datasets/NAME/): dataset.json (the\n"
    "manifest: config, players, each tensor's dtype and shape, the chunk list),\n"
    "chunk-NNNNNN.safetensors (the rows of one chunk of deals, in the safetensors format),\n"
    "journal.txt and games.jsonl (the run's journal and game records, kept). docs/formats.md,\n"
    "\"Training data\", describes every file and tensor; Python reads a chunk with\n"
    "safetensors.numpy.load_file.\n\n"
    "Reproducible and resumable like a run: the chunk files are byte-identical for any thread\n"
    "count; Ctrl-C keeps every finished game and chunk file, and the same command resumes. A\n"
    "folder holding other files, or a dataset of another configuration, is refused. Not\n"
    "supported: matches (target above 0), sprt, precision and games-out.\n\n"
    "Example: dominoes dataset --player random --player heuristic --deals 200 --out data/rh\n\n";

}  // namespace

const tournament::ExperimentCommand& dataset_command_spec() {
  static const tournament::ExperimentCommand spec{
      "dataset",
      kUsage,
      {{"move-values",
        "also write move_value: each legal action's exact open-hands value for the decider "
        "(every hand open, both sides playing best), in points; NaN for illegal actions"}},
      "datasets"};
  return spec;
}

namespace {

int usage_error(const std::string& message) {
  std::cerr << "dominoes: dataset: " << message << "\n";
  return 2;
}

std::string per_second(double count, double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3f s (%.0f per second)", seconds,
                seconds > 0 ? count / seconds : 0.0);
  return text;
}

std::string threads_text(int threads) {
  return std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

void print_outcome(const dataset::DatasetResult& result) {
  const auto& run = result.run;
  std::cerr << "dataset: " << result.rows << " rows of " << result.games << " games in "
            << result.chunks << (result.chunks == 1 ? " chunk file: " : " chunk files: ")
            << result.manifest << "\n";
  std::cerr << "run: " << run.games_played << " games in "
            << per_second(static_cast<double>(run.games_played), run.seconds) << " on "
            << threads_text(std::max(1, run.threads_used));
  if (run.resumed_chunks) std::cerr << ", resumed " << run.resumed_chunks << " chunks";
  std::cerr << "\nconversion: " << result.rows_converted << " rows in "
            << per_second(static_cast<double>(result.rows_converted), result.convert_seconds)
            << " on " << threads_text(result.threads);
  if (result.chunks_converted < result.chunks)
    std::cerr << ", " << result.chunks - result.chunks_converted << " chunks converted earlier";
  std::cerr << "\n";
}

int report_interrupted(const std::vector<std::string>& command,
                       const dataset::DatasetResult& result, const std::string& out) {
  std::string resume;
  for (const auto& word : command) {
    if (!resume.empty()) resume += ' ';
    resume += common::shell_word(word);
  }
  std::cerr << "interrupted: every finished game is kept in " << out << "/"
            << tournament::kJournalFile << ", every finished chunk file in " << out << " ("
            << result.chunks_converted << " converted this time)\nresume with: " << resume << "\n";
  return 128 + tournament::InterruptGuard::caught();
}

// Makes the dataset with the progress line on stderr; returns the exit code.
int make(const std::vector<std::string>& command, const tournament::RunRequest& request) {
  tournament::LiveProgress live;
  dataset::ConversionProgress conversion;
  common::StatusLine line(
      [&](std::size_t width) {
        return conversion.started ? dataset::conversion_text(conversion, width)
                                  : tournament::progress_text(live.snapshot(), width);
      },
      common::status_mode(request.config.quiet, STDERR_FILENO), true);
  const tournament::InterruptGuard interrupts;
  dataset::DatasetHooks hooks;
  hooks.run.progress = &live;
  hooks.run.should_stop = [] { return tournament::InterruptGuard::caught() != 0; };
  hooks.conversion = &conversion;
  try {
    const dataset::DatasetResult result =
        dataset::make_dataset(strategies::Registry::builtin(),
                              {request.config, request.flags.count("move-values") > 0}, hooks);
    line.finish();
    if (!result.complete) return report_interrupted(command, result, request.config.out_dir);
    print_outcome(result);
    return 0;
  } catch (const tournament::ConfigError& e) {
    line.finish();
    return usage_error(e.what());
  } catch (const std::exception& e) {
    line.finish();
    std::cerr << "dominoes: dataset failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

int dataset_command(const std::vector<std::string>& command, const std::vector<std::string>& args) {
  tournament::RunRequest request;
  try {
    request = tournament::parse_experiment_arguments(args, dataset_command_spec());
  } catch (const tournament::ConfigError& e) {
    return usage_error(e.what());
  }
  if (request.help || request.print_config) {
    std::cout << (request.help ? request.help_text : tournament::to_ini(request.config));
    return 0;
  }
  if (const std::string why = dataset::dataset_refusal(request.config); !why.empty())
    return usage_error(why);
  return make(command, request);
}

}  // namespace dominoes_cli
