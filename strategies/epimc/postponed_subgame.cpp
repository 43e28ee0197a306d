#include "strategies/epimc/postponed_subgame.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/scoring.h"
#include "engine/search/search_limit.h"
#include "strategies/best_over_worlds.h"

namespace strategies {

using dominoes::Move;
using dominoes::State;

namespace {

constexpr int kMaxAscentPasses = 10;

// True when `candidate` beats `best` by more than rounding noise in a sum of weighted integers.
bool better(double candidate, double best) {
  return candidate > best + 1e-9 * (1.0 + std::fabs(best));
}

}  // namespace

int PostponedSubgame::add_node(int parent, Move move) {
  Node n;
  n.parent = parent;
  n.move = move;
  n.value.assign(weights_.size(), kUnreached);
  n.ended.assign(weights_.size(), kUnreached);
  n.reach.assign(weights_.size(), 1.0);
  nodes_.push_back(std::move(n));
  const int index = static_cast<int>(nodes_.size()) - 1;
  if (parent >= 0) nodes_[static_cast<std::size_t>(parent)].children.push_back(index);
  return index;
}

int PostponedSubgame::child_for(int node, Move move) {
  for (int c : nodes_[static_cast<std::size_t>(node)].children)
    if (nodes_[static_cast<std::size_t>(c)].move == move) return c;
  return add_node(node, move);
}

void PostponedSubgame::expand(int node, const State& s, int turns_left, int world) {
  // Also a stop check per node: with a million worlds a new node alone holds 24 MB of vectors.
  search::check_search(nullptr, 0);
  const auto at = [this, node]() -> Node& { return nodes_[static_cast<std::size_t>(node)]; };
  const auto w = static_cast<std::size_t>(world);
  if (dominoes::status(s) != dominoes::GameStatus::kOngoing) {
    // A block depends on both hands, so the game may end here in this world only: the node keeps
    // the kind the other worlds give it, and this world's value is fixed.
    at().ended[w] = at().value[w] = dominoes::net_points(s, *rules_, observer_);
    return;
  }
  const bool observer_moves = s.to_move == observer_;
  if (!observer_moves && turns_left == 0) {
    at().kind = Kind::kLeaf;
    at().value[w] = -solver_->value(s);
    return;
  }
  at().kind = observer_moves ? Kind::kObserver : Kind::kOpponent;
  const dominoes::MoveList moves = dominoes::moves_or_pass(s);
  double probs[dominoes::MoveList::kCapacity];
  std::fill(probs, probs + moves.size(), 1.0);
  if (!observer_moves && search_replies_ && moves.size() >= 2) {
    best_move_probability(s, moves, probs);
  } else if (!observer_moves && reply_model_ && moves.size() >= 2) {
    policy_of(*reply_model_, s, moves, probs);  // the opponent's view: my hand hidden from it
  }
  for (int k = 0; k < moves.size(); ++k) {
    if (search_replies_ && probs[k] <= 0) continue;  // a searching opponent's other moves
    const int child = child_for(node, moves[k]);
    nodes_[static_cast<std::size_t>(child)].reach[w] = at().reach[w] * probs[k];
    State next = s;
    dominoes::apply(next, moves[k]);
    record_.push_back(moves[k]);
    expand(child, next, observer_moves ? turns_left - 1 : turns_left, world);
    record_.pop_back();
  }
}

std::size_t PostponedSubgame::build(const dominoes::Observation& obs,
                                    const dominoes::MoveList& legal,
                                    std::span<const dominoes::TileSet> hands,
                                    std::span<const double> weights, int postpone,
                                    const OpponentModel* reply_model,
                                    endgame::BlockDominoesSolver& solver,
                                    const std::function<bool()>& stop) {
  assert(hands.size() == weights.size());
  nodes_.clear();
  weights_.assign(weights.begin(), weights.end());
  observer_ = obs.seat();
  rules_ = &obs.rules();
  solver_ = &solver;
  reply_model_ = reply_model;
  table_reply_ = partner_model_ = nullptr;
  start_record(obs);
  if (search_replies_) reply_model_ = nullptr;
  has_min_ = reply_model_ == nullptr && !search_replies_;
  const int root = add_node(-1, Move::pass());
  nodes_[0].kind = Kind::kObserver;
  for (const Move m : legal) add_node(root, m);
  // Worlds outer, root moves inner: the leaves of one world share the solver's table.
  for (std::size_t w = 0; w < hands.size(); ++w) {
    search::check_search(nullptr, 0);  // a Ctrl-C stops a build of many worlds (search_limit.h)
    const State world = dominoes::determinize(obs, hands[w]);
    for (int k = 0; k < legal.size(); ++k) {
      State next = world;
      dominoes::apply(next, legal[k]);
      record_.push_back(legal[k]);
      expand(nodes_[0].children[static_cast<std::size_t>(k)], next, postpone, static_cast<int>(w));
      record_.pop_back();
    }
    if (stop && w + 1 < hands.size() && stop()) {
      // Keep the worlds built: every per-world vector drops the rest.
      weights_.resize(w + 1);
      for (Node& n : nodes_) n.value.resize(w + 1), n.ended.resize(w + 1), n.reach.resize(w + 1);
      break;
    }
  }
  return weights_.size();
}

void PostponedSubgame::policy_of(const OpponentModel& model, const State& s,
                                 const dominoes::MoveList& moves, double* probs) const {
  State view = s;  // the mover's view: every other hand hidden from it
  for (int seat = 0; seat < s.seats; ++seat)
    if (seat != s.to_move) view.hands[static_cast<std::size_t>(seat)] = {};
  const MoveContext context{record_, leader_, max_pip_, partners_};
  model.policy_in_game(view, moves, context, probs);
}

void PostponedSubgame::best_move_probability(const State& s, const dominoes::MoveList& moves,
                                             double* probs) {
  // The seat to move's best open-hands move for its team in this world (the first on a tie: the
  // plain argmax's move, most others refuted by bounds).
  const int best = best_over_worlds(*solver_, {s}, moves, 0);
  std::fill(probs, probs + moves.size(), 0.0);
  probs[best] = 1.0;
}

void PostponedSubgame::expand_table(int node, const State& s, int turns_left, int world) {
  const auto at = [this, node]() -> Node& { return nodes_[static_cast<std::size_t>(node)]; };
  const auto w = static_cast<std::size_t>(world);
  if (dominoes::status(s) != dominoes::GameStatus::kOngoing) {
    at().ended[w] = at().value[w] = dominoes::net_points(s, *rules_, observer_);
    return;
  }
  const dominoes::MoveList moves = node == 0 ? legal_ : dominoes::moves_or_pass(s);
  double probs[dominoes::MoveList::kCapacity];
  std::fill(probs, probs + moves.size(), 1.0);
  int turns_below = turns_left;
  if (s.to_move == observer_) {
    at().kind = Kind::kObserver;
    if (turns_left == 0) {
      // The observer's last postponed turn: each move's exact open-hands value, the observer to
      // move (its team's points; paranoid in cut-throat, with it as the root seat).
      int values[dominoes::MoveList::kCapacity];
      solver_->move_values(s, moves, 0, values);
      for (int k = 0; k < moves.size(); ++k) {
        Node& leaf = nodes_[static_cast<std::size_t>(child_for(node, moves[k]))];
        leaf.value[w] = values[k];
        leaf.reach[w] = at().reach[w];
      }
      return;
    }
    turns_below = turns_left - 1;
  } else {
    const bool partner =
        partners_ && dominoes::team_of(*rules_, s.to_move) == dominoes::team_of(*rules_, observer_);
    const OpponentModel* model = partner ? partner_model_ : table_reply_;
    const bool search = partner ? partner_model_ == nullptr : search_replies_;
    at().kind = partner || model || search ? Kind::kChance : Kind::kOpponent;
    if (moves.size() >= 2) {
      if (search)
        best_move_probability(s, moves, probs);
      else if (model)
        policy_of(*model, s, moves, probs);
    }
  }
  for (int k = 0; k < moves.size(); ++k) {
    if (probs[k] <= 0) continue;
    const int child = child_for(node, moves[k]);
    nodes_[static_cast<std::size_t>(child)].reach[w] = at().reach[w] * probs[k];
    State next = s;
    dominoes::apply(next, moves[k]);
    record_.push_back(moves[k]);
    expand_table(child, next, turns_below, world);
    record_.pop_back();
  }
}

std::size_t PostponedSubgame::build_table(
    const dominoes::Observation& obs, const dominoes::MoveList& legal,
    std::span<const dominoes::TableHands> worlds, std::span<const double> weights, int postpone,
    const OpponentModel* reply_model, const OpponentModel* partner_model,
    endgame::BlockDominoesSolver& solver, const std::function<bool()>& stop) {
  assert(worlds.size() == weights.size());
  assert(obs.seats() > 2);
  nodes_.clear();
  weights_.assign(weights.begin(), weights.end());
  observer_ = obs.seat();
  rules_ = &obs.rules();
  solver_ = &solver;
  reply_model_ = nullptr;
  table_reply_ = search_replies_ ? nullptr : reply_model;
  partner_model_ = partner_model;
  start_record(obs);
  legal_ = legal;
  // A minimum appears only where an opponent replies by it; the partner's turns are averages.
  has_min_ = table_reply_ == nullptr && !search_replies_;
  const int root = add_node(-1, Move::pass());
  nodes_[0].kind = Kind::kObserver;
  for (const Move m : legal) add_node(root, m);
  for (std::size_t w = 0; w < worlds.size(); ++w) {
    expand_table(root, dominoes::determinize(obs, worlds[w]), postpone, static_cast<int>(w));
    if (stop && w + 1 < worlds.size() && stop()) {
      weights_.resize(w + 1);
      for (Node& n : nodes_) n.value.resize(w + 1), n.ended.resize(w + 1), n.reach.resize(w + 1);
      break;
    }
  }
  return weights_.size();
}

void PostponedSubgame::start_record(const dominoes::Observation& obs) {
  record_.assign(obs.history().begin(), obs.history().end());
  max_pip_ = obs.rules().max_pip;
  partners_ = obs.rules().partners;
  leader_ = obs.leader();
}

void PostponedSubgame::recompute(int node) {
  Node& n = nodes_[static_cast<std::size_t>(node)];
  if (n.kind == Kind::kLeaf) return;
  if (n.kind == Kind::kObserver) {
    const Node& chosen =
        nodes_[static_cast<std::size_t>(n.children[static_cast<std::size_t>(n.choice)])];
    for (std::size_t w = 0; w < n.value.size(); ++w)
      n.value[w] = reached(n.ended[w]) ? n.ended[w] : chosen.value[w];
    return;
  }
  for (std::size_t w = 0; w < n.value.size(); ++w) {
    if (reached(n.ended[w])) {
      n.value[w] = n.ended[w];
      continue;
    }
    // The opponent's reply: the worst for the observer, or the model's average (a chance node's
    // always). A child's reach divided by this node's is the model's probability of that reply
    // here.
    const bool average = n.kind == Kind::kChance || reply_model_;
    double combined = kUnreached;
    for (int c : n.children) {
      const Node& child = nodes_[static_cast<std::size_t>(c)];
      const double v = child.value[w];
      if (!reached(v)) continue;
      if (average) {
        const double p = n.reach[w] > 0 ? child.reach[w] / n.reach[w] : 0.0;
        combined = (reached(combined) ? combined : 0.0) + p * v;
      } else if (!reached(combined) || v < combined) {
        combined = v;
      }
    }
    n.value[w] = combined;
  }
}

void PostponedSubgame::recompute_all(bool greedy, bool fused) {
  // Children always come after their parent, so reverse index order is bottom-up.
  for (int node = static_cast<int>(nodes_.size()) - 1; node > 0; --node) {
    Node& n = nodes_[static_cast<std::size_t>(node)];
    if (n.kind == Kind::kObserver && fused) {
      for (std::size_t w = 0; w < n.value.size(); ++w) {
        double high = n.ended[w];
        if (!reached(high))
          for (int c : n.children) {
            const double v = nodes_[static_cast<std::size_t>(c)].value[w];
            if (reached(v) && (!reached(high) || v > high)) high = v;
          }
        n.value[w] = high;
      }
      continue;
    }
    if (n.kind == Kind::kObserver && greedy) {
      double best = 0;
      for (std::size_t i = 0; i < n.children.size(); ++i) {
        const double sum = objective(n.children[i], true);
        if (i == 0 || better(sum, best)) best = sum, n.choice = static_cast<int>(i);
      }
    }
    recompute(node);
  }
}

void PostponedSubgame::recompute_path(int node) {
  for (; node > 0; node = nodes_[static_cast<std::size_t>(node)].parent) recompute(node);
}

double PostponedSubgame::objective(int node, bool by_reach) const {
  const Node& n = nodes_[static_cast<std::size_t>(node)];
  double sum = 0;
  for (std::size_t w = 0; w < n.value.size(); ++w)
    if (reached(n.value[w])) sum += weights_[w] * (by_reach ? n.reach[w] : 1.0) * n.value[w];
  return sum;
}

std::vector<int> PostponedSubgame::decisions_below(int node) const {
  std::vector<int> found, stack{node};
  while (!stack.empty()) {
    const Node& n = nodes_[static_cast<std::size_t>(stack.back())];
    if (n.kind == Kind::kObserver && n.children.size() >= 2) found.push_back(stack.back());
    stack.pop_back();
    for (int c : n.children) stack.push_back(c);
  }
  std::sort(found.begin(), found.end());
  return found;
}

int PostponedSubgame::decision_nodes(int k) const {
  return static_cast<int>(decisions_below(nodes_[0].children[static_cast<std::size_t>(k)]).size());
}

long PostponedSubgame::strategy_count(int k) const {
  long count = 1;
  for (int d : decisions_below(nodes_[0].children[static_cast<std::size_t>(k)])) {
    const long moves = static_cast<long>(nodes_[static_cast<std::size_t>(d)].children.size());
    if (count > LONG_MAX / moves) return LONG_MAX;
    count *= moves;
  }
  return count;
}

void PostponedSubgame::fused_values(double* values) {
  recompute_all(false, true);
  for (std::size_t k = 0; k < nodes_[0].children.size(); ++k)
    values[k] = objective(nodes_[0].children[k]);
}

double PostponedSubgame::exhaustive(int root_child, const std::vector<int>& decisions) {
  // Every combination of choices, as a mixed-radix counter; the greedy start is the incumbent.
  std::vector<int> best_choices, counter(decisions.size(), 0);
  for (int d : decisions) best_choices.push_back(nodes_[static_cast<std::size_t>(d)].choice);
  double best = objective(root_child);
  std::vector<int> subtree;  // bottom-up order
  for (int node = static_cast<int>(nodes_.size()) - 1; node >= root_child; --node) {
    int up = node;
    while (up > root_child) up = nodes_[static_cast<std::size_t>(up)].parent;
    if (up == root_child) subtree.push_back(node);
  }
  for (;;) {
    for (std::size_t i = 0; i < decisions.size(); ++i)
      nodes_[static_cast<std::size_t>(decisions[i])].choice = counter[i];
    for (int node : subtree) recompute(node);
    const double j = objective(root_child);
    if (better(j, best)) best = j, best_choices = counter;
    std::size_t i = 0;
    for (; i < decisions.size(); ++i) {
      const int size =
          static_cast<int>(nodes_[static_cast<std::size_t>(decisions[i])].children.size());
      if (++counter[i] < size) break;
      counter[i] = 0;
    }
    if (i == decisions.size()) break;
  }
  for (std::size_t i = 0; i < decisions.size(); ++i)
    nodes_[static_cast<std::size_t>(decisions[i])].choice = best_choices[i];
  for (int node : subtree) recompute(node);
  return best;
}

double PostponedSubgame::ascend(int root_child, const std::vector<int>& decisions) {
  double best = objective(root_child);
  for (int pass = 0; pass < kMaxAscentPasses; ++pass) {
    bool changed = false;
    for (auto it = decisions.rbegin(); it != decisions.rend(); ++it) {
      Node& n = nodes_[static_cast<std::size_t>(*it)];
      const int kept = n.choice;
      int chosen = kept;
      for (int c = 0; c < static_cast<int>(n.children.size()); ++c) {
        if (c == kept) continue;
        nodes_[static_cast<std::size_t>(*it)].choice = c;
        recompute_path(*it);
        const double j = objective(root_child);
        if (better(j, best)) best = j, chosen = c;
      }
      nodes_[static_cast<std::size_t>(*it)].choice = chosen;
      recompute_path(*it);
      changed = changed || chosen != kept;
    }
    if (!changed) break;
  }
  return best;
}

void PostponedSubgame::consistent_values(long exhaustive_limit, double* values) {
  recompute_all(true, false);
  for (std::size_t k = 0; k < nodes_[0].children.size(); ++k) {
    const int root_child = nodes_[0].children[k];
    const std::vector<int> decisions = decisions_below(root_child);
    const long count = strategy_count(static_cast<int>(k));
    // Against a modelled opponent the objective is a sum over information sets, each weighted by
    // its reach, so the greedy choice is already the best strategy.
    if (!has_min_)
      values[k] = objective(root_child, false);
    else
      values[k] = count <= exhaustive_limit ? exhaustive(root_child, decisions)
                                            : ascend(root_child, decisions);
  }
}

}  // namespace strategies
