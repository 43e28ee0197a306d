// The line of play as a person sees it: the tiles in order from the left end to the right, each
// turned so that touching values meet ("5-2 2-2 2-3"). The engine's State keeps only the set of
// tiles on the line and its open ends, which is all play needs; this is for display.
#pragma once

#include <deque>
#include <string>
#include <utility>

#include "engine/dominoes/move.h"
#include "engine/dominoes/state.h"

namespace dominoes_cli {

class LineOfPlay {
 public:
  /// Lays tile move `m` (a lead or an end, not a pass), legal in `before`, the state it is played
  /// in.
  void lay(dominoes::Move m, const dominoes::State& before) {
    const dominoes::Tile t = m.tile();
    switch (m.placement()) {
      case dominoes::Placement::kLead:
        tiles_.push_back({dominoes::tile_low(t), dominoes::tile_high(t)});
        break;
      case dominoes::Placement::kLeft:
        tiles_.push_front({dominoes::other_value(t, before.left), before.left});
        break;
      case dominoes::Placement::kRight:
        tiles_.push_back({before.right, dominoes::other_value(t, before.right)});
        break;
      case dominoes::Placement::kPass:
        break;
    }
  }

  /// Returns the tiles left to right as "a-b c-d ...", or "(empty)" before the lead.
  std::string text() const {
    if (tiles_.empty()) return "(empty)";
    std::string out;
    for (const auto& [left, right] : tiles_) {
      if (!out.empty()) out += ' ';
      out += std::to_string(left) + "-" + std::to_string(right);
    }
    return out;
  }

 private:
  std::deque<std::pair<int, int>> tiles_;  // (left value, right value) of each tile as laid
};

}  // namespace dominoes_cli
