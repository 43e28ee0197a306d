#include "apps/dominoes/play_command.h"

#include <iostream>
#include <sstream>

#include "apps/dominoes/command_options.h"
#include "apps/dominoes/play_session.h"
#include "apps/dominoes/play_settings.h"
#include "engine/common/limited_file.h"

namespace dominoes_cli {

namespace po = boost::program_options;

po::options_description play_options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")(
      "against", po::value<std::string>(),
      "the strategy you play (default minimax; with more than two seats heuristic, in every "
      "opponent's seat); see `dominoes strategies`")(
      "partner", po::value<std::string>(),
      "four seats in partnerships: the strategy in your partner's seat, seat 2 (default "
      "heuristic)")("games", po::value<std::string>(),
                    "what to play, 1 to 100000, or 0 to play until you stop (default 1): "
                    "matches when --target is above 0 (the default at three and four seats), "
                    "else single games")(
      "seed", po::value<std::string>(),
      "seed of the deals and of the strategy, 0..2^64-1 "
      "(default: a fresh one, printed, so the games can be replayed)")(
      "hint", "before each of your choices, show every move's expected points")(
      "with", po::value<std::string>(),
      "the strategy whose move --hint names (default minimax; with more than two seats "
      "heuristic)")("samples", po::value<std::string>(),
                    "opponent hands --hint samples when more than 5000 are consistent (with more "
                    "than two seats: deals of the other hands), 1 to 1000000 (default 1000; with "
                    "more than two seats 100)")(
      "games-out", po::value<std::string>(),
      "add each finished game to this file as a game record (JSON lines, as dominoes run "
      "--games-out writes; created when missing), for dominoes view");
  o.add(rules_options(true, true));
  return o;
}

namespace {

std::string help_text() {
  std::ostringstream os;
  os << "Usage: dominoes play [--against SPEC] [--games N] [--seed S] [--hint] [--games-out F]\n"
        "       dominoes play --seats 4 [--partner SPEC] [--against SPEC] [...]\n\n"
        "Play Block Dominoes against a strategy. You hold hand 0 of every deal; who leads\n"
        "follows --leader. Each turn shows the line and its open ends, the opponent's tile count\n"
        "and the values it has shown it lacks, and your hand with the legal moves numbered.\n"
        "At --seats 4 you and your partner (seat 2, --partner) play seats 1 and 3 (--against);\n"
        "--seats 3, or --seats 4 --no-partners, is cut-throat: --against in every other seat.\n"
        "Every seat's count and passes are shown. At three and four seats you play matches to\n"
        "--target points (default 100): the holder of the highest double (6-6) leads it in the\n"
        "first hand, then the lead passes to the next seat (any tile); after each hand come its\n"
        "points, the match score and the next leader, and the first team (in cut-throat, seat)\n"
        "to reach the target wins the match. --games then counts matches; --target 0 plays\n"
        "single hands with a running score, as two seats do unless given a --target.\n"
        "Type a move's number, or its notation: 3-5L or 3-5R for an end (either case), a bare\n"
        "tile to lead or when it fits one end only. A pass or a lone legal move is played for\n"
        "you. Also: hint (expected points of each move, as dominoes advise values them), help,\n"
        "quit, in any case. Ctrl-D stops too, and Ctrl-C (exit 130), each with the score so far.\n"
        "Each game (or hand) ends with every hand shown, as dealt and as left, and the score.\n"
        "--games-out F adds each finished game to F as a record (you are the player \"person\")\n"
        "for `dominoes view F`, which replays them in a browser.\n\n"
        "Example:\n"
        "  dominoes play --against heuristic --games 3 --games-out my-games.jsonl\n"
        "  dominoes view my-games.jsonl\n"
        "  dominoes play --seats 4 --partner heuristic --against heuristic --hint\n\n"
     << play_options();
  return os.str();
}

}  // namespace

int play_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out) {
  try {
    const po::variables_map vm = read_options(args, play_options(), "play");
    if (vm.count("help")) {
      out << help_text();
      return 0;
    }
    return play_session(read_play_settings(vm), in, out);
  } catch (const UsageError& e) {
    std::cerr << "dominoes: play: " << e.what() << "\n";
    return 2;
  } catch (const common::ReadError& e) {
    out << std::flush;
    std::cerr << "dominoes: play: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "dominoes: play failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dominoes_cli
