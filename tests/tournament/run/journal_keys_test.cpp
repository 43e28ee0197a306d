// first_difference: the key a refused resume names is the one whose value changed, whatever keys
// were added or removed before it (a key list compared by position named a later key instead).
#include <gtest/gtest.h>

#include "arena/tournament/run/journal.h"

namespace {

using tournament::first_difference;
using tournament::JournalKeys;

TEST(JournalKeys, ChangedValueIsNamed) {
  const JournalKeys was{{"deals", "100"}, {"seats", "2"}, {"target", "0"}};
  const JournalKeys now{{"deals", "100"}, {"seats", "4"}, {"target", "0"}};
  EXPECT_EQ(first_difference(was, now), "seats is \"2\" there and \"4\" now");
}

TEST(JournalKeys, AddedKeyDoesNotShiftTheOthers) {
  // Four seats bring a key of their own (here "partners") after seats: the change is seats.
  const JournalKeys was{{"deals", "100"}, {"seats", "2"}, {"target", "0"}};
  const JournalKeys now{{"deals", "100"}, {"seats", "4"}, {"partners", "true"}, {"target", "0"}};
  EXPECT_EQ(first_difference(was, now), "seats is \"2\" there and \"4\" now");
}

TEST(JournalKeys, KeyPresentOnOneSideOnlyReadsNotSet) {
  const JournalKeys was{{"deals", "100"}, {"target", "0"}};
  const JournalKeys now{{"deals", "100"}, {"partners", "true"}, {"target", "0"}};
  EXPECT_EQ(first_difference(was, now), "partners is \"(not set)\" there and \"true\" now");
  EXPECT_EQ(first_difference(now, was), "partners is \"true\" there and \"(not set)\" now");
}

TEST(JournalKeys, RepeatedKeysAreComparedInOrder) {
  const JournalKeys was{{"player", "random"}, {"player", "heuristic"}};
  const JournalKeys now{{"player", "random"}, {"player", "minimax"}};
  EXPECT_EQ(first_difference(was, now), "player is \"heuristic\" there and \"minimax\" now");
  const JournalKeys more{{"player", "random"}, {"player", "heuristic"}, {"player", "lowest"}};
  EXPECT_EQ(first_difference(was, more), "player is \"(not set)\" there and \"lowest\" now");
}

}  // namespace
