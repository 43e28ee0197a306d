// `solver block-dominoes`: the open-hands Block Dominoes solver from the command line.
#include <unistd.h>

#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "apps/solver/commands.h"
#include "apps/solver/options.h"
#include "engine/common/key_options.h"
#include "engine/common/status_line.h"
#include "engine/common/text.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/rules_keys.h"
#include "engine/endgame/block_dominoes_position.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "engine/search/search_limit.h"

namespace po = boost::program_options;

namespace solver_app {
namespace {

po::options_description block_dominoes_options() {
  po::options_description o(
      "Usage: solver block-dominoes --hands H0/H1[/H2[/H3]] [--line TILES | --ends L,R]\n"
      "                             [--to-move SEAT] [--[no-]partners] [--block RULE]\n"
      "                             [--time-limit S] [--max-nodes N] [--quiet]\n\n"
      "Solves a Block Dominoes position with every hand visible (alpha-beta with a transposition\n"
      "table). The number of hands is the number of seats, 2 to 4, seat 0 first. Prints `value V`\n"
      "first: the points of the side to move minus the opponent's under best play by both,\n"
      "positive when the side to move wins. With partners (4 seats, the default there: 0 and 2\n"
      "against 1 and 3) V is the net points of the team to move; in cut-throat (3 seats, or 4\n"
      "with --no-partners) V is the seat to move's net points when every other seat plays\n"
      "against it (paranoid; docs/solvers.md). Then one line per legal move with its value, the\n"
      "principal variation, and the search's node count. A large position (four 13-tile\n"
      "double-nine hands) can take hours: the search's progress shows on stderr, and\n"
      "--time-limit or --max-nodes stop it with `unknown: ...` first (exit 3).\n"
      "Tiles are a-b, lists comma-separated; the line is listed left to right, its first tile\n"
      "lying as written. With neither --line nor --ends the side to move leads any tile.\n\n"
      "Example: solver block-dominoes --hands 0-1,2-3,4-4/1-5,3-6,6-6 --line 3-5\n"
      "Example: solver block-dominoes --hands 0-1,2-3/4-4,1-5/3-6,0-0/2-2,1-1 --ends 3,5\n\n"
      "Options");
  o.add_options()("help,h", "show this help")(
      "hands", po::value<std::string>(),
      "every seat's hand, seat 0 first, '/' between: 0-1,2-3/4-4,5-6 (2 to 4 hands)")(
      "line", po::value<std::string>(), "the line's tiles left to right: 3-5,5-1")(
      "ends", po::value<std::string>(), "instead of the line, its open ends: 3,1")(
      "to-move", po::value<std::string>()->default_value("0"), "the seat to move, 0 to seats - 1")(
      "depth", po::value<std::string>()->default_value("0"),
      "tiles to search, 0..200; 0 = to the end of the game (exact); at the horizon the position "
      "is scored as if the game ended")(
      "table-mb", po::value<std::string>()->default_value("64"),
      "transposition table memory in MiB, 1..65536 and at most half the machine's memory")(
      "time-limit", po::value<std::string>(),
      "stop after this many seconds, above 0 and at most 1000000 (default: none), printing "
      "`unknown: ...` (exit 3)")(
      "max-nodes", po::value<std::string>(),
      "stop after about this many positions, 1..2^50 (default: none), printing `unknown: ...` "
      "(exit 3)")("quiet", "no progress line on stderr");
  add_rules_option(o, "double", "6");
  add_rules_option(o, "scoring", "opponent-pips");
  add_rules_option(o, "block", "team");
  // --partners / --no-partners, as every command spells it (default: on with 4 hands).
  common::add_key_option(o, *common::find_key(dominoes::rules_keys(), "partners"));
  return o;
}

// The rules of the position: the set, the scoring, and the table the hands make (seats, partners,
// block). Throws OptionError for a bad value or rules that do not fit together.
dominoes::Rules rules_from(const po::variables_map& vm, const std::string& hands) {
  dominoes::Rules rules;
  read_set_option(vm, rules);  // the open-hands solver takes the hands as given, of any size
  read_rules_option(vm, "scoring", rules);
  const auto seats = static_cast<int>(common::split_list(hands, '/').size());
  if (seats < 2 || seats > dominoes::kMaxSeats)
    throw OptionError("--hands " + common::quoted(hands) + " gives " + std::to_string(seats) +
                      " hand" + (seats == 1 ? "" : "s") +
                      ": give 2, 3 or 4, one per seat, '/' between (H0/H1/H2/H3)");
  rules.seats = seats;
  rules.partners = seats == 4;
  if (const auto partners = common::key_option_text(vm, "partners"))
    rules.partners = *partners == "true";
  read_rules_option(vm, "block", rules);
  if (rules.partners && seats != 4)
    throw OptionError("--partners needs 4 hands (" + std::to_string(seats) +
                      " given): give 4 hands, or leave --partners out");
  return rules;
}

// The solve's progress on stderr: nodes searched so far (read at the search's checks) and the
// time, redrawn in place at a terminal, a plain line every 30 s in a log, none with --quiet.
class SearchStatus {
 public:
  explicit SearchStatus(bool quiet)
      : line_([this](std::size_t) { return text(); }, common::status_mode(quiet, STDERR_FILENO),
              false) {}
  void finish() { line_.finish(); }
  std::atomic<std::uint64_t> nodes{0};

