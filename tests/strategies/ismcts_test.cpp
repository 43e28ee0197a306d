// ISMCTS (strategies/ismcts): the move it finds in a forced win, checked against a brute-force
// search over the searcher's information sets; its UCB and availability bookkeeping on positions
// small enough to count by hand; the exact leaves against the open-hands solver; the rollout
// heuristic against the seed heuristic; reproducibility and its parameters.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/scoring.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "strategies/heuristic/heuristic_strategy.h"
#include "strategies/ismcts/ismcts_strategy.h"
#include "strategies/registry.h"

namespace strategies {
namespace {

using dominoes::GameStatus;
using dominoes::History;
using dominoes::Rules;
using dominoes::State;
using dominoes::TileSet;

// A hand-made position with seat 0 to move. The history is empty: nothing here reads it but the
// last-was-pass flag (false) and the leader.
struct Position {
  State state;
  History history{0};
  Rules rules;
  dominoes::Observation observation() const { return dominoes::observe(state, history, rules, 0); }
};

Position position(const char* mine, const char* theirs, const char* line, int left, int right,
                  Rules rules = {}) {
  Position p;
  p.rules = rules;
  p.state = dominoes::start_state(dominoes::parse_tiles(mine, rules.max_pip),
                                  dominoes::parse_tiles(theirs, rules.max_pip), 0);
  p.state.line = dominoes::parse_tiles(line, rules.max_pip);
  p.state.left = static_cast<std::int8_t>(left);
  p.state.right = static_cast<std::int8_t>(right);
  return p;
}

Move parse(const char* move) {
  return dominoes::parse_move(move, 6);
}

std::vector<std::string> names(const MoveList& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(dominoes::to_string(m));
  return out;
}

// Returns true when seat `me` can force a win (net points > 0) in every state of `worlds` (states
// with the same public history that differ in the opponent's hand), choosing its moves from what
// it sees only: one move for all worlds at each of its turns, while every opponent move legal in
// any world must be answered. Brute force over the searcher's information sets; small endgames.
bool forced_win(const std::vector<State>& worlds, dominoes::Seat me, const Rules& rules) {
  std::vector<State> ongoing;
  for (const State& w : worlds) {
    if (dominoes::status(w) == GameStatus::kOngoing)
      ongoing.push_back(w);
    else if (dominoes::net_points(w, rules, me) <= 0)
      return false;
  }
  if (ongoing.empty()) return true;
  if (ongoing[0].to_move == me) {  // own hand and ends are the same in every world
    MoveList legal = dominoes::legal_moves(ongoing[0]);
    if (legal.empty()) legal.push_back(Move::pass());
    for (Move m : legal) {
      std::vector<State> next = ongoing;
      for (State& w : next) dominoes::apply(w, m);
      if (forced_win(next, me, rules)) return true;
    }
    return false;
  }
  std::map<std::uint16_t, std::vector<State>> after;  // opponent move -> worlds it is legal in
  for (const State& w : ongoing) {
    MoveList legal = dominoes::legal_moves(w);
    if (legal.empty()) legal.push_back(Move::pass());
    for (Move m : legal) {
      State next = w;
      dominoes::apply(next, m);
      after[m.bits()].push_back(next);
    }
  }
  for (const auto& [bits, next] : after)
    if (!forced_win(next, me, rules)) return false;
  return true;
}

// Found by a scan of random double-six endgames: seat 0 holds 2-5, 4-5, 5-6 on ends 5 and 6; the
// opponent holds 4 of 12 candidate tiles (it has shown it lacks 3 and 5): 495 worlds. Only 5-6R
// wins whatever the opponent holds and plays; 5-6L is the same tile on the other end. The seed
// heuristic plays 4-5L.
Position forced_win_position() {
  Position p = position("2-5,4-5,5-6", "0-0,0-4,0-6,6-6", "1-3,1-5,2-4,2-6,3-3,3-6,4-6", 5, 6);
  p.state.lacks[1].insert(3);
  p.state.lacks[1].insert(5);
  return p;
}

TEST(Ismcts, TheForcedWinIsAForcedWinAndTheOnlyOne) {
  const Position p = forced_win_position();
  const auto obs = p.observation();
  const MoveList legal = obs.legal_moves();
  ASSERT_EQ(names(legal), (std::vector<std::string>{"2-5L", "4-5L", "5-6L", "5-6R"}));
  std::vector<State> worlds;
  dominoes::for_each_consistent_hand(
      obs, [&](TileSet hand) { worlds.push_back(dominoes::determinize(obs, hand)); });
  ASSERT_EQ(worlds.size(), 495u);
  // The open-hands values: the winner wins in every world, the others lose on average.
  endgame::BlockDominoesSolver solver(p.rules);
  std::vector<double> mean(legal.size(), 0);
  for (const State& w : worlds) {
    int values[MoveList::kCapacity];
    solver.move_values(w, legal, 0, values);
    for (int k = 0; k < legal.size(); ++k) mean[k] += values[k] / 495.0;
  }
  for (int k = 0; k < legal.size(); ++k) {
    std::vector<State> next = worlds;
    for (State& w : next) dominoes::apply(w, legal[k]);
    const bool wins = forced_win(next, 0, p.rules);
    EXPECT_EQ(wins, k == 3) << dominoes::to_string(legal[k]);
    if (k != 3) {
      EXPECT_LT(mean[k], 0) << dominoes::to_string(legal[k]);
    }
  }
  HeuristicStrategy heuristic;
  Rng rng(1);
  EXPECT_EQ(dominoes::to_string(heuristic.choose(obs, legal, rng)), "4-5L");
}

TEST(Ismcts, ChoosesTheForcedWin) {
  const Position p = forced_win_position();
  const auto obs = p.observation();
  const MoveList legal = obs.legal_moves();
  IsmctsParams random_rollouts{.iterations = 3000};
  IsmctsParams heuristic_rollouts{.iterations = 3000, .rollout = IsmctsRollout::kHeuristic};
  IsmctsParams exact_leaves{.iterations = 1000, .exact_tiles = 10};
  for (const IsmctsParams& params : {random_rollouts, heuristic_rollouts, exact_leaves})
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      IsmctsStrategy ismcts(params);
      Rng rng(seed);
      EXPECT_EQ(dominoes::to_string(ismcts.choose(obs, legal, rng)), "5-6R")
          << "seed " << seed << ", exact-tiles " << params.exact_tiles;
      // The winning move also has the best mean.
      double winner = 0, best_other = -1e9;
      for (const auto& child : ismcts.children({})) {
        if (child.move == parse("5-6R"))
          winner = child.mean_points;
        else
          best_other = std::max(best_other, child.mean_points);
      }
      EXPECT_GT(winner, best_other);
    }
}

TEST(Ismcts, RewardScaleBoundsEveryOutcome) {
  // Own pips 7 + 9 + 11 = 27. Candidates (unseen, no 3 and no 5): 0-0 0-1 0-2 0-4 0-6 1-1 1-2 1-4
  // 1-6 2-2 4-4 6-6; the heaviest four are 6-6, 4-4, 1-6, 0-6: 12 + 8 + 7 + 6 = 33.
  EXPECT_EQ(ismcts_reward_scale(forced_win_position().observation()), 60);
}

// Every root move is legal in every world, so the root's children are created in the first
// iterations, one each, and are available from then on.
TEST(Ismcts, RootVisitsAndAvailabilityAddUp) {
  const Position p = forced_win_position();
  const auto obs = p.observation();
  const int n = 500;
  IsmctsStrategy ismcts({.iterations = n});
  Rng rng(3);
  ismcts.choose(obs, obs.legal_moves(), rng);
  const auto root = ismcts.children({});
  ASSERT_EQ(root.size(), 4u);
  std::uint32_t visits = 0;
  std::vector<std::uint32_t> available;
  for (const auto& child : root) visits += child.visits, available.push_back(child.available);
  EXPECT_EQ(visits, static_cast<std::uint32_t>(n));
  EXPECT_EQ(available, (std::vector<std::uint32_t>{500, 499, 498, 497}));  // creation order
}

// Walks the whole tree: a child is visited at most as often as it was available, and available
// at most as often as its parent was visited; the children's visits never exceed the parent's.
void check_tree(const IsmctsStrategy& ismcts, std::vector<Move>& path, std::uint32_t visits,
                int& nodes) {
  std::uint32_t children_visits = 0;
  for (const auto& child : ismcts.children(path)) {
    ++nodes;
    EXPECT_GE(child.visits, 1u);
    EXPECT_LE(child.visits, child.available);
    EXPECT_LE(child.available, visits);
    children_visits += child.visits;
    path.push_back(child.move);
    check_tree(ismcts, path, child.visits, nodes);
    path.pop_back();
  }
  EXPECT_LE(children_visits, visits);
}

TEST(Ismcts, EveryNodesCountsAreConsistent) {
  const dominoes::Rules rules;
  const dominoes::Deal deal = dominoes::make_deal(rules, 5, 0);
  State s = dominoes::start_state(deal);
  History history(deal.leader);
  IsmctsStrategy ismcts({.iterations = 2000});
  // The opening decision and a few later ones of one game.
  int decisions = 0;
  Rng walk(8);
  while (dominoes::status(s) == GameStatus::kOngoing && decisions < 4) {
    const MoveList legal = dominoes::legal_moves(s);
    if (legal.size() > 1) {
      Rng rng(decisions);
      ismcts.choose(dominoes::observe(s, history, rules, s.to_move), legal, rng);
      std::vector<Move> path;
      int nodes = 0;
      check_tree(ismcts, path, 2000, nodes);
      EXPECT_GT(nodes, 0);
      ++decisions;
    }
    const Move m = legal.empty() ? Move::pass() : legal[static_cast<int>(walk.below(legal.size()))];
    dominoes::apply(s, m);
    history.push_back(m);
  }
  EXPECT_EQ(decisions, 4);
}

// Seat 0 holds 3-4 and 5-6 on ends 3 and 5 (line 1-3, 1-5); the opponent holds one tile of the 24
// it may hold, each a world of probability 1/24. After 3-4L the ends are 4 and 5, and the
// opponent's reply depends on its tile: 0-4, 1-4, 2-4, 4-4, 4-6 go on the left (one move each),
// 0-5, 2-5, 3-5, 5-5 on the right, 4-5 on either end (two moves: a real choice), and the other 14
// tiles pass. Each reply ends the game (a domino) or is forced, except 4-5's.
TEST(Ismcts, OpponentRepliesFollowTheWorldsAndTheirAvailability) {
  const Position p = position("3-4,5-6", "0-0", "1-3,1-5", 3, 5);
  const auto obs = p.observation();
  ASSERT_EQ(dominoes::count_consistent_hands(obs), 24u);
  IsmctsStrategy ismcts({.iterations = 4000, .c = 5.0});  // large c: 3-4L gets many visits
  Rng rng(17);
  ismcts.choose(obs, obs.legal_moves(), rng);
  std::uint32_t after_visits = 0;
  for (const auto& child : ismcts.children({}))
    if (child.move == parse("3-4L")) after_visits = child.visits;
  ASSERT_GT(after_visits, 1000u);
  const Move path[] = {parse("3-4L")};
  const auto replies = ismcts.children(path);
  // The expected share of each reply: the worlds (tiles) in which it is legal.
  const TileSet unseen = obs.unseen();
  std::map<std::string, int> worlds_of;  // reply (a tile's moves share one entry) -> worlds
  for (dominoes::Tile t : unseen) {
    const MoveList moves = dominoes::legal_moves(TileSet::of(t), 4, 5);
    ++worlds_of[moves.empty() ? "pass" : dominoes::to_string(t)];
  }
  ASSERT_EQ(worlds_of.size(), 11u);
  ASSERT_EQ(worlds_of["pass"], 14);
  std::map<std::string, std::uint32_t> seen;
  std::uint32_t total = 0;
  const IsmctsChildStats* on_left = nullptr;
  const IsmctsChildStats* on_right = nullptr;
  for (const auto& r : replies) {
    total += r.visits;
    seen[r.move.is_pass() ? "pass" : dominoes::to_string(r.move.tile())] += r.visits;
    if (r.move == parse("4-5L"))
      on_left = &r;
    else if (r.move == parse("4-5R"))
      on_right = &r;
    else
      EXPECT_EQ(r.available, r.visits) << dominoes::to_string(r.move);  // forced or final
  }
  // Every visit after the one that created 3-4L went on to exactly one reply.
  EXPECT_EQ(total, after_visits - 1);
  // 4-5L and 4-5R are available together in 4-5's worlds, from the second one on for the one
  // created second; each such visit took one of them.
  ASSERT_TRUE(on_left && on_right);
  const std::uint32_t first = std::max(on_left->available, on_right->available);
  EXPECT_EQ(std::min(on_left->available, on_right->available) + 1, first);
  EXPECT_EQ(on_left->visits + on_right->visits, first);
  // The replies' shares match the worlds: chi-square, 10 degrees of freedom, p = 0.001.
  double chi2 = 0;
  for (const auto& [reply, worlds] : worlds_of) {
    const double expected = total * worlds / 24.0;
    chi2 += (seen[reply] - expected) * (seen[reply] - expected) / expected;
  }
  EXPECT_LT(chi2, 29.59);
}

// With a huge exploration constant the bonus term outweighs any difference of mean rewards (at
// most 2 on the normalised scale): with 24 iterations over 4 moves, one more visit lowers a
// move's bonus by about 5.4, so UCB1 takes the moves in turn and their visits differ by at most 1.
TEST(Ismcts, LargeExplorationSharesVisitsEvenly) {
  const Position p = forced_win_position();
  const auto obs = p.observation();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    IsmctsStrategy ismcts({.iterations = 24, .c = 100});
    Rng rng(seed);
    ismcts.choose(obs, obs.legal_moves(), rng);
    std::uint32_t lo = 1000, hi = 0;
    for (const auto& child : ismcts.children({}))
      lo = std::min(lo, child.visits), hi = std::max(hi, child.visits);
    EXPECT_LE(hi - lo, 1u) << "seed " << seed;
  }
}

