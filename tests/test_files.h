// Files for tests: a temporary directory removed at the end, reading and writing whole files,
// and summary.csv without its wall-time column (the one field that may differ between runs).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace test_files {

namespace fs = std::filesystem;

// A fresh directory under the system temp directory, removed with everything in it at the end.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string test = info ? std::string(info->test_suite_name()) + "_" + info->name() : "x";
    path_ = fs::temp_directory_path() / ("dominoes_test_" + std::to_string(::getpid()) + "_" +
                                         test + "_" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string sub(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  ASSERT_TRUE(out.good()) << "cannot write " << path;
}

inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream is(text);
  std::string line;
  while (std::getline(is, line)) lines.push_back(line);
  return lines;
}

// The columns of summary.csv that are measured, not computed, and so differ between runs of the
// same experiment: the CPU milliseconds per decision of A and B and the wall seconds, its last
// three columns, in that order.
inline constexpr const char* kTimingColumns[] = {"a_ms_per_decision", "b_ms_per_decision",
                                                 "seconds"};

// summary.csv without its timing columns (kTimingColumns, which must be the last three of the
// header). They are plain numbers or empty, so the last three commas always start them, even when
// a quoted player spec holds commas.
inline std::string csv_without_timings(const std::string& csv) {
  std::string out;
  const auto lines = split_lines(csv);
  EXPECT_FALSE(lines.empty());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::size_t comma = lines[i].size();
    for (int k = 2; k >= 0; --k) {
      const std::size_t before = comma == 0 ? std::string::npos : lines[i].rfind(',', comma - 1);
      EXPECT_NE(before, std::string::npos) << lines[i];
      if (before == std::string::npos) return out;
      if (i == 0) {
        EXPECT_EQ(lines[i].substr(before + 1, comma - before - 1), kTimingColumns[k]);
      }
      comma = before;
    }
    out += lines[i].substr(0, comma) + "\n";
  }
  return out;
}

// summary.md without its timing cells: in the summary table (the one whose header ends with
// "| ms/decision A / B | seconds |") the last two cells of every line; every other line as it is.
inline std::string markdown_without_timings(const std::string& md) {
  const std::string header_end = "| ms/decision A / B | seconds |";
  std::string out;
  bool in_table = false, saw_header = false;
  for (const std::string& line : split_lines(md)) {
    const bool row = line.size() > 2 && line.front() == '|' && line.back() == '|';
    if (row && line.size() >= header_end.size() &&
        line.compare(line.size() - header_end.size(), header_end.size(), header_end) == 0)
      in_table = saw_header = true;
    if (!row) in_table = false;
    if (in_table) {
      const std::size_t last = line.rfind('|', line.size() - 2);
      out += line.substr(0, line.rfind('|', last - 1) + 1) + "\n";
    } else {
      out += line + "\n";
    }
  }
  EXPECT_TRUE(saw_header) << md;
  return out;
}

}  // namespace test_files
