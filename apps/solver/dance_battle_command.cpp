// `solver dance-battle`: the Dance Battle puzzle, solved exactly.
#include <sys/resource.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "apps/solver/commands.h"
#include "apps/solver/input.h"
#include "apps/solver/options.h"
#include "engine/puzzles/dance_battle.h"

namespace po = boost::program_options;

namespace solver_app {
namespace {

po::options_description dance_battle_options() {
  po::options_description o(
      "Usage: solver dance-battle [FILE|-] [--moves]\n"
      "       solver dance-battle --n N\n\n"
      "Solves Dance Battle, a two-player puzzle: N dance moves 0..N-1; a turn dances a tile {a,b} "
      "(doubles\n"
      "allowed, each tile once, either order); each turn starts with the previous turn's second\n"
      "value; a dancer who cannot dance loses. Reads the puzzle's input from FILE (or stdin with "
      "-\n"
      "or no FILE): line 1 N, line 2 M, then M lines \"a b\", the turns danced so far.\n\n"
      "Prints first `Win` or `Lose` for the dancer about to dance turn M+1. With --moves, every\n"
      "winning next turn follows, one \"a b\" per line. With --n N, solves the empty start and\n"
      "lists every winning opening. --stats adds positions visited, seconds and peak memory.\n"
      "N may be 1..32. Bad input: one line naming the line number, exit code 2; a file that\n"
      "cannot be read: one line with the system's reason, exit code 1.\n\n"
      "Example: printf '4\\n1\\n0 2\\n' | solver dance-battle --moves\n\nOptions");
  o.add_options()("help,h", "show this help")("input", po::value<std::string>(),
                                              "puzzle file, or - for stdin (default stdin)")(
      "n", po::value<std::string>(), "solve the empty start with N dance moves, 1..32")(
      "moves", "list every winning next turn")("stats",
                                               "print positions visited, seconds and peak memory")(
      "table-mb", po::value<std::string>()->default_value("64"),
      "transposition table memory in MiB, 1..65536 and at most half the machine's memory");
  return o;
}

puzzles::DanceBattlePosition read_input(const po::variables_map& vm) {
  InputFile file(vm.count("input") ? vm["input"].as<std::string>() : "-");
  std::istringstream text(file.read_all());
  return puzzles::read_dance_battle(text);
}

void print_stats(const puzzles::DanceBattleSolver& solver, double seconds) {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("positions %llu\nseconds %.3f\npeak_memory_mib %.1f\n",
              static_cast<unsigned long long>(solver.nodes()), seconds,
              static_cast<double>(usage.ru_maxrss) / 1024.0);
}

int solve(const po::variables_map& vm, const puzzles::DanceBattlePosition& p) {
  const std::size_t table_bytes = table_bytes_option(vm, "table-mb");
  const auto start = std::chrono::steady_clock::now();
  puzzles::DanceBattleSolver solver(p.n, table_bytes);
  const bool opening = vm.count("n") > 0;
  const bool want_moves = opening || vm.count("moves");
  std::vector<puzzles::DanceTurn> winners;
  const bool win = want_moves ? !(winners = solver.winning_turns(p)).empty() : solver.wins(p);
  std::cout << (win ? "Win" : "Lose") << "\n";
  if (want_moves) {
    if (opening) std::cout << "winning openings " << winners.size() << "\n";
    for (const auto& t : winners) std::cout << t.from << " " << t.to << "\n";
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (vm.count("stats")) print_stats(solver, seconds);
  return 0;
}

int run(const po::variables_map& vm) {
  if (!vm.count("n")) return solve(vm, read_input(vm));
  const int n = int_option(vm, "n", 1, puzzles::kDanceBattleMaxN);
  if (vm.count("input")) return bad_input("dance-battle: give --n N or an input file, not both");
  return solve(vm, {n, {}, -1});
}

}  // namespace

int dance_battle_command(const std::vector<std::string>& args) {
  po::positional_options_description positional;
  positional.add("input", 1);
  return run_game("dance-battle", args, dance_battle_options(), positional, run);
}

}  // namespace solver_app
