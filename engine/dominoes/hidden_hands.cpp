#include "engine/dominoes/hidden_hands.h"

#include <algorithm>
#include <cassert>

namespace dominoes {
namespace {

// n! as a double, for n up to the largest set's 55 tiles (55! is about 1.3e73).
double factorial(int n) {
  static const std::array<double, kMaxTiles + 1> table = [] {
    std::array<double, kMaxTiles + 1> f{};
    f[0] = 1;
    for (int i = 1; i <= kMaxTiles; ++i) f[i] = f[i - 1] * i;
    return f;
  }();
  return table[static_cast<std::size_t>(n)];
}

}  // namespace

HiddenHandsSampler::HiddenHandsSampler(const Observation& obs)
    : me_(obs.seat()), seats_(obs.seats()), own_hand_(obs.hand()) {
  slots_ = seats_ - 1;
  for (int k = 0; k < slots_; ++k) {
    slot_seat_[k] = (me_ + 1 + k) % seats_;
    owed_[k] = obs.tile_count(slot_seat_[k]);
  }
  for (int k = slots_ - 1, stride = 1; k >= 0; --k) {
    radix_[k] = stride;
    stride *= owed_[k] + 1;
    states_ = stride;
  }
  // Group the unseen tiles by the slots allowed to hold them.
  std::array<int, 1 << kSlots> class_of_mask;
  class_of_mask.fill(-1);
  for (Tile t : obs.unseen()) {
    int mask = 0;
    for (int k = 0; k < slots_; ++k)
      if (!obs.lacks(slot_seat_[k]).tiles_touching().contains(t)) mask |= 1 << k;
    if (class_of_mask[mask] < 0) {
      class_of_mask[mask] = static_cast<int>(classes_.size());
      TileClass c;
      for (int k = 0; k < slots_; ++k) c.allowed[k] = (mask >> k) & 1;
      classes_.push_back(c);
    }
    classes_[static_cast<std::size_t>(class_of_mask[mask])].tiles.push_back(t);
  }
  // The counting table, last class first.
  const auto n_classes = static_cast<int>(classes_.size());
  table_.assign(static_cast<std::size_t>((n_classes + 1) * states_), 0.0);
  table_[static_cast<std::size_t>(n_classes * states_)] = 1;  // nothing owed after the last class
  std::array<int, kSlots> owed{};
  for (int c = n_classes - 1; c >= 0; --c) {
    double* row = &table_[static_cast<std::size_t>(c * states_)];
    const double* next = &table_[static_cast<std::size_t>((c + 1) * states_)];
    for (int index = 0; index < states_; ++index) {
      for (int k = 0; k < slots_; ++k) owed[k] = index / radix_[k] % (owed_[k] + 1);
      double total = 0;
      for_each_split(classes_[static_cast<std::size_t>(c)], owed,
                     [&](const std::array<int, kSlots>& split, double ways) {
                       std::array<int, kSlots> rest = owed;
                       for (int k = 0; k < slots_; ++k) rest[k] -= split[k];
                       total += ways * next[owed_index(rest)];
                     });
      row[index] = total;
    }
  }
}

int HiddenHandsSampler::owed_index(const std::array<int, kSlots>& owed) const {
  int index = 0;
  for (int k = 0; k < slots_; ++k) index += owed[k] * radix_[k];
  return index;
}

template <typename Visit>
void HiddenHandsSampler::for_each_split(const TileClass& c, const std::array<int, kSlots>& owed,
                                        Visit visit) const {
  const int n = static_cast<int>(c.tiles.size());
  std::array<int, kSlots> most{};
  for (int k = 0; k < kSlots; ++k) most[k] = k < slots_ && c.allowed[k] ? std::min(owed[k], n) : 0;
  std::array<int, kSlots> split{};
  for (split[0] = 0; split[0] <= most[0]; ++split[0])
    for (split[1] = 0; split[1] <= most[1]; ++split[1])
      for (split[2] = 0; split[2] <= most[2]; ++split[2]) {
        const int dealt = split[0] + split[1] + split[2];
        if (dealt > n) continue;
        const double ways = factorial(n) / (factorial(split[0]) * factorial(split[1]) *
                                            factorial(split[2]) * factorial(n - dealt));
        visit(split, ways);
      }
}

TableHands HiddenHandsSampler::sample(Rng& rng) const {
  TableHands hands{};
  hands[me_] = own_hand_;
  std::array<int, kSlots> owed = owed_;
  const auto n_classes = static_cast<int>(classes_.size());
  for (int c = 0; c < n_classes; ++c) {
    const TileClass& tile_class = classes_[static_cast<std::size_t>(c)];
    const double* next = &table_[static_cast<std::size_t>((c + 1) * states_)];
    // A split with probability ways x (worlds of the classes after it) / (worlds from here).
    double target =
        rng.uniform() * table_[static_cast<std::size_t>(c * states_ + owed_index(owed))];
    std::array<int, kSlots> chosen{};
    bool found = false;
    for_each_split(tile_class, owed, [&](const std::array<int, kSlots>& split, double ways) {
      if (found) return;
      std::array<int, kSlots> rest = owed;
      for (int k = 0; k < slots_; ++k) rest[k] -= split[k];
      const double weight = ways * next[owed_index(rest)];
      if (weight <= 0) return;
      chosen = split;  // the last split of positive weight stands if rounding leaves target over
      target -= weight;
      if (target < 0) found = true;
    });
    // The class's tiles in a uniform order, cut by the split: slot 0's, slot 1's, ..., undrawn.
    // On the stack: a world is drawn per search scenario, so no allocation here.
    std::array<Tile, kMaxTiles> tiles{};
    const int n = static_cast<int>(tile_class.tiles.size());
    std::copy(tile_class.tiles.begin(), tile_class.tiles.end(), tiles.begin());
    for (int i = 0; i < n; ++i) {
      const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - i)));
      std::swap(tiles[static_cast<std::size_t>(i)], tiles[static_cast<std::size_t>(j)]);
    }
    int at = 0;
    for (int k = 0; k < slots_; ++k)
      for (int i = 0; i < chosen[k]; ++i)
        hands[slot_seat_[k]].insert(tiles[static_cast<std::size_t>(at++)]);
    for (int k = 0; k < slots_; ++k) owed[k] -= chosen[k];
  }
  assert(std::all_of(owed.begin(), owed.begin() + slots_, [](int o) { return o == 0; }));
  return hands;
}

