#include "engine/tournament/runner.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>

#include "engine/tournament/deal_covariate.h"
#include "engine/tournament/games_file.h"
#include "engine/tournament/journal.h"
#include "engine/tournament/play_deal.h"
#include "strategies/registry.h"
#include "strategies/solver_for_rules.h"

namespace tournament {
namespace {

using Clock = std::chrono::steady_clock;
using PlayerPair = std::array<strategies::Player, 2>;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Everything one pairing's chunks share.
struct TaskContext {
  const ExperimentConfig& config;
  std::array<std::string, 2> specs;
  tbb::enumerable_thread_specific<PlayerPair>& players;
  /// One open-hands solver per thread for the control variate's covariate; null when it is off.
  tbb::enumerable_thread_specific<strategies::SolverForRules>* covariate_solvers = nullptr;
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
      slots[slot] = play_deal({.config = task.config,
                               .deal_index = i,
                               .players = {&pair[0], &pair[1]},
                               .specs = task.specs,
                               .records = records ? &(*records)[slot] : nullptr,
                               .covariate_solver = task.covariate_solvers
                                   ? &task.covariate_solvers->local().get(task.config.rules)
                                   : nullptr});
    }
  });
  PairingTotals totals;
  for (const DealTally& t : slots) totals.add(t);
  return totals;
}

std::int64_t chunks_per_task(const ExperimentConfig& c) {
  return (c.deals + c.chunk - 1) / c.chunk;
}

// Walks every pairing's chunks in order: takes each chunk an earlier run journalled, plays and
// journals the others.
class ChunkLoop {
 public:
  ChunkLoop(const strategies::Registry& registry, const ExperimentConfig& config,
            const std::string& journal_path, const RunHooks& hooks, int tasks)
      : registry_(registry),
        config_(config),
        hooks_(hooks),
        journal_(Journal::open(journal_path, result_keys(config), hooks.restart)),
        games_(config.games_out,
               journal_.resumed().empty() ? 0 : journal_.resumed().back().games_bytes,
               journal_.resumed().empty()),
        arena_(config.threads > 0 ? config.threads : tbb::task_arena::automatic) {
    progress_.tasks = tasks;
    progress_.deals_total = config.deals * tasks;
  }

  // Returns false when the run must stop early (hooks.stop_after_chunks).
  bool run_task(int t, TaskResult& task) {
    tbb::enumerable_thread_specific<PlayerPair> players(
        PlayerPair{registry_.make(task.player_a), registry_.make(task.player_b)});
    tbb::enumerable_thread_specific<strategies::SolverForRules> solvers;
    const TaskContext context{config_, {task.player_a, task.player_b}, players,
                              control_variate_enabled(config_) ? &solvers : nullptr};
    progress_.task = t;
    for (std::int64_t c = 0; c < chunks_per_task(config_); ++c) {
      const std::int64_t begin = c * config_.chunk;
      const std::int64_t end = std::min(config_.deals, begin + config_.chunk);
      if (take_resumed(t, c, task.totals)) {
        progress_.deals_done += end - begin;
      } else {
        if (stop_requested()) return false;
        task.totals.merge(play(context, {t, c, begin, end, {}, 0}));
      }
      if (sprt_decided(task)) break;
    }
    threads_used_ = std::max(threads_used_, static_cast<int>(players.size()));
    return true;
  }

  // Called once every chunk is done: the records file gets its final name.
  void finish() { games_.finish(); }

  int threads_used() const { return threads_used_; }
  std::int64_t resumed_chunks() const { return resumed_chunks_; }
  std::int64_t games_played() const { return games_played_; }
  double seconds() const { return seconds_since(start_); }

