// The shared input helpers (engine/common): quoting user text in messages, strict numbers, lists,
// and the FNV-1a hash against the published test vectors.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "engine/common/hash.h"
#include "engine/common/limited_file.h"
#include "engine/common/text.h"
#include "tests/test_files.h"

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

TEST(QuotedTest, BytesThatAreNotUtf8AreEscapedAndUtf8IsKept) {
  EXPECT_EQ(common::quoted("caf\xe9"), "\"caf\\xe9\"");
  EXPECT_EQ(common::quoted("caf\xc3\xa9 \xe2\x82\xac"), "\"caf\xc3\xa9 \xe2\x82\xac\"");
  EXPECT_EQ(common::quoted("\xff\xfe"), "\"\\xff\\xfe\"");
  EXPECT_EQ(common::quoted("\x7f"), "\"\\x7f\"");
  EXPECT_EQ(common::quoted("ab\xc3\xa9", 3), "\"ab\\xc3\"...(1 more bytes)");  // a cut character
}

TEST(QuotedTest, LongTextIsCutAndTheCutIsMarked) {
  const std::string huge(10'000'000, 'x');
  const std::string q = common::quoted(huge);
  EXPECT_EQ(
      q, "\"" + std::string(80, 'x') + "\"...(" + std::to_string(10'000'000 - 80) + " more bytes)");
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

namespace {

TEST(Utf8Test, WellFormedTextPassesAndTheFirstBadByteIsFound) {
  EXPECT_EQ(common::invalid_utf8_at("plain ascii"), std::string_view::npos);
  EXPECT_EQ(common::invalid_utf8_at("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x82\xa1"),
            std::string_view::npos);
  EXPECT_EQ(common::invalid_utf8_at("caf\xe9"), 3u);           // Latin-1
  EXPECT_EQ(common::invalid_utf8_at("a\xc0\x80"), 1u);         // overlong NUL
  EXPECT_EQ(common::invalid_utf8_at("\xe0\x80\xaf"), 0u);      // overlong '/'
  EXPECT_EQ(common::invalid_utf8_at("\xed\xa0\x80"), 0u);      // a UTF-16 surrogate
  EXPECT_EQ(common::invalid_utf8_at("\xf4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(common::invalid_utf8_at("ab\xe2\x82"), 2u);        // cut short
  EXPECT_EQ(common::invalid_utf8_at("\x80"), 0u);              // a lone continuation byte
}

TEST(LimitedFileTest, ReadsLinesAndALastLineWithoutNewline) {
  test_files::TempDir dir;
  const std::string path = dir.sub("f");
  test_files::write_text(path, "one\n\nthree");
  common::LimitedFile file(path, "test file", {});
  std::string line;
  std::vector<std::string> lines;
  while (file.next_line(line)) lines.push_back(line);
  EXPECT_EQ(lines, (std::vector<std::string>{"one", "", "three"}));
  EXPECT_EQ(common::read_limited_file(path, "test file", {}), "one\n\nthree");
}

TEST(LimitedFileTest, RefusesALongLineALargeFileAndAMissingOne) {
  test_files::TempDir dir;
  const std::string path = dir.sub("f");
  test_files::write_text(path, "short\n" + std::string(11, 'x') + "\n");
  const auto error = [&](common::ReadLimits limits) -> std::string {
    try {
      common::read_limited_file(path, "test file", limits);
    } catch (const common::ReadError& e) {
      EXPECT_EQ(e.error_number(), 0);
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(error({10, 1000, true}),
            "test file " + common::quoted(path) +
                " line 2 is longer than 10 bytes: not a file of this kind");
  EXPECT_EQ(error({100, 17, true}), "test file " + common::quoted(path) +
                                        " is larger than 17 bytes: not a file of this kind");
  EXPECT_EQ(error({11, 18, true}), "");
  try {
    common::LimitedFile missing(dir.sub("none"), "test file", {});
    ADD_FAILURE() << "a missing file was opened";
  } catch (const common::ReadError& e) {
    EXPECT_EQ(e.error_number(), ENOENT);
  }
}

TEST(ReadLimitedLineTest, AnEndlessLineStopsAtTheCap) {
  std::istringstream in("ok\n" + std::string(100, 'y'));
  std::string line;
  EXPECT_TRUE(common::read_limited_line(in, line, 10, "standard input"));
  EXPECT_EQ(line, "ok");
  EXPECT_THROW(common::read_limited_line(in, line, 10, "standard input"), common::ReadError);
}

}  // namespace
