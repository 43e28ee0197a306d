// Determinized minimax at the four-seat partnership table: the decisions of minimax with 100
// worlds (strategies/best_over_worlds.h over worlds drawn by strategies/world_draw.h, one solver
// kept across decisions as the strategy keeps it), on the positions of hands played by the
// heuristic. Hands are led freely (leader = alternate: any of the leader's 7 tiles), as every hand
// of a match to 100 but its first is, so the free lead, the costliest decision, is among them.
//
// Counters: ms_per_decision (CPU time on this thread, mean over every decision with two or more
// legal moves), the same for the free lead (ms_free_lead), the first round after it
// (ms_plies_1_3) and the rest of the hand (ms_later), nodes_per_decision, and moves_hash (a hash of
// the moves chosen: a change of search that keeps the moves keeps it).
//
// Measured 2026-11-28 on the 2-core VM beside other builds (CPU time): 50.2 ms per decision (free
// lead 431, plies 1-3 107, later 8.8), 1.20M solver nodes per decision; the free lead and the
// first round take 86% of the time. Where the nodes go (counted by a temporary instrumented
// build): 29% interior nodes with a choice, 24% passes, 31% forced moves; 18% of table probes hit;
// 85% of cutoffs come from the first move. In best_over_worlds the exact solves of the leading
// move, of moves that beat it in a world, and of the final best each take about a quarter of the
// nodes, the null-window tests the last quarter.
// Tried without gain, every one keeping the moves (moves_hash) — nodes per decision, and ms where
// it differed: a 4 MiB table 1.165M (slower), 16 MiB 1.13M (75.9 ms); the table from 8 or 11
// tiles left, not 5: 1.21M, 1.25M; passes and forced moves followed in a loop instead of by
// recursion: the same nodes, 57 against 55 ms; the history heuristic (Schaeffer 1989) as the
// first ordering key 4.97M, as a tie-break 1.20M; the best move found at the same public position
// (tiles played, ends, mover) in another world as a hint 1.25M; an aspiration window instead of
// MTD(f) for exact solves: +-3 1.204M, +-8 1.219M, full window 1.37M; the leading move chosen by
// depth-limited estimates over every world 1.27M-1.37M; MTD(f)'s first guess from a depth-limited
// search more nodes; trailing moves tested at thresholds raised by half their deficit 1.188M; a
// second bound before the exact solve of a move that beat the leader, no change; table entries of
// earlier worlds replaced first (an aging generation per world) 1.17M, the same time; ordering by
// the next two seats' fitting tiles, by the mover's own tiles left for the new ends, or doubles
// first 1.195M-1.24M; the worlds sorted by their hands (neighbours alike) 1.207M; 32-byte entries
// for double-six (two hands a word, each bucket on one 64-byte-aligned cache line, the same slots
// and nodes) 51.2-52.0 against 48.1-49.1 ms in alternating runs: the 768 KiB table
// already fits the 2 MiB L2 cache, so the second line of a bucket costs little; enhanced
// transposition cutoffs (every child probed for a bound reaching beta first, from 12 tiles left)
// 1.189M, 56.5 ms.
// Kept: table entries written field by field instead of through a temporary Entry (perf showed a
// store-forwarding stall there): 49.7 and 50.4 against 51.0 and 51.0 ms per decision, two
// alternating runs each on the loaded machine, the same nodes and moves_hash.
// Run: build/bin/bench_team_search
#include <benchmark/benchmark.h>

#include <array>
#include <ctime>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/playout_loop.h"
#include "engine/dominoes/state.h"
#include "strategies/best_over_worlds.h"
#include "strategies/registry.h"
#include "strategies/world_draw.h"

namespace {

struct Decision {
  dominoes::State state;
  dominoes::History history;
};

double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

// Every decision with two or more legal moves of `deals` hands played by the heuristic.
std::vector<Decision> heuristic_decisions(const dominoes::Rules& rules, int deals) {
  std::vector<Decision> decisions;
  strategies::Player heuristic = strategies::Registry::builtin().make("heuristic");
  dominoes::Rng rng(99);
  for (int d = 0; d < deals; ++d) {
    dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 2027, d));
    dominoes::History history(s.leader, s.seats);
    const auto ask = [&](const dominoes::State& at, const dominoes::MoveList& legal) {
      decisions.push_back({at, history});
      return heuristic.choose(at, history, rules, legal, rng);
    };
    dominoes::play_out(s, ask, [&history](dominoes::Move m) { history.push_back(m); });
  }
  return decisions;
}

void BM_Minimax100FourSeatDecisions(benchmark::State& state) {
  dominoes::Rules rules = dominoes::table_rules(4);
  rules.leader = dominoes::LeaderRule::kAlternate;
  const std::vector<Decision> decisions =
      heuristic_decisions(rules, static_cast<int>(state.range(0)));
  constexpr int kWorlds = 100;
  // CPU ms and decisions by phase: the free lead (ply 0), the first round after it (plies 1-3),
  // the rest of the hand.
  std::array<double, 3> ms{}, count{};
  double nodes = 0;
  std::uint64_t moves_hash = 0;
  for (auto _ : state) {
    endgame::BlockDominoesSolver solver(rules);
    for (std::size_t i = 0; i < decisions.size(); ++i) {
      const Decision& d = decisions[i];
      const dominoes::Observation obs =
          dominoes::observe(d.state, d.history, rules, d.state.to_move);
      const dominoes::MoveList legal = dominoes::moves_or_pass(d.state);
      const double start = cpu_ms();
      const std::uint64_t start_nodes = solver.nodes();
      dominoes::Rng rng(i);
      const strategies::WorldDraw draw(obs);
      std::vector<dominoes::State> worlds;
      for (int w = 0; w < kWorlds; ++w) worlds.push_back(draw(rng));
      const int best = strategies::best_over_worlds(solver, worlds, legal, 0);
      const double spent = cpu_ms() - start;
      nodes += static_cast<double>(solver.nodes() - start_nodes);
      const std::size_t phase = d.history.size() == 0 ? 0 : d.history.size() < 4 ? 1 : 2;
      ms[phase] += spent;
      count[phase] += 1;
      moves_hash = (moves_hash * 31 + static_cast<std::uint64_t>(best)) % 1000000007;
    }
  }
  const double n = count[0] + count[1] + count[2];
  state.counters["ms_per_decision"] = (ms[0] + ms[1] + ms[2]) / n;
  state.counters["ms_free_lead"] = ms[0] / count[0];
  state.counters["ms_plies_1_3"] = ms[1] / count[1];
  state.counters["ms_later"] = ms[2] / count[2];
  state.counters["nodes_per_decision"] = nodes / n;
  state.counters["decisions"] = n / static_cast<double>(state.iterations());
  state.counters["moves_hash"] = static_cast<double>(moves_hash);
}

BENCHMARK(BM_Minimax100FourSeatDecisions)->Arg(12)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
