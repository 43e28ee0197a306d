// Determinization at a table of any size: the other seats' hands consistent with what one seat has
// observed, counted and sampled exactly uniformly (docs/rules.md, "What a seat knows").
//
// A world (every other seat's hand now) is consistent when the game's record replays in it from
// the deal, each seat dealt its hand now plus the tiles it played: the same leader and forced lead,
// every move legal when made, and the game not over, by a domino or a block, before the record
// ends. Under a uniform deal and no model of the other seats' choices the consistent worlds are
// equally likely (the argument of the two-seat case, determinization.h), so a world is drawn
// uniformly among them. What the record says of the hands now:
// - each other seat s holds tile_count(s) tiles, none carrying a value s has shown it lacks by
//   passing (a pass: no tile for either end); the tiles no seat holds stay undrawn;
// - the forced lead (heaviest-double with more than two seats, Observation::required_lead) was the
//   heaviest tile dealt: every unseen tile heavier than it is undrawn, and before it is led the
//   leader holds it. This binds at the seat's own decision: with three seats of double-six the
//   6-6 stays undrawn in a quarter of the deals, and a sampler blind to it gave it to another seat
//   in about one world in six drawn at the decisions of random play;
// - the game goes on: some seat can play on the open ends. A pass is recorded only when another
//   seat could play (else the hand ends there, blocked), and the same holds at the turn now. The
//   first tile played after a pass fits the same ends and was in its player's hand at the pass,
//   so only the passes since the last tile, and the turn now, need a constraint: when the observer
//   holds no tile for the ends, one of the unseen tiles that fit them is in another seat's hand
//   (its hand now is its hand at those passes; a seat that passed on these ends lacks them, so
//   this says "not all undrawn"). At a seat's decision with a tile to play (the only turns
//   strategies are asked) it adds nothing; from a seat that must pass or is not to move it does.
// Past the lead both bind only where tiles stay undrawn (three seats, or hands short of the whole
// set): with every tile dealt the heaviest double leads and a fitting tile is always in a hand.
// The tests (hidden_hands_test) replay the record in every candidate world of small variants, from
// every seat at every turn, and check that exactly those worlds are counted, enumerated and drawn.
// Not applied: the two-seat heaviest-double lead (the leader held the heaviest tile but led any
// tile, no constraint of this form); the two-seat strategies use determinization.h's sampler.
//
// Method. The unseen tiles fall into classes by the set of other seats allowed to hold them (at
// most 2^3 = 8 classes with four seats) and, when the game-goes-on constraint applies, by whether
// they fit the open ends (at most 16). A table f over (class, tiles still owed to each other
// seat, whether a fitting tile has gone to a seat yet) counts the assignments of the classes from
// that one on, each class's split among its allowed seats and the undrawn weighted by its
// multinomial coefficient; at the end only the assignments that owe nothing, and met the
// constraint when it applies, count. A world is drawn class by class: a split with probability
// (its multinomial) x f(next class, owed and met after it) / f(this class, owed, met), then the
// class's tiles shuffled and cut by that split (within a class every tile fits the ends or none
// does, so the split alone decides the constraint, and each world of a split is equally likely).
// Counts are doubles: they exceed 2^64 at four seats of double-nine (45 unseen tiles dealt 10, 10,
// 10 and 15 undrawn), and a relative rounding of 1e-16 in a sampling probability is far below any
// sampling error. When neither the lead nor the game-goes-on constraint binds, the classes, the
// table and so every draw are those of the sampler without them.
//
// With two seats the strategies keep determinization.h's sampler, so their draws, and the
// committed two-seat tables, are unchanged; this one serves more seats (and agrees with it on
// two seats in distribution at a seat's decision, which the tests check).
#pragma once

#include <array>
#include <functional>
#include <vector>

#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"

