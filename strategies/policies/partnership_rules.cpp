#include "strategies/policies/partnership_rules.h"

#include <array>
#include <tuple>

#include "strategies/policies/heuristic_policy.h"
#include "strategies/seed_order.h"

namespace strategies {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Placement;
using dominoes::Seat;
using dominoes::Tile;
using dominoes::TileSet;
using dominoes::ValueSet;

namespace {

using Ends = dominoes::LineEnds;
using dominoes::ends_after;

// The value `m` leaves at the end it covers (a lead: its high value).
int exposed_value(Move m, int left, int right) {
  const Tile t = m.tile();
  switch (m.placement()) {
    case Placement::kLeft:
      return dominoes::other_value(t, left);
    case Placement::kRight:
      return dominoes::other_value(t, right);
    default:
      return dominoes::tile_high(t);
  }
}

// The values of `suits` that an open end of `e` shows.
ValueSet showing(Ends e, ValueSet suits) {
  ValueSet shown;
  if (e.left >= 0 && suits.contains(e.left)) shown.insert(e.left);
  if (e.right >= 0 && suits.contains(e.right)) shown.insert(e.right);
  return shown;
}

// How many of the two open ends of `e` show a value of `values`.
int ends_in(Ends e, ValueSet values) {
  return (values.contains(e.left) ? 1 : 0) + (values.contains(e.right) ? 1 : 0);
}

// Keeps the moves of `candidates` that `accept` returns true for, unless it accepts none.
template <class Accept>
void keep_if_any(MoveList& candidates, Accept accept) {
  MoveList kept;
  for (Move m : candidates)
    if (accept(m)) kept.push_back(m);
  if (!kept.empty()) candidates = kept;
}

// Keeps the moves of `candidates` with the greatest key(m).
template <class Key>
void keep_best(MoveList& candidates, Key key) {
  auto best = key(candidates[0]);
  for (Move m : candidates)
    if (key(m) > best) best = key(m);
  MoveList kept;
  for (Move m : candidates)
    if (key(m) == best) kept.push_back(m);
  candidates = kept;
}

PartnershipView make_view(TileSet hand, TileSet line, TileSet all_tiles, int left, int right,
                          const std::array<ValueSet, dominoes::kStateSeats>& lacks,
                          std::span<const Move> moves, Seat leader, Seat me) {
  constexpr int kSeats = 4;
  const Seat partner = (me + 2) % kSeats;
  PartnershipView v;
  v.hand = hand;
  v.line = line;
  v.unseen = all_tiles - hand - line;
  v.left = left;
  v.right = right;
  v.partner_lacks = lacks[partner];
  v.next_lacks = lacks[(me + 1) % kSeats];
  v.other_opponent_lacks = lacks[(me + 3) % kSeats];
  // A suit is the partner's while it may still hold a tile of it: not passed on, some tile unseen.
  const ValueSet put_out = suits_led(moves, leader, partner);
  for (int value = 0; value <= dominoes::kMaxPip; ++value)
    if (put_out.contains(value) && !v.partner_lacks.contains(value) &&
        !(dominoes::tiles_with(value) & v.unseen).empty())
      v.partner_suits.insert(value);
  return v;
}

}  // namespace

ValueSet suits_led(std::span<const Move> moves, Seat leader, Seat seat) {
  ValueSet suits;
  if (moves.empty() || leader != seat) return suits;
  suits.insert(dominoes::tile_low(moves[0].tile()));
  suits.insert(dominoes::tile_high(moves[0].tile()));
  return suits;
}

PartnershipView partnership_view(const dominoes::Observation& obs) {
  std::array<ValueSet, dominoes::kStateSeats> lacks{};
  for (Seat s = 0; s < obs.seats(); ++s) lacks[s] = obs.lacks(s);
  return make_view(obs.hand(), obs.line(), TileSet::full(obs.rules().max_pip), obs.left_end(),
                   obs.right_end(), lacks, obs.history(), obs.leader(), obs.seat());
}

PartnershipView partnership_view(const dominoes::State& before, int max_pip,
                                 std::span<const Move> moves, Seat leader) {
  return make_view(before.hands[before.to_move], before.line, TileSet::full(max_pip), before.left,
                   before.right, before.lacks, moves, leader, before.to_move);
}

Tile partnership_lead(TileSet hand) {
  // Accompaniment: the other tiles held of a value (Simosa's "acompañamiento").
  const auto others = [hand](int value) { return (hand & dominoes::tiles_with(value)).size() - 1; };
  Tile best = hand.first();
  bool best_double = false;
  std::tuple<int, int, int> best_key{-1, -1, -1};
  for (Tile t : hand) {
    const int low = dominoes::tile_low(t), high = dominoes::tile_high(t);
    const bool accompanied_double = dominoes::is_double(t) && others(low) > 0;
    const std::tuple<int, int, int> key =
        accompanied_double ? std::tuple{others(low), high, 0}
                           : std::tuple{others(low) + (low == high ? 0 : others(high)),
                                        dominoes::tile_pips(t), high};
    if ((accompanied_double && !best_double) ||
        (accompanied_double == best_double && key > best_key))
      best = t, best_double = accompanied_double, best_key = key;
  }
  return best;
}

Move partnership_move(const MoveList& legal, const PartnershipView& view) {
  const int left = view.left, right = view.right;
  if (left < 0) {
    const Move lead(partnership_lead(view.hand), Placement::kLead);
    return legal.contains(lead) ? lead : legal[0];
  }
  MoveList candidates = legal;
  // Rule 0: a double (a double left in hand may be hanged).
  keep_if_any(candidates, [](Move m) { return dominoes::is_double(m.tile()); });
  // Rule 1: do not block the partner (take none of its suits off the ends).
  const ValueSet shown_before = showing({left, right}, view.partner_suits);
  keep_if_any(candidates, [&](Move m) {
    const ValueSet after = showing(ends_after(m, left, right), view.partner_suits);
    return (shown_before.bits() & ~after.bits()) == 0;
  });
  // Rule 2: repeat the partner's suit (put one of its values at the end played on).
  keep_if_any(candidates,
              [&](Move m) { return view.partner_suits.contains(exposed_value(m, left, right)); });
  // Rule 3: ends the next opponent lacks; then fewest the partner lacks; then ends the other
  // opponent lacks.
  keep_best(candidates, [&](Move m) {
    const Ends e = ends_after(m, left, right);
    return std::tuple{ends_in(e, view.next_lacks), -ends_in(e, view.partner_lacks),
                      ends_in(e, view.other_opponent_lacks)};
  });
  // Rule 4: hard ends: the most tiles of the new ends in hand or on the line.
  keep_best(candidates,
            [&](Move m) { return visible_carriers(m, left, right, view.hand | view.line); });
  // Rule 5: keep tiles that follow the new ends (do not open a suit without strength).
  keep_best(candidates, [&](Move m) {
    const Ends e = ends_after(m, left, right);
    TileSet rest = view.hand;
    rest.erase(m.tile());
    return (rest & (dominoes::tiles_with(e.left) | dominoes::tiles_with(e.right))).size();
  });
  // Rule 6: drop the heaviest tile; then the highest in the seed's order.
  keep_best(candidates, [&](Move m) {
    return std::tuple{dominoes::tile_pips(m.tile()), seed_order_key(m, left, right)};
  });
  return candidates[0];
}

}  // namespace strategies
