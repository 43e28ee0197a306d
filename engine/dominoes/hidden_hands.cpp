#include "engine/dominoes/hidden_hands.h"

#include <algorithm>
#include <cassert>

#include "engine/dominoes/deal.h"

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

// What a consistent world holds beyond the tile counts and the lacks (hidden_hands.h).
struct RecordFacts {
  TableHands known{};    // tiles known in each seat's hand: the observer's, the lead still held
  TileSet undrawn_only;  // unseen tiles no seat was dealt: heavier than a lead the rules forced
  bool ends_need_a_seat = false;  // some other seat must hold one of `fitting`
  TileSet fitting;                // the unseen tiles that fit the open ends, undrawn_only aside
};

RecordFacts record_facts(const Observation& obs) {
  RecordFacts f;
  f.known[obs.seat()] = obs.hand();
  const int lead = obs.required_lead();
  if (lead >= 0) {
    for (Tile t : obs.unseen())
      if (heaviest_rank(t) > heaviest_rank(static_cast<Tile>(lead))) f.undrawn_only.insert(t);
    if (obs.line_empty() && obs.leader() != obs.seat())
      f.known[obs.leader()].insert(static_cast<Tile>(lead));
  }
  bool someone_out = false;  // a domino ended the game: no seat needs to be able to play
  for (Seat s = 0; s < obs.seats(); ++s) someone_out |= obs.tile_count(s) == 0;
  if (!obs.line_empty() && !someone_out &&
      !has_legal_move(obs.hand(), obs.left_end(), obs.right_end())) {
    f.ends_need_a_seat = true;
    f.fitting = (obs.unseen() - f.undrawn_only) &
                (tiles_with(obs.left_end()) | tiles_with(obs.right_end()));
  }
  return f;
}

}  // namespace

HiddenHandsSampler::HiddenHandsSampler(const Observation& obs)
    : me_(obs.seat()), seats_(obs.seats()) {
  const RecordFacts facts = record_facts(obs);
  known_ = facts.known;
  flags_ = facts.ends_need_a_seat ? 2 : 1;
  slots_ = seats_ - 1;
  for (int k = 0; k < slots_; ++k) {
    slot_seat_[k] = (me_ + 1 + k) % seats_;
    owed_[k] = obs.tile_count(slot_seat_[k]) - known_[slot_seat_[k]].size();
  }
  if (std::any_of(owed_.begin(), owed_.begin() + slots_, [](int o) { return o < 0; }))
    return;  // no world: count() is 0
  for (int k = slots_ - 1, stride = 1; k >= 0; --k) {
    radix_[k] = stride;
    stride *= owed_[k] + 1;
    states_ = stride;
  }
  group_tiles(obs, facts.undrawn_only, facts.fitting);
  fill_table();
}

void HiddenHandsSampler::group_tiles(const Observation& obs, TileSet undrawn_only,
                                     TileSet fitting) {
  std::array<int, 2 << kSlots> class_of_key;  // by allowed slots and fitting the ends
  class_of_key.fill(-1);
  TileSet known_tiles;
  for (const TileSet& hand : known_) known_tiles |= hand;
  for (Tile t : obs.unseen() - known_tiles) {
    int mask = 0;
    for (int k = 0; k < slots_; ++k)
      if (!obs.lacks(slot_seat_[k]).tiles_touching().contains(t) && !undrawn_only.contains(t))
        mask |= 1 << k;
    const bool fits = fitting.contains(t);
    const int key = mask | (fits ? 1 << kSlots : 0);
    if (class_of_key[key] < 0) {
      class_of_key[key] = static_cast<int>(classes_.size());
      TileClass c;
      for (int k = 0; k < slots_; ++k) c.allowed[k] = (mask >> k) & 1;
      c.fits_ends = fits;
      classes_.push_back(c);
    }
    classes_[static_cast<std::size_t>(class_of_key[key])].tiles.push_back(t);
  }
}

