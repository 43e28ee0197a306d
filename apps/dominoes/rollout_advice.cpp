#include "apps/dominoes/rollout_advice.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/playout_loop.h"
#include "engine/dominoes/scoring.h"
#include "strategies/registry.h"

namespace dominoes_cli {

namespace {

constexpr const char* kRolloutPolicy = "heuristic";

// Plays `first` in `world` and then every seat by `policy` to the end; returns the mover's team's
// net points. `history` holds the moves so far and receives the rest.
int roll_out(dominoes::State world, dominoes::History history, dominoes::Move first,
             const dominoes::Rules& rules, strategies::Player& policy, dominoes::Rng rng) {
  const dominoes::Seat mover = world.to_move;
  dominoes::apply(world, first);
  history.push_back(first);
  if (dominoes::status(world) == dominoes::GameStatus::kOngoing)
    dominoes::play_out(
        world,
        [&](const dominoes::State& s, const dominoes::MoveList& legal) {
          return policy.choose(s, history, rules, legal, rng);
        },
        [&](dominoes::Move m) { history.push_back(m); });
  return dominoes::net_points(world, rules, mover);
}

}  // namespace

RolloutAdvice rollout_move_values(const dominoes::Observation& obs, int samples,
                                  dominoes::Rng& rng) {
  const dominoes::HiddenHandsSampler sampler(obs);
  strategies::Player policy = strategies::Registry::builtin().make(kRolloutPolicy);
  dominoes::MoveList legal = obs.legal_moves();
  if (legal.empty()) legal.push_back(dominoes::Move::pass());
  dominoes::History history(obs.leader(), obs.seats());
  for (dominoes::Move m : obs.history()) history.push_back(m);

  RolloutAdvice out;
  out.consistent_worlds = sampler.count();
  std::vector<double> sum(legal.size(), 0), squares(legal.size(), 0);
  for (int w = 0; w < samples; ++w) {
    const dominoes::State world = dominoes::determinize(obs, sampler.sample(rng));
    const dominoes::Rng rollout_rng(rng.next());  // the same draws for every move of this world
    if (dominoes::status(world) != dominoes::GameStatus::kOngoing) {
      ++out.blocked_worlds;
      continue;
    }
    for (int k = 0; k < legal.size(); ++k) {
      const double v = roll_out(world, history, legal[k], obs.rules(), policy, rollout_rng);
      sum[k] += v;
      squares[k] += v * v;
    }
    ++out.values.worlds;
  }
  const double n = static_cast<double>(out.values.worlds);
  for (int k = 0; k < legal.size(); ++k) {
    endgame::ExpectedMoveValue m;
    m.move = legal[k];
    if (n > 0) {
      m.mean = sum[k] / n;
      const double variance = n > 1 ? (squares[k] - n * m.mean * m.mean) / (n - 1) : 0;
      m.ci95 = 1.96 * std::sqrt(std::max(variance, 0.0) / n);
    }
    out.values.moves.push_back(m);
  }
  return out;
}

std::string rollout_worlds_line(const RolloutAdvice& advice) {
  char total[32];
  std::snprintf(total, sizeof total, "%.4g", advice.consistent_worlds);
  std::string line = "worlds: " + std::to_string(advice.values.worlds) + " sampled of " + total +
                     " deals of the other hands consistent with what you know";
  if (advice.blocked_worlds > 0)
    line += " (" + std::to_string(advice.blocked_worlds) + " more left the game blocked)";
  return line + ", each played out by " + kRolloutPolicy + "; 95% intervals";
}

std::string points_meaning(const dominoes::Rules& rules) {
  if (rules.seats == 2) return "yours minus the opponent's";
  if (rules.partners) return "your team's minus the other team's";
  return "your score if you win, else minus the winner's";
}

}  // namespace dominoes_cli