 private:
  // 1. A chunk an earlier run finished is taken from the journal as it stands.
  bool take_resumed(int t, std::int64_t c, PairingTotals& totals) {
    const auto& resumed = journal_.resumed();
    if (next_resumed_ >= resumed.size() || resumed[next_resumed_].task != t ||
        resumed[next_resumed_].index != c)
      return false;
    totals.merge(resumed[next_resumed_++].totals);
    ++resumed_chunks_;
    return true;
  }

  // 3. With an SPRT, the test is checked after every chunk, resumed or played, in deal order:
  // the stopping point depends only on the totals, never on threads or a resume.
  bool sprt_decided(TaskResult& task) const {
    if (!config_.sprt.enabled) return false;
    SprtTrace& trace = task.sprt;
    trace.bounds = sprt_bounds(config_.sprt);
    const double llr =
        sprt_llr_per_game(task.totals.a_net, config_.sprt, config_.games_per_deal());
    trace.steps.push_back({task.totals.deals, task.totals.games, llr});
    trace.decision = sprt_decide(llr, trace.bounds);
    return trace.decision != SprtDecision::kNone;
  }

  bool stop_requested() const {
    if (hooks_.stop_after_chunks >= 0 && written_ >= hooks_.stop_after_chunks) return true;
    return hooks_.should_stop && hooks_.should_stop();
  }

  // 2. Any other chunk is played, its game records written, and then it is journalled.
  PairingTotals play(const TaskContext& context, JournalEntry entry) {
    const auto chunk_start = Clock::now();
    std::vector<std::string> records;
    arena_.execute([&] {
      entry.totals = play_chunk(context, entry.begin, entry.end,
                                games_.enabled() ? &records : nullptr);
    });
    entry.totals.seconds = seconds_since(chunk_start);
    if (games_.enabled()) {
      std::string text;
      for (const auto& r : records) text += r;
      entry.games_bytes = games_.append(text);
    }
    journal_.append(entry);
    ++written_;
    games_played_ += entry.totals.games;
    report(entry.end - entry.begin);
    return entry.totals;
  }

  void report(std::int64_t deals) {
    progress_.deals_done += deals;
    progress_.deals_this_run += deals;
    progress_.seconds = seconds_since(start_);
    if (hooks_.on_chunk) hooks_.on_chunk(progress_);
  }

  const strategies::Registry& registry_;
  const ExperimentConfig& config_;
  const RunHooks& hooks_;
  Journal journal_;
  GamesFile games_;
  tbb::task_arena arena_;
  Clock::time_point start_ = Clock::now();
  RunProgress progress_;
  std::size_t next_resumed_ = 0;
  std::int64_t written_ = 0;
  std::int64_t resumed_chunks_ = 0;
  std::int64_t games_played_ = 0;
  int threads_used_ = 0;
};

}  // namespace

RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const std::string& journal_path, const RunHooks& hooks) {
  if (config.lineups.empty()) throw std::logic_error("run_tasks needs a validated config");
  // Tasks: every pairing of the schedule, once per sweep value (value-major).
  const std::vector<Pairing> schedule =
      make_schedule(config.format, static_cast<int>(config.players.size()));
  std::vector<TaskResult> tasks;
  for (const auto& players : config.lineups)
    for (const Pairing p : schedule) tasks.push_back({p, players[p.a], players[p.b], {}, {}});
  const strategies::Registry seated = registry_for(config, registry);  // plus the config's bots
  ChunkLoop loop(seated, config, journal_path, hooks, static_cast<int>(tasks.size()));
  RunResult result;
  result.complete = true;
  for (std::size_t t = 0; t < tasks.size() && result.complete; ++t) {
    result.complete = loop.run_task(static_cast<int>(t), tasks[t]);
    result.tasks.push_back(tasks[t]);
  }
  if (result.complete) loop.finish();
  result.stopped = !result.complete;
  result.threads_used = loop.threads_used();
  result.resumed_chunks = loop.resumed_chunks();
  result.games_played = loop.games_played();
  result.seconds = loop.seconds();
  return result;
}

}  // namespace tournament