 private:
  std::string text() const {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return "searching: " + std::to_string(nodes.load()) + " nodes (" +
           common::duration_text(seconds) + ")";
  }
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  common::StatusLine line_;  // last: its thread starts once the rest is ready
};

// The solve's output, computed whole before any is printed, so that a search stopped by its
// limit prints only `unknown: ...`.
struct Solution {
  int value = 0;
  std::vector<endgame::MoveValue> moves;
  std::vector<dominoes::Move> pv;
  double seconds = 0;
};

Solution solve(endgame::BlockDominoesSolver& solver, const dominoes::State& s, int depth) {
  const auto start = std::chrono::steady_clock::now();
  Solution out;
  out.value = solver.value(s, depth);
  out.moves = solver.move_values(s, depth);
  out.pv = solver.principal_variation(s, depth);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void print_solution(const Solution& solution, std::uint64_t nodes) {
  std::cout << "value " << solution.value << "\n";
  for (const auto& mv : solution.moves)
    std::cout << "move " << dominoes::to_string(mv.move) << " " << mv.value << "\n";
  std::cout << "pv";
  for (const auto& m : solution.pv) std::cout << " " << dominoes::to_string(m);
  std::printf("\nnodes %llu seconds %.6f\n", static_cast<unsigned long long>(nodes),
              solution.seconds);
}

// The search's budget from --time-limit and --max-nodes (none given: unbounded).
search::SearchLimit limit_from(const po::variables_map& vm) {
  search::SearchLimit limit;
  if (vm.count("time-limit"))
    limit.deadline = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(seconds_option(vm, "time-limit", 1e6)));
  if (vm.count("max-nodes"))
    limit.max_nodes = int_option<std::uint64_t>(vm, "max-nodes", 1, std::uint64_t{1} << 50);
  return limit;
}

int run(const po::variables_map& vm) {
  if (!vm.count("hands"))
    return bad_input("block-dominoes: --hands H0/H1[/H2[/H3]] is required (one hand per seat)");
  endgame::PositionText text;
  text.hands = vm["hands"].as<std::string>();
  const dominoes::Rules rules = rules_from(vm, text.hands);
  if (vm.count("line")) text.line = vm["line"].as<std::string>();
  if (vm.count("ends")) text.ends = vm["ends"].as<std::string>();
  text.to_move = int_option(vm, "to-move", 0, rules.seats - 1);
  const dominoes::State s = endgame::parse_position(text, rules);
  const int depth = int_option(vm, "depth", 0, 200);
  endgame::BlockDominoesSolver solver(rules, table_bytes_option(vm, "table-mb"));
  search::SearchLimit limit = limit_from(vm);
  SearchStatus status(vm.count("quiet") > 0);
  limit.nodes_seen = &status.nodes;
  solver.set_limit(&limit);
  try {
    const Solution solution = solve(solver, s, depth);
    status.finish();
    print_solution(solution, solver.nodes());
    return 0;
  } catch (const search::SearchStopped& e) {
    status.finish();
    std::cout << "unknown: " << e.what()
              << "; raise --time-limit or --max-nodes, or search less deep with --depth\n";
    return 3;
  }
}

}  // namespace

int block_dominoes_command(const std::vector<std::string>& args) {
  return run_game("block-dominoes", args, block_dominoes_options(), {}, run);
}

}  // namespace solver_app
