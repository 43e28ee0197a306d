// Weighted worlds: the opponent hands a determinizing strategy averages over, each weighted by the
// likelihood of the opponent's past moves under an opponent model (Buro, Long, Furtak & Sturtevant,
// IJCAI 2009; Ginsberg, JAIR 14, 2001). Shared by the inference strategy (PIMC over the worlds)
// and epimc (postponed reasoning over the same worlds).
//
// A world is an opponent hand h consistent with the observation
// (engine/dominoes/determinization.h). Its weight is the product, over the opponent's past
// decisions with two or more legal moves, of P_model(the move it played | what it saw then). What
// it held then is h plus the tiles it has played since, and what it saw (line, open ends, the
// values the observer had shown it lacks) is rebuilt by replaying the public move record
// (opponent_decisions). Passes and forced moves have probability 1 in every consistent world and
// are skipped.
//
// draw_weighted_worlds builds the worlds of one decision in two steps:
//   1. The pool: every consistent hand when there are at most `enumerate` of them, else `samples`
//      hands drawn uniformly (with repeats). Each gets its weight (normalised to the likeliest).
//      When every weight is 0 (the model rules out every world: it is wrong about this opponent)
//      all weights are taken as equal, the plain PIMC fallback.
//   2. When the pool holds more than `scenarios` hands: `scenarios` draws from it in proportion
//      to the weights (systematic resampling over the pool in random order, i.e.
//      sampling-importance-resampling, Rubin 1988); a hand drawn c times gets weight c, and hands
//      never drawn weight 0.
// With no model every weight is 1, and with at most `scenarios` consistent hands the worlds are
// exactly minimax(depth=0)'s enumeration.
//
// Three and four seats (draw_table_worlds): a world deals every hidden hand at once, and its weight
// is the product over every other seat's past decisions of its model's probability (the partner
// may have a model of its own, SeatModels); the rest is as above, except that the pool is drawn
// (the sampler of engine/dominoes/hidden_hands.h), and enumerated only when asked (epimc). The
// sampler's worlds are exactly the deals in which the record replays (a forced heaviest-double
// lead included: no seat holds a heavier tile), so every past move replayed in a world was legal
// there and a weight is never given to a world the record rules out.
#pragma once

#include <span>
#include <vector>

#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/state.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/belief/world_belief.h"

