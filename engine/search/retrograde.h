// Retrograde analysis: the exact win / loss / draw value of every position of a finite two-player
// game of perfect information, cycles allowed, with the distance to the end under best play.
//
// Method. Positions are indices 0..P-1; the graph gives each position's successors (the positions
// after each legal move, seen from the new side to move) and the values of the terminal
// positions. Work backwards from the terminals, breadth first:
//   1. Every terminal position gets its value at distance 0 and enters a FIFO queue. A
//      non-terminal position with no moves is a loss at distance 0 (the normal-play convention).
//   2. Every other position starts undecided with a counter of its moves (edges, duplicates
//      counted).
//   3. Pop a decided position c at distance d and visit its undecided predecessors p:
//      - c is a LOSS for its mover: p can move there, so p is a WIN at distance d + 1;
//      - c is a WIN: one fewer of p's moves is unexplored; when none are left, every move of p
//        leads to a WIN for the opponent, so p is a LOSS at distance d + 1;
//      - c is a DRAW (only terminal draws are ever queued): nothing to learn.
//   4. Positions still undecided when the queue empties are DRAWs: the side to move can always
//      avoid losing and the opponent can always avoid losing (the game cycles forever).
// The queue holds positions in order of distance, so the first LOSS successor seen gives a WIN
// its shortest distance (1 + the minimum over LOSS successors: the fastest win), and the last WIN
// successor of a LOSS gives it the longest (1 + the maximum over the successors, all WINs: the
// slowest loss). Time and memory are O(P + E) for E moves.
//
// Sources: R. Ströhlein, "Untersuchungen über kombinatorische Spiele", Diplomarbeit, TU München
// (1970), the first retrograde endgame tables; K. Thompson, "Retrograde analysis of certain
// endgames", ICCA Journal 9(3), 131-139 (1986), the successor-counter formulation used here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace search {

/// The value of a position for the side to move.
enum class Outcome : std::uint8_t { kDraw, kWin, kLoss };

/// The distance of a non-terminal draw: the game never ends.
inline constexpr std::int32_t kNoDistance = -1;

/// A position's value for the side to move and its distance in plies to the end of the game under
/// best play (fastest win, slowest loss); 0 at a terminal position, kNoDistance at a non-terminal
/// draw.
struct RetrogradeValue {
  Outcome outcome = Outcome::kDraw;
  std::int32_t distance = kNoDistance;
  bool operator==(const RetrogradeValue&) const = default;
};

/// A game graph in compressed rows: position p's successors are
/// targets[first[p]] .. targets[first[p + 1] - 1]; terminal[p] is its value when the game is over
/// there (its successors are then ignored), nullopt otherwise.
struct GameGraph {
  std::vector<std::uint32_t> first{0};
  std::vector<std::uint32_t> targets;
  std::vector<std::optional<Outcome>> terminal;

  /// Returns the number of positions.
  std::size_t size() const { return terminal.size(); }
};

/// Returns the graph of positions 0..count-1. `terminal(p)` returns the value of p for the side to
/// move if the game is over there, nullopt otherwise; `successors(p, out)` appends the successors
/// of a non-terminal p to the std::vector<std::uint32_t> `out` (it is not called for terminals).
template <typename Terminal, typename Successors>
GameGraph build_graph(std::size_t count, Terminal terminal, Successors successors) {
  GameGraph g;
  g.first.reserve(count + 1);
  g.terminal.reserve(count);
  for (std::size_t p = 0; p < count; ++p) {
    g.terminal.push_back(terminal(p));
    if (!g.terminal.back()) successors(p, g.targets);
    g.first.push_back(static_cast<std::uint32_t>(g.targets.size()));
  }
  return g;
}

/// Returns the graph of the adjacency lists `successors` (one list per position) and the terminal
/// values `terminal` (same length). Throws std::invalid_argument when the lengths differ.
inline GameGraph graph_from_lists(const std::vector<std::vector<std::uint32_t>>& successors,
                                  const std::vector<std::optional<Outcome>>& terminal) {
  if (successors.size() != terminal.size())
    throw std::invalid_argument("retrograde: " + std::to_string(successors.size()) +
                                " successor lists but " + std::to_string(terminal.size()) +
                                " terminal values");
  return build_graph(
      terminal.size(), [&](std::size_t p) { return terminal[p]; },
      [&](std::size_t p, std::vector<std::uint32_t>& out) {
        out.insert(out.end(), successors[p].begin(), successors[p].end());
      });
}

