#include "engine/dominoes/observation_tensor.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace dominoes {

TensorLayout tensor_layout(const Rules& rules) {
  TensorLayout l;
  l.tiles = tile_count(rules.max_pip);
  l.values = rules.max_pip + 1;
  l.seats = rules.seats;
  l.teams = team_count(rules);
  int at = 0;
  const auto take = [&at](int n) {
    const int start = at;
    at += n;
    return start;
  };
  l.hand = take(l.tiles);
  l.played = take(l.seats * l.tiles);
  l.ends = take(2 * l.values + 1);
  l.counts = take(l.seats);
  l.lacks = take(l.seats * l.values);
  l.passes = take(l.seats);
  l.leader = take(l.seats);
  l.to_move = take(l.seats);
  l.seat = take(l.seats);
  l.team = take(l.teams);
  l.size = at;
  return l;
}

namespace {

void require_size(std::span<float> out, int size, const char* what) {
  if (static_cast<int>(out.size()) != size)
    throw std::invalid_argument(std::string(what) + " holds " + std::to_string(out.size()) +
                                " floats: give " + std::to_string(size) +
                                " (tensor_layout(rules).size)");
}

}  // namespace

void tensor_high(const Rules& rules, std::span<float> high) {
  const TensorLayout l = tensor_layout(rules);
  require_size(high, l.size, "high");
  std::fill(high.begin(), high.end(), 1.0f);
  std::fill_n(high.begin() + l.counts, l.seats, static_cast<float>(rules.hand_size));
  std::fill_n(high.begin() + l.passes, l.seats, static_cast<float>(rules.seats * rules.hand_size));
}

void write_observation_tensor(const State& state, const History& history, const Rules& rules,
                              Seat seat, std::span<float> out) {
  const TensorLayout l = tensor_layout(rules);
  require_size(out, l.size, "out");
  write_observation_tensor(state, history, rules, l, seat, out.data());
}

namespace {

// Writes the tensor of seat `seat` holding `hand`, after the public record `moves` (led by
// `leader`), where `pub` holds the line's ends, the lacks and the seat to move after those moves,
// and counts[s] the tiles seat s holds then. Both writers below call it.
void write_sections(const State& pub, TileSet hand, std::span<const Move> moves, Seat leader,
                    const std::array<int, kStateSeats>& counts, const Rules& rules,
                    const TensorLayout& l, Seat seat, float* out) {
  std::fill_n(out, l.size, 0.0f);
  const int seats = l.seats;
  // The relative seat of absolute seat s: how many places after the observer it plays.
  const auto relative = [seat, seats](int s) { return s >= seat ? s - seat : s - seat + seats; };

  for (Tile t : hand) out[l.hand + t] = 1.0f;

  // One pass over the public record: who played which tile, and who passed how often.
  int mover = leader;
  for (const Move m : moves) {
    const int r = relative(mover);
    if (m.is_pass())
      out[l.passes + r] += 1.0f;
    else
      out[l.played + r * l.tiles + m.tile()] = 1.0f;
    mover = mover + 1 == seats ? 0 : mover + 1;
  }

  if (pub.line_empty()) {
    out[l.ends + 2 * l.values] = 1.0f;
  } else {
    out[l.ends + pub.left] = 1.0f;
    out[l.ends + l.values + pub.right] = 1.0f;
  }

  for (Seat s = 0; s < seats; ++s) {
    const int r = relative(s);
    out[l.counts + r] = static_cast<float>(counts[s]);
    const ValueSet lacks = pub.lacks[s];
    for (int v = 0; v < l.values; ++v)
      if (lacks.contains(v)) out[l.lacks + r * l.values + v] = 1.0f;
  }

  out[l.leader + relative(leader)] = 1.0f;
  out[l.to_move + relative(pub.to_move)] = 1.0f;
  out[l.seat + seat] = 1.0f;
  out[l.team + team_of(rules, seat)] = 1.0f;
}

}  // namespace

void write_observation_tensor(const State& state, const History& history, const Rules& rules,
                              const TensorLayout& l, Seat seat, float* out) {
  std::array<int, kStateSeats> counts{};
  for (Seat s = 0; s < l.seats; ++s) counts[s] = state.hands[s].size();
  write_sections(state, state.hands[seat], history.moves(), history.leader(), counts, rules, l,
                 seat, out);
}

void write_record_observation(const Rules& rules, const TensorLayout& l, Seat seat, TileSet hand,
                              std::span<const Move> moves, Seat leader, float* out) {
  State pub;
  pub.seats = static_cast<std::uint8_t>(rules.seats);
  pub.to_move = static_cast<std::uint8_t>(leader);
  pub.leader = static_cast<std::uint8_t>(leader);
  std::array<int, kStateSeats> counts{};
  for (Seat s = 0; s < rules.seats; ++s) counts[s] = rules.hand_size;
  for (const Move m : moves) {
    if (!m.is_pass()) --counts[pub.to_move];
    apply_public(pub, m);
  }
  write_sections(pub, hand, moves, leader, counts, rules, l, seat, out);
}

}  // namespace dominoes
