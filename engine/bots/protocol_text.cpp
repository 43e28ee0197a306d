#include "engine/bots/protocol_text.h"

#include <cassert>

#include "engine/dominoes/notation.h"

namespace bots {

using dominoes::Move;
using dominoes::Placement;

std::string rules_text(const dominoes::Rules& rules) {
  return "double=" + std::to_string(rules.max_pip) + ",hand=" + std::to_string(rules.hand_size) +
         ",scoring=" + std::string(dominoes::to_string(rules.scoring));
}

std::string tiles_text(dominoes::TileSet tiles) {
  if (tiles.empty()) return "-";
  return dominoes::to_string(tiles);
}

std::string moves_text(const dominoes::MoveList& moves) {
  std::string s;
  for (Move m : moves) {
    if (!s.empty()) s += ',';
    s += dominoes::to_string(m);
  }
  return s;
}

void LaidLine::play(Move move) {
  if (move.is_pass()) return;
  const dominoes::Tile t = move.tile();
  const int low = dominoes::tile_low(t), high = dominoes::tile_high(t);
  switch (move.placement()) {
    case Placement::kLead: tiles_.assign({{low, high}}); break;  // lies low-high (state.h)
    case Placement::kLeft: {
      const int end = tiles_.front().first;
      assert(dominoes::tile_has(t, end));
      tiles_.push_front({dominoes::other_value(t, end), end});
      break;
    }
    case Placement::kRight: {
      const int end = tiles_.back().second;
      assert(dominoes::tile_has(t, end));
      tiles_.push_back({end, dominoes::other_value(t, end)});
      break;
    }
    case Placement::kPass: break;
  }
}

std::string LaidLine::text() const {
  if (tiles_.empty()) return "-";
  std::string s;
  for (const auto& [left, right] : tiles_) {
    if (!s.empty()) s += ',';
    s += std::to_string(left);
    s += '-';
    s += std::to_string(right);
  }
  return s;
}

std::string LaidLine::ends_text() const {
  if (tiles_.empty()) return "-";
  return std::to_string(tiles_.front().first) + "," + std::to_string(tiles_.back().second);
}

std::string go_message(const dominoes::Observation& obs, const LaidLine& line,
                       const dominoes::MoveList& legal, int time_ms) {
  std::string lacks;
  for (int v = 0; v <= obs.rules().max_pip; ++v) {
    if (!obs.opponent_lacks().contains(v)) continue;
    if (!lacks.empty()) lacks += ',';
    lacks += std::to_string(v);
  }
  return "go line=" + line.text() + " ends=" + line.ends_text() + " hand=" + tiles_text(obs.hand()) +
         " opp=" + std::to_string(obs.opponent_tile_count()) +
         " lacks=" + (lacks.empty() ? "-" : lacks) + " legal=" + moves_text(legal) +
         " time=" + std::to_string(time_ms);
}

bool ignorable_line(const std::string& line) {
  return line.empty() || line[0] == '#' || line == "info" || line.rfind("info ", 0) == 0;
}

}  // namespace bots
