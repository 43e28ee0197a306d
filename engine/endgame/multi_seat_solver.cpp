#include "engine/endgame/multi_seat_solver.h"

#include <bit>
#include <cassert>

#include "engine/search/negamax.h"

namespace endgame {
namespace {

using dominoes::kMaxTiles;
using dominoes::ScoringRule;

constexpr int kUnbounded = 1 << 20;
constexpr int kMaxCandidates = dominoes::MoveList::kCapacity;
constexpr std::uint16_t kNoMove = 0xFFFF;
constexpr std::uint16_t kRightEnd = 64;  // the table's move code for a tile put on the right end

constexpr std::array<std::uint8_t, kMaxTiles> make_pips() {
  std::array<std::uint8_t, kMaxTiles> pips{};
  for (int t = 0; t < kMaxTiles; ++t)
    pips[t] = static_cast<std::uint8_t>(dominoes::tile_pips(static_cast<dominoes::Tile>(t)));
  return pips;
}
constexpr std::array<std::uint8_t, kMaxTiles> kPips = make_pips();

constexpr std::array<std::uint64_t, dominoes::kMaxPip + 1> make_with() {
  std::array<std::uint64_t, dominoes::kMaxPip + 1> with{};
  for (int v = 0; v <= dominoes::kMaxPip; ++v) with[v] = dominoes::tiles_with(v).bits();
  return with;
}
constexpr std::array<std::uint64_t, dominoes::kMaxPip + 1> kWith = make_with();

int other_end(int tile, int value) {
  return dominoes::other_value(static_cast<dominoes::Tile>(tile), value);
}

struct Candidate {
  int score;
  std::uint16_t code;  // tile | kRightEnd for the right end
  std::int8_t left, right;
};

// Inserts `c` into the first `count` candidates, kept by decreasing score (equal scores keep the
// generation order).
void insert_ordered(Candidate* moves, int& count, const Candidate& c) {
  int j = count++;
  for (; j > 0 && moves[j - 1].score < c.score; --j) moves[j] = moves[j - 1];
  moves[j] = c;
}

}  // namespace

std::uint64_t MultiSeatKey::hash() const {
  std::uint64_t h = hands[0] ^ (hands[1] << 17 | hands[1] >> 47) ^
                    (hands[2] << 31 | hands[2] >> 33) ^ (hands[3] << 45 | hands[3] >> 19);
  h = (h ^ std::uint64_t{meta} << 40 ^ meta) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 29);
}

MultiSeatSolver::MultiSeatSolver(const dominoes::Rules& rules, std::size_t table_bytes)
    : rules_(rules), seats_(rules.seats), table_(table_bytes) {
  assert(rules.seats >= 2 && rules.seats <= dominoes::kStateSeats);
  for (int seat = 0; seat < dominoes::kStateSeats; ++seat)
    team_[seat] = dominoes::team_of(rules, seat);
  two_teams_ = dominoes::team_count(rules) == 2;
  all_pips_ = rules.scoring == ScoringRule::kAllPips;
}

void MultiSeatSolver::set_root(int seat) {
  max_team_ = team_[seat];
  max_side_ = 0;
  for (int other = 0; other < seats_; ++other)
    if (team_[other] == max_team_) max_side_ |= static_cast<std::uint8_t>(1u << other);
  // Two teams (two seats, partnerships): the value for the side to move does not depend on the
  // root. Cut-throat: it does, so the root joins the key.
  root_code_ = two_teams_ ? 0 : static_cast<std::uint32_t>(seat);
}

MultiSeatSolver::Node MultiSeatSolver::node_of(const dominoes::State& s) const {
  Node n{};
  for (int seat = 0; seat < dominoes::kStateSeats; ++seat) {
    n.hands[seat] = s.hands[seat].bits();
    n.pips[seat] = static_cast<std::int16_t>(dominoes::pips(s.hands[seat]));
  }
  for (int seat = 0; seat < seats_; ++seat) {
    n.total_pips = static_cast<std::int16_t>(n.total_pips + n.pips[seat]);
    if (on_max_side(seat))
      n.max_side_pips = static_cast<std::int16_t>(n.max_side_pips + n.pips[seat]);
    n.tiles = static_cast<std::int8_t>(n.tiles + s.hands[seat].size());
  }
  n.left = s.left;
  n.right = s.right;
  n.mover = s.to_move;
  n.out = static_cast<std::int8_t>(dominoes::out_seat(s));
  n.lead_tile = s.lead_tile;
  return n;
}