namespace dominoes {

/// Every seat's hand at a table: the observing seat's own and the others' as a world deals them.
using TableHands = std::array<TileSet, kStateSeats>;

/// The worlds consistent with one seat's observation, counted once and then sampled.
class HiddenHandsSampler {
 public:
  /// Prepares the classes and the counting table for `obs` (any seat count). Cost: at most 16
  /// classes x 2 x 11^3 states x 11^3 splits with four seats of double-nine, far less in practice
  /// (without passes one class). Requires `obs` from a game still going on (a game that ended
  /// blocked has no world in which it goes on); count() is 0 when no world is consistent.
  explicit HiddenHandsSampler(const Observation& obs);

  /// Returns the number of consistent worlds (assignments of the unseen tiles), as a double.
  double count() const { return table_.empty() ? 0 : table_[owed_index(owed_)]; }

  /// Returns one world drawn uniformly among the consistent ones: hands[s] for every seat s <
  /// seats, the observer's own hand in its seat. Requires count() > 0. Draws only from `rng`.
  TableHands sample(Rng& rng) const;

 private:
  struct TileClass {
    std::vector<Tile> tiles;
    std::array<bool, kStateSeats> allowed{};  // by other-seat slot (0..2), not by seat
    bool fits_ends = false;  // its tiles fit the open ends (only while the constraint applies)
  };
  static constexpr int kSlots = kStateSeats - 1;  // the other seats

  // Fills classes_: the unseen tiles not known to be in a hand, by the slots allowed to hold them
  // (none for `undrawn_only`) and by being in `fitting` (empty when the constraint does not apply).
  void group_tiles(const Observation& obs, TileSet undrawn_only, TileSet fitting);
  // Fills table_ from classes_, owed_ and flags_.
  void fill_table();
  int owed_index(const std::array<int, kSlots>& owed) const;
  // Returns the first entry of table_'s block for class `c` (c = classes: past the last one)
  // and `met`.
  std::size_t block(int c, int met) const;
  // Returns `met` after class `c` deals `split`: met, or whether a tile fitting the ends went to a
  // seat.
  int met_after(const TileClass& c, const std::array<int, kSlots>& split, int met) const;
  // Calls visit(split, ways) for each split of class `c` that owes no slot more than `owed`.
  template <typename Visit>
  void for_each_split(const TileClass& c, const std::array<int, kSlots>& owed, Visit visit) const;

  Seat me_ = 0;
  int seats_ = 2;
  std::array<Seat, kSlots> slot_seat_{};  // the seat of each other-seat slot
  int slots_ = 0;
  TableHands known_{};               // the observer's own hand, and the lead tile still held
  std::array<int, kSlots> owed_{};   // tiles each slot holds beyond its known ones
  std::array<int, kSlots> radix_{};  // owed_index strides
  std::vector<TileClass> classes_;
  // table_[block(c, met) + owed_index(owed)]: assignments of classes c.. owing `owed`, where met
  // says whether a tile fitting the ends has gone to a seat in the classes before c. The blocks
  // past the last class hold 1 where nothing is owed and the constraint is met (always, when it
  // does not apply: then met is always 0 and there is one block per class), else 0.
  std::vector<double> table_;
  int states_ = 1;
  int flags_ = 1;  // 2 when the game-goes-on constraint applies (met 0 and 1), else 1
};

/// Calls `visit` once for every world consistent with `obs` (any seat count): the worlds
/// HiddenHandsSampler counts and draws, each once, in an order fixed by the observation. Cost: the
/// worlds times the seats, plus the partial deals that cannot be completed (a seat's lacks leave
/// too few tiles for a later seat) or leave every seat unable to play; meant for positions of a
/// few thousand worlds (count() first).
void for_each_world(const Observation& obs, const std::function<void(const TableHands&)>& visit);

/// Returns the full state of one world at a table of any size: the observed game with every seat
/// holding hands[seat], the observing seat to move, every seat's passes as observed.
State determinize(const Observation& obs, const TableHands& hands);

}  // namespace dominoes
