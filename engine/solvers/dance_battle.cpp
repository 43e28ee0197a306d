#include "engine/solvers/dance_battle.h"

#include "engine/dominoes/rng.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace solvers {
namespace {

using dominoes::Tile;
using dominoes::TileSet;

constexpr int kInfinity = 2;

// Relabellings tried per position at most when breaking ties between equal-looking values.
constexpr int kMaxTieOrders = 24;

struct Graph {
  std::array<std::uint16_t, dominoes::kMaxPip + 1> adjacent{};  // unused non-double edges
  std::uint16_t doubles = 0;                                     // values with an unused double
};

Graph graph_of(std::uint64_t unused) {
  Graph g;
  for (Tile t : TileSet(unused)) {
    const int a = dominoes::tile_low(t), b = dominoes::tile_high(t);
    if (a == b) {
      g.doubles = static_cast<std::uint16_t>(g.doubles | 1u << a);
    } else {
      g.adjacent[a] = static_cast<std::uint16_t>(g.adjacent[a] | 1u << b);
      g.adjacent[b] = static_cast<std::uint16_t>(g.adjacent[b] | 1u << a);
    }
  }
  return g;
}

// The unused tiles written in new labels: label[v] is value v's new name.
std::uint64_t relabel(std::uint64_t unused, const std::array<int, dominoes::kMaxPip + 1>& label) {
  std::uint64_t out = 0;
  for (Tile t : TileSet(unused))
    out |= std::uint64_t{1} << dominoes::make_tile(label[dominoes::tile_low(t)],
                                                   label[dominoes::tile_high(t)]);
  return out;
}

// 1. Invariants: for each value other than the tail, a number that any relabelling keeps, from
//    its own unused edges and (refined once) its neighbours'.
std::array<std::uint64_t, dominoes::kMaxPip + 1> invariants(const Graph& g, int n, int tail) {
  std::array<std::uint64_t, dominoes::kMaxPip + 1> own{}, refined{};
  for (int v = 0; v < n; ++v)
    own[v] = (std::uint64_t{(g.adjacent[tail] >> v) & 1u} << 8) |
             (std::uint64_t{(g.doubles >> v) & 1u} << 7) |
             static_cast<std::uint64_t>(std::popcount(g.adjacent[v]));
  for (int v = 0; v < n; ++v) {
    std::uint64_t sum = 0;  // a multiset hash of the neighbours' invariants
    for (unsigned w = g.adjacent[v]; w; w &= w - 1) sum += dominoes::splitmix64(own[std::countr_zero(w)]);
    refined[v] = (own[v] << 48) ^ (sum & 0xFFFFFFFFFFFFull);
  }
  return refined;
}

// 2. Every ordering of the values inside tie classes, up to kMaxTieOrders, keeping the smallest
//    encoding. `order` lists the non-tail values sorted by invariant.
std::uint64_t smallest_encoding(std::uint64_t unused, int tail, std::vector<int>& order,
                                const std::array<std::uint64_t, dominoes::kMaxPip + 1>& inv) {
  std::vector<std::pair<int, int>> blocks;  // [begin, end) runs of equal invariants
  long orders = 1;
  for (std::size_t b = 0; b < order.size();) {
    std::size_t e = b + 1;
    while (e < order.size() && inv[order[e]] == inv[order[b]]) ++e;
    for (std::size_t k = 2; k <= e - b && orders <= kMaxTieOrders; ++k) orders *= static_cast<long>(k);
    if (e - b > 1) blocks.push_back({static_cast<int>(b), static_cast<int>(e)});
    b = e;
  }
  std::array<int, dominoes::kMaxPip + 1> label{};
  const auto encode = [&] {
    label[tail] = 0;
    for (std::size_t i = 0; i < order.size(); ++i) label[order[i]] = static_cast<int>(i) + 1;
    return relabel(unused, label);
  };
  if (orders > kMaxTieOrders || blocks.empty()) return encode();
  std::uint64_t best = ~std::uint64_t{0};
  // Odometer over the blocks' permutations (each block starts sorted, so all are visited).
  for (;;) {
    best = std::min(best, encode());
    std::size_t k = 0;
    while (k < blocks.size() &&
           !std::next_permutation(order.begin() + blocks[k].first, order.begin() + blocks[k].second))
      ++k;
    if (k == blocks.size()) return best;
  }
}

}  // namespace

bool DanceBattleGame::terminal(const Position& p, int& value) const {
  if (p.tail < 0 || (p.unused & dominoes::tiles_with(p.tail).bits())) return false;
  value = -1;  // no turn starts at the tail: the dancer to move loses
  return true;
}

int DanceBattleGame::generate(const Position& p, Move* out) const {
  int count = 0;
  if (p.tail < 0) {
    for (Tile t : TileSet(p.unused)) {
      const int a = dominoes::tile_low(t), b = dominoes::tile_high(t);
      out[count++] = {t, static_cast<std::int8_t>(b)};
      if (a != b) out[count++] = {t, static_cast<std::int8_t>(a)};
    }
    return count;
  }
  for (Tile t : TileSet(p.unused) & dominoes::tiles_with(p.tail))
    out[count++] = {t, static_cast<std::int8_t>(dominoes::other_value(t, p.tail))};
  return count;
}

int DanceBattleGame::order_score(const Position& p, Move m) const {
  const std::uint64_t left = p.unused & ~(std::uint64_t{1} << m.tile);
  return -std::popcount(left & dominoes::tiles_with(m.to).bits());
}

