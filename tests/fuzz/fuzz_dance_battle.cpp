// Fuzz target: the Dance Battle puzzle reader (engine/puzzles/dance_battle.h): "N\nM\n" then M
// turns "a b". Any text must be accepted or raise DanceBattleError. An accepted position of a
// small game (N <= kMaxSolvedN) is solved: it wins exactly when it has a winning turn, and each
// winning turn must be a legal turn of the position.
#include <array>
#include <memory>
#include <sstream>
#include <string>

#include "engine/puzzles/dance_battle.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

// Small games solve in microseconds; larger ones could take seconds per input.
constexpr int kMaxSolvedN = 5;

// One solver per N, kept across inputs (a table per input would dominate the run).
puzzles::DanceBattleSolver& solver_for(int n) {
  static std::array<std::unique_ptr<puzzles::DanceBattleSolver>, kMaxSolvedN + 1> solvers;
  auto& solver = solvers[static_cast<std::size_t>(n)];
  if (!solver) solver = std::make_unique<puzzles::DanceBattleSolver>(n, std::size_t{1} << 20);
  return *solver;
}

void check_turn(const puzzles::DanceBattlePosition& p, const puzzles::DanceTurn& t) {
  const std::string turn = std::to_string(t.from) + " " + std::to_string(t.to);
  fuzz::require(t.from >= 0 && t.from < p.n && t.to >= 0 && t.to < p.n, "turn outside 0..N-1",
                turn);
  fuzz::require(p.tail < 0 || t.from == p.tail, "winning turn does not start at the tail", turn);
  fuzz::require(!p.used.contains(t.from, t.to), "winning turn dances a used tile", turn);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in{std::string(fuzz::as_text(data, size))};
  puzzles::DanceBattlePosition p;
  try {
    p = puzzles::read_dance_battle(in);
  } catch (const puzzles::DanceBattleError&) {
    return 0;
  }
  fuzz::require(p.n >= 1 && p.n <= puzzles::kDanceBattleMaxN, "accepted N outside 1..32",
                std::to_string(p.n));
  if (p.n > kMaxSolvedN) return 0;
  auto& solver = solver_for(p.n);
  const auto turns = solver.winning_turns(p);
  fuzz::require(solver.wins(p) == !turns.empty(), "wins() disagrees with winning_turns()");
  for (const auto& t : turns) check_turn(p, t);
  return 0;
}
