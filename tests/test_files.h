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
    path_ = fs::temp_directory_path() /
            ("dominoes_test_" + std::to_string(::getpid()) + "_" + test + "_" +
             std::to_string(counter++));
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

// summary.csv without its last column, which must be `seconds` (wall time, the only field that
// may differ between runs). Seconds is a plain number, so the last comma always starts it, even
// when a quoted player spec holds commas.
inline std::string csv_without_seconds(const std::string& csv) {
  std::string out;
  const auto lines = split_lines(csv);
  EXPECT_FALSE(lines.empty());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t comma = lines[i].rfind(',');
    EXPECT_NE(comma, std::string::npos) << lines[i];
    if (i == 0) {
      EXPECT_EQ(lines[i].substr(comma + 1), "seconds");
    }
    out += lines[i].substr(0, comma) + "\n";
  }
  return out;
}

}  // namespace test_files