DanceKey DanceBattleGame::key(const Position& p, int) const {
  if (p.tail < 0) return {p.unused | (std::uint64_t{1} << 63)};  // the first turn: no relabelling
  const Graph g = graph_of(p.unused);
  const auto inv = invariants(g, n_, p.tail);
  std::vector<int> order;
  order.reserve(static_cast<std::size_t>(n_));
  for (int v = 0; v < n_; ++v)
    if (v != p.tail) order.push_back(v);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return inv[a] != inv[b] ? inv[a] < inv[b] : a < b;
  });
  return {smallest_encoding(p.unused, p.tail, order, inv)};
}

DanceBattleSolver::DanceBattleSolver(int n, std::size_t table_bytes)
    : game_(n), table_(table_bytes), search_(game_, table_) {}

DanceBattleGame::Position DanceBattleSolver::to_search(const DanceBattlePosition& p) const {
  return {(TileSet::full(p.n - 1) - p.used).bits(), p.tail};
}

bool DanceBattleSolver::wins(const DanceBattlePosition& p) {
  return search_.search(to_search(p), search::kUnlimitedDepth, -kInfinity, kInfinity) > 0;
}

std::vector<DanceTurn> DanceBattleSolver::winning_turns(const DanceBattlePosition& p) {
  const DanceBattleGame::Position root = to_search(p);
  DanceBattleGame::Move moves[DanceBattleGame::kMaxMoves];
  const int count = game_.generate(root, moves);
  std::vector<DanceTurn> winners;
  for (int i = 0; i < count; ++i) {
    const auto child = game_.play(root, moves[i]);
    if (search_.search(child, search::kUnlimitedDepth, -kInfinity, kInfinity) < 0) {
      const int to = moves[i].to;
      winners.push_back({dominoes::other_value(moves[i].tile, to), to});
    }
  }
  std::sort(winners.begin(), winners.end(), [](DanceTurn a, DanceTurn b) {
    return a.from != b.from ? a.from < b.from : a.to < b.to;
  });
  return winners;
}

// ---- reading the puzzle's input ---------------------------------------------------------------

namespace {

long read_number(std::istream& in, int& line_number, const char* what) {
  std::string line;
  ++line_number;
  if (!std::getline(in, line))
    throw DanceBattleError("line " + std::to_string(line_number) + ": missing " + what);
  std::istringstream is(line);
  long value = 0;
  std::string rest;
  if (!(is >> value) || (is >> rest))
    throw DanceBattleError("line " + std::to_string(line_number) + ": expected " + what +
                           ", got \"" + line + "\"");
  return value;
}

DanceTurn read_turn(std::istream& in, int line_number, int n) {
  std::string line;
  if (!std::getline(in, line))
    throw DanceBattleError("line " + std::to_string(line_number) +
                           ": missing a turn \"a b\" (fewer turns than M says)");
  std::istringstream is(line);
  long a = 0, b = 0;
  std::string rest;
  if (!(is >> a >> b) || (is >> rest))
    throw DanceBattleError("line " + std::to_string(line_number) +
                           ": expected a turn \"a b\", got \"" + line + "\"");
  if (a < 0 || b < 0 || a >= n || b >= n)
    throw DanceBattleError("line " + std::to_string(line_number) + ": dance move out of range in \"" +
                           line + "\": valid 0.." + std::to_string(n - 1));
  return {static_cast<int>(a), static_cast<int>(b)};
}

}  // namespace

DanceBattlePosition read_dance_battle(std::istream& in) {
  int line_number = 0;
  const long n = read_number(in, line_number, "N, the number of dance moves");
  if (n < 1 || n > kDanceBattleMaxN)
    throw DanceBattleError("line 1: N " + std::to_string(n) + " is not supported: valid 1.." +
                           std::to_string(kDanceBattleMaxN));
  const long m = read_number(in, line_number, "M, the number of turns danced");
  if (m < 0 || m > tile_count_for(static_cast<int>(n)))
    throw DanceBattleError("line 2: M " + std::to_string(m) + " is not valid: valid 0.." +
                           std::to_string(tile_count_for(static_cast<int>(n))) +
                           " (each of the N(N+1)/2 tiles once)");
  DanceBattlePosition p{static_cast<int>(n), {}, -1};
  for (long i = 0; i < m; ++i) {
    const int line = line_number + 1 + static_cast<int>(i);
    const DanceTurn turn = read_turn(in, line, p.n);
    if (p.tail >= 0 && turn.from != p.tail)
      throw DanceBattleError("line " + std::to_string(line) + ": the turn starts at " +
                             std::to_string(turn.from) + ", not at the previous turn's " +
                             std::to_string(p.tail));
    const Tile t = dominoes::make_tile(turn.from, turn.to);
    if (p.used.contains(t))
      throw DanceBattleError("line " + std::to_string(line) + ": the tile " +
                             std::to_string(turn.from) + " " + std::to_string(turn.to) +
                             " was already danced");
    p.used.insert(t);
    p.tail = turn.to;
  }
  std::string extra;
  for (int line = line_number + static_cast<int>(m) + 1; std::getline(in, extra); ++line)
    if (extra.find_first_not_of(" \t\r") != std::string::npos)
      throw DanceBattleError("line " + std::to_string(line) + ": more turns than M = " +
                             std::to_string(m) + " says");
  return p;
}

}  // namespace solvers
