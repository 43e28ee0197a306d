#include "engine/puzzles/magic_fingers.h"

#include <cassert>
#include <cstdio>

namespace puzzles::magic_fingers {
namespace {

using search::Outcome;
using search::RetrogradeValue;

// Chart index of the first hands with low hand `low`: 00 is 0, 11 is 5, 22 is 9, 33 is 12, 44
// is 14.
constexpr int kLowStart[5] = {0, 5, 9, 12, 14};

// Returns a count after fingers were added: below 5 it stands; at 5 or more the hand dies, or
// wraps mod 5 under rollover.
int settle(const Rules& rules, int count) {
  if (count < 5) return count;
  return rules.rollover ? count % 5 : 0;
}

Move make_move(Move::Kind kind, int first, int second) {
  return {kind, static_cast<std::uint8_t>(first), static_cast<std::uint8_t>(second)};
}

// Appends `m` unless the list holds it already: equal hands give equal moves, listed once.
void add_unique(MoveList& out, int& n, Move m) {
  for (int i = 0; i < n; ++i)
    if (out[i] == m) return;
  assert(n < kMaxMoves);
  out[n++] = m;
}

void add_claps(const Rules& rules, Hands h, MoveList& out, int& n) {
  const int counts[2] = {h.high, h.low};
  for (int from = 0; from < 2; ++from) {
    const int give = counts[from], receive = counts[1 - from];
    for (int f = 1; f <= give; ++f) {
      if (f == give && !rules.empty_claps) continue;
      if (receive + f >= 5 && !rules.claps_may_kill) continue;
      if (give - f == receive) continue;  // a mere swap changes nothing: the seed forbids it
      add_unique(out, n, make_move(Move::Kind::kClap, give - f, settle(rules, receive + f)));
    }
  }
}

void add_touches(Hands mine, Hands theirs, MoveList& out, int& n) {
  for (const int my : {mine.high, mine.low})
    for (const int their : {theirs.high, theirs.low})
      if (my > 0 && their > 0) add_unique(out, n, make_move(Move::Kind::kTouch, my, their));
}

char sign(Outcome o) {
  return o == Outcome::kWin ? '+' : o == Outcome::kLoss ? '-' : ' ';
}

// Returns a chart whose cell for (mover, opponent) is `cell(position)`, 4 characters wide.
template <typename Cell>
std::string chart(Cell cell) {
  std::string text = "   ";
  for (int c = 1; c < kHandsCount; ++c) text += "   " + to_string(hands_at(c));
  text += "\n   ";
  for (int c = 1; c < kHandsCount; ++c) text += " ----";
  text += "\n";
  for (int r = 1; r < kHandsCount; ++r) {
    text += to_string(hands_at(r)) + ":";
    for (int c = 1; c < kHandsCount; ++c) {
      text += ' ';
      text += cell(Position{hands_at(r), hands_at(c)});
    }
    text += "\n";
  }
  return text;
}

}  // namespace

Hands make_hands(int a, int b) {
  assert(a >= 0 && a <= 4 && b >= 0 && b <= 4);
  const int low = a < b ? a : b, high = a < b ? b : a;
  return {static_cast<std::uint8_t>(low), static_cast<std::uint8_t>(high)};
}

int hands_index(Hands h) {
  return kLowStart[h.low] + h.high - h.low;
}

Hands hands_at(int i) {
  assert(i >= 0 && i < kHandsCount);
  int low = 4;
  while (kLowStart[low] > i) --low;
  return make_hands(low, low + i - kLowStart[low]);
}

std::string to_string(Hands h) {
  return {static_cast<char>('0' + h.low), static_cast<char>('0' + h.high)};
}

int position_index(const Position& p) {
  return hands_index(p.mover) * kHandsCount + hands_index(p.opponent);
}

Position position_at(int i) {
  return {hands_at(i / kHandsCount), hands_at(i % kHandsCount)};
}

std::string to_string(Move m) {
  const char a = static_cast<char>('0' + m.first), b = static_cast<char>('0' + m.second);
  return m.kind == Move::Kind::kTouch ? std::string{a, 'T', b} : std::string{'C', a, b};
}

std::optional<Outcome> terminal_outcome(const Position& p) {
  if (p.mover.high == 0) return Outcome::kLoss;
  if (p.opponent.high == 0) return Outcome::kWin;
  return std::nullopt;
}

int legal_moves(const Rules& rules, const Position& p, MoveList& out) {
  if (terminal_outcome(p)) return 0;
  int n = 0;
  add_claps(rules, p.mover, out, n);
  add_touches(p.mover, p.opponent, out, n);
  return n;
}

Position play(const Rules& rules, const Position& p, Move m) {
  if (m.kind == Move::Kind::kClap) return {p.opponent, make_hands(m.first, m.second)};
  // A touch: the touched hand (one holding m.second) gets m.first added; the other stays.
  const Hands& t = p.opponent;
  const int untouched = t.low == m.second ? t.high : t.low;
  assert(t.low == m.second || t.high == m.second);
  return {make_hands(untouched, settle(rules, m.second + m.first)), p.mover};
}

search::GameGraph game_graph(const Rules& rules) {
  return search::build_graph(
      kPositions, [](std::size_t i) { return terminal_outcome(position_at(static_cast<int>(i))); },
      [&](std::size_t i, std::vector<std::uint32_t>& out) {
        const Position p = position_at(static_cast<int>(i));
        MoveList moves;
        const int n = legal_moves(rules, p, moves);
        for (int k = 0; k < n; ++k)
          out.push_back(static_cast<std::uint32_t>(position_index(play(rules, p, moves[k]))));
      });
}

Solution solve(const Rules& rules) {
  Solution s{rules, search::retrograde(game_graph(rules)),
             std::vector<std::optional<Move>>(kPositions)};
  for (int i = 0; i < kPositions; ++i) {
    const Position p = position_at(i);
    MoveList moves;
    const int n = legal_moves(rules, p, moves);
    for (int k = 0; k < n && !s.best[i]; ++k)
      if (search::is_best_move(s.values[i], s.value(play(rules, p, moves[k]))))
        s.best[i] = moves[k];
    assert(n == 0 || s.best[i]);  // retrograde guarantees a move realising every value
  }
  return s;
}

std::string chart_text(const Solution& s) {
  return chart([&](const Position& p) {
    const auto& m = s.best_move(p);
    std::string cell(1, sign(s.value(p).outcome));
    return cell += m ? to_string(*m) : "   ";
  });
}

std::string distance_chart_text(const Solution& s) {
  return chart([&](const Position& p) {
    const RetrogradeValue& v = s.value(p);
    if (v.outcome == Outcome::kDraw) return std::string(4, ' ');
    char cell[16];  // chart cells are never terminal: the distance is at least 1, signed
    std::snprintf(cell, sizeof cell, "%+4d", v.outcome == Outcome::kWin ? v.distance : -v.distance);
    return std::string(cell);
  });
}

std::string verdict_text(const Solution& s) {
  const RetrogradeValue& v = s.value(Position{make_hands(1, 1), make_hands(1, 1)});
  const std::string plies = " in " + std::to_string(v.distance) + " plies";
  switch (v.outcome) {
    case Outcome::kWin:
      return "11 v 11: the player to move wins" + plies + " (the first player wins)";
    case Outcome::kLoss:
      return "11 v 11: the player to move loses" + plies + " (the second player wins)";
    case Outcome::kDraw:
      break;
  }
  return "11 v 11: a draw (neither player can force a win)";
}

std::string rules_text(const Rules& rules) {
  return std::string("rules: ") +
         (rules.rollover ? "counts wrap mod 5" : "a hand with 5 or more dies") +
         (rules.empty_claps ? "; claps may empty the giving hand"
                            : "; claps may not empty the giving hand") +
         (rules.claps_may_kill ? "; claps may reach 5 or more" : "; claps may not reach 5");
}

}  // namespace puzzles::magic_fingers
