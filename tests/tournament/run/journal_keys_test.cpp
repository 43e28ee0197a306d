// differing_keys: the keys a refused resume names are those whose values changed, whatever keys
// were added or removed before them (a key list compared by position named a later key instead),
// and every one of them (naming only the first hid the change that caused the others).
#include <gtest/gtest.h>

#include "arena/tournament/run/journal.h"

namespace {

using tournament::differing_keys;
using tournament::JournalKeys;

TEST(JournalKeys, ChangedValueIsNamed) {
  const JournalKeys was{{"deals", "100"}, {"seats", "2"}, {"target", "0"}};
  const JournalKeys now{{"deals", "100"}, {"seats", "4"}, {"target", "0"}};
  EXPECT_EQ(differing_keys(was, now), "seats is \"2\" there and \"4\" now");
}

TEST(JournalKeys, AddedKeyDoesNotShiftTheOthers) {
  // Four seats bring a key of their own (here "partners") after seats: seats is named as changed,
  // and partners as new, target not at all.
  const JournalKeys was{{"deals", "100"}, {"seats", "2"}, {"target", "0"}};
  const JournalKeys now{{"deals", "100"}, {"seats", "4"}, {"partners", "true"}, {"target", "0"}};
  EXPECT_EQ(differing_keys(was, now),
            "seats is \"2\" there and \"4\" now, partners is \"(not set)\" there and \"true\" now");
}

TEST(JournalKeys, KeyPresentOnOneSideOnlyReadsNotSet) {
  const JournalKeys was{{"deals", "100"}, {"target", "0"}};
  const JournalKeys now{{"deals", "100"}, {"partners", "true"}, {"target", "0"}};
  EXPECT_EQ(differing_keys(was, now), "partners is \"(not set)\" there and \"true\" now");
  EXPECT_EQ(differing_keys(now, was), "partners is \"true\" there and \"(not set)\" now");
}

TEST(JournalKeys, RepeatedKeysAreComparedInOrder) {
  const JournalKeys was{{"player", "random"}, {"player", "heuristic"}};
  const JournalKeys now{{"player", "random"}, {"player", "minimax"}};
  EXPECT_EQ(differing_keys(was, now), "player is \"heuristic\" there and \"minimax\" now");
  const JournalKeys more{{"player", "random"}, {"player", "heuristic"}, {"player", "lowest"}};
  EXPECT_EQ(differing_keys(was, more), "player is \"(not set)\" there and \"lowest\" now");
}

TEST(JournalKeys, EveryDifferingKeyIsNamed) {
  // A journal of four seats resumed without --seats 4: seats falls back to two, and the defaults
  // that follow the seat count (target, scoring, partners) change with it. Each is named, in the
  // journal's order.
  const JournalKeys was{{"deals", "100"},           {"seats", "4"},       {"target", "100"},
                        {"scoring", "losers-pips"}, {"partners", "true"}, {"chunk", "10"}};
  const JournalKeys now{
      {"deals", "100"}, {"target", "0"}, {"scoring", "opponent-pips"}, {"chunk", "10"}};
  EXPECT_EQ(differing_keys(was, now),
            "seats is \"4\" there and \"(not set)\" now, target is \"100\" there and \"0\" now, "
            "scoring is \"losers-pips\" there and \"opponent-pips\" now, partners is \"true\" "
            "there and \"(not set)\" now");
}

}  // namespace
