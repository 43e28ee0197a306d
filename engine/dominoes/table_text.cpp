#include "engine/dominoes/table_text.h"

#include <deque>
#include <utility>

#include "engine/dominoes/notation.h"

namespace dominoes {

std::string line_as_laid(const History& history) {
  std::deque<std::pair<int, int>> tiles;  // (left value, right value) of each tile as laid
  int left = -1, right = -1;
  for (const Move m : history.moves()) {
    const Tile t = m.tile();
    switch (m.placement()) {
      case Placement::kLead:
        tiles.push_back({tile_low(t), tile_high(t)});
        break;
      case Placement::kLeft:
        tiles.push_front({other_value(t, left), left});
        break;
      case Placement::kRight:
        tiles.push_back({right, other_value(t, right)});
        break;
      case Placement::kPass:
        break;
    }
    const LineEnds ends = ends_after(m, left, right);
    left = ends.left, right = ends.right;
  }
  if (tiles.empty()) return "(empty)";
  std::string out;
  for (const auto& [a, b] : tiles) {
    if (!out.empty()) out += ' ';
    out += std::to_string(a) + "-" + std::to_string(b);
  }
  return out;
}

namespace {

std::string padded(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

std::string hand_text(TileSet hand) {
  std::string text;
  for (Tile t : reading_order(hand)) {
    if (!text.empty()) text += ' ';
    text += to_string(t);
  }
  return text.empty() ? "(none)" : text;
}

}  // namespace

std::string values_text(ValueSet values) {
  std::string text;
  for (int v = 0; v <= kMaxPip; ++v)
    if (values.contains(v)) {
      if (!text.empty()) text += ", ";
      text += std::to_string(v);
    }
  return text;
}

std::string table_text(const State& state, const History& history, Seat viewer,
                       std::span<const std::string> labels) {
  std::string out = "line     " + line_as_laid(history);
  if (!state.line_empty())
    out += "    open ends " + std::to_string(state.left) + " (L) and " +
           std::to_string(state.right) + " (R)";
  for (Seat seat = state.next_seat(viewer); seat != viewer; seat = state.next_seat(seat)) {
    const int count = state.hands[seat].size();
    out += "\n" + labels[seat] + ": " + std::to_string(count) + (count == 1 ? " tile" : " tiles");
    if (!state.lacks[seat].empty()) out += ", has shown it lacks " + values_text(state.lacks[seat]);
  }
  return out + "\n" + padded(labels[viewer], 9) + hand_text(state.hands[viewer]) + "   (" +
         std::to_string(pips(state.hands[viewer])) + " pips)\n";
}

}  // namespace dominoes