MultiSeatSolver::Node MultiSeatSolver::child_of(const Node& n, int tile, int left,
                                                int right) const {
  Node c = n;
  c.hands[n.mover] &= ~(std::uint64_t{1} << tile);
  c.pips[n.mover] = static_cast<std::int16_t>(n.pips[n.mover] - kPips[tile]);
  c.total_pips = static_cast<std::int16_t>(n.total_pips - kPips[tile]);
  if (on_max_side(n.mover))
    c.max_side_pips = static_cast<std::int16_t>(n.max_side_pips - kPips[tile]);
  c.tiles = static_cast<std::int8_t>(n.tiles - 1);
  c.left = static_cast<std::int8_t>(left);
  c.right = static_cast<std::int8_t>(right);
  c.mover = static_cast<std::uint8_t>(next_seat(n.mover));
  c.out = c.hands[n.mover] == 0 ? static_cast<std::int8_t>(n.mover) : std::int8_t{-1};
  return c;
}

MultiSeatKey MultiSeatSolver::key_of(const Node& n, int depth) const {
  const int low = n.left < n.right ? n.left : n.right;
  const int high = n.left < n.right ? n.right : n.left;
  return {n.hands, static_cast<std::uint32_t>(low | high << 4 | n.mover << 8) | root_code_ << 10 |
                       static_cast<std::uint32_t>(depth) << 12};
}

int MultiSeatSolver::max_side_score(const Node& n) const {
  int winner = -1;    // the winning team, -1: nobody
  if (seats_ == 2) {  // the seed's rule: the fewer pips win, a domino included
    if (n.pips[0] == n.pips[1]) return 0;
    const int w = n.pips[0] < n.pips[1] ? 0 : 1;
    const int score = dominoes::winner_points(rules_, n.pips[w], n.pips[1 - w]);
    return team_[w] == max_team_ ? score : -score;
  }
  if (n.out >= 0) {
    winner = team_[n.out];
  } else if (rules_.block == dominoes::BlockRule::kTeam) {
    // The team with the fewest pips in total; a tie for the fewest: nobody (scoring.h).
    std::array<int, dominoes::kStateSeats> team_pips{};
    for (int seat = 0; seat < seats_; ++seat) team_pips[team_[seat]] += n.pips[seat];
    const int teams = dominoes::team_count(rules_);
    int best_pips = kUnbounded;
    for (int team = 0; team < teams; ++team) {
      if (team_pips[team] < best_pips)
        winner = team, best_pips = team_pips[team];
      else if (team_pips[team] == best_pips)
        winner = -1;
    }
    if (winner < 0) return 0;
  } else {
    // The seat with the fewest pips, for its team; seats of different teams tied: nobody.
    int best_pips = kUnbounded;
    for (int seat = 0; seat < seats_; ++seat) {
      if (n.pips[seat] < best_pips) winner = team_[seat], best_pips = n.pips[seat];
    }
    for (int seat = 0; seat < seats_; ++seat)
      if (n.pips[seat] == best_pips && team_[seat] != winner) return 0;
  }
  int winners = 0, losers = 0;
  for (int seat = 0; seat < seats_; ++seat)
    (team_[seat] == winner ? winners : losers) += n.pips[seat];
  const int score = dominoes::winners_score(rules_.scoring, winners, losers);
  return winner == max_team_ ? score : -score;
}

int MultiSeatSolver::child_value(const Node& parent, const Node& child, int depth, int alpha,
                                 int beta) {
  if (on_max_side(parent.mover) == on_max_side(child.mover))
    return search(child, depth, alpha, beta);
  return -search(child, depth, -beta, -alpha);
}