void HiddenHandsSampler::fill_table() {
  const auto n_classes = static_cast<int>(classes_.size());
  table_.assign(static_cast<std::size_t>((n_classes + 1) * flags_ * states_), 0.0);
  table_[block(n_classes, flags_ - 1)] = 1;  // nothing owed after the last class, and met
  std::array<int, kSlots> owed{};
  for (int c = n_classes - 1; c >= 0; --c) {  // last class first
    const TileClass& tile_class = classes_[static_cast<std::size_t>(c)];
    for (int met = 0; met < flags_; ++met) {
      double* row = &table_[block(c, met)];
      const double* next[2] = {&table_[block(c + 1, met)], &table_[block(c + 1, flags_ - 1)]};
      for (int index = 0; index < states_; ++index) {
        for (int k = 0; k < slots_; ++k) owed[k] = index / radix_[k] % (owed_[k] + 1);
        double total = 0;
        for_each_split(tile_class, owed, [&](const std::array<int, kSlots>& split, double ways) {
          std::array<int, kSlots> rest = owed;
          for (int k = 0; k < slots_; ++k) rest[k] -= split[k];
          total += ways * next[met_after(tile_class, split, met)][owed_index(rest)];
        });
        row[index] = total;
      }
    }
  }
}

std::size_t HiddenHandsSampler::block(int c, int met) const {
  return static_cast<std::size_t>((c * flags_ + met) * states_);
}

int HiddenHandsSampler::met_after(const TileClass& c, const std::array<int, kSlots>& split,
                                  int met) const {
  if (flags_ == 1 || !c.fits_ends) return met;
  return split[0] + split[1] + split[2] > 0 ? 1 : met;
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
  TableHands hands = known_;
  std::array<int, kSlots> owed = owed_;
  int met = 0;
  const auto n_classes = static_cast<int>(classes_.size());
  for (int c = 0; c < n_classes; ++c) {
    const TileClass& tile_class = classes_[static_cast<std::size_t>(c)];
    // A split with probability ways x (worlds of the classes after it) / (worlds from here).
    double target =
        rng.uniform() * table_[block(c, met) + static_cast<std::size_t>(owed_index(owed))];
    std::array<int, kSlots> chosen{};
    bool found = false;
    for_each_split(tile_class, owed, [&](const std::array<int, kSlots>& split, double ways) {
      if (found) return;
      std::array<int, kSlots> rest = owed;
      for (int k = 0; k < slots_; ++k) rest[k] -= split[k];
      const double weight = ways * table_[block(c + 1, met_after(tile_class, split, met)) +
                                          static_cast<std::size_t>(owed_index(rest))];
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
    met = met_after(tile_class, chosen, met);
  }
  assert(std::all_of(owed.begin(), owed.begin() + slots_, [](int o) { return o == 0; }));
  assert(met == flags_ - 1);
  return hands;
}

namespace {

// Deals the other seats from slot `slot` on (slot k is seat me + 1 + k), each its tile count of
// the unseen tiles not yet dealt that avoid the values it lacks and are not undrawn-only; the
// tiles left over are undrawn. A complete deal is visited when it meets the game-goes-on
// constraint.
struct WorldEnumeration {
  const Observation& obs;
  const RecordFacts& facts;
  const std::function<void(const TableHands&)>& visit;
  TableHands hands{};
  TileSet left;  // unseen tiles not yet dealt

  void deal_slot(int slot) {
    if (slot == obs.seats() - 1) {
      if (!facts.ends_need_a_seat || !(facts.fitting - left).empty()) visit(hands);
      return;
    }
    const Seat seat = static_cast<Seat>((obs.seat() + 1 + slot) % obs.seats());
    const TileSet allowed = left - obs.lacks(seat).tiles_touching() - facts.undrawn_only;
    std::vector<Tile> tiles;
    for (Tile t : allowed) tiles.push_back(t);
    const int owed = obs.tile_count(seat) - facts.known[seat].size();
    if (owed >= 0) choose(slot, seat, tiles, 0, owed);
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
  const RecordFacts facts = record_facts(obs);
  TileSet known_tiles;
  for (const TileSet& hand : facts.known) known_tiles |= hand;
  WorldEnumeration e{obs, facts, visit, facts.known, obs.unseen() - known_tiles};
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
