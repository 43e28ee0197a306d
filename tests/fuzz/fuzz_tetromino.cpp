// Fuzz target: the tetromino puzzle readers (engine/puzzles/tetromino.h, public API only): the
// signature "I1,J1,..." and the contest's JSON {"size":N,"signature":"..."}. Any text must be
// accepted or raise TetrominoError. An accepted signature with at least one piece must print and
// parse back to the same counts; an accepted puzzle of a small square is solved with a short time
// limit, and a claimed tiling must cover the square exactly with the puzzle's pieces, and never
// contradict a colouring proof of impossibility.
#include <string>

#include "engine/puzzles/tetromino.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

namespace tet = puzzles::tetromino;

// Largest side solved per input, and its time limit: enough to reach the search's every step on
// small squares while keeping inputs fast.
constexpr int kMaxSolvedSize = 8;
constexpr double kSolveSeconds = 0.05;

void check_signature(const std::string& text) {
  tet::Counts counts;
  try {
    counts = tet::parse_signature(text);
  } catch (const tet::TetrominoError&) {
    return;
  }
  // No pieces at all prints as "", which is not a signature: nothing to read back.
  if (counts == tet::Counts{}) return;
  const std::string printed = tet::format_signature(counts);
  fuzz::require(tet::parse_signature(printed) == counts, "signature round trip", printed);
}

void check_solution(const tet::Puzzle& p, const tet::Result& r) {
  const std::string board = tet::draw(p.size, r.placements);
  fuzz::require(board.find('.') == std::string::npos, "solution leaves a cell empty", board);
  tet::Counts used{};
  for (const auto& placement : r.placements) ++used[placement.figure];
  fuzz::require(used == p.counts, "solution uses other pieces than the puzzle's",
                tet::format_signature(used) + " vs " + tet::format_signature(p.counts));
}

void check_puzzle(const std::string& text) {
  tet::Puzzle p;
  try {
    p = tet::parse_puzzle_json(text);
  } catch (const tet::TetrominoError&) {
    return;
  }
  fuzz::require(p.size >= 1 && p.size <= tet::kMaxSize, "accepted size outside 1..kMaxSize",
                std::to_string(p.size));
  const bool proved_impossible = tet::impossibility_reason(p).has_value();
  if (p.size > kMaxSolvedSize) return;
  const tet::Result r = tet::solve(p, kSolveSeconds);
  if (r.status != tet::Status::kSolved) return;
  fuzz::require(!proved_impossible, "solved a puzzle proved impossible", text);
  check_solution(p, r);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(fuzz::as_text(data, size));
  check_signature(text);
  check_puzzle(text);
  return 0;
}
