// Determinization at a table of any size: the other seats' hands consistent with what one seat has
// observed, counted and sampled exactly uniformly (docs/rules.md, "Three and four seats").
//
// From a seat's information set, each other seat s holds tile_count(s) tiles, none carrying a
// value s has shown it lacks by passing, and the tiles no seat holds stay undrawn (they may be
// anything). Under a uniform deal and no model of the other seats' choices, every assignment of
// the unseen tiles that meets these constraints is equally likely (the same argument as the two-
// seat case, determinization.h), so a world is an assignment drawn uniformly among them. A pass
// also says another seat could play (else the hand would have ended there, blocked); at a seat's
// decision that needs no constraint of its own: the first tile played after the pass fits the
// same ends and was in its player's hand then, and with none played since, the deciding seat
// holds one (hidden_hands_test replays the record in sampled worlds to check it).
//
// Method. The unseen tiles fall into classes by the set of other seats allowed to hold them (at
// most 2^3 = 8 classes with four seats). A table f over (class, tiles still owed to each other
// seat) counts the assignments of the classes from that one on, each class's split among its
// allowed seats and the undrawn weighted by its multinomial coefficient. A world is drawn class by
// class: a split with probability (its multinomial) x f(next class, owed after it) / f(this class,
// owed), then the class's tiles shuffled and cut by that split. Counts are doubles: they exceed
// 2^64 at four seats of double-nine (45 unseen tiles dealt 10, 10, 10 and 15 undrawn), and a
// relative rounding of 1e-16 in a sampling probability is far below any sampling error.
//
// With two seats the strategies keep determinization.h's sampler, so their draws, and the
// committed two-seat tables, are unchanged; this one serves more seats (and agrees with it on
// two seats in distribution, which the tests check).
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
  /// Prepares the classes and the counting table for `obs` (any seat count). Cost: at most 8
  /// classes x 11^3 states x 11^3 splits with four seats of double-nine, far less in practice
  /// (without passes one class). Requires `obs` from a real game (at least one world exists).
  explicit HiddenHandsSampler(const Observation& obs);

  /// Returns the number of consistent worlds (assignments of the unseen tiles), as a double.
  double count() const { return table_.empty() ? 0 : table_[owed_index(owed_)]; }

  /// Returns one world drawn uniformly: hands[s] for every seat s < seats, the observer's own
  /// hand in its seat, every other seat holding tile_count(s) tiles it may hold. Draws only from
  /// `rng`.
  TableHands sample(Rng& rng) const;

 private:
  struct TileClass {
    std::vector<Tile> tiles;
    std::array<bool, kStateSeats> allowed{};  // by other-seat slot (0..2), not by seat
  };
  static constexpr int kSlots = kStateSeats - 1;  // the other seats

  int owed_index(const std::array<int, kSlots>& owed) const;
  // Calls visit(split, ways) for each split of class `c` that owes no slot more than `owed`.
  template <typename Visit>
  void for_each_split(const TileClass& c, const std::array<int, kSlots>& owed, Visit visit) const;

  Seat me_ = 0;
  int seats_ = 2;
  std::array<Seat, kSlots> slot_seat_{};  // the seat of each other-seat slot
  int slots_ = 0;
  TileSet own_hand_;
  std::array<int, kSlots> owed_{};   // tiles each slot holds
  std::array<int, kSlots> radix_{};  // owed_index strides
  std::vector<TileClass> classes_;
  // table_[c * states + owed_index(owed)]: assignments of classes c.. owing `owed`; the last
  // block (c = classes) is 1 where nothing is owed, else 0.
  std::vector<double> table_;
  int states_ = 1;
};

/// Calls `visit` once for every world consistent with `obs` (any seat count): the worlds
/// HiddenHandsSampler counts and draws, each once, in an order fixed by the observation. Cost: the
/// worlds times the seats, plus the partial deals that cannot be completed (a seat's lacks leave
/// too few tiles for a later seat); meant for positions of a few thousand worlds (count() first).
void for_each_world(const Observation& obs, const std::function<void(const TableHands&)>& visit);

/// Returns the full state of one world at a table of any size: the observed game with every seat
/// holding hands[seat], the observing seat to move, every seat's passes as observed.
State determinize(const Observation& obs, const TableHands& hands);

}  // namespace dominoes