// With hand-size 14 every tile is dealt, so the opponent's hand is known: one world, and the tree
// is a perfect-information one. Seat 0 holds 2-5, 4-4, 4-5 on ends 0 and 4; the opponent 0-4, 2-2,
// 2-4. After 4-4R (ends 0, 4) the opponent's 0-4R (exposing 0 on the right) is its one best reply.
Position open_position() {
  Rules rules;
  rules.hand_size = 14;
  return position("2-5,4-4,4-5", "0-4,2-2,2-4",
                  "0-0,0-1,0-2,0-3,0-5,0-6,1-1,1-2,1-3,1-4,1-5,1-6,2-3,2-6,3-3,3-4,3-5,3-6,4-6,"
                  "5-5,5-6,6-6",
                  0, 4, rules);
}

TEST(Ismcts, ExactLeavesHoldTheSolversValues) {
  const Position p = open_position();
  const auto obs = p.observation();
  ASSERT_EQ(dominoes::count_consistent_hands(obs), 1u);
  const MoveList legal = obs.legal_moves();
  ASSERT_EQ(names(legal), (std::vector<std::string>{"4-4R", "4-5R"}));
  endgame::BlockDominoesSolver solver(p.rules);
  int values[MoveList::kCapacity];
  solver.move_values(p.state, legal, 0, values);
  // Two iterations: each root move is expanded once and its leaf solved exactly.
  IsmctsStrategy ismcts({.iterations = 2, .exact_tiles = 28});
  Rng rng(1);
  ismcts.choose(obs, legal, rng);
  EXPECT_EQ(ismcts.reward_scale(), 24 + 14);  // both hands' pips: the one world
  const auto root = ismcts.children({});
  ASSERT_EQ(root.size(), 2u);
  for (const auto& child : root) {
    const int k = child.move == legal[0] ? 0 : 1;
    EXPECT_EQ(child.visits, 1u);
    EXPECT_NEAR(child.mean_points, values[k], 1e-9) << dominoes::to_string(child.move);
  }
}

