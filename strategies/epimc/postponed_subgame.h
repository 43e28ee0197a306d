// The subgame extended perfect-information Monte Carlo solves at one decision (Arjonilla,
// Saffidine & Cazenave, "Perfect Information Monte Carlo with Postponing Reasoning", IEEE CoG
// 2024, arXiv:2408.02380): the tree of public move sequences from the observer's decision down to
// `postpone` more of its own turns, over a set of weighted worlds (opponent hands), with each
// world's leaves valued by the exact open-hands solver.
//
// Why: plain PIMC solves each world with open hands, so it assumes it may play a different move in
// each world at every later turn, even where it cannot tell those worlds apart (strategy fusion,
// Frank & Basin 1998). Here the observer's later turns inside the subgame are information sets:
// one node per public move sequence, shared by every world that reaches it, and a strategy picks
// ONE move per such node for all its worlds. Only below the subgame's leaves are the worlds solved
// with open hands, as PIMC does: the perfect-information reasoning is postponed by `postpone` own
// turns. postpone = 0 is PIMC itself.
//
// Model of the opponent inside the subgame: in each world it knows the world (its own hand, and
// the observer's, which is the same in every world) and replies to minimise the observer's value,
// the same assumption PIMC and alpha-mu (Cazenave & Ventos 2020) make. A node is a leaf (the
// observer's last postponed turn has been played), an observer node or an opponent node, the same
// in every world; but the game may end at a node in some worlds only (a block depends on both
// hands), and there those worlds take the final score.
//
// Values are the observer's points (its net points at the end of the game, for the rules'
// scoring). For a pure strategy s of the observer (a move at every observer node), the value of
// root move a is J(a, s) = sum over worlds w of weight_w * V_w(a, s), where V_w takes s's move at
// observer nodes and, at opponent nodes, the minimum over the opponent's legal replies in w, or,
// with a reply model, their mean under the model's policy from the opponent's view (the
// observer's hand hidden from it). consistent_values() maximises J over s for each root move.
// With a reply model J is a sum over the observer's nodes of each node's choice weighted by the
// probability of reaching it (the product of the model's probabilities on the way, per world), so
// the greedy strategy below, with those reach weights, is exactly the best: exhaustive_limit is
// not used. With the minimum the nodes interact (the opponent may steer away from a node), and:
//   - exactly, by trying every pure strategy, when there are at most `exhaustive_limit` of them;
//   - else by coordinate ascent (one observer node at a time, keeping a change only when J rises,
//     until a pass over all nodes changes nothing or 10 passes), started from the greedy strategy
//     that picks, bottom-up, at each node the move with the best weighted sum over the worlds
//     reaching it (PIMC's choice at that information set). The result is a local optimum.
// Mixed strategies are not considered (a pure strategy is what the observer will play).
//
// Cost: one exact solve per leaf per world (about (replies x own moves)^postpone leaves per root
// move), with the solver's transposition table shared by all the leaves of one world.
//
// Three and four seats (build_table): a world deals every hidden hand (dominoes::TableHands), and
// the seats between two of the observer's turns move in the subgame in turn order: the subgame
// is the public move sequences, the observer's turns its information sets as above (every move is
// public and the observer's hand is the same in every world, so the sequence names the set). The
// other seats' turns:
//   - an opponent (cut-throat: every other seat) replies by the minimum for the observer in each
//     world (reply_model null), by `reply_model`'s policy from its own view (every other hand
//     hidden from it; the game's record as its context) or, after set_search_replies(true), by
//     its own best open-hands move in each world (a chance node of one move, as the partner's);
//   - the partner (four seats with partners) plays what it would play: with `partner_model` null
//     it is a searcher like the observer, modelled as a PIMC player who happens to hold the right
//     world: the move with the best open-hands value for the team in this world (the solver's
//     move values, the first on a tie); else by `partner_model`'s policy (the convention, a
//     fitted model). Its turn is an average over its moves (a chance node), never a minimum.
// The leaves sit at the observer's last postponed turn: every move there is valued exactly with
// open hands (solver.move_values with the observer to move: its team's net points, or in
// cut-throat its paranoid value, the other seats as one coalition, which only the seat to move
// can be asked for). So postpone = 0 values each root move as inference does (the same sums over
// the same worlds), and postpone = 1 leaves the observer one information set per public sequence
// of the three (two) other seats' replies. With chance nodes only (reply_model given) the greedy
// strategy is exact, as at two seats; with minimum nodes the exhaustive search or the ascent.
// Replies of probability 0 are not expanded.
#pragma once

#include <climits>
#include <cmath>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/move_list.h"
#include "engine/dominoes/observation.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "strategies/belief/opponent_model.h"

namespace strategies {

class PostponedSubgame {
 public:
  /// Builds the subgame of the decision at `obs` between the moves `legal` (the root's children,
  /// in this order), over the opponent hands `hands` with weights `weights` (> 0; the same length),
  /// `postpone` (>= 0) of the observer's own turns deep, solving every leaf with `solver` (exact,
  /// to the end of the game). The opponent replies by the minimum (reply_model null) or by
  /// `reply_model`'s policy from its own view (header comment). Replaces any previous subgame.
  /// When `stop` is given it is asked after each world (in the order given) and true ends the
  /// building there: the subgame then holds the worlds done so far (at least one). Returns the
  /// number of worlds in the subgame.
  std::size_t build(const dominoes::Observation& obs, const dominoes::MoveList& legal,
                    std::span<const dominoes::TileSet> hands, std::span<const double> weights,
                    int postpone, const OpponentModel* reply_model,
                    endgame::BlockDominoesSolver& solver,
                    const std::function<bool()>& stop = nullptr);