namespace {

// Deals the other seats from slot `slot` on (slot k is seat me + 1 + k), each its tile count of
// the unseen tiles not yet dealt that avoid the values it lacks; the tiles left over are undrawn.
struct WorldEnumeration {
  const Observation& obs;
  const std::function<void(const TableHands&)>& visit;
  TableHands hands{};
  TileSet left;  // unseen tiles not yet dealt

  void deal_slot(int slot) {
    if (slot == obs.seats() - 1) {
      visit(hands);
      return;
    }
    const Seat seat = static_cast<Seat>((obs.seat() + 1 + slot) % obs.seats());
    const TileSet allowed = left - obs.lacks(seat).tiles_touching();
    std::vector<Tile> tiles;
    for (Tile t : allowed) tiles.push_back(t);
    choose(slot, seat, tiles, 0, obs.tile_count(seat));
  }

  // Gives `seat` `owed` more tiles among tiles[from..], then deals the next slot.
  void choose(int slot, Seat seat, const std::vector<Tile>& tiles, std::size_t from, int owed) {
    if (owed == 0) {
      deal_slot(slot + 1);
      return;
    }
    for (std::size_t i = from; i + static_cast<std::size_t>(owed) <= tiles.size(); ++i) {
      hands[seat].insert(tiles[i]);
      left.erase(tiles[i]);
      choose(slot, seat, tiles, i + 1, owed - 1);
      left.insert(tiles[i]);
      hands[seat].erase(tiles[i]);
    }
  }
};

}  // namespace

void for_each_world(const Observation& obs, const std::function<void(const TableHands&)>& visit) {
  WorldEnumeration e{obs, visit, {}, obs.unseen()};
  e.hands[obs.seat()] = obs.hand();
  e.deal_slot(0);
}

State determinize(const Observation& obs, const TableHands& hands) {
  State s;
  s.seats = static_cast<std::uint8_t>(obs.seats());
  for (Seat seat = 0; seat < obs.seats(); ++seat) {
    s.hands[seat] = hands[seat];
    s.lacks[seat] = obs.lacks(seat);
  }
  s.line = obs.line();
  s.left = static_cast<std::int8_t>(obs.left_end());
  s.right = static_cast<std::int8_t>(obs.right_end());
  s.to_move = static_cast<std::uint8_t>(obs.seat());
  s.leader = static_cast<std::uint8_t>(obs.leader());
  s.lead_tile = static_cast<std::int8_t>(obs.lead_tile());
  const auto history = obs.history();
  s.last_was_pass = !history.empty() && history.back().is_pass();
  return s;
}

}  // namespace dominoes
