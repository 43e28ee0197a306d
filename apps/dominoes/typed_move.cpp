#include "apps/dominoes/typed_move.h"

#include <cctype>

#include "engine/common/text.h"
#include "engine/dominoes/notation.h"

namespace dominoes_cli {
namespace {

using dominoes::Move;
using dominoes::Placement;
using Result = std::variant<Move, std::string>;

std::string choices(const dominoes::MoveList& legal) {
  return "type 1 to " + std::to_string(legal.size()) + " or a move such as " +
         dominoes::to_string(legal[0]);
}

Result by_number(const std::string& text, const dominoes::MoveList& legal) {
  const auto n = common::parse_int<int>(text);
  if (!n || *n < 1 || *n > legal.size())
    return "there is no move " + common::quoted(text, 10) + ": " + choices(legal);
  return legal[*n - 1];
}

// A bare tile mid-game: the one legal move with that tile, if there is exactly one.
Result bare_tile(dominoes::Tile tile, const dominoes::State& s, const dominoes::MoveList& legal) {
  const std::string name = dominoes::to_string(tile);
  Move found = Move::pass();
  int count = 0;
  for (Move m : legal)
    if (m.tile() == tile) found = m, ++count;
  if (count == 1) return found;
  if (count == 2) return name + " fits both ends: type " + name + "L or " + name + "R";
  if (!s.hands[s.to_move].contains(tile)) return "you do not hold " + name;
  return name + " matches neither open end (" + std::to_string(s.left) + " and " +
         std::to_string(s.right) + ")";
}

Result on_end(Move m, const dominoes::State& s, const dominoes::MoveList& legal) {
  const std::string name = dominoes::to_string(m.tile());
  if (!s.hands[s.to_move].contains(m.tile())) return "you do not hold " + name;
  if (s.line_empty()) return "the line is empty: lead with the bare tile, " + name;
  // With equal ends only the left-end move is listed: both sides give the same line.
  if (s.left == s.right) m = Move(m.tile(), Placement::kLeft);
  if (legal.contains(m)) return m;
  const bool left = m.placement() == Placement::kLeft;
  return name + " does not match the " + (left ? "left" : "right") + " end " +
         std::to_string(left ? s.left : s.right);
}

}  // namespace

Result read_typed_move(const std::string& typed, const dominoes::State& s,
                       const dominoes::MoveList& legal, int max_pip) {
  std::string text = common::trimmed(typed);
  if (text.empty()) return "type a move: " + choices(legal) + " (help explains)";
  if (std::isdigit(static_cast<unsigned char>(text[0]))) {
    if (text.find('-') == std::string::npos) return by_number(text, legal);
  }
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (text == "pass")
    return std::string("you cannot pass while you have a move: ") + choices(legal);
  if (text.back() == 'l' || text.back() == 'r')
    text.back() = static_cast<char>(std::toupper(text.back()));
  Move m;
  try {
    m = dominoes::parse_move(text, max_pip);
  } catch (const dominoes::NotationError&) {
    return common::quoted(typed, 20) + " is not a move: " + choices(legal) + " (help explains)";
  }
  if (m.placement() != Placement::kLead) return on_end(m, s, legal);
  if (s.line_empty())
    return legal.contains(m) ? Result(m)
                             : Result("you do not hold " + dominoes::to_string(m.tile()));
  return bare_tile(m.tile(), s, legal);
}

}  // namespace dominoes_cli
