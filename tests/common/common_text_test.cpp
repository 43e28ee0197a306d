// The shared input helpers (engine/common): quoting user text in messages, strict numbers, lists,
// and the FNV-1a hash against the published test vectors.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "engine/common/hash.h"
#include "engine/common/text.h"

namespace {

TEST(QuotedTest, ShortTextIsQuotedAsIs) {
  EXPECT_EQ(common::quoted("abc"), "\"abc\"");
  EXPECT_EQ(common::quoted(""), "\"\"");
}

TEST(QuotedTest, ControlCharactersAreEscapedSoTheMessageStaysOneLine) {
  EXPECT_EQ(common::quoted("a\nb\tc\rd"), "\"a\\nb\\tc\\rd\"");
  EXPECT_EQ(common::quoted(std::string("x\0y", 3)), "\"x\\x00y\"");
  EXPECT_EQ(common::quoted("\x1b"), "\"\\x1b\"");
}

TEST(QuotedTest, LongTextIsCutAndTheCutIsMarked) {
  const std::string huge(10'000'000, 'x');
  const std::string q = common::quoted(huge);
  EXPECT_EQ(q, "\"" + std::string(80, 'x') + "\"...(" + std::to_string(10'000'000 - 80) +
                   " more bytes)");
  EXPECT_EQ(common::quoted(std::string(80, 'y')), "\"" + std::string(80, 'y') + "\"");
  EXPECT_EQ(common::quoted("abcdef", 3), "\"abc\"...(3 more bytes)");
}

TEST(ParseIntTest, WholeDecimalNumbersOnly) {
  EXPECT_EQ(common::parse_int<int>("42"), 42);
  EXPECT_EQ(common::parse_int<int>("-7"), -7);
  EXPECT_FALSE(common::parse_int<int>(""));
  EXPECT_FALSE(common::parse_int<int>("12x"));
  EXPECT_FALSE(common::parse_int<int>(" 12"));
  EXPECT_FALSE(common::parse_int<int>("+12"));
  EXPECT_FALSE(common::parse_int<int>("1e3"));
  EXPECT_FALSE(common::parse_int<int>("2147483648"));  // one past INT_MAX
  EXPECT_EQ(common::parse_int<std::uint64_t>("18446744073709551615"), UINT64_MAX);
  EXPECT_FALSE(common::parse_int<std::uint64_t>("-1")) << "-1 must not wrap to 2^64-1";
}

TEST(ParseDoubleTest, FiniteNumbersOnly) {
  EXPECT_EQ(common::parse_double("0.5"), 0.5);
  EXPECT_EQ(common::parse_double("-2"), -2.0);
  EXPECT_EQ(common::parse_double("1e3"), 1000.0);
  EXPECT_FALSE(common::parse_double("inf"));
  EXPECT_FALSE(common::parse_double("nan"));
  EXPECT_FALSE(common::parse_double("1e999"));
  EXPECT_FALSE(common::parse_double("0.5x"));
  EXPECT_FALSE(common::parse_double(""));
}

TEST(SplitListTest, ItemsAreTrimmedAndEmptyItemsKept) {
  EXPECT_EQ(common::split_list("a, b ,c"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(common::split_list(""), (std::vector<std::string>{""}));
  EXPECT_EQ(common::split_list("1,,2"), (std::vector<std::string>{"1", "", "2"}));
  EXPECT_EQ(common::split_list("x/y", '/'), (std::vector<std::string>{"x", "y"}));
}

// Published FNV-1a 64-bit test vectors (Fowler, Noll and Vo's reference test suite).
TEST(HashTest, Fnv1aMatchesTheReferenceVectors) {
  EXPECT_EQ(common::fnv1a(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(common::fnv1a("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(common::fnv1a("foobar"), 0x85944171f73967e8ull);
  EXPECT_EQ(common::fnv1a("bar", common::fnv1a("foo")), common::fnv1a("foobar"));
}

}  // namespace
