// `solver takeaway`: the Takeaway subtraction game for any move set, from the command line.
#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>

#include "apps/solver/commands.h"
#include "apps/solver/options.h"
#include "engine/common/memory_limit.h"
#include "engine/common/text.h"
#include "engine/puzzles/takeaway.h"

namespace po = boost::program_options;

namespace solver_app {
namespace {

using puzzles::Takeaway;
using puzzles::TakeawayError;

constexpr std::uint64_t kMaxBound = 1'000'000'000;  // 4 GB of Grundy values
constexpr std::uint64_t kMaxTable = 1'000'000;      // a line of a few MB
constexpr int kExitUnknown = 3;

po::options_description takeaway_options() {
  po::options_description o(
      "Usage: solver takeaway [--moves M1,M2,...] (--n N | --table K | both) [--bound B]\n\n"
      "Takeaway: a pile of N stones; a move removes m stones, m in the move set and m <= N; the\n"
      "player who cannot move loses. Solved with Sprague-Grundy values, whose sequence is\n"
      "ultimately periodic: the period is searched over at most B values, then any N answers at\n"
      "once. With --n, prints `Win` or `Lose` first (for the player to move), then\n"
      "  winning moves: M1 M2 ...    (ascending; `winning moves: none` when it loses)\n"
      "  grundy G                    (the Grundy value of the pile)\n"
      "  period P preperiod Q        (g(n + P) = g(n) for n >= Q, both least), or\n"
      "  period unknown: none found within the first B values\n"
      "With --table K, prints `table: g(0) g(1) ... g(K-1)`, after the --n lines when both are\n"
      "given, alone otherwise.\n"
      "Moves: whole numbers 1..9223372036854775807, comma-separated, any order; duplicates are\n"
      "accepted and count once. N: a whole number 0..9223372036854775807 (2^63 - 1).\n"
      "Exit codes: 0 answered; 2 bad input; 3 unknown: no period was found within the first B\n"
      "values and N (or the table) reaches beyond them; the only line, on stdout, then starts\n"
      "`unknown:`. Raise --bound to search further.\n\n"
      "Example: solver takeaway --moves 2,3,5 --n 100 --table 20\n\nOptions");
  o.add_options()("help,h", "show this help")(
      "moves", po::value<std::string>()->default_value("2,3,5"),
      "the move set: stones a move may remove (the classic puzzle's: 2,3,5)")(
      "n", po::value<std::string>(), "stones in the pile, 0..9223372036854775807")(
      "table", po::value<std::string>(), "print the first K Grundy values, K = 1..1000000")(
      "bound", po::value<std::string>()->default_value(std::to_string(Takeaway::kDefaultBound)),
      "most Grundy values to compute while searching for the period, 1..1000000000 (4 bytes "
      "each, at most half the machine's memory; time about B times the number of moves)");
  return o;
}

// Returns the moves of "2,3,5"; throws TakeawayError naming the bad entry.
std::vector<std::uint64_t> parse_moves(const std::string& text) {
  const std::string valid = "moves are whole numbers 1.." + std::to_string(Takeaway::kMaxStones) +
                            ", comma-separated, e.g. 2,3,5";
  if (text.empty()) throw TakeawayError("--moves is empty: " + valid);
  std::vector<std::uint64_t> moves;
  for (const std::string& entry : common::split_list(text)) {
    const auto move = common::parse_int<std::uint64_t>(entry);
    if (!move || *move < 1 || *move > Takeaway::kMaxStones)
      throw TakeawayError("move " + common::quoted(entry, 20) + " in --moves " +
                          common::quoted(text) + " is not valid: " + valid);
    moves.push_back(*move);
  }
  return moves;
}

// Returns the --bound given: at most kMaxBound, and few enough 4-byte values to fit in memory.
std::uint64_t bound_option(const po::variables_map& vm) {
  const std::uint64_t bound = int_option<std::uint64_t>(vm, "bound", 1, kMaxBound);
  const std::uint64_t most =
      std::min(kMaxBound, (common::max_table_mib() << 20) / sizeof(std::uint32_t));
  if (bound > most)
    throw TakeawayError("--bound " + std::to_string(bound) +
                        " needs more memory than this machine "
                        "allows (4 bytes a value): valid 1.." +
                        std::to_string(most) + " (" + common::table_limit_reason() + ")");
  return bound;
}

int unknown(const Takeaway& game, const std::string& what) {
  std::cout << "unknown: no period found within the first " << game.period().computed
            << " Grundy values and " << what << " beyond them; raise --bound\n";
  return kExitUnknown;
}

void print_period(const Takeaway& game) {
  const puzzles::TakeawayPeriod& p = game.period();
  if (p.found)
    std::cout << "period " << p.period << " preperiod " << p.preperiod << "\n";
  else
    std::cout << "period unknown: none found within the first " << p.computed << " values\n";
}

void print_verdict(const Takeaway& game, std::uint64_t n) {
  const std::uint32_t g = *game.grundy(n);
  std::cout << (g != 0 ? "Win" : "Lose") << "\nwinning moves:";
  const std::vector<std::uint64_t> moves = *game.winning_moves(n);
  if (moves.empty()) std::cout << " none";
  for (const std::uint64_t m : moves) std::cout << " " << m;
  std::cout << "\ngrundy " << g << "\n";
  print_period(game);
}

void print_table(const Takeaway& game, std::uint64_t k) {
  std::string line = "table:";
  for (std::uint64_t n = 0; n < k; ++n) {
    line += ' ';
    line += std::to_string(*game.grundy(n));
  }
  std::cout << line << "\n";
}

// Checks every input before computing anything, so bad input never costs a period search.
int run(const po::variables_map& vm) {
  if (!vm.count("n") && !vm.count("table"))
    return bad_input("takeaway: give --n N (stones in the pile) or --table K, or both");
  const std::vector<std::uint64_t> moves = parse_moves(vm["moves"].as<std::string>());
  const std::uint64_t bound = bound_option(vm);
  std::optional<std::uint64_t> n, table;
  if (vm.count("n")) n = int_option<std::uint64_t>(vm, "n", 0, Takeaway::kMaxStones);
  if (vm.count("table")) table = int_option<std::uint64_t>(vm, "table", 1, kMaxTable);
  const Takeaway game(moves, bound);
  if (n && !game.known(*n)) return unknown(game, "N = " + std::to_string(*n) + " is");
  if (table && !game.known(*table - 1)) return unknown(game, "the table reaches");
  if (n) print_verdict(game, *n);
  if (table) print_table(game, *table);
  return 0;
}

}  // namespace

int takeaway_command(const std::vector<std::string>& args) {
  return run_game("takeaway", args, takeaway_options(), {}, run);
}

}  // namespace solver_app
