#include "arena/tournament/run/live_progress.h"

#include <algorithm>

namespace tournament {
namespace {

// One writer per counter: a relaxed load and store is enough, and costs no locked instruction.
void bump(std::atomic<std::int64_t>& cell, std::int64_t by) {
  cell.store(cell.load(std::memory_order_relaxed) + by, std::memory_order_relaxed);
}

std::int64_t read(const std::atomic<std::int64_t>& cell) {
  return cell.load(std::memory_order_relaxed);
}

}  // namespace

void DealCounter::add(int task, const DealTally& t, int sign) {
  Cell& cell = cells_[static_cast<std::size_t>(task)];
  bump(cell.deals, sign);
  bump(cell.games, sign * t.games);
  bump(cell.net_sum, sign * static_cast<std::int64_t>(t.a_net));
  bump(cell.net_sum_sq, sign * static_cast<std::int64_t>(t.a_net) * t.a_net);
  if (last_task_.load(std::memory_order_relaxed) != task)  // a store only when the pairing changes
    last_task_.store(task, std::memory_order_relaxed);
}

void LiveProgress::start(const std::vector<TaskResult>& tasks,
                         const std::vector<PairingTotals>& resumed,
                         const std::vector<std::int64_t>& deals_total, int games_per_deal,
                         bool matches) {
  const std::lock_guard lock(mutex_);
  start_ = std::chrono::steady_clock::now();
  games_per_deal_ = games_per_deal;
  matches_ = matches;
  base_.assign(tasks.size(), {});
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    PairingProgress& p = base_[t];
    p.player_a = tasks[t].player_a;
    p.player_b = tasks[t].player_b;
    p.label_a = tasks[t].label_a.empty() ? tasks[t].player_a : tasks[t].label_a;
    p.label_b = tasks[t].label_b.empty() ? tasks[t].player_b : tasks[t].label_b;
    p.deals_total = deals_total[t];
    p.deals_done = resumed[t].deals;
    p.games = resumed[t].games;
    p.a_net = resumed[t].a_net;
  }
  started_ = true;
}

std::vector<DealCounter*> LiveProgress::counters(int count) {
  const std::lock_guard lock(mutex_);
  std::vector<DealCounter*> made;
  for (int i = 0; i < count; ++i)
    made.push_back(&counters_.emplace_back(static_cast<int>(base_.size())));
  return made;
}

void LiveProgress::add_chunk(int task, const PairingTotals& totals) {
  const std::lock_guard lock(mutex_);
  PairingProgress& p = base_[static_cast<std::size_t>(task)];
  p.deals_done += totals.deals;
  p.games += totals.games;
  p.a_net.merge(totals.a_net);
  base_deals_this_run_ += totals.deals;
  base_games_this_run_ += totals.games;
  last_chunk_task_ = task;
}

ProgressSnapshot LiveProgress::snapshot() const {
  const std::lock_guard lock(mutex_);
  ProgressSnapshot s;
  if (!started_) return s;
  s.started = true;
  s.matches = matches_;
  s.pairings = base_;
  s.deals_this_run = base_deals_this_run_;
  s.games_this_run = base_games_this_run_;
  std::vector<bool> current(base_.size(), false);
  if (last_chunk_task_ >= 0) current[static_cast<std::size_t>(last_chunk_task_)] = true;
  for (const DealCounter& counter : counters_) {
    for (std::size_t t = 0; t < base_.size(); ++t) {
      const DealCounter::Cell& cell = counter.cells_[t];
      PairingProgress& p = s.pairings[t];
      const std::int64_t deals = read(cell.deals), games = read(cell.games);
      p.deals_done += deals;
      p.games += games;
      p.a_net.n += deals;
      p.a_net.sum += read(cell.net_sum);
      p.a_net.sum_sq += read(cell.net_sum_sq);
      s.deals_this_run += deals;
      s.games_this_run += games;
    }
    if (const int last = counter.last_task_.load(std::memory_order_relaxed); last >= 0)
      current[static_cast<std::size_t>(last)] = true;
  }
  for (std::size_t t = 0; t < s.pairings.size(); ++t) {
    PairingProgress& p = s.pairings[t];
    p.score = estimate_mean_per_game(p.a_net, games_per_deal_);
    s.deals_done += p.deals_done;
    s.deals_total += p.deals_total;
    s.games_done += p.games;
    if (current[t]) s.current.push_back(static_cast<int>(t));
  }
  s.elapsed_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (s.elapsed_seconds > 0)
    s.games_per_second = static_cast<double>(s.games_this_run) / s.elapsed_seconds;
  if (s.deals_this_run > 0) {
    const double per_deal = s.elapsed_seconds / static_cast<double>(s.deals_this_run);
    s.eta_seconds =
        per_deal * static_cast<double>(std::max<std::int64_t>(0, s.deals_total - s.deals_done));
  }
  return s;
}

}  // namespace tournament
