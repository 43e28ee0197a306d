// Replays fuzz inputs without libFuzzer: the main() that the normal (g++) build links with each
// tests/fuzz/fuzz_<target>.cpp, so ctest checks that every committed seed and every input that
// once crashed or hung still runs cleanly (a crash or an escaping exception fails the test; a
// hang hits ctest's TIMEOUT).
//
//   replay_<target> [--known-failing FILE] DIR_OR_FILE...
//
// A missing directory counts as empty (a target may have no regressions yet). FILE lists inputs
// that still fail because the defect is not fixed yet, one per line as <target>/<file name>
// ('#' starts a comment); they are skipped and named, so the list shrinks as defects are fixed.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_check.h"

namespace {

namespace fs = std::filesystem;

// The entries of the known-failing list: "<target>/<file name>".
std::set<std::string> read_known_failing(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "replay: cannot read known-failing list \"" << path << "\"\n";
    std::exit(2);
  }
  std::set<std::string> known;
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    line.erase(0, line.find_first_not_of(" \t"));
    if (!line.empty()) known.insert(line);
  }
  return known;
}

// The input files named by `arg`: the file itself, or a directory's regular files sorted by name.
std::vector<fs::path> inputs(const fs::path& arg) {
  if (!fs::exists(arg)) return {};
  if (!fs::is_directory(arg)) return {arg};
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(arg))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  std::set<std::string> known;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() >= 2 && args[0] == "--known-failing") {
    known = read_known_failing(args[1]);
    args.erase(args.begin(), args.begin() + 2);
  }
  int replayed = 0, skipped = 0;
  for (const auto& arg : args) {
    for (const auto& path : inputs(arg)) {
      const std::string key =
          path.parent_path().filename().string() + "/" + path.filename().string();
      if (known.count(key)) {
        std::cout << "skipped (known failing): " << path.string() << "\n";
        ++skipped;
        continue;
      }
      // Named before it runs, so a crash or a hang points at its input.
      std::cout << "replaying " << path.string() << std::endl;
      const std::string data = read_file(path);
      LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
      ++replayed;
    }
  }
  std::cout << replayed << " inputs replayed cleanly, " << skipped << " known failing skipped\n";
  return 0;
}