int MultiSeatSolver::search(const Node& n, int depth, int alpha, int beta) {
  if ((++nodes_ & (search::kCheckInterval - 1)) == 0) search::check_search(limit_, nodes_);
  if (n.out >= 0) return mover_score(n);
  if (n.left < 0) return search_lead(n, depth, alpha, beta);
  const std::uint64_t hand = n.hands[n.mover];
  const std::uint64_t at_left = hand & kWith[n.left];
  const std::uint64_t at_right = n.right != n.left ? hand & kWith[n.right] : 0;
  if ((at_left | at_right) == 0) {
    const std::uint64_t fits = kWith[n.left] | kWith[n.right];
    bool another = false;
    for (int seat = 0; seat < seats_; ++seat) another |= (n.hands[seat] & fits) != 0;
    if (!another) return mover_score(n);  // blocked
    Node passed = n;                      // a pass: the same position, the next seat to move
    passed.mover = static_cast<std::uint8_t>(next_seat(n.mover));
    return child_value(n, passed, depth, alpha, beta);
  }
  if (depth == 0) return mover_score(n);  // the horizon: scored as if the hand ended here
  // Going out with the last tile is the mover's only move.
  if ((hand & (hand - 1)) == 0) {
    const int tile = std::countr_zero(hand);
    return score_for(at_left ? child_of(n, tile, other_end(tile, n.left), n.right)
                             : child_of(n, tile, n.left, other_end(tile, n.right)),
                     n.mover);
  }
  // Bounds: pips only go down, and the winners score at most the pips now in the hands (see
  // the header comment); a node whose range misses the window is cut at once.
  const int total = n.total_pips, max_side = n.max_side_pips;
  const int max_hi = all_pips_ ? total : total - max_side;
  const int max_lo = all_pips_ || !two_teams_ ? -total : -max_side;
  const bool max_moves = on_max_side(n.mover);
  const int hi = max_moves ? max_hi : -max_lo, lo = max_moves ? max_lo : -max_hi;
  if (hi <= alpha) return hi;
  if (lo >= beta) return lo;
  const int child_depth = depth == search::kUnlimitedDepth ? depth : depth - 1;
  // A forced move: the node's value is its one child's.
  if (std::popcount(at_left) + std::popcount(at_right) == 1) {
    const int tile = std::countr_zero(at_left | at_right);
    const Node c = at_left ? child_of(n, tile, other_end(tile, n.left), n.right)
                           : child_of(n, tile, n.left, other_end(tile, n.right));
    return child_value(n, c, child_depth, alpha, beta);
  }
  return expand(n, depth, alpha, beta, at_left, at_right);
}

