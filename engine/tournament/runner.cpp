#include "engine/tournament/runner.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "engine/tournament/journal.h"
#include "engine/tournament/play_deal.h"
#include "strategies/registry.h"

namespace tournament {
namespace {

using Clock = std::chrono::steady_clock;
using PlayerPair = std::array<strategies::Player, 2>;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The file that receives --games-out records, cut back to `bytes` (the journalled part).
class GamesFile {
 public:
  GamesFile(const std::string& path, std::uint64_t bytes) : path_(path) {
    if (path.empty()) return;
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) std::filesystem::resize_file(path, bytes, ec);
    out_.open(path, bytes == 0 ? std::ios::binary | std::ios::trunc
                               : std::ios::binary | std::ios::app);
    if (!out_) throw std::runtime_error("cannot write games file \"" + path + "\"");
  }
  bool enabled() const { return !path_.empty(); }
  // Returns the file's size after appending `text`.
  std::uint64_t append(const std::string& text) {
    out_ << text;
    out_.flush();
    if (!out_) throw std::runtime_error("cannot write games file \"" + path_ + "\"");
    return static_cast<std::uint64_t>(out_.tellp());
  }

 private:
  std::string path_;
  std::ofstream out_;
};

// Everything one pairing's chunks share.
struct TaskContext {
  const ExperimentConfig& config;
  std::array<std::string, 2> specs;
  tbb::enumerable_thread_specific<PlayerPair>& players;
};

// Plays deals [begin, end) in parallel and adds their tallies in deal order.
PairingTotals play_chunk(const TaskContext& task, std::int64_t begin, std::int64_t end,
                         std::vector<std::string>* records) {
  std::vector<DealTally> slots(static_cast<std::size_t>(end - begin));
  if (records) records->assign(slots.size(), std::string());
  tbb::parallel_for(tbb::blocked_range<std::int64_t>(begin, end, 8), [&](const auto& range) {
    PlayerPair& pair = task.players.local();
    for (std::int64_t i = range.begin(); i != range.end(); ++i) {
      const auto slot = static_cast<std::size_t>(i - begin);
      slots[slot] = play_deal(task.config, i, pair[0], pair[1], task.specs,
                              records ? &(*records)[slot] : nullptr);
    }
  });
  PairingTotals totals;
  for (const DealTally& t : slots) totals.add(t);
  return totals;
}

std::int64_t chunks_per_task(const ExperimentConfig& c) {
  return (c.deals + c.chunk - 1) / c.chunk;
}

}  // namespace

RunResult run_tasks(const ExperimentConfig& config, const std::string& journal_path,
                    const RunHooks& hooks) {
  const auto start = Clock::now();
  const auto& registry = strategies::Registry::builtin();
  const std::vector<Pairing> schedule =
      make_schedule(config.format, static_cast<int>(config.players.size()));
  Journal journal = Journal::open(journal_path, fingerprint(config));
  const auto& resumed = journal.resumed();
  GamesFile games(config.games_out, resumed.empty() ? 0 : resumed.back().games_bytes);

  RunResult result;
  RunProgress progress;
  progress.tasks = static_cast<int>(schedule.size());
  progress.deals_total = config.deals * static_cast<std::int64_t>(schedule.size());
  const std::int64_t per_task = chunks_per_task(config);
  tbb::task_arena arena(config.threads > 0 ? config.threads : tbb::task_arena::automatic);
  std::size_t next_resumed = 0;
  std::int64_t written = 0;

  for (std::size_t t = 0; t < schedule.size(); ++t) {
    TaskResult task{schedule[t], config.players[schedule[t].a], config.players[schedule[t].b], {}};
    tbb::enumerable_thread_specific<PlayerPair> players(
        PlayerPair{registry.make(task.player_a), registry.make(task.player_b)});
    const TaskContext context{config, {task.player_a, task.player_b}, players};
    progress.task = static_cast<int>(t);
    for (std::int64_t c = 0; c < per_task; ++c) {
      const std::int64_t begin = c * config.chunk;
      const std::int64_t end = std::min(config.deals, begin + config.chunk);
      // 1. A chunk finished by an earlier run is taken from the journal as it stands.
      if (next_resumed < resumed.size() && resumed[next_resumed].task == static_cast<int>(t) &&
          resumed[next_resumed].index == c) {
        task.totals.merge(resumed[next_resumed++].totals);
        ++result.resumed_chunks;
        progress.deals_done += end - begin;
        continue;
      }
      // 2. Otherwise it is played, then journalled.
      if (hooks.stop_after_chunks >= 0 && written >= hooks.stop_after_chunks) {
        result.tasks.push_back(task);
        result.seconds = seconds_since(start);
        return result;
      }
      const auto chunk_start = Clock::now();
      std::vector<std::string> records;
      PairingTotals totals;
      arena.execute([&] {
        totals = play_chunk(context, begin, end, games.enabled() ? &records : nullptr);
      });
      totals.seconds = seconds_since(chunk_start);
      std::uint64_t games_bytes = 0;
      if (games.enabled()) {
        std::string text;
        for (const auto& r : records) text += r;
        games_bytes = games.append(text);
      }
      journal.append({static_cast<int>(t), c, begin, end, totals, games_bytes});
      ++written;
      task.totals.merge(totals);
      result.games_played += totals.games;
      progress.deals_done += end - begin;
      progress.deals_this_run += end - begin;
      progress.seconds = seconds_since(start);
      if (hooks.on_chunk) hooks.on_chunk(progress);
    }
    result.tasks.push_back(task);
  }
  result.complete = true;
  result.seconds = seconds_since(start);
  return result;
}

}  // namespace tournament
