#include "arena/dataset/decision_rows.h"

#include <algorithm>
#include <limits>

#include "engine/dominoes/action_mask.h"
#include "engine/dominoes/actions.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation_tensor.h"

namespace dataset {
namespace {

template <typename T>
void append_column(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// Appends to `owner` where each tile is for seat `seat` in `state`, as DecisionRows::owner says.
void add_owners(const dominoes::State& state, const RowShape& shape, dominoes::Seat seat,
                std::vector<std::int8_t>& owner) {
  const int never_dealt = shape.seats - 1;
  for (int t = 0; t < shape.tiles; ++t) {
    const auto tile = static_cast<dominoes::Tile>(t);
    std::int8_t place =
        state.line.contains(tile) ? std::int8_t{-1} : static_cast<std::int8_t>(never_dealt);
    for (dominoes::Seat s = 0; s < shape.seats; ++s) {
      if (!state.hands[s].contains(tile)) continue;
      const int relative = (s - seat + shape.seats) % shape.seats;
      place = static_cast<std::int8_t>(relative == 0 ? -1 : relative - 1);
    }
    owner.push_back(place);
  }
}

// Appends the values of every action for the seat to move in `state`, whose legal moves are
// `legal` (the pass alone when empty), NaN where illegal.
void add_move_values(const dominoes::State& state, const dominoes::MoveList& legal,
                     const dominoes::Rules& rules, const RowShape& shape,
                     endgame::BlockDominoesSolver& solver, std::vector<float>& out) {
  dominoes::MoveList moves = legal;
  if (moves.empty()) moves.push_back(dominoes::Move::pass());
  int values[dominoes::MoveList::kCapacity];
  solver.move_values(state, moves, 0, values);
  const std::size_t start = out.size();
  out.resize(start + static_cast<std::size_t>(shape.actions),
             std::numeric_limits<float>::quiet_NaN());
  for (int k = 0; k < moves.size(); ++k)
    out[start + static_cast<std::size_t>(dominoes::action_index(moves[k], rules))] =
        static_cast<float>(values[k]);
}

// Appends the observation tensor of the seat to move, as bytes (every entry a small integer).
void add_observation(const dominoes::State& state, const dominoes::History& history,
                     const dominoes::Rules& rules, const dominoes::TensorLayout& layout,
                     std::vector<float>& scratch, std::vector<std::uint8_t>& obs) {
  dominoes::write_observation_tensor(state, history, rules, layout, state.to_move, scratch.data());
  for (const float v : scratch) obs.push_back(static_cast<std::uint8_t>(v));
}

}  // namespace

RowShape row_shape(const dominoes::Rules& rules, bool move_values) {
  RowShape shape;
  shape.observation = dominoes::tensor_layout(rules).size;
  shape.actions = dominoes::action_count(rules);
  shape.tiles = dominoes::tile_count(rules.max_pip);
  shape.seats = rules.seats;
  shape.move_values = move_values;
  return shape;
}

void DecisionRows::append(const DecisionRows& more) {
  append_column(obs, more.obs);
  append_column(legal, more.legal);
  append_column(action, more.action);
  append_column(seat, more.seat);
  append_column(player, more.player);
  append_column(owner, more.owner);
  append_column(points, more.points);
  append_column(deal, more.deal);
  append_column(game, more.game);
  append_column(move_value, more.move_value);
}

void DecisionRows::reserve(std::int64_t count) {
  const auto n = static_cast<std::size_t>(count);
  obs.reserve(n * static_cast<std::size_t>(shape.observation));
  legal.reserve(n * static_cast<std::size_t>(shape.actions));
  action.reserve(n);
  seat.reserve(n);
  player.reserve(n);
  owner.reserve(n * static_cast<std::size_t>(shape.tiles));
  points.reserve(n);
  deal.reserve(n);
  game.reserve(n);
  if (shape.move_values) move_value.reserve(n * static_cast<std::size_t>(shape.actions));
}

int net_points(const std::array<int, dominoes::kMaxSeats>& points, int seats, int seat) {
  const int winners = *std::max_element(points.begin(), points.begin() + seats);
  return points[seat] == winners ? winners : -winners;
}

void add_game_rows(const tournament::GameRecord& record, const dominoes::Rules& rules,
                   const SeatPlayers& players, endgame::BlockDominoesSolver* solver,
                   DecisionRows& rows) {
  const RowShape& shape = rows.shape;
  const dominoes::TensorLayout layout = dominoes::tensor_layout(rules);
  thread_local std::vector<float> scratch;  // one tensor, reused by every row of the thread
  scratch.resize(static_cast<std::size_t>(layout.size));
  dominoes::History history(record.leader, record.seats);
  tournament::replay(record, [&](const dominoes::State& state, const dominoes::MoveList& legal,
                                 dominoes::Move played) {
    const dominoes::Seat seat = state.to_move;
    add_observation(state, history, rules, layout, scratch, rows.obs);
    const std::size_t mask = rows.legal.size();
    rows.legal.resize(mask + static_cast<std::size_t>(shape.actions));
    dominoes::write_action_mask(legal, rules, rows.legal.data() + mask);
    rows.action.push_back(static_cast<std::int16_t>(dominoes::action_index(played, rules)));
    rows.seat.push_back(static_cast<std::uint8_t>(seat));
    rows.player.push_back(static_cast<std::uint8_t>(players[seat]));
    add_owners(state, shape, seat, rows.owner);
    rows.points.push_back(static_cast<float>(net_points(record.points, record.seats, seat)));
    rows.deal.push_back(record.deal);
    rows.game.push_back(static_cast<std::int16_t>(record.game));
    if (shape.move_values) add_move_values(state, legal, rules, shape, *solver, rows.move_value);
    history.push_back(played);
  });
}

}  // namespace dataset