namespace detail {

// Throws std::invalid_argument unless the rows are well formed and every target is a position.
inline void check_graph(const GameGraph& g) {
  if (g.first.size() != g.size() + 1 || g.first.front() != 0 || g.first.back() != g.targets.size())
    throw std::invalid_argument(
        "retrograde: malformed graph rows: " + std::to_string(g.first.size()) + " row starts for " +
        std::to_string(g.size()) + " positions");
  for (std::size_t p = 0; p < g.size(); ++p)
    if (g.first[p] > g.first[p + 1])
      throw std::invalid_argument("retrograde: row of position " + std::to_string(p) +
                                  " is reversed");
  for (const std::uint32_t t : g.targets)
    if (t >= g.size())
      throw std::invalid_argument("retrograde: successor " + std::to_string(t) +
                                  " is not a position: valid 0.." + std::to_string(g.size() - 1));
}

// Returns the predecessor rows of `g` (the edges reversed, duplicates kept), as (first, sources).
inline void predecessors(const GameGraph& g, std::vector<std::uint32_t>& first,
                         std::vector<std::uint32_t>& sources) {
  first.assign(g.size() + 1, 0);
  for (const std::uint32_t t : g.targets) ++first[t + 1];
  for (std::size_t p = 0; p < g.size(); ++p) first[p + 1] += first[p];
  sources.resize(g.targets.size());
  std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
  for (std::uint32_t p = 0; p < g.size(); ++p)
    for (std::uint32_t e = g.first[p]; e < g.first[p + 1]; ++e) sources[next[g.targets[e]]++] = p;
}

}  // namespace detail

/// Returns every position's value for the side to move and its distance (see RetrogradeValue),
/// by the breadth-first retrograde analysis described above. Throws std::invalid_argument when
/// the graph is malformed (row starts inconsistent, a successor outside 0..P-1).
inline std::vector<RetrogradeValue> retrograde(const GameGraph& g) {
  detail::check_graph(g);
  std::vector<std::uint32_t> pred_first, pred;
  detail::predecessors(g, pred_first, pred);
  std::vector<RetrogradeValue> value(g.size());
  std::vector<bool> decided(g.size(), false);
  std::vector<std::uint32_t> unexplored(g.size()), queue;
  queue.reserve(g.size());
  // Steps 1 and 2: seed the queue with the terminals and the positions without moves.
  for (std::uint32_t p = 0; p < g.size(); ++p) {
    unexplored[p] = g.first[p + 1] - g.first[p];
    if (!g.terminal[p] && unexplored[p] > 0) continue;
    value[p] = {g.terminal[p].value_or(Outcome::kLoss), 0};
    decided[p] = true;
    queue.push_back(p);
  }
  // Step 3: decide predecessors in order of distance.
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t c = queue[head];
    if (value[c].outcome == Outcome::kDraw) continue;
    const std::int32_t d = value[c].distance + 1;
    for (std::uint32_t e = pred_first[c]; e < pred_first[c + 1]; ++e) {
      const std::uint32_t p = pred[e];
      if (decided[p]) continue;
      if (value[c].outcome == Outcome::kWin && --unexplored[p] > 0) continue;
      value[p] = {value[c].outcome == Outcome::kLoss ? Outcome::kWin : Outcome::kLoss, d};
      decided[p] = true;
      queue.push_back(p);
    }
  }
  // Step 4: the undecided positions keep their default value, a draw at kNoDistance.
  return value;
}

/// Returns the values of the graph given as adjacency lists and terminal values (see
/// graph_from_lists and retrograde(const GameGraph&); the same errors).
inline std::vector<RetrogradeValue> retrograde(
    const std::vector<std::vector<std::uint32_t>>& successors,
    const std::vector<std::optional<Outcome>>& terminal) {
  return retrograde(graph_from_lists(successors, terminal));
}

/// Returns true when moving from a non-terminal position valued `from` to a successor valued `to`
/// is a best move: to a LOSS one ply sooner for a WIN (the fastest win), to a WIN one ply sooner
/// for a LOSS (the slowest loss), to a DRAW for a DRAW.
inline bool is_best_move(const RetrogradeValue& from, const RetrogradeValue& to) {
  switch (from.outcome) {
    case Outcome::kWin:
      return to.outcome == Outcome::kLoss && to.distance == from.distance - 1;
    case Outcome::kLoss:
      return to.outcome == Outcome::kWin && to.distance == from.distance - 1;
    case Outcome::kDraw:
      return to.outcome == Outcome::kDraw;
  }
  return false;
}

}  // namespace search