TEST(Ismcts, TheOpponentMaximisesItsOwnReward) {
  const Position p = open_position();
  const auto obs = p.observation();
  // The opponent's replies after 4-4R, valued for the opponent by the solver.
  State after = p.state;
  dominoes::apply(after, parse("4-4R"));
  const MoveList replies = dominoes::legal_moves(after);
  ASSERT_EQ(names(replies), (std::vector<std::string>{"0-4L", "0-4R", "2-4R"}));
  endgame::BlockDominoesSolver solver(p.rules);
  int values[MoveList::kCapacity];
  solver.move_values(after, replies, 0, values);
  EXPECT_GT(values[1], std::max(values[0], values[2]));  // 16 against -4 and -4
  IsmctsStrategy ismcts({.iterations = 3000, .exact_tiles = 28});
  Rng rng(2);
  ismcts.choose(obs, obs.legal_moves(), rng);
  const Move path[] = {parse("4-4R")};
  const auto stats = ismcts.children(path);
  ASSERT_EQ(stats.size(), 3u);
  const auto most = std::max_element(
      stats.begin(), stats.end(), [](const auto& a, const auto& b) { return a.visits < b.visits; });
  EXPECT_EQ(dominoes::to_string(most->move), "0-4R");
  EXPECT_GT(most->visits, 2 * (stats[0].visits + stats[1].visits + stats[2].visits - most->visits));
}

