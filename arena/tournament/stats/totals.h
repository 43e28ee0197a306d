// Exact integer tallies of a pairing's results. A deal's tally (one game, a duplicate pair of
// games, or one or two matches) is added to the pairing's totals in deal order; all sums are
// integers, so totals are the same bits whatever the chunking, the thread count or a resume. The
// decision times are measured CPU times: integers too, so they sum in any order, but they differ
// from run to run (as the wall seconds do).
#pragma once

#include <cstdint>

#include "arena/tournament/stats/control_variate.h"
#include "arena/tournament/stats/pentanomial.h"
#include "arena/tournament/stats/statistics.h"

namespace tournament {

/// What one deal contributes, from player A's side.
struct DealTally {
  int games = 0;  ///< games (or matches, in match mode) played
  int a_wins = 0;
  int draws = 0;
  int b_wins = 0;
  int a_net = 0;                 ///< A's points minus B's over the deal's games (or matches)
  int leader_games = 0;          ///< single games behind leader_net
  int leader_net = 0;            ///< sum over those games of the leader's points minus the other's
  int a_forfeits = 0;            ///< single games A forfeited (external bots, docs/protocol.md)
  int b_forfeits = 0;            ///< single games B forfeited
  bool has_covariate = false;    ///< the control variate is on (deal_covariate.h)
  int covariate = 0;             ///< then: the deal's open-hands value for hand 0
  std::int64_t a_decisions = 0;  ///< real choices A made (two or more legal moves; game_loop.h)
  std::int64_t a_timed = 0;      ///< those of them timed (decision_sampler.h)
  std::int64_t a_decision_ns = 0;  ///< CPU nanoseconds the timed ones took on the playing thread
  std::int64_t b_decisions = 0;    ///< the same for B
  std::int64_t b_timed = 0;
  std::int64_t b_decision_ns = 0;
};

/// A pairing's totals over many deals.
struct PairingTotals {
  std::int64_t deals = 0;
  std::int64_t games = 0;
  std::int64_t a_wins = 0;
  std::int64_t draws = 0;
  std::int64_t b_wins = 0;
  IntegerMoments a_net;  ///< one observation per deal: the tally's a_net
  std::int64_t leader_games = 0;
  std::int64_t leader_net = 0;
  std::int64_t a_forfeits = 0;  ///< single games A forfeited
  std::int64_t b_forfeits = 0;  ///< single games B forfeited
  /// Duplicate pairs (deals of two games) by A's two results, pentanomial.h; zeros otherwise.
  PentanomialCounts penta{};
  CovariateSums covariate;  ///< (covariate, a_net) of the deals that have one
  /// Real choices, those of them timed, and the timed ones' CPU nanoseconds, per player
  /// (DealTally). Chunks from a v5 journal carry none (all 0), so a mean over these covers the
  /// timed decisions only.
  std::int64_t a_decisions = 0;
  std::int64_t a_timed = 0;
  std::int64_t a_decision_ns = 0;
  std::int64_t b_decisions = 0;
  std::int64_t b_timed = 0;
  std::int64_t b_decision_ns = 0;
  double seconds = 0;  ///< wall time spent

  /// Adds one deal's tally (a deal of two games, a duplicate pair, is also counted in penta).
  void add(const DealTally& t);
  /// Adds another span of deals' totals.
  void merge(const PairingTotals& other);
};

/// Calls `f(count)` for every whole-number count of `t` (a PairingTotals, const or not), in the
/// journal's order (run/journal.h): deals, games, a_wins, draws, b_wins, a_net's n, sum and
/// sum_sq, leader_games, leader_net, the two forfeit counts, the five pentanomial counts, the
/// covariate's n, sum_x, sum_xx and sum_xy, then, `with_decisions` (a v5 journal has none), each
/// player's decisions, timed decisions and decision nanoseconds. merge() and the journal's writer
/// and reader all go through it, so a new count is one line here (and a new journal version).
/// `seconds`, a real number, is not among them.
template <typename Totals, typename F>
void for_each_count(Totals& t, F&& f, bool with_decisions = true) {
  for (auto* count :
       {&t.deals, &t.games, &t.a_wins, &t.draws, &t.b_wins, &t.a_net.n, &t.a_net.sum,
        &t.a_net.sum_sq, &t.leader_games, &t.leader_net, &t.a_forfeits, &t.b_forfeits})
    f(*count);
  for (auto& count : t.penta) f(count);
  for (auto* count : {&t.covariate.n, &t.covariate.sum_x, &t.covariate.sum_xx, &t.covariate.sum_xy})
    f(*count);
  if (!with_decisions) return;
  for (auto* count :
       {&t.a_decisions, &t.a_timed, &t.a_decision_ns, &t.b_decisions, &t.b_timed, &t.b_decision_ns})
    f(*count);
}

}  // namespace tournament
