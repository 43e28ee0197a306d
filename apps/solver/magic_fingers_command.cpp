// `solver magic-fingers`: the exact Magic Fingers chart (engine/puzzles/magic_fingers.h).
#include <boost/program_options.hpp>
#include <iostream>

#include "apps/solver/commands.h"
#include "apps/solver/options.h"
#include "engine/puzzles/magic_fingers.h"

namespace po = boost::program_options;

namespace solver_app {
namespace {

po::options_description magic_fingers_options() {
  po::options_description o(
      "Usage: solver magic-fingers [--distances] [--rollover] [--no-empty-claps] "
      "[--claps-may-kill]\n\n"
      "Solves Magic Fingers (Chopsticks) exactly by retrograde analysis of all positions and\n"
      "prints the puzzle's chart first (as Ruby Quiz #120 draws it). Rows: your hands; columns: "
      "the\n"
      "opponent's; both as `low high` finger counts (01 = a dead hand and one finger). Each cell\n"
      "is `+` (you can force a win), `-` (the opponent can force a win) or a blank (draw: both "
      "can\n"
      "avoid losing forever), then a best move: the fastest win, the slowest loss, a drawing "
      "move.\n"
      "Moves: `aTb` touches your hand holding a onto the opponent's hand holding b (it gets a\n"
      "added); `Cxy` claps fingers between your hands so that the giving hand holds x and the\n"
      "receiving hand y (from 0,4 giving 1: C31).\n"
      "After the chart: the verdict on the start position 11 v 11 on its own line (the player to\n"
      "move wins / loses in N plies, or a draw), then the rules line.\n"
      "Rules (the puzzle's): a hand reaching 5 or more dies (holds 0); a touch uses a live hand on "
      "a\n"
      "live hand; a clap moves 1..4 fingers, may empty the giving hand or revive a dead hand, may\n"
      "not bring the receiving hand to 5 or more, and may not merely swap the hands. A player\n"
      "with two dead hands loses.\n\n"
      "Example: solver magic-fingers --distances\n\nOptions");
  o.add_options()("help,h", "show this help")(
      "distances",
      "after the rules line, print a second chart with the same rows and columns whose cells are "
      "the plies to the end under best play, signed as in the first chart (+3: you win on your "
      "2nd move from now; -4: you lose on the opponent's 2nd move); blank for draws")(
      "rollover", "counts wrap mod 5 instead of dying at 5 or more (5 still dies: it is 0)")(
      "no-empty-claps", "a clap may not empty the giving hand")(
      "claps-may-kill",
      "a clap may bring the receiving hand to 5 or more (it dies; it wraps with --rollover); a "
      "player who kills his own last hand loses");
  return o;
}

puzzles::magic_fingers::Rules rules_from(const po::variables_map& vm) {
  puzzles::magic_fingers::Rules rules;
  rules.rollover = vm.count("rollover") > 0;
  rules.empty_claps = vm.count("no-empty-claps") == 0;
  rules.claps_may_kill = vm.count("claps-may-kill") > 0;
  return rules;
}

}  // namespace

int magic_fingers_command(const std::vector<std::string>& args) {
  return run_game("magic-fingers", args, magic_fingers_options(), {},
                  [](const po::variables_map& vm) {
                    namespace mf = puzzles::magic_fingers;
                    const mf::Solution s = mf::solve(rules_from(vm));
                    std::cout << mf::chart_text(s) << mf::verdict_text(s) << "\n"
                              << mf::rules_text(s.rules) << "\n";
                    if (vm.count("distances"))
                      std::cout << "\nplies to the end:\n" << mf::distance_chart_text(s);
                    return 0;
                  });
}

}  // namespace solver_app
