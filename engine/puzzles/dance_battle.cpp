#include "engine/puzzles/dance_battle.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "engine/common/text.h"
#include "engine/dominoes/rng.h"

namespace puzzles {
namespace {

constexpr int kInfinity = 2;
constexpr int kMaxN = kDanceBattleMaxN;

// Relabellings tried per position at most when breaking ties between equal-looking values.
constexpr int kMaxTieOrders = 24;

using Labels = std::array<int, kMaxN>;
using Invariants = std::array<std::uint64_t, kMaxN>;

void set_bit(DanceKey& key, int bit) {
  key.bits[bit >> 6] |= std::uint64_t{1} << (bit & 63);
}

// The free tiles written in new labels (label[v] is value v's new name), as a key.
DanceKey relabel(const DanceTiles& free, int n, const Labels& label) {
  DanceKey key;
  constexpr int kDoublesAt = kMaxN * (kMaxN - 1) / 2;
  for (int v = 0; v < n; ++v) {
    if (free.doubles >> v & 1u) set_bit(key, kDoublesAt + label[v]);
    for (std::uint32_t w = free.adjacent[v] & ((2u << v) - 1); w; w &= w - 1) {  // w < v
      const int a = label[v], b = label[std::countr_zero(w)];
      const int i = a < b ? a : b, j = a < b ? b : a;
      set_bit(key, j * (j - 1) / 2 + i);
    }
  }
  return key;
}

// 1. Invariants: for each value, a number that any relabelling keeps, from its own free tiles
//    (adjacency to the tail, a free double, free degree) refined once by its neighbours'.
Invariants invariants(const DanceTiles& free, int n, int tail) {
  Invariants own{}, refined{};
  for (int v = 0; v < n; ++v)
    own[v] = (std::uint64_t{free.adjacent[tail] >> v & 1u} << 8) |
             (std::uint64_t{free.doubles >> v & 1u} << 7) |
             static_cast<std::uint64_t>(std::popcount(free.adjacent[v]));
  for (int v = 0; v < n; ++v) {
    std::uint64_t sum = 0;  // a multiset hash of the neighbours' invariants
    for (std::uint32_t w = free.adjacent[v]; w; w &= w - 1)
      sum += dominoes::splitmix64(own[std::countr_zero(w)]);
    refined[v] = (own[v] << 48) ^ (sum & 0xFFFFFFFFFFFFull);
  }
  return refined;
}

// 2. Every ordering of the values inside tie classes, up to kMaxTieOrders, keeping the smallest
//    key. `order` lists the non-tail values sorted by invariant.
DanceKey smallest_key(const DanceTiles& free, int n, int tail, std::vector<int>& order,
                      const Invariants& inv) {
  std::vector<std::pair<int, int>> blocks;  // [begin, end) runs of equal invariants
  long orders = 1;
  for (std::size_t b = 0; b < order.size();) {
    std::size_t e = b + 1;
    while (e < order.size() && inv[order[e]] == inv[order[b]]) ++e;
    for (std::size_t k = 2; k <= e - b && orders <= kMaxTieOrders; ++k)
      orders *= static_cast<long>(k);
    if (e - b > 1) blocks.push_back({static_cast<int>(b), static_cast<int>(e)});
    b = e;
  }
  Labels label{};
  const auto encode = [&] {
    label[tail] = 0;
    for (std::size_t i = 0; i < order.size(); ++i) label[order[i]] = static_cast<int>(i) + 1;
    return relabel(free, n, label);
  };
  if (orders > kMaxTieOrders || blocks.empty()) return encode();
  DanceKey best = encode();
  // Odometer over the blocks' permutations (each block starts sorted, so all are visited).
  for (;;) {
    std::size_t k = 0;
    while (k < blocks.size() && !std::next_permutation(order.begin() + blocks[k].first,
                                                       order.begin() + blocks[k].second))
      ++k;
    if (k == blocks.size()) return best;
    const DanceKey candidate = encode();
    if (candidate.bits < best.bits) best = candidate;
  }
}

}  // namespace

void DanceTiles::insert(int a, int b) {
  if (a == b) {
    doubles |= 1u << a;
    return;
  }
  adjacent[a] |= 1u << b;
  adjacent[b] |= 1u << a;
}

void DanceTiles::erase(int a, int b) {
  if (a == b) {
    doubles &= ~(1u << a);
    return;
  }
  adjacent[a] &= ~(1u << b);
  adjacent[b] &= ~(1u << a);
}

int DanceTiles::size() const {
  int pairs = 0;
  for (std::uint32_t row : adjacent) pairs += std::popcount(row);
  return pairs / 2 + std::popcount(doubles);
}

DanceTiles DanceTiles::all(int n) {
  DanceTiles t;
  const std::uint32_t values = n >= 32 ? ~0u : (1u << n) - 1;
  for (int v = 0; v < n; ++v) t.adjacent[v] = values & ~(1u << v);
  t.doubles = values;
  return t;
}

std::uint64_t DanceKey::hash() const {
  std::uint64_t h = 0;
  for (std::uint64_t w : bits) h = (h ^ w) * 0x9E3779B97F4A7C15ull, h ^= h >> 29;
  return h;
}

bool DanceBattleGame::terminal(const Position& p, int& value) const {
  if (p.tail < 0 || p.free.count_at(p.tail) > 0) return false;
  value = -1;  // no turn starts at the tail: the dancer to move loses
  return true;
}

int DanceBattleGame::generate(const Position& p, Move* out) const {
  int count = 0;
  const auto add = [&](int from, int to) {
    out[count++] = {static_cast<std::int8_t>(from), static_cast<std::int8_t>(to)};
  };
  if (p.free.doubles >> p.tail & 1u) add(p.tail, p.tail);
  for (std::uint32_t w = p.free.adjacent[p.tail]; w; w &= w - 1) add(p.tail, std::countr_zero(w));
  return count;
}

int DanceBattleGame::order_score(const Position& p, Move m) const {
  // Fewer free tiles at the new tail first: a turn that strands the opponent is a win.
  return -(p.free.count_at(m.to) - 1);
}

DanceKey DanceBattleGame::key(const Position& p, int) const {
  if (p.tail < 0) {  // the first turn: every relabelling of the full set is the same
    DanceKey key;
    key.bits.back() |= std::uint64_t{1} << 63;
    return key;
  }
  const Invariants inv = invariants(p.free, n_, p.tail);
  std::vector<int> order;
  order.reserve(static_cast<std::size_t>(n_));
  for (int v = 0; v < n_; ++v)
    if (v != p.tail) order.push_back(v);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return inv[a] != inv[b] ? inv[a] < inv[b] : a < b; });
  return smallest_key(p.free, n_, p.tail, order, inv);
}

