#include "arena/env/extensive_views.h"

#include <algorithm>
#include <stdexcept>

#include "engine/dominoes/actions.h"
#include "engine/dominoes/notation.h"

namespace arena {

using namespace dominoes;

namespace {

void check_seat(const ExtensiveState& node, Seat seat) {
  const int seats = node.rules().seats;
  if (seat < 0 || seat >= seats)
    throw std::invalid_argument("seat " + std::to_string(seat) + " is not valid: valid 0.." +
                                std::to_string(seats - 1));
}

// The hand `seat` holds now: as dealt so far while dealing, else in play.
TileSet hand_of(const ExtensiveState& node, Seat seat) {
  return node.started() ? node.state().hands[seat] : node.dealt(seat);
}

// Writes the pieces one after another into a float span.
class PieceWriter {
 public:
  explicit PieceWriter(std::span<float> out) : out_(out) {}
  // Returns the next piece, `size` floats long.
  std::span<float> next(int size) {
    std::span<float> piece = out_.subspan(at_, static_cast<std::size_t>(size));
    at_ += static_cast<std::size_t>(size);
    return piece;
  }

 private:
  std::span<float> out_;
  std::size_t at_ = 0;
};

void write_tiles(std::span<float> piece, TileSet tiles) {
  for (Tile t : tiles) piece[t] = 1;
}

std::string tiles_text(TileSet tiles) {
  return tiles.empty() ? "-" : to_string(tiles);
}

}  // namespace

std::vector<ViewPiece> view_pieces(const Rules& rules, ViewKind kind) {
  const int S = rules.seats, T = tile_count(rules.max_pip), V = rules.max_pip + 1;
  std::vector<ViewPiece> out{{"player", {S}}};
  if (kind.hands == ViewKind::Hands::kOwn) out.push_back({"hand", {T}});
  if (kind.hands == ViewKind::Hands::kAll) out.push_back({"hands", {S, T}});
  if (!kind.public_info) return out;
  out.push_back({"leader", {S}});
  if (kind.perfect_recall) {
    out.push_back({"history", {ExtensiveState::max_game_length(rules), S + action_count(rules)}});
    return out;
  }
  out.insert(
      out.end(),
      {{"line", {T}}, {"ends", {2, V}}, {"counts", {S}}, {"lacks", {S, V}}, {"to_move", {S}}});
  return out;
}

int view_size(const Rules& rules, ViewKind kind) {
  int size = 0;
  for (const ViewPiece& piece : view_pieces(rules, kind)) {
    int n = 1;
    for (int d : piece.shape) n *= d;
    size += n;
  }
  return size;
}

void write_view(const ExtensiveState& node, Seat seat, ViewKind kind, std::span<float> out) {
  check_seat(node, seat);
  const Rules& rules = node.rules();
  const int size = view_size(rules, kind);
  if (static_cast<int>(out.size()) != size)
    throw std::invalid_argument("the view tensor holds " + std::to_string(size) + " floats, got " +
                                std::to_string(out.size()));
  std::fill(out.begin(), out.end(), 0.0f);
  const int S = rules.seats, T = tile_count(rules.max_pip), V = rules.max_pip + 1;
  PieceWriter w(out);
  w.next(S)[seat] = 1;
  if (kind.hands == ViewKind::Hands::kOwn) write_tiles(w.next(T), hand_of(node, seat));
  if (kind.hands == ViewKind::Hands::kAll)
    for (Seat s = 0; s < S; ++s) write_tiles(w.next(T), hand_of(node, s));
  if (!kind.public_info || !node.started()) return;
  const State& state = node.state();
  const History& history = node.history();
  w.next(S)[state.leader] = 1;
  if (kind.perfect_recall) {
    const int row = S + action_count(rules);
    std::span<float> rows = w.next(ExtensiveState::max_game_length(rules) * row);
    for (int k = 0; k < history.size(); ++k) {
      rows[k * row + history.seat_of(k)] = 1;
      rows[k * row + S + action_index(history[k], rules)] = 1;
    }
    return;
  }
  write_tiles(w.next(T), state.line);
  std::span<float> ends = w.next(2 * V);
  if (!state.line_empty()) ends[state.left] = 1, ends[V + state.right] = 1;
  std::span<float> counts = w.next(S);
  for (Seat s = 0; s < S; ++s) counts[s] = static_cast<float>(state.hands[s].size());
  std::span<float> lacks = w.next(S * V);
  for (Seat s = 0; s < S; ++s)
    for (int v = 0; v < V; ++v)
      if (state.lacks[s].contains(v)) lacks[s * V + v] = 1;
  std::span<float> to_move = w.next(S);
  if (!node.is_terminal()) to_move[state.to_move] = 1;
}

std::string view_text(const ExtensiveState& node, Seat seat, ViewKind kind) {
  check_seat(node, seat);
  const int S = node.rules().seats;
  std::string out = "seat " + std::to_string(seat);
  if (kind.hands == ViewKind::Hands::kOwn) out += " hand " + tiles_text(hand_of(node, seat));
  if (kind.hands == ViewKind::Hands::kAll) {
    out += " hands";
    for (Seat s = 0; s < S; ++s) out += (s ? " / " : " ") + tiles_text(hand_of(node, s));
  }
  if (!node.started()) return out + " dealing";
  if (!kind.public_info) return out;
  const State& state = node.state();
  const History& history = node.history();
  out += " leader " + std::to_string(state.leader);
  if (kind.perfect_recall) {
    out += " history";
    if (history.size() == 0) out += " -";
    for (Move m : history.moves()) out.append(" ").append(to_string(m));
    return out;
  }
  out += " line " + tiles_text(state.line) + " ends ";
  out += state.line_empty() ? "-" : std::to_string(state.left) + "," + std::to_string(state.right);
  out += " counts";
  for (Seat s = 0; s < S; ++s)
    out.append(s ? "," : " ").append(std::to_string(state.hands[s].size()));
  out += " lacks";
  for (Seat s = 0; s < S; ++s) {
    std::string values;
    for (int v = 0; v <= node.rules().max_pip; ++v)
      if (state.lacks[s].contains(v))
        values.append(values.empty() ? "" : ",").append(std::to_string(v));
    out.append(s ? "/" : " ").append(values.empty() ? "-" : values);
  }
  out += " to_move ";
  out += node.is_terminal() ? "-" : std::to_string(state.to_move);
  return out;
}

}  // namespace arena
