// The observation tensor (engine/dominoes/observation_tensor.h): its length and offsets worked
// out by hand from the layout in docs/formats.md, every field of hand-worked positions at two and
// four seats, and the one property it exists for: states that differ only in tiles the seat
// cannot see give the same vector.
#include "engine/dominoes/observation_tensor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/rng.h"

namespace dominoes {
namespace {

TileSet tiles_of(const char* text) {
  return parse_tiles(text, 9);
}

std::vector<float> tensor(const State& s, const History& h, const Rules& rules, Seat seat) {
  std::vector<float> out(tensor_layout(rules).size, -1.0f);
  write_observation_tensor(s, h, rules, seat, out);
  return out;
}

// Plays `m` in both the state and the record.
void play(State& s, History& h, Move m) {
  apply(s, m);
  h.push_back(m);
}

TEST(ObservationTensor, LengthsAndOffsetsMatchTheLayoutWorkedByHand) {
  // Double-six, two seats: T = 28, V = 7, S = 2, K = 2.
  const TensorLayout two = tensor_layout(Rules{});
  EXPECT_EQ(two.hand, 0);
  EXPECT_EQ(two.played, 28);
  EXPECT_EQ(two.ends, 84);
  EXPECT_EQ(two.counts, 99);
  EXPECT_EQ(two.lacks, 101);
  EXPECT_EQ(two.passes, 115);
  EXPECT_EQ(two.leader, 117);
  EXPECT_EQ(two.to_move, 119);
  EXPECT_EQ(two.seat, 121);
  EXPECT_EQ(two.team, 123);
  EXPECT_EQ(two.size, 125);
  // Four seats with partners: 28 + 112 + 15 + 4 + 28 + 4 + 4 + 4 + 4 + 2.
  EXPECT_EQ(tensor_layout(table_rules(4)).size, 205);
  // Four seats cut-throat: four teams.
  Rules cut = table_rules(4);
  cut.partners = false;
  EXPECT_EQ(tensor_layout(cut).size, 207);
  // Three seats: 28 + 84 + 15 + 3 + 21 + 3 * 4 + 3.
  EXPECT_EQ(tensor_layout(table_rules(3)).size, 166);
  // Double-nine, four seats with partners: T = 55, V = 10: 55 + 220 + 21 + 4 + 40 + 16 + 2.
  Rules nine = table_rules(4);
  nine.max_pip = 9;
  nine.hand_size = 10;
  EXPECT_EQ(tensor_layout(nine).size, 358);
  // Double-two, two seats, one tile each: T = 6, V = 3: 6 + 12 + 7 + 2 + 6 + 8 + 2.
  Rules two_set;
  two_set.max_pip = 2;
  two_set.hand_size = 1;
  EXPECT_EQ(tensor_layout(two_set).size, 43);
}

TEST(ObservationTensor, TwoSeatPositionWorkedByHand) {
  // Seat 0 holds 3-5 0-0 1-2, seat 1 holds 5-6 3-4 2-2; seat 0 leads 3-5 (ends 3 ... 5), seat 1
  // plays 5-6 on the right (ends 3 ... 6), seat 0 has no 3 or 6 and passes. Seat 1 is to move.
  const Rules rules;
  State s = start_state(tiles_of("3-5,0-0,1-2"), tiles_of("5-6,3-4,2-2"), 0);
  History h(0, 2);
  play(s, h, Move(make_tile(3, 5), Placement::kLead));
  play(s, h, Move(make_tile(5, 6), Placement::kRight));
  play(s, h, Move::pass());

  // Tile indices (b(b+1)/2 + a): 0-0 0, 1-2 4, 2-2 5, 3-4 13, 3-5 18, 5-6 26.
  std::vector<float> want(125, 0.0f);
  // Seat 1's view: relative seat 0 is seat 1, relative seat 1 is seat 0.
  want[0 + 13] = want[0 + 5] = 1;  // hand 3-4, 2-2
  want[28 + 0 * 28 + 26] = 1;      // seat 1 played 5-6
  want[28 + 1 * 28 + 18] = 1;      // seat 0 played 3-5
  want[84 + 3] = 1;                // left end 3
  want[84 + 7 + 6] = 1;            // right end 6
  want[99 + 0] = 2;                // seat 1 holds 2 tiles
  want[99 + 1] = 2;                // seat 0 holds 2 tiles
  want[101 + 1 * 7 + 3] = 1;       // seat 0 lacks 3
  want[101 + 1 * 7 + 6] = 1;       // and 6
  want[115 + 1] = 1;               // seat 0 passed once
  want[117 + 1] = 1;               // seat 0 led
  want[119 + 0] = 1;               // seat 1 is to move
  want[121 + 1] = 1;               // the observer is seat 1
  want[123 + 1] = 1;               // of team 1
  EXPECT_EQ(tensor(s, h, rules, 1), want);

  // Seat 0's view of the same position.
  std::vector<float> zero(125, 0.0f);
  zero[0] = zero[4] = 1;      // hand 0-0, 1-2
  zero[28 + 18] = 1;          // it played 3-5
  zero[28 + 28 + 26] = 1;     // seat 1 played 5-6
  zero[84 + 3] = 1;           // left end 3
  zero[84 + 7 + 6] = 1;       // right end 6
  zero[99] = zero[100] = 2;   // two tiles each
  zero[101 + 3] = 1;          // it lacks 3
  zero[101 + 6] = 1;          // and 6
  zero[115] = 1;              // it passed once
  zero[117] = 1;              // it led
  zero[119 + 1] = 1;          // the next seat is to move
  zero[121] = zero[123] = 1;  // seat 0, team 0
  EXPECT_EQ(tensor(s, h, rules, 0), zero);

  // Seat 1 plays 3-4 on the left (ends 4 ... 6): seat 0 holds no 4 or 6, seat 1 only 2-2, so the
  // game is blocked. The turn entry still names the seat next in turn (seat 0): whether a game is
  // over depends on the hands, which the vector never reads beyond their sizes.
  play(s, h, Move(make_tile(3, 4), Placement::kLeft));
  ASSERT_EQ(status(s), GameStatus::kBlocked);
  const std::vector<float> end = tensor(s, h, rules, 0);
  EXPECT_EQ(end[119], 1);
  EXPECT_EQ(end[120], 0);
  EXPECT_EQ(end[84 + 4], 1);
  EXPECT_EQ(end[84 + 3], 0);
  EXPECT_EQ(end[28 + 28 + 13], 1);  // seat 1 played 3-4
  EXPECT_EQ(end[100], 1);           // seat 1 holds one tile
}

TEST(ObservationTensor, EmptyLineAndFourSeatsWithPartnersWorkedByHand) {
  // Four seats, partners; seat 3 leads. Before the lead the "no line yet" entry is set. Seat 2's
  // view: relative seats 0 = seat 2, 1 = seat 3, 2 = seat 0, 3 = seat 1.
  const Rules rules = table_rules(4);
  Deal d;
  d.seats = 4;
  d.hands = {tiles_of("0-0,0-1"), tiles_of("1-1,1-2"), tiles_of("2-2,2-3"), tiles_of("3-3,3-4")};
  d.leader = 3;
  State s = start_state(d);
  History h(3, 4);
  // Offsets: hand 0, played 28, ends 140, counts 155, lacks 159, passes 187, leader 191,
  // to_move 195, seat 199, team 203 (205 in all).
  std::vector<float> t = tensor(s, h, rules, 2);
  ASSERT_EQ(t.size(), 205u);
  EXPECT_EQ(t[140 + 14], 1);  // no line yet
  EXPECT_EQ(t[191 + 1], 1);   // seat 3 led: one place after seat 2
  EXPECT_EQ(t[195 + 1], 1);   // and is to move
  EXPECT_EQ(t[199 + 2], 1);   // own seat 2
  EXPECT_EQ(t[203 + 0], 1);   // team 0 (seats 0 and 2)
  EXPECT_EQ(t[203 + 1], 0);

  // Seat 3 leads 3-4 (ends 3 ... 4); seat 0 holds no 3 or 4 and passes; seat 1 too; seat 2 plays
  // 2-3 on the left (ends 2 ... 4).
  play(s, h, Move(make_tile(3, 4), Placement::kLead));
  play(s, h, Move::pass());
  play(s, h, Move::pass());
  play(s, h, Move(make_tile(2, 3), Placement::kLeft));
  t = tensor(s, h, rules, 2);
  EXPECT_EQ(t[140 + 14], 0);
  EXPECT_EQ(t[140 + 2], 1);                        // left end 2
  EXPECT_EQ(t[140 + 7 + 4], 1);                    // right end 4
  EXPECT_EQ(t[28 + 0 * 28 + make_tile(2, 3)], 1);  // seat 2 (relative 0) played 2-3
  EXPECT_EQ(t[28 + 1 * 28 + make_tile(3, 4)], 1);  // seat 3 (relative 1) played 3-4
  const std::vector<float> counts(t.begin() + 155, t.begin() + 159);
  EXPECT_EQ(counts, (std::vector<float>{1, 1, 2, 2}));  // seats 2, 3, 0, 1
  EXPECT_EQ(t[159 + 2 * 7 + 3], 1);                     // seat 0 (relative 2) lacks 3 and 4
  EXPECT_EQ(t[159 + 2 * 7 + 4], 1);
  EXPECT_EQ(t[159 + 3 * 7 + 3], 1);  // seat 1 (relative 3) too
  EXPECT_EQ(t[187 + 2], 1);          // one pass each for seats 0 and 1
  EXPECT_EQ(t[187 + 3], 1);
  EXPECT_EQ(t[187 + 0] + t[187 + 1], 0);
  EXPECT_EQ(t[195 + 1], 1);  // seat 3 is to move again
  EXPECT_EQ(std::count(t.begin() + 159, t.begin() + 187, 1.0f), 4);
}

// Returns `s` with the tiles seat `seat` cannot see (the other hands and the undrawn tiles)
// shuffled among the other hands and the undrawn pile, every hand keeping its size.
State shuffle_hidden(const State& s, const Rules& rules, Seat seat, Rng& rng) {
  TileSet hidden = TileSet::full(rules.max_pip) - s.line - s.hands[seat];
  std::vector<Tile> pool(hidden.begin(), hidden.end());
  for (std::size_t i = pool.size(); i > 1; --i)
    std::swap(pool[i - 1], pool[rng.below(static_cast<std::uint32_t>(i))]);
  State out = s;
  std::size_t next = 0;
  for (Seat other = 0; other < s.seats; ++other) {
    if (other == seat) continue;
    out.hands[other] = TileSet{};
    for (int k = 0; k < s.hands[other].size(); ++k) out.hands[other].insert(pool[next++]);
  }
  return out;
}

TEST(ObservationTensor, HiddenTilesNeverChangeTheVector) {
  int differed = 0;
  for (const int seats : {2, 3, 4}) {
    const Rules rules = table_rules(seats);
    for (std::uint64_t deal = 0; deal < 40; ++deal) {
      const Deal d = make_deal(rules, 7, deal);
      State s = start_state(d);
      History h(d.leader, d.seats);
      Rng rng(deal * 31 + static_cast<std::uint64_t>(seats));
      // A few random legal moves, then every seat's view against shuffled hidden tiles.
      const int moves = static_cast<int>(rng.below(12));
      for (int k = 0; k < moves && status(s) == GameStatus::kOngoing; ++k) {
        const MoveList legal = legal_moves(s);
        play(s, h, legal.empty() ? Move::pass() : legal[rng.below(legal.size())]);
      }
      for (Seat seat = 0; seat < seats; ++seat) {
        const State other = shuffle_hidden(s, rules, seat, rng);
        differed += other.hands != s.hands;
        EXPECT_EQ(tensor(s, h, rules, seat), tensor(other, h, rules, seat))
            << seats << " seats, deal " << deal << ", seat " << seat;
        // A different own hand is seen.
        if (!s.hands[seat].empty() && !s.line.empty()) {
          State mine = s;
          const Tile t = s.hands[seat].first();
          mine.hands[seat].erase(t);
          EXPECT_NE(tensor(s, h, rules, seat), tensor(mine, h, rules, seat));
        }
      }
    }
  }
  EXPECT_GT(differed, 100);  // the shuffles did move hidden tiles
}

TEST(ObservationTensor, HighBoundsHoldOverWholeGamesAndSizesAreChecked) {
  for (const int seats : {2, 3, 4}) {
    const Rules rules = table_rules(seats);
    const TensorLayout l = tensor_layout(rules);
    std::vector<float> high(l.size);
    tensor_high(rules, high);
    EXPECT_EQ(high[l.counts], rules.hand_size);
    EXPECT_EQ(high[l.passes], seats * rules.hand_size);
    EXPECT_EQ(high[l.hand], 1);
    for (std::uint64_t deal = 0; deal < 50; ++deal) {
      const Deal d = make_deal(rules, 3, deal);
      State s = start_state(d);
      History h(d.leader, d.seats);
      Rng rng(deal);
      while (status(s) == GameStatus::kOngoing) {
        const MoveList legal = legal_moves(s);
        play(s, h, legal.empty() ? Move::pass() : legal[rng.below(legal.size())]);
        for (Seat seat = 0; seat < seats; ++seat) {
          const std::vector<float> t = tensor(s, h, rules, seat);
          for (int i = 0; i < l.size; ++i) {
            ASSERT_GE(t[i], 0) << i;
            ASSERT_LE(t[i], high[i]) << i;
          }
        }
      }
    }
    std::vector<float> wrong(l.size + 1);
    EXPECT_THROW(write_observation_tensor(State{}, History{}, Rules{}, 0, wrong),
                 std::invalid_argument);
    EXPECT_THROW(tensor_high(rules, wrong), std::invalid_argument);
  }
}

// The record-only writer (for models of past decisions, where a world knows only the mover's
// hand) against the state writer at every turn of random games: counts, ends and lacks rebuilt
// from the record must equal the state's.
TEST(ObservationTensor, RecordWriterEqualsStateWriterThroughWholeGames) {
  int compared = 0;
  for (const int seats : {2, 3, 4}) {
    for (const int max_pip : {3, 6, 9}) {
      Rules rules = table_rules(seats);
      rules.max_pip = max_pip;
      rules.hand_size = max_pip == 3 ? 2 : 7;
      const TensorLayout l = tensor_layout(rules);
      std::vector<float> from_record(l.size);
      for (std::uint64_t deal = 0; deal < 20; ++deal) {
        const Deal d = make_deal(rules, 11, deal);
        State s = start_state(d);
        History h(d.leader, d.seats);
        Rng rng(deal + 100 * static_cast<std::uint64_t>(seats));
        while (true) {
          for (Seat seat = 0; seat < seats; ++seat) {
            write_record_observation(rules, l, seat, s.hands[seat], h.moves(), h.leader(),
                                     from_record.data());
            ASSERT_EQ(from_record, tensor(s, h, rules, seat))
                << seats << " seats, double-" << max_pip << ", deal " << deal << ", move "
                << h.size() << ", seat " << seat;
            ++compared;
          }
          if (status(s) != GameStatus::kOngoing) break;
          const MoveList legal = legal_moves(s);
          play(s, h, legal.empty() ? Move::pass() : legal[rng.below(legal.size())]);
        }
      }
    }
  }
  EXPECT_GT(compared, 3000);
}

}  // namespace
}  // namespace dominoes
