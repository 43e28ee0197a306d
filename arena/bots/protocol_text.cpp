#include "arena/bots/protocol_text.h"

#include <cassert>

#include "engine/dominoes/notation.h"

namespace bots {

using dominoes::Move;
using dominoes::Placement;

std::string rules_text(const dominoes::Rules& rules) {
  std::string text =
      "double=" + std::to_string(rules.max_pip) + ",hand=" + std::to_string(rules.hand_size);
  if (rules.seats > 2)
    text += ",seats=" + std::to_string(rules.seats) +
            ",partners=" + (rules.partners ? "true" : "false") +
            ",block=" + std::string(dominoes::to_string(rules.block));
  return text + ",scoring=" + std::string(dominoes::to_string(rules.scoring, rules.seats));
}

std::string table_fields(const dominoes::Rules& rules) {
  if (rules.seats == 2) return "";
  std::string teams;
  for (int s = 0; s < rules.seats; ++s) {
    if (s > 0) teams += ',';  // appended, not a temporary: GCC 12's -Wrestrict misfires
    teams += std::to_string(dominoes::team_of(rules, s));
  }
  return "seats=" + std::to_string(rules.seats) + " teams=" + teams + " ";
}

std::string gameover_message(int seats, const int* points, const dominoes::TileSet* hands) {
  std::string p, h;
  for (int s = 0; s < seats; ++s) {
    if (s > 0) p += ',', h += '/';  // appended, not a temporary: GCC 12's -Wrestrict misfires
    p += std::to_string(points[s]);
    h += tiles_text(hands[s]);
  }
  return "gameover points=" + p + " hands=" + h;
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
    case Placement::kLead:
      tiles_.assign({{low, high}});
      break;  // lies low-high (state.h)
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
    case Placement::kPass:
      break;
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

namespace {

// The values of `values` comma-separated, or "-" for none.
std::string values_text(dominoes::ValueSet values, int max_pip) {
  std::string text;
  for (int v = 0; v <= max_pip; ++v) {
    if (!values.contains(v)) continue;
    if (!text.empty()) text += ',';
    text += std::to_string(v);
  }
  return text.empty() ? "-" : text;
}

}  // namespace

std::string go_message(const dominoes::Observation& obs, const LaidLine& line,
                       const dominoes::MoveList& legal, int time_ms) {
  const int max_pip = obs.rules().max_pip;
  std::string seats_part;
  if (obs.seats() == 2) {
    seats_part = " opp=" + std::to_string(obs.opponent_tile_count()) +
                 " lacks=" + values_text(obs.opponent_lacks(), max_pip);
  } else {
    std::string counts, lacks;
    for (int s = 0; s < obs.seats(); ++s) {
      counts += (s == 0 ? "" : ",") + std::to_string(obs.tile_count(s));
      lacks += (s == 0 ? "" : "/") + values_text(obs.lacks(s), max_pip);
    }
    seats_part = " counts=" + counts + " lacks=" + lacks;
  }
  return "go line=" + line.text() + " ends=" + line.ends_text() +
         " hand=" + tiles_text(obs.hand()) + seats_part + " legal=" + moves_text(legal) +
         " time=" + std::to_string(time_ms);
}

bool ignorable_line(const std::string& line) {
  return line.empty() || line[0] == '#' || line == "info" || line.rfind("info ", 0) == 0;
}

}  // namespace bots
