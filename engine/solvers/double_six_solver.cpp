#include "engine/solvers/double_six_solver.h"

#include <array>
#include <bit>
#include <cassert>

namespace solvers {
namespace {

using dominoes::ScoringRule;

constexpr int kInfinity = 1 << 20;
constexpr std::uint8_t kExact = 1, kLower = 2, kUpper = 3;
constexpr std::uint8_t kNoMove = 0xFF;
constexpr std::uint8_t kRightEnd = 32;  // the move byte's flag for a tile put on the right end
constexpr int kTiles = 28;              // double-six
constexpr std::uint32_t kAllTiles = (1u << kTiles) - 1;

// The double-six tiles carrying each value, as 28-bit masks (tile indices as in tile.h).
constexpr std::array<std::uint32_t, 7> make_with() {
  std::array<std::uint32_t, 7> with{};
  for (int v = 0; v <= 6; ++v)
    for (int w = 0; w <= 6; ++w) with[v] |= 1u << dominoes::make_tile(v, w);
  return with;
}
constexpr std::array<std::uint32_t, 7> kWith = make_with();

// The points the winner scores with `winner` pips against the loser's `loser` (rules.h's
// winner_points, fixed at compile time).
template <ScoringRule kRule>
constexpr int winner_points(int winner, int loser) {
  if constexpr (kRule == ScoringRule::kOpponentPips) return loser;
  else if constexpr (kRule == ScoringRule::kPipDifference) return loser - winner;
  else return loser + winner;
}

// The mover's points minus the opponent's if the game ended with these pips (scoring.h).
template <ScoringRule kRule>
constexpr int final_value(int mine, int theirs) {
  if (mine < theirs) return winner_points<kRule>(mine, theirs);
  if (mine > theirs) return -winner_points<kRule>(theirs, mine);
  return 0;
}

// The open ends as the key's unordered 6-bit field.
constexpr std::uint64_t ends_code(int left, int right) {
  if (left < 0) return 63;
  return left < right ? left * 8 + right : right * 8 + left;
}

struct Candidate {
  int score;
  std::uint8_t tile;
  std::uint8_t code;  // the table's move byte
  std::int8_t left, right;
};

}  // namespace

DoubleSixSolver::DoubleSixSolver(const dominoes::Rules& rules, std::size_t table_bytes)
    : scoring_(rules.scoring) {
  assert(supports(rules));
  int bits = 1;
  while ((std::size_t{2} << bits) * sizeof(Bucket) <= table_bytes) ++bits;
  buckets_.resize(std::size_t{1} << bits);
  shift_ = 64 - bits;
}

DoubleSixSolver::Node DoubleSixSolver::node_of(const dominoes::State& s) {
  const dominoes::TileSet mover = s.hands[s.to_move], other = s.hands[1 - s.to_move];
  return {static_cast<std::uint32_t>(mover.bits()), static_cast<std::uint32_t>(other.bits()),
          s.left, s.right, dominoes::pips(mover), dominoes::pips(other)};
}

template <ScoringRule kRule>
int DoubleSixSolver::search(const Node& n, int alpha, int beta) {
  ++nodes_;
  if (n.mover == 0 || n.other == 0) return final_value<kRule>(n.mover_pips, n.other_pips);
  const std::uint32_t fits = n.left < 0 ? kAllTiles : kWith[n.left] | kWith[n.right];
  const std::uint32_t playable = n.mover & fits;
  if (playable == 0) {
    if ((n.other & fits) == 0) return final_value<kRule>(n.mover_pips, n.other_pips);  // blocked
    // A pass: the same position with the other side to move.
    return -search<kRule>({n.other, n.mover, n.left, n.right, n.other_pips, n.mover_pips}, -beta,
                          -alpha);
  }
  // Going out with the last tile is the best the mover can do, and its only move.
  if ((n.mover & (n.mover - 1)) == 0) return final_value<kRule>(0, n.other_pips);
  const bool all = kRule == ScoringRule::kAllPips;
  const int hi = all ? n.mover_pips + n.other_pips : n.other_pips;
  if (hi <= alpha) return hi;
  const int lo = all ? -(n.mover_pips + n.other_pips) : -n.mover_pips;
  if (lo >= beta) return lo;

  const int tiles = std::popcount(n.mover | n.other);
  std::uint64_t key = 0;
  Entry* bucket = nullptr;
  std::uint8_t hint = kNoMove;
  if (tiles >= kTableMinTiles) {
    key = n.mover | std::uint64_t{n.other} << 28 | ends_code(n.left, n.right) << 56;
    bucket = buckets_[(key * 0x9E3779B97F4A7C15ull) >> shift_].entry;
    for (int j = 0; j < 2; ++j) {
      const Entry& e = bucket[j];
      if (e.key != key) continue;
      if (e.bound == kExact) return e.value;
      if (e.bound == kLower && e.value >= beta) return e.value;
      if (e.bound == kUpper && e.value <= alpha) return e.value;
      hint = e.move;
      break;
    }
  }

  // Generate and order the moves.
  Candidate moves[2 * kTiles];
  int count = 0;
  auto add = [&](int tile, std::uint8_t code, int left, int right) {
    const int fitting = std::popcount(n.other & (kWith[left] | kWith[right]));
    const int score = code == hint ? 1 << 30
                                   : 4 * dominoes::tile_pips(static_cast<dominoes::Tile>(tile)) -
                                         2 * fitting + (fitting == 0 ? 1000 : 0);
    Candidate c{score, static_cast<std::uint8_t>(tile), code, static_cast<std::int8_t>(left),
                static_cast<std::int8_t>(right)};
    int j = count++;
    for (; j > 0 && moves[j - 1].score < score; --j) moves[j] = moves[j - 1];  // stable
    moves[j] = c;
  };
  if (n.left < 0) {
    for (std::uint32_t b = playable; b; b &= b - 1) {
      const int t = std::countr_zero(b);
      add(t, static_cast<std::uint8_t>(t), dominoes::tile_low(static_cast<dominoes::Tile>(t)),
          dominoes::tile_high(static_cast<dominoes::Tile>(t)));
    }
  } else {
    for (std::uint32_t b = n.mover & kWith[n.left]; b; b &= b - 1) {
      const int t = std::countr_zero(b);
      add(t, static_cast<std::uint8_t>(t),
          dominoes::other_value(static_cast<dominoes::Tile>(t), n.left), n.right);
    }
    if (n.right != n.left)
      for (std::uint32_t b = n.mover & kWith[n.right]; b; b &= b - 1) {
        const int t = std::countr_zero(b);
        add(t, static_cast<std::uint8_t>(t | kRightEnd), n.left,
            dominoes::other_value(static_cast<dominoes::Tile>(t), n.right));
      }
  }

  // Search the children, cutting off once the value reaches beta.
  const int alpha0 = alpha;
  int best = -kInfinity;
  std::uint8_t best_move = kNoMove;  // set by the first child: its value beats -kInfinity
  for (int i = 0; i < count; ++i) {
    const Candidate& m = moves[i];
    const Node child{n.other, n.mover & ~(1u << m.tile), m.left, m.right, n.other_pips,
                     n.mover_pips - dominoes::tile_pips(m.tile)};
    const int v = -search<kRule>(child, -beta, -alpha);
    if (v > best) best = v, best_move = m.code;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }

  // Store what was learnt: the same key's entry, else an empty one, else the smaller subtree.
  if (bucket) {
    Entry* slot = &bucket[0];
    if (bucket[1].key == key) slot = &bucket[1];
    else if (bucket[0].key != key && bucket[0].key != 0 &&
             (bucket[1].key == 0 || bucket[1].tiles < bucket[0].tiles))
      slot = &bucket[1];
    const std::uint8_t bound = best <= alpha0 ? kUpper : best >= beta ? kLower : kExact;
    *slot = Entry{key, static_cast<std::int16_t>(best), bound, best_move,
                  static_cast<std::uint8_t>(tiles)};
  }
  return best;
}

int DoubleSixSolver::search_root(const Node& n, int alpha, int beta) {
  switch (scoring_) {
    case ScoringRule::kOpponentPips: return search<ScoringRule::kOpponentPips>(n, alpha, beta);
    case ScoringRule::kPipDifference: return search<ScoringRule::kPipDifference>(n, alpha, beta);
    case ScoringRule::kAllPips: return search<ScoringRule::kAllPips>(n, alpha, beta);
  }
  return 0;
}

int DoubleSixSolver::value(const dominoes::State& s) {
  return search_root(node_of(s), -kInfinity, kInfinity);
}

void DoubleSixSolver::move_values(const dominoes::State& s, const dominoes::MoveList& moves,
                                  int* values) {
  const Node n = node_of(s);
  for (int i = 0; i < moves.size(); ++i) {
    const dominoes::Move m = moves[i];
    Node child{n.other, n.mover, n.left, n.right, n.other_pips, n.mover_pips};  // a pass
    if (!m.is_pass()) {
      const dominoes::Tile t = m.tile();
      child.other &= ~(1u << t);
      child.other_pips -= dominoes::tile_pips(t);
      switch (m.placement()) {
        case dominoes::Placement::kLead:
          child.left = dominoes::tile_low(t), child.right = dominoes::tile_high(t);
          break;
        case dominoes::Placement::kLeft: child.left = dominoes::other_value(t, n.left); break;
        case dominoes::Placement::kRight: child.right = dominoes::other_value(t, n.right); break;
        case dominoes::Placement::kPass: break;
      }
    }
    values[i] = -search_root(child, -kInfinity, kInfinity);
  }
}

}  // namespace solvers