// The rollout policy reads a State; the seed heuristic reads an Observation. Same moves in every
// position of many random games, both seats, every supported set.
TEST(Ismcts, HeuristicRolloutsPlayTheSeedHeuristic) {
  HeuristicStrategy heuristic;
  int compared = 0;
  for (std::uint64_t deal_index = 0; deal_index < 400; ++deal_index) {
    Rules rules;
    rules.max_pip = 6 + static_cast<int>(deal_index % 4);
    const dominoes::Deal deal = dominoes::make_deal(rules, 23, deal_index);
    State s = dominoes::start_state(deal);
    History history(deal.leader);
    Rng walk(deal_index);
    while (dominoes::status(s) == GameStatus::kOngoing) {
      const MoveList legal = dominoes::legal_moves(s);
      if (legal.size() > 1) {
        Rng unused(0);
        const auto obs = dominoes::observe(s, history, rules, s.to_move);
        ASSERT_EQ(ismcts_heuristic_move(s, legal), heuristic.choose(obs, legal, unused));
        ++compared;
      }
      const Move m =
          legal.empty() ? Move::pass() : legal[static_cast<int>(walk.below(legal.size()))];
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  EXPECT_GT(compared, 2000);
}

// The same decision by a fresh player and by one that has made other decisions before (its node
// pool reused), for every rollout and with exact leaves, over many random positions; moves legal.
TEST(Ismcts, MovesDependOnlyOnTheObservationAndTheRandomStream) {
  const Registry& registry = Registry::builtin();
  for (const char* spec : {"ismcts(iterations=40)", "ismcts(iterations=40,rollout=lowest,c=0)",
                           "ismcts(iterations=40,rollout=heuristic,exact-tiles=8)"}) {
    Player reused = registry.make(spec);
    for (std::uint64_t deal_index = 0; deal_index < 60; ++deal_index) {
      Rules rules;
      rules.max_pip = 6 + static_cast<int>(deal_index % 4);
      const dominoes::Deal deal = dominoes::make_deal(rules, 29, deal_index);
      State s = dominoes::start_state(deal);
      History history(deal.leader);
      Rng walk(deal_index);
      while (dominoes::status(s) == GameStatus::kOngoing) {
        const MoveList legal = dominoes::legal_moves(s);
        if (legal.size() > 1) {
          Rng r1(deal_index * 977 + static_cast<std::uint64_t>(history.size())), r2 = r1;
          Player fresh = registry.make(spec);
          const Move chosen = reused.choose(s, history, rules, legal, r1);
          ASSERT_TRUE(legal.contains(chosen)) << spec;
          ASSERT_EQ(fresh.choose(s, history, rules, legal, r2), chosen) << spec;
        }
        const Move m =
            legal.empty() ? Move::pass() : legal[static_cast<int>(walk.below(legal.size()))];
        dominoes::apply(s, m);
        history.push_back(m);
      }
    }
  }
}

TEST(Ismcts, ParametersAreCheckedAndSpelledOut) {
  const Registry& registry = Registry::builtin();
  EXPECT_EQ(registry.canonical("ismcts"),
            "ismcts(iterations=1000,c=0.7,rollout=random,exact-tiles=0)");
  for (const char* bad : {"ismcts(iterations=0)", "ismcts(iterations=1000001)", "ismcts(c=-0.1)",
                          "ismcts(c=101)", "ismcts(rollout=best)", "ismcts(exact-tiles=-1)",
                          "ismcts(exact-tiles=56)", "ismcts(depth=3)"})
    EXPECT_THROW(registry.make(bad), SpecError) << bad;
  try {
    registry.make("ismcts(rollout=best)");
  } catch (const SpecError& e) {
    EXPECT_NE(std::string(e.what()).find("random or lowest or heuristic"), std::string::npos);
  }
}

}  // namespace
}  // namespace strategies
