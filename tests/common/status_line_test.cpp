// The status line's log cadence (issue 21): with DOMINOES_PROGRESS_SECONDS set, a line in a log
// comes at that interval, and finish() adds the last one; a terminal's redraws are tested through
// a pseudo-terminal in tests/cli/progress_cli_test.py.
#include "engine/common/status_line.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace common {
namespace {

std::string contents(std::FILE* file) {
  std::fflush(file);
  std::rewind(file);
  std::string text;
  for (int ch; (ch = std::fgetc(file)) != EOF;) text += static_cast<char>(ch);
  return text;
}

std::size_t count_lines(const std::string& text) {
  std::size_t n = 0;
  for (char ch : text) n += ch == '\n';
  return n;
}

TEST(StatusLineTest, ALogGetsALineEachIntervalAndALastOne) {
  ::setenv("DOMINOES_PROGRESS_SECONDS", "0.1", 1);
  EXPECT_DOUBLE_EQ(log_interval_seconds(), 0.1);
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  std::atomic<int> calls = 0;
  {
    StatusLine line(
        [&](std::size_t width) {
          EXPECT_EQ(width, 0u) << "a log has no width";
          return "tick " + std::to_string(++calls);
        },
        StatusMode::kLog, true, file);
    std::this_thread::sleep_for(std::chrono::milliseconds(1050));
    line.finish();
    line.finish();  // idempotent
  }
  const std::string text = contents(file);
  // Ten intervals passed (give or take a slow machine), then the last line.
  EXPECT_GE(count_lines(text), 6u) << text;
  EXPECT_LE(count_lines(text), 12u) << text;
  EXPECT_EQ(text.find('\r'), std::string::npos) << "a log has no carriage returns";
  EXPECT_EQ(text.substr(text.rfind("tick")), "tick " + std::to_string(calls.load()) + "\n");
  std::fclose(file);
  ::unsetenv("DOMINOES_PROGRESS_SECONDS");
}

TEST(StatusLineTest, TheIntervalVariableTakesOnlyAPositiveNumber) {
  for (const char* bad : {"0", "-3", "ten", "5s", ""}) {
    ::setenv("DOMINOES_PROGRESS_SECONDS", bad, 1);
    EXPECT_DOUBLE_EQ(log_interval_seconds(), 30) << bad;
  }
  ::unsetenv("DOMINOES_PROGRESS_SECONDS");
  EXPECT_DOUBLE_EQ(log_interval_seconds(), 30);
}

TEST(StatusLineTest, QuietDrawsNothingAndALogWithoutAFinalLineEndsSilently) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  {
    StatusLine off([](std::size_t) { return std::string("never"); }, StatusMode::kOff, true, file);
    StatusLine log([](std::size_t) { return std::string("not at the end"); }, StatusMode::kLog,
                   false, file);
  }
  EXPECT_EQ(contents(file), "");
  EXPECT_EQ(status_mode(true, fileno(file)), StatusMode::kOff);
  EXPECT_EQ(status_mode(false, fileno(file)), StatusMode::kLog);
  std::fclose(file);
}

}  // namespace
}  // namespace common