namespace strategies {

/// One past decision of the observer's opponent, rebuilt from the public record.
struct PastDecision {
  /// The position before the move, the opponent to move. hands[opponent] holds only the tiles the
  /// opponent played from this move on (this move's tile included): add a world's current hand to
  /// get what it held. hands[observer] is empty: the opponent could not see it.
  dominoes::State before;
  dominoes::Move played =
      dominoes::Move::pass();  ///< the tile move it made (passes are not decisions)
  /// The record before the move and who led, for models that read it (policy_in_game): a view
  /// of the record the decisions were rebuilt from, valid while it lives. Its max_pip and
  /// partners keep their defaults (two seats: no partner).
  MoveContext context;
};

/// Returns the opponent's tile moves in `obs`'s history, in order, each with its position.
std::vector<PastDecision> opponent_decisions(const dominoes::Observation& obs);

/// Two seats: returns seat `seat`'s tile moves in `obs`'s history, in order, each with its
/// position as PastDecision describes it for the opponent (hands[seat] holds the tiles it played
/// from that move on; the other hand is empty). With seat = obs.seat(): the observer's own moves,
/// for weighing its own possible hands as the opponent would (strategies/resolve).
std::vector<PastDecision> past_decisions_of(const dominoes::Observation& obs, dominoes::Seat seat);

/// The same from a game's move record (passes included) at a table of `seats` seats (2 to 4) and
/// its leader: seat `seat`'s tile moves, each with its position (hands[seat] the tiles it played
/// from that move on; every other hand empty: the seat could not see them).
std::vector<PastDecision> decisions_in_record(std::span<const dominoes::Move> record,
                                              dominoes::Seat leader, dominoes::Seat seat,
                                              int seats);

/// Returns log P(the opponent's recorded moves | it holds `hand` now) under `model`: the sum over
/// `decisions` with at least two legal moves of log P_model(played) (policy_in_game, with each
/// decision's context); -infinity when a move had probability 0.
double log_likelihood(std::span<const PastDecision> decisions, dominoes::TileSet hand,
                      const OpponentModel& model);

/// Writes to `weights` the normalised weights (summing to 1) of the opponent hands `hands` for
/// the observation `obs` under `model`; equal weights when every likelihood is 0.
void world_weights(const dominoes::Observation& obs, std::span<const dominoes::TileSet> hands,
                   const OpponentModel& model, std::vector<double>& weights);

/// How many worlds one decision weighs and keeps (see the header comment).
struct WorldSampling {
  int scenarios = 200;   ///< worlds kept (solved) per decision; >= 1
  int enumerate = 2000;  ///< weigh every consistent hand when there are at most this many
  int samples = 1000;    ///< else this many uniform draws are weighed and resampled; >= 1
};

/// The worlds of one decision: hands[i] with weight weights[i] >= 0 (a count after resampling).
/// Worlds of weight 0 are to be skipped. Reused across decisions to avoid reallocation.
struct WeightedWorlds {
  std::vector<dominoes::TileSet> hands;      ///< two seats: the opponent's hand of each world
  std::vector<dominoes::TableHands> tables;  ///< more seats: every hand of each world
  std::vector<double> weights;
  double effective = 0;  ///< the pool's Kish effective size before resampling, (sum w)^2 / sum w^2
  bool fell_back = false;  ///< every pooled hand had likelihood 0: equal weights were used
  /// The worlds are every consistent hand in enumeration (Gosper) order, not resampled: alike
  /// hands sit side by side, so a budget that stops early should take them spread out
  /// (decision_budget.h, spread_step).
  bool in_enumeration_order = false;
  std::vector<PastDecision> decisions;  ///< scratch: the opponent's past decisions
};

/// One past decision of a seat other than the observer at a table of any size, rebuilt from the
/// public record.
struct SeatDecision {
  /// The position before the move, the deciding seat to move (before.to_move). Each hand holds
  /// only the tiles its seat played from this move on: a world's hands added to them give the
  /// position then (a model reads only the deciding seat's).
  dominoes::State before;
  dominoes::Move played = dominoes::Move::pass();  ///< the tile move it made
  int index = 0;  ///< the move's place in the record (move `index` of obs.history())
};

/// Returns the tile moves of every seat but the observer in `obs`'s history, in order. With three
/// or four seats and leader = heaviest-double the lead is left out: it may have been forced, and
/// the observation does not say whether it was.
std::vector<SeatDecision> other_seat_decisions(const dominoes::Observation& obs);

/// Which model reads which seat at a table of any size: `partner` the observer's partner (four
/// seats with partners) when it is not null, `opponents` every other seat; a null model weighs
/// nothing (every world alike for that seat).
struct SeatModels {
  const OpponentModel* opponents = nullptr;
  const OpponentModel* partner = nullptr;
  /// A belief over the hidden tiles (world_belief.h) that weighs every world too, beside the
  /// models' likelihoods; null for none.
  const WorldBelief* belief = nullptr;
  /// The partner's moves weigh nothing here (epimc reads them afterwards by a search of its own).
  bool partner_unread = false;
  /// Returns the model of seat `seat` seen from obs.seat().
  const OpponentModel* of(const dominoes::Observation& obs, dominoes::Seat seat) const;
};

/// Returns log P(the other seats' recorded moves | they hold `world` now) under `models`: the sum
/// over `decisions` with at least two legal moves, each under its seat's model (policy_in_game,
/// with the record before it); -infinity when a move had probability 0.
double table_log_likelihood(const dominoes::Observation& obs,
                            std::span<const SeatDecision> decisions,
                            const dominoes::TableHands& world, const SeatModels& models);

/// Three or four seats: fills out.tables and out.weights with the worlds of the decision at `obs`:
/// `samples` worlds drawn uniformly among the consistent deals of every hidden hand
/// (engine/dominoes/hidden_hands.h), each weighted by table_log_likelihood (normalised to the
/// likeliest, equal weights when all are 0), then resampled to `scenarios` worlds as step 2 of the
/// header comment. Draws only from `rng`. With `enumerate_few` (epimc) and at most
/// `sampling.enumerate` consistent deals the pool is every one of them instead (step 1 of the
/// header comment: dominoes::for_each_world, shuffled before resampling, in_enumeration_order
/// when kept whole); without it (inference) the pool is always drawn.
void draw_table_worlds(const dominoes::Observation& obs, const WorldSampling& sampling,
                       const SeatModels& models, dominoes::Rng& rng, WeightedWorlds& out,
                       bool enumerate_few = false);

/// Fills `out` with the worlds of the decision at `obs` (steps 1 and 2 of the header comment)
/// under `model` (nullptr: no model) and `belief` (nullptr: none; else each world's weight is
/// also multiplied by the belief's probability of it, world_belief.h); with neither, every
/// weight is 1. Every random draw comes from `rng`, so the worlds are a pure function of (obs,
/// sampling, model, belief, rng state).
void draw_weighted_worlds(const dominoes::Observation& obs, const WorldSampling& sampling,
                          const OpponentModel* model, dominoes::Rng& rng, WeightedWorlds& out,
                          const WorldBelief* belief = nullptr);

}  // namespace strategies