int MultiSeatSolver::expand(const Node& n, int depth, int alpha, int beta, std::uint64_t at_left,
                            std::uint64_t at_right) {
  const int tiles = n.tiles;
  const bool use_table = tiles >= kTableMinTiles;
  MultiSeatKey key;
  std::uint16_t hint = kNoMove;
  if (use_table) {
    key = key_of(n, depth);
    if (const auto* e = table_.probe(key)) {
      if (e->bound == search::Bound::kExact) return e->value;
      if (e->bound == search::Bound::kLower && e->value >= beta) return e->value;
      if (e->bound == search::Bound::kUpper && e->value <= alpha) return e->value;
      hint = e->move;
    }
  }

  // Generate and order the moves: the table's move, then the next seat's fitting tiles (fewest
  // first when it plays against the mover, most first when with it), then the heavier tile.
  const int next = next_seat(n.mover);
  const std::uint64_t next_hand = n.hands[next];
  const int sign = on_max_side(next) == on_max_side(n.mover) ? 32 : -32;
  Candidate moves[kMaxCandidates];
  int count = 0;
  const auto add = [&](int tile, std::uint16_t code, int left, int right) {
    const int fitting = std::popcount(next_hand & (kWith[left] | kWith[right]));
    const int score = code == hint ? 1 << 30 : kPips[tile] + sign * fitting;
    insert_ordered(moves, count,
                   {score, code, static_cast<std::int8_t>(left), static_cast<std::int8_t>(right)});
  };
  for (std::uint64_t b = at_left; b; b &= b - 1) {
    const int t = std::countr_zero(b);
    add(t, static_cast<std::uint16_t>(t), other_end(t, n.left), n.right);
  }
  for (std::uint64_t b = at_right; b; b &= b - 1) {
    const int t = std::countr_zero(b);
    add(t, static_cast<std::uint16_t>(t | kRightEnd), n.left, other_end(t, n.right));
  }

  // Search the children, cutting off once the value reaches beta.
  const int child_depth = depth == search::kUnlimitedDepth ? depth : depth - 1;
  const int alpha0 = alpha;
  int best = -kUnbounded;
  std::uint16_t best_move = kNoMove;  // set by the first child: its value beats -kUnbounded
  for (int i = 0; i < count; ++i) {
    const Candidate& m = moves[i];
    const Node c = child_of(n, m.code & (kRightEnd - 1), m.left, m.right);
    const int v = child_value(n, c, child_depth, alpha, beta);
    if (v > best) best = v, best_move = m.code;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  if (use_table) {
    const search::Bound bound = best <= alpha0 ? search::Bound::kUpper
                                : best >= beta ? search::Bound::kLower
                                               : search::Bound::kExact;
    table_.store(key, best, bound, tiles, best_move);
  }
  return best;
}

int MultiSeatSolver::search_lead(const Node& n, int depth, int alpha, int beta) {
  if (depth == 0) return mover_score(n);
  const std::uint64_t leads = n.lead_tile >= 0 ? std::uint64_t{1} << n.lead_tile : n.hands[n.mover];
  Candidate moves[kMaxCandidates];
  int count = 0;
  for (std::uint64_t b = leads; b; b &= b - 1) {
    const int t = std::countr_zero(b);
    const int low = dominoes::tile_low(static_cast<dominoes::Tile>(t));
    const int high = dominoes::tile_high(static_cast<dominoes::Tile>(t));
    insert_ordered(moves, count,
                   {kPips[t], static_cast<std::uint16_t>(t), static_cast<std::int8_t>(low),
                    static_cast<std::int8_t>(high)});
  }
  const int child_depth = depth == search::kUnlimitedDepth ? depth : depth - 1;
  int best = -kUnbounded;
  for (int i = 0; i < count; ++i) {
    Node c = child_of(n, moves[i].code, moves[i].left, moves[i].right);
    c.lead_tile = -1;
    const int v = child_value(n, c, child_depth, alpha, beta);
    if (v > best) best = v;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  return best;
}

int MultiSeatSolver::exact(const Node& n, int depth, int guess) {
  // MTD(f): null-window searches converging on the value, each bound kept by the table.
  int lower = -kUnbounded, upper = kUnbounded, g = guess;
  while (lower < upper) {
    const int beta = g == lower ? g + 1 : g;
    g = search(n, depth, beta - 1, beta);
    if (g < beta)
      upper = g;
    else
      lower = g;
  }
  return g;
}

int MultiSeatSolver::value(const dominoes::State& s, int depth) {
  assert(s.seats == seats_);
  set_root(s.to_move);
  return exact(node_of(s), depth <= 0 ? search::kUnlimitedDepth : depth, 0);
}

MultiSeatSolver::Node MultiSeatSolver::after(const Node& n, dominoes::Move m) const {
  if (m.is_pass()) {
    Node c = n;
    c.mover = static_cast<std::uint8_t>(next_seat(n.mover));
    return c;
  }
  const int t = m.tile();
  int left = n.left, right = n.right;
  switch (m.placement()) {
    case dominoes::Placement::kLead:
      left = dominoes::tile_low(m.tile()), right = dominoes::tile_high(m.tile());
      break;
    case dominoes::Placement::kLeft:
      left = other_end(t, n.left);
      break;
    case dominoes::Placement::kRight:
      right = other_end(t, n.right);
      break;
    case dominoes::Placement::kPass:
      break;
  }
  Node c = child_of(n, t, left, right);
  c.lead_tile = -1;
  return c;
}

void MultiSeatSolver::move_values(const dominoes::State& s, const dominoes::MoveList& moves,
                                  int depth, int* values) {
  assert(s.seats == seats_);
  set_root(s.to_move);
  const Node n = node_of(s);
  const int remaining = depth <= 0 ? search::kUnlimitedDepth : depth;
  int guess = 0;  // MTD(f)'s first guess: the previous move's value (moves are often alike)
  for (int i = 0; i < moves.size(); ++i) {
    const Node c = after(n, moves[i]);
    const int child_depth = child_remaining(remaining, moves[i]);
    const bool same_side = on_max_side(n.mover) == on_max_side(c.mover);
    const int v = exact(c, child_depth, same_side ? guess : -guess);
    values[i] = same_side ? v : -v;
    guess = values[i];
  }
}

int MultiSeatSolver::move_bound(const dominoes::State& s, dominoes::Move move, int depth,
                                int threshold) {
  assert(s.seats == seats_ && threshold > -kUnbounded && threshold < kUnbounded);
  set_root(s.to_move);
  const Node n = node_of(s);
  const Node c = after(n, move);
  const int child_depth = child_remaining(depth <= 0 ? search::kUnlimitedDepth : depth, move);
  // One null-window search at the threshold (fail-soft), seen from the child's side to move. The
  // root's mover is the root seat and the next seat is always on the other side (partners sit
  // apart; in cut-throat every other seat is the coalition), so the second branch is the one
  // taken; the first keeps the function right for any sides, as child_value() does.
  if (on_max_side(n.mover) == on_max_side(c.mover))
    return search(c, child_depth, threshold - 1, threshold);
  return -search(c, child_depth, -threshold, -threshold + 1);
}

}  // namespace endgame