DanceBattleSolver::DanceBattleSolver(int n, std::size_t table_bytes)
    : game_(n), table_(table_bytes), search_(game_, table_) {}

DanceBattleGame::Position DanceBattleSolver::to_search(const DanceBattlePosition& p) const {
  DanceTiles free = DanceTiles::all(p.n);
  for (int v = 0; v < p.n; ++v) {
    free.adjacent[v] &= ~p.used.adjacent[v];
  }
  free.doubles &= ~p.used.doubles;
  return {free, p.tail};
}

std::vector<DanceBattleGame::Move> DanceBattleSolver::turns(
    const DanceBattleGame::Position& p) const {
  std::vector<DanceBattleGame::Move> out;
  for (int from = 0; from < kMaxN; ++from) {
    if (p.tail >= 0 && from != p.tail) continue;
    for (int to = 0; to < kMaxN; ++to)
      if (p.free.contains(from, to))
        out.push_back({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to)});
  }
  return out;
}

bool DanceBattleSolver::wins(const DanceBattlePosition& p) {
  const DanceBattleGame::Position root = to_search(p);
  if (root.tail >= 0)
    return search_.search(root, search::kUnlimitedDepth, -kInfinity, kInfinity) > 0;
  for (const auto& m : turns(root))
    if (search_.search(game_.play(root, m), search::kUnlimitedDepth, -kInfinity, kInfinity) < 0)
      return true;
  return false;
}

std::vector<DanceTurn> DanceBattleSolver::winning_turns(const DanceBattlePosition& p) {
  const DanceBattleGame::Position root = to_search(p);
  std::vector<DanceTurn> winners;
  for (const auto& m : turns(root))
    if (search_.search(game_.play(root, m), search::kUnlimitedDepth, -kInfinity, kInfinity) < 0)
      winners.push_back({m.from, m.to});
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
    throw DanceBattleError("line " + std::to_string(line_number) + ": expected " + what + ", got " +
                           common::quoted(line));
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
                           ": expected a turn \"a b\", got " + common::quoted(line));
  if (a < 0 || b < 0 || a >= n || b >= n)
    throw DanceBattleError("line " + std::to_string(line_number) + ": dance move out of range in " +
                           common::quoted(line) + ": valid 0.." + std::to_string(n - 1));
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
    if (p.used.contains(turn.from, turn.to))
      throw DanceBattleError("line " + std::to_string(line) + ": the tile " +
                             std::to_string(turn.from) + " " + std::to_string(turn.to) +
                             " was already danced");
    p.used.insert(turn.from, turn.to);
    p.tail = turn.to;
  }
  std::string extra;
  for (int line = line_number + static_cast<int>(m) + 1; std::getline(in, extra); ++line)
    if (extra.find_first_not_of(" \t\r") != std::string::npos)
      throw DanceBattleError("line " + std::to_string(line) +
                             ": more turns than M = " + std::to_string(m) + " says");
  return p;
}

}  // namespace puzzles
