// Search limits (engine/search/search_limit.h) on every path of BlockDominoesSolver: a node budget
// stops a large search with SearchStopped, the process's stop request stops one at its next
// check, and either way the solver stays usable: a later search gives the value a fresh solver
// gives (the table kept only what the stopped search had finished).
#include "engine/search/search_limit.h"

#include <gtest/gtest.h>

#include <chrono>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/rules.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace endgame {
namespace {

// A deal of `rules` as a position to solve from its start, seat 0 to lead.
dominoes::State start_of(const dominoes::Rules& rules, std::uint64_t deal) {
  dominoes::Deal d = dominoes::make_deal(rules, 7, deal, 0);
  d.leader = 0;
  d.lead_tile = -1;
  return dominoes::start_state(d);
}

dominoes::Rules table(int seats, int max_pip, int hand) {
  dominoes::Rules rules = dominoes::table_rules(seats);
  rules.max_pip = max_pip;
  rules.hand_size = hand;
  return rules;
}

// Every path, each with deals too large to solve within the budget: double-six at two seats, the
// generic two-seat search (double-nine), and four seats.
const dominoes::Rules kPaths[] = {table(2, 6, 14), table(2, 9, 16), table(4, 9, 13)};

TEST(SearchLimit, NodeBudgetStopsEveryPathAndTheSolverStaysUsable) {
  for (const dominoes::Rules& rules : kPaths) {
    SCOPED_TRACE(dominoes::describe(rules));
    const dominoes::State big = start_of(rules, 1);
    BlockDominoesSolver solver(rules);
    const search::SearchLimit budget{.max_nodes = 2 * search::kCheckInterval};
    solver.set_limit(&budget);
    try {
      solver.value(big);
      FAIL() << "a search of a whole deal ended within " << budget.max_nodes << " nodes";
    } catch (const search::SearchStopped& e) {
      EXPECT_EQ(e.reason(), search::StopReason::kNodes);
    }
    solver.set_limit(nullptr);
    // A small position: the same value as a fresh solver's.
    dominoes::State small = start_of(rules, 2);
    for (int seat = 0; seat < small.seats; ++seat)
      while (small.hands[seat].size() > 2) small.hands[seat].erase(*small.hands[seat].begin());
    BlockDominoesSolver fresh(rules);
    EXPECT_EQ(solver.value(small), fresh.value(small));
  }
}

TEST(SearchLimit, AStopRequestStopsASearchUntilCleared) {
  const dominoes::Rules rules = table(2, 6, 14);
  const dominoes::State big = start_of(rules, 3);
  BlockDominoesSolver solver(rules);
  search::request_stop();
  EXPECT_THROW(
      {
        try {
          solver.value(big);
        } catch (const search::SearchStopped& e) {
          EXPECT_EQ(e.reason(), search::StopReason::kInterrupt);
          throw;
        }
      },
      search::SearchStopped);
  search::clear_stop();
  const search::SearchLimit soon{.deadline = std::chrono::steady_clock::now()};
  solver.set_limit(&soon);
  EXPECT_THROW(solver.value(big), search::SearchStopped);  // the deadline has passed
}

}  // namespace
}  // namespace endgame