  /// Three or four seats: builds the subgame over the worlds `worlds` (every hand; weights as
  /// build's), `postpone` (>= 0) of the observer's turns deep, the opponents replying by the
  /// minimum (reply_model null) or by `reply_model`, the partner by the team's best open-hands
  /// move in each world (partner_model null) or by `partner_model` (header comment). The rest as
  /// build(). Requires obs.seats() > 2.
  std::size_t build_table(const dominoes::Observation& obs, const dominoes::MoveList& legal,
                          std::span<const dominoes::TableHands> worlds,
                          std::span<const double> weights, int postpone,
                          const OpponentModel* reply_model, const OpponentModel* partner_model,
                          endgame::BlockDominoesSolver& solver,
                          const std::function<bool()>& stop = nullptr);

  /// With `on`, the later builds' opponents reply by their own best open-hands move in each world
  /// (reply=search: as a PIMC opponent holding that world would play, the first on a tie),
  /// whatever reply model they are given; every such turn is an average over one move, so the
  /// greedy strategy is exact. Off by default.
  void set_search_replies(bool on) { search_replies_ = on; }

  /// Writes to values[k] PIMC's value of root move legal[k]: the weighted sum over worlds of the
  /// world's open-hands value (the observer's best move in each world separately: fused).
  void fused_values(double* values);
  /// Writes to values[k] the best weighted sum J(legal[k], s) found over the observer's pure
  /// strategies s (header comment). With a reply model: the reach-weighted greedy strategy, which
  /// is exact. With the minimum: exact when a root move has at most `exhaustive_limit` strategies
  /// (strategy_count, which also counts choices below branches a strategy never takes), else
  /// coordinate ascent. Never above fused_values.
  void consistent_values(long exhaustive_limit, double* values);

  /// Returns the observer's nodes with two or more moves below root move k: its decisions.
  int decision_nodes(int k) const;
  /// Returns the number of pure strategies below root move k (the product of the decision nodes'
  /// move counts), saturating at LONG_MAX.
  long strategy_count(int k) const;
  /// Returns the nodes of the subgame, root and leaves included.
  int node_count() const { return static_cast<int>(nodes_.size()); }

 private:
  // kOpponent: the minimum, or at two seats the reply model's average; kChance (three and four
  // seats): the average by the children's reach (a modelled reply, the partner's move).
  enum class Kind : unsigned char { kLeaf, kObserver, kOpponent, kChance };
  static constexpr double kUnreached = std::numeric_limits<double>::quiet_NaN();
  static bool reached(double v) { return !std::isnan(v); }
  struct Node {
    Kind kind = Kind::kLeaf;
    dominoes::Move move = dominoes::Move::pass();  // the move that led here
    int parent = -1;
    int choice = 0;             // observer nodes: the chosen child (index into children)
    std::vector<int> children;  // node indices, in first-seen order
    std::vector<double> value;  // per world: the observer's value here, kUnreached if not reached
    std::vector<double> ended;  // per world: the final value when the game ended here there
    std::vector<double> reach;  // per world: the opponent model's probability of the path here
  };

  int add_node(int parent, dominoes::Move move);
  int child_for(int node, dominoes::Move move);
  void expand(int node, const dominoes::State& s, int turns_left, int world);
  // Three and four seats (header comment): `node`'s subtree in world `world`, `s` its position.
  void expand_table(int node, const dominoes::State& s, int turns_left, int world);
  // The policy of `model` for the seat to move in `s` from its own view (other hands hidden),
  // the game's record (obs's history and the subgame's path) as its context.
  void policy_of(const OpponentModel& model, const dominoes::State& s,
                 const dominoes::MoveList& moves, double* probs) const;
  // Writes probability 1 on the best open-hands move of the seat to move in `s` (for its team;
  // paranoid in cut-throat), 0 on the others.
  void best_move_probability(const dominoes::State& s, const dominoes::MoveList& moves,
                             double* probs);
  // Starts the record the models read as their context: obs's history, its leader and rules.
  void start_record(const dominoes::Observation& obs);
  // Recomputes node's values from its children: chosen child (observer) or minimum (opponent).
  void recompute(int node);
  // Recomputes every node bottom-up; greedy=true first sets each observer node's choice to the
  // child with the best weighted sum over the worlds reaching it; fused=true takes each world's
  // best child instead of the choice.
  void recompute_all(bool greedy, bool fused);
  void recompute_path(int node);
  // The weighted sum of node's values over the worlds reaching it, each also weighted by its
  // reach probability when by_reach.
  double objective(int node, bool by_reach = false) const;
  std::vector<int> decisions_below(int node) const;
  double exhaustive(int root_child, const std::vector<int>& decisions);
  double ascend(int root_child, const std::vector<int>& decisions);

  std::vector<Node> nodes_;
  std::vector<double> weights_;
  dominoes::Seat observer_ = 0;
  const dominoes::Rules* rules_ = nullptr;
  endgame::BlockDominoesSolver* solver_ = nullptr;
  const OpponentModel* reply_model_ = nullptr;  // two seats: kOpponent's average
  // Three and four seats: the models of build_table; any seats: the record so far (obs's
  // history, then the subgame's path, which the models read as their context), the root's moves,
  // and whether some node takes a minimum.
  const OpponentModel* table_reply_ = nullptr;
  const OpponentModel* partner_model_ = nullptr;
  std::vector<dominoes::Move> record_;
  dominoes::MoveList legal_;
  int max_pip_ = 6;
  bool partners_ = false;
  dominoes::Seat leader_ = 0;
  bool has_min_ = true;
  bool search_replies_ = false;
};

}  // namespace strategies
