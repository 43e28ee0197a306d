// The partnership convention (`partner`, strategies/partnership) on hand-made positions, one for
// each rule and sub-rule, each worked out by hand: the move the rule picks and, where it matters,
// the different move the later rules would pick without it (so that each test fails when its rule
// is taken out).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "strategies/heuristic/heuristic_strategy.h"
#include "strategies/partnership/partnership_strategy.h"
#include "strategies/policies/partnership_rules.h"
#include "strategies/registry.h"

namespace strategies {
namespace {

using dominoes::History;
using dominoes::Rules;
using dominoes::State;
using dominoes::TileSet;
using dominoes::ValueSet;

TileSet tiles(const char* text) {
  return dominoes::parse_tiles(text, 6);
}

ValueSet values(std::initializer_list<int> list) {
  ValueSet v;
  for (int x : list) v.insert(x);
  return v;
}

// A four-seat game: the dealt hands, a leader leading freely, and the moves so far (each checked
// legal as it is applied).
struct Table {
  State state;
  History history;
  Rules rules = dominoes::table_rules(4);

  Table(std::vector<const char*> hands, int leader, std::vector<const char*> moves)
      : history(leader, 4) {
    state.seats = 4;
    for (int s = 0; s < 4; ++s) state.hands[s] = tiles(hands[static_cast<std::size_t>(s)]);
    state.to_move = static_cast<std::uint8_t>(leader);
    state.leader = static_cast<std::uint8_t>(leader);
    for (const char* text : moves) {
      const dominoes::Move m = dominoes::parse_move(text, 6);
      const dominoes::MoveList legal = dominoes::legal_moves(state);
      EXPECT_TRUE(m.is_pass() ? legal.empty() : legal.contains(m)) << text;
      dominoes::apply(state, m);
      history.push_back(m);
    }
  }
  dominoes::Observation observation() const {
    return dominoes::observe(state, history, rules, state.to_move);
  }
  std::string choose(Strategy& strategy) const {
    const auto obs = observation();
    Rng rng(3);
    return dominoes::to_string(strategy.choose(obs, obs.legal_moves(), rng));
  }
};

// The game of the tests below, seat 0 to move after eight turns: 0 leads 5-5, 1 plays 4-5, 2
// (seat 0's partner) 4-4, 3 1-4, 0 2-5; seat 1 passes on 1 and 2; 2 plays 2-3, 3 plays 3-6.
// Ends 1 and 6; seat 0 holds 0-1, 5-6, 0-0, 0-2, 0-3.
Table eight_turns() {
  return Table({"5-5,2-5,0-1,5-6,0-0,0-2,0-3", "4-5,0-4,0-5,0-6,3-3,3-4,6-6",
                "4-4,2-3,1-1,1-2,1-3,1-5,2-2", "1-4,3-6,1-6,2-4,2-6,3-5,4-6"},
               0, {"5-5", "4-5L", "4-4L", "1-4L", "2-5R", "pass", "2-3R", "3-6R"});
}

// A view with ends `left`, `right` and hand `hand`; nothing else known (an empty line).
PartnershipView view(const char* hand, int left, int right) {
  PartnershipView v;
  v.hand = tiles(hand);
  v.left = left;
  v.right = right;
  return v;
}

std::string play(const PartnershipView& v) {
  return dominoes::to_string(partnership_move(dominoes::legal_moves(v.hand, v.left, v.right), v));
}

TEST(Partnership, SuitsLedAreTheValuesOfTheLeadersLead) {
  const Table t = eight_turns();
  const auto moves = t.history.moves();
  EXPECT_EQ(suits_led(moves, 0, 0), values({5}));  // seat 0 led 5-5
  for (int seat : {1, 2, 3}) EXPECT_TRUE(suits_led(moves, 0, seat).empty()) << seat;
  EXPECT_EQ(suits_led(moves.first(1), 2, 2), values({5}));
  EXPECT_TRUE(suits_led({}, 0, 0).empty());
}

TEST(Partnership, ViewReadsThePartnerAndTheOpponentsAroundTheSeat) {
  const PartnershipView v = partnership_view(eight_turns().observation());
  EXPECT_TRUE(v.partner_suits.empty());     // seat 2 did not lead
  EXPECT_EQ(v.next_lacks, values({1, 2}));  // seat 1 passed on ends 1 and 2
  EXPECT_TRUE(v.partner_lacks.empty());
  EXPECT_TRUE(v.other_opponent_lacks.empty());
  EXPECT_EQ(v.left, 1);
  EXPECT_EQ(v.right, 6);
}

TEST(Partnership, PartnerSuitsLeaveOutValuesItPassedOnAndValuesAllSeen) {
  // Seat 2 leads 3-4; seat 3 plays 4-6; seat 0 plays 3-3; seat 1 plays 6-1; seat 2 cannot play on
  // 3 or 1 and passes: 3 is no longer its suit, 4 still is (some 4 is unseen by seat 0).
  Table t({"3-3,0-0,0-2,0-5,2-2,2-5,5-5", "1-6,0-1,0-3,1-1,1-2,2-3,3-5",
           "3-4,0-4,0-6,2-4,4-4,4-5,5-6", "4-6,1-3,1-4,1-5,2-6,3-6,6-6"},
          2, {"3-4", "4-6R", "3-3L", "1-6R", "pass", "1-4R"});
  PartnershipView v = partnership_view(t.observation());
  EXPECT_EQ(v.partner_suits, values({4}));
  EXPECT_EQ(v.partner_lacks, values({1, 3}));
  // When seat 0 itself holds every 4 not on the line, the partner cannot hold one: not its suit.
  State all_fours = t.state;
  all_fours.hands[0] = tiles("0-4,2-4,4-4,4-5");
  all_fours.hands[2] = tiles("0-6,5-6,0-0");
  v = partnership_view(dominoes::observe(all_fours, t.history, t.rules, 0));
  EXPECT_TRUE(v.partner_suits.empty());
}

TEST(Partnership, LeadsTheMostAccompaniedDouble) {
  // 6-6 has one other six (6-4), 5-5 two other fives (5-2, 5-1): the five is the strongest suit.
  EXPECT_EQ(dominoes::to_string(partnership_lead(tiles("6-6,6-4,5-5,5-2,5-1,0-3,1-2"))), "5-5");
  // One other tile each: the higher double.
  EXPECT_EQ(dominoes::to_string(partnership_lead(tiles("6-6,6-4,5-5,5-2,0-3,1-2,0-1"))), "6-6");
  // A lone double (3-3) is not led when a double has company, however high the lone one is.
  EXPECT_EQ(dominoes::to_string(partnership_lead(tiles("6-6,1-1,1-2,0-3,0-4,2-5,3-5"))), "1-1");
}

TEST(Partnership, WithoutACompaniedDoubleLeadsTheTileWithTheMostCompany) {
  // Castel's example: 2-2 stands alone. Company (other tiles of each value): 1-3 has 2 threes
  // (3-6, 0-3) + 1 one (1-5) = 3; 0-3 has 2 threes (3-6, 1-3) + 1 zero (0-4) = 3; every other
  // tile 2 or less. A tie of 3: 1-3 has more pips (4 against 3).
  EXPECT_EQ(dominoes::to_string(partnership_lead(tiles("3-6,4-5,2-2,0-3,1-3,1-5,0-4"))), "1-3");
}

// A four-seat deal, seat 0 to lead freely with 6-6 (two other sixes: 6-4, 6-2) and 5-5 (one
// other five: 5-1).
Table fresh_deal() {
  return Table({"6-6,6-4,6-2,5-5,5-1,0-3,1-2", "0-0,0-1,0-2,0-4,0-5,0-6,1-1",
                "1-3,1-4,1-5,1-6,2-2,2-3,2-4", "2-5,2-6,3-3,3-4,3-5,3-6,4-4"},
               0, {});
}

TEST(Partnership, TheStrategyLeadsByTheLeadRule) {
  const Table t = fresh_deal();
  PartnershipStrategy p;
  HeuristicStrategy h;
  EXPECT_EQ(t.choose(p), "6-6");
  EXPECT_EQ(t.choose(h), "5-5");  // the seed heuristic leads its smallest double
}

TEST(Partnership, Rule0PlaysADouble) {
  // Ends 3 and 4: 3-3L and 4-6R leave ends carried by both tiles alike (rule 4: 2 each) and keep
  // one follower each (rule 5); rule 6 alone would drop the heavier 4-6.
  EXPECT_EQ(play(view("3-3,4-6", 3, 4)), "3-3L");
}

TEST(Partnership, Rule1DoesNotTakeThePartnersSuitOffTheEnds) {
  // Ends 3 and 4, the partner's suit 4. 4-6R would leave 3, 6 (no 4): a block of the partner.
  // 1-3L leaves 1, 4. Rules 4 and 5 tie (2 carriers, 1 follower each); rule 6 would drop 4-6.
  PartnershipView v = view("4-6,1-3", 3, 4);
  v.partner_suits = values({4});
  EXPECT_EQ(play(v), "1-3L");
  v.partner_suits = values({});
  EXPECT_EQ(play(v), "4-6R");
  // When every move blocks the partner, the rule keeps them all.
  v = view("4-6,4-5", 3, 4);
  v.partner_suits = values({4});
  EXPECT_EQ(play(v), "4-6R");
}

TEST(Partnership, Rule2RepeatsThePartnersSuit) {
  // Ends 3 and 4, the partner's suit 4. 3-4L leaves 4, 4 (repeats the 4); 3-6L leaves 6, 4;
  // 3-4R leaves 3, 3 (rule 1 takes it out). Without rule 2, rule 4 would take 3-6L: both tiles
  // carry its ends 6 or 4, only 3-4 carries 3-4L's 4, 4.
  PartnershipView v = view("3-4,3-6", 3, 4);
  v.partner_suits = values({4});
  EXPECT_EQ(play(v), "3-4L");
  v.partner_suits = values({});
  EXPECT_EQ(play(v), "3-6L");
}

TEST(Partnership, Rule3PlaysTheEndsTheNextOpponentLacks) {
  // In the eight-turn game seat 1, who plays next, passed on 1 and 2. 5-6R leaves ends 1, 5 (a 1
  // it lacks); 0-1L leaves 0, 6 (none). Without rule 3: rule 4 ties (6 visible carriers each:
  // 0-1, 5-6, 0-0, 0-2, 0-3, 3-6 for 0, 6; 0-1, 5-6, 5-5, 4-5, 1-4, 2-5 for 1, 5), and rule 5
  // plays 0-1L: after it 5-6, 0-0, 0-2, 0-3 follow 0 or 6, after 5-6R only 0-1 follows 1 or 5.
  const Table t = eight_turns();
  PartnershipStrategy p;
  EXPECT_EQ(t.choose(p), "5-6R");
  PartnershipView v = partnership_view(t.observation());
  v.next_lacks = values({});
  EXPECT_EQ(play(v), "0-1L");
}

TEST(Partnership, Rule3ThenCoversWhatThePartnerLacksThenPlaysTheOtherOpponentsLacks) {
  // Ends 3 and 4: 3-6L leaves 6, 4; 3-5L leaves 5, 4. Rules 4 to 6 alone play 3-6L (heavier).
  PartnershipView v = view("3-6,3-5", 3, 4);
  EXPECT_EQ(play(v), "3-6L");
  v.partner_lacks = values({6});  // the partner lacks 6: do not leave it a 6
  EXPECT_EQ(play(v), "3-5L");
  v = view("3-6,3-5", 3, 4);
  v.other_opponent_lacks = values({5});  // the seat before lacks 5: leave it one
  EXPECT_EQ(play(v), "3-5L");
  v.next_lacks = values({6});  // the next seat comes first: it lacks 6
  EXPECT_EQ(play(v), "3-6L");
}

TEST(Partnership, Rule4PlaysHardEnds) {
  // Ends 3 and 4, the ones 0-1, 1-1, 1-2 and 1-6 on the line: 1-3L leaves 1, 4, carried by 1-3
  // and the four ones (5); 3-5L leaves 5, 4, carried by 3-5 alone. Neither keeps a follower; rule
  // 6 alone would drop the heavier 3-5.
  PartnershipView v = view("1-3,3-5", 3, 4);
  v.line = tiles("0-1,1-1,1-2,1-6");
  EXPECT_EQ(play(v), "1-3L");
  v.line = tiles("");
  EXPECT_EQ(play(v), "3-5L");
}

TEST(Partnership, Rule5KeepsTilesThatFollowTheEnds) {
  // Ends 3 and 4, 6-6 on the line: 3-6L leaves 6, 4 (carried by 3-6, 6-6), 1-3L leaves 1, 4
  // (1-3, 1-1): a tie for rule 4. After 1-3L, 1-1 follows the 1; after 3-6L nothing follows.
  PartnershipView v = view("3-6,1-3,1-1", 3, 4);
  v.line = tiles("6-6");
  EXPECT_EQ(play(v), "1-3L");
}

TEST(Partnership, Rule6DropsTheHeaviestTile) {
  // Ends 3 and 4, each move's ends carried by its own tile only, no follower: 3-6 (9 pips).
  EXPECT_EQ(play(view("3-6,1-3", 3, 4)), "3-6L");
  // Equal pips (3-6L and 4-5R, 9 each): the higher in the seed's order, [6,3] before [5,4].
  EXPECT_EQ(play(view("3-6,4-5", 3, 4)), "3-6L");
}

TEST(Partnership, WithoutPartnersPlaysTheSeedHeuristic) {
  // Cut-throat four seats: the fresh deal without partners. The convention would lead 6-6; the
  // seed heuristic's rule 1 leads the smallest double, 5-5.
  Table t = fresh_deal();
  t.rules.partners = false;
  PartnershipStrategy p;
  EXPECT_EQ(t.choose(p), "5-5");
  // Three seats: the same.
  Table three({"6-6,6-4,6-2,5-5,5-1,0-3,1-2", "0-0,0-1,0-2,0-4,0-5,0-6,1-1",
               "1-3,1-4,1-5,1-6,2-2,2-3,2-4", ""},
              0, {});
  three.rules = dominoes::table_rules(3);
  three.state.seats = 3;
  three.history = History(0, 3);
  EXPECT_EQ(three.choose(p), "5-5");
  // Two seats, as `heuristic` (rule 1: the smallest legal double, 1-1 on the left).
  State s = dominoes::start_state(tiles("1-1,1-5,3-3"), TileSet(), 0);
  s.line = tiles("1-4,3-4");
  s.left = 1, s.right = 3;
  const History history(0);
  const Rules two;
  const auto obs = dominoes::observe(s, history, two, 0);
  Rng rng(1);
  EXPECT_EQ(dominoes::to_string(p.choose(obs, obs.legal_moves(), rng)), "1-1L");
}

TEST(Partnership, PolicyIsCertainOnTheChosenMove) {
  const Table t = eight_turns();
  PartnershipStrategy p;
  const auto obs = t.observation();
  const auto legal = obs.legal_moves();
  std::vector<double> probs(static_cast<std::size_t>(legal.size()));
  ASSERT_TRUE(p.policy(obs, legal, probs));
  for (int k = 0; k < legal.size(); ++k)
    EXPECT_EQ(probs[static_cast<std::size_t>(k)],
              dominoes::to_string(legal[k]) == "5-6R" ? 1.0 : 0.0);
}

TEST(Partnership, IsRegisteredForEverySeatCount) {
  const auto* info = Registry::builtin().find("partner");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->seat_counts, (std::vector<int>{2, 3, 4}));
}

}  // namespace
}  // namespace strategies
