// `dominoes check-bot 'COMMAND'`: plays a few games of the bot against `random` through the same
// runner side a tournament uses (arena/bots), and says in plain words what the bot did wrong:
// its handshake, its answers (legal, in time, no exit), whether it quits when told, and whether
// it replays the same game the same way for the same seed (which reproducible tables need).
#include "apps/dominoes/check_bot_command.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <utility>
#include <vector>

#include "apps/dominoes/command_options.h"
#include "arena/bots/bot_strategy.h"
#include "arena/bots/process_table.h"
#include "arena/tournament/play/game_loop.h"
#include "engine/common/posix_calls.h"
#include "engine/common/program_options.h"
#include "engine/common/text.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "strategies/registry.h"

namespace {

namespace po = boost::program_options;

struct CheckOptions {
  bots::BotConfig bot;
  int games = 20;
  // The table: two seats, or 3 and 4 under their written rules (rules.h table_rules) with the
  // leader drawn at random unless --leader is given, so that the bot is asked to lead.
  dominoes::Rules rules;
  std::uint64_t seed = 1;
  std::string log;
};

constexpr const char* kHelp =
    "Usage: dominoes check-bot 'COMMAND' [--games N] [--seats S] [RULES...] [--time-ms T]\n"
    "                          [--dir D] [--seed S] [--log F]\n\n"
    "Checks an external bot against the bot protocol (DBP 1, docs/protocol.md): starts\n"
    "COMMAND (run by /bin/sh -c), checks the handshake (dbp 1 -> id ... dbpok, isready ->\n"
    "readyok), plays N games against `random` under the default two-seat rules (double-six,\n"
    "7 tiles each), the bot's seat turning from game to game, and checks every answer to `go`\n"
    "(a listed legal move, within the time), then `quit`. At --seats 3 or 4 (the written\n"
    "partnership rules, single hands) the bot holds two seats, both partners with partners, as\n"
    "a run seats a side, each seat its own process, and `random` the others; the leader is\n"
    "drawn at random unless --leader is given, so the bot is asked to lead. The rules options\n"
    "below change the table as for dominoes run. It also replays the first games with the same\n"
    "seeds: a bot that draws only from the `seed` of newgame plays them the same way, which\n"
    "reproducible tables need. Prints what it found in plain words; exit 0 when the bot passed,\n"
    "1 when it did not.\n\n"
    "From the repository's top folder (clients/ holds example bots):\n"
    "Example: dominoes check-bot 'python3 clients/python/randombot.py' --games 4\n\n";

po::options_description options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")("command", po::value<std::string>(),
                                              "the bot's command, e.g. 'python3 mybot.py'")(
      "games", po::value<std::string>(), "games to play, 1..10000 (default 20)")(
      "time-ms", po::value<std::string>(), "time per move in ms, 1..3600000 (default 1000)")(
      "dir", po::value<std::string>(), "the bot's working directory (default: this one)")(
      "seed", po::value<std::string>(), "random seed of the deals, 0..2^64-1 (default 1)")(
      "log", po::value<std::string>(),
      "append the bot's stderr to this file (default: a new "
      "file under /tmp)");
  o.add(dominoes_cli::rules_options(true));
  return o;
}

// Reads the arguments; throws std::invalid_argument with one line for bad ones.
CheckOptions parse(const std::vector<std::string>& args, bool& help) {
  po::positional_options_description positional;
  positional.add("command", 1);
  const po::variables_map vm = dominoes_cli::read_options(args, options(), "check-bot", positional);
  help = vm.count("help") > 0;
  CheckOptions o;
  if (help) return o;
  if (!vm.count("command"))
    throw std::invalid_argument(
        "give the bot's command, e.g. dominoes check-bot 'python3 mybot.py'");
  o.bot.name = "bot";
  bots::set_bot_key(o.bot, "command", vm["command"].as<std::string>());
  o.bot.restarts = std::numeric_limits<int>::max() / 2;  // report every failure, never stop
  if (vm.count("time-ms")) bots::set_bot_key(o.bot, "time-ms", vm["time-ms"].as<std::string>());
  if (vm.count("dir")) bots::set_bot_key(o.bot, "dir", vm["dir"].as<std::string>());
  if (vm.count("games")) {
    const auto n = common::parse_int<int>(vm["games"].as<std::string>());
    if (!n || *n < 1 || *n > 10000)
      throw std::invalid_argument("games " + common::quoted(vm["games"].as<std::string>()) +
                                  " is not valid: valid 1 to 10000");
    o.games = *n;
  }
  o.rules = dominoes_cli::read_rules(vm);
  o.rules.match_target = 0;  // single hands: each game is checked on its own
  if (o.rules.seats > 2 && !vm.count("leader")) o.rules.leader = dominoes::LeaderRule::kRandom;
  if (vm.count("seed")) {
    const auto s = common::parse_int<std::uint64_t>(vm["seed"].as<std::string>());
    if (!s)
      throw std::invalid_argument("seed " + common::quoted(vm["seed"].as<std::string>()) +
                                  " is not valid: valid 0..2^64-1");
    o.seed = *s;
  }
  if (vm.count("log")) o.log = vm["log"].as<std::string>();
  return o;
}

// After every bot quit: what is still running among this process's children, in a session of
// its own, was left by the bot outside its process group (setsid). check-bot is a child
// subreaper (common::adopt_orphans; Linux only), so such an orphan became its child when the bot
// exited (elsewhere it went to init, out of reach);
// what stayed in the bot's group is the group kill's (BotProcess: left_behind). Kills and reaps
// it; returns it in words ("" when nothing).
std::string kill_orphans() {
  std::vector<bots::ProcessEntry> orphans;
  for (const bots::ProcessEntry& p : bots::live_processes())
    if (p.parent == ::getpid() && p.session != ::getsid(0)) orphans.push_back(p);
  for (const bots::ProcessEntry& p : orphans) ::kill(p.pid, SIGKILL);
  for (const bots::ProcessEntry& p : orphans) ::waitpid(p.pid, nullptr, 0);
  return bots::describe_processes(orphans);
}

std::string make_log_path() {
  char dir[] = "/tmp/dominoes-check-bot-XXXXXX";
  if (!::mkdtemp(dir)) return "";
  return std::string(dir) + "/bot.log";
}

std::string ms(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f ms", value);
  return text;
}

// The bot's seats in game `game`: seat game % seats, and at three or four seats a second one, as a
// run seats a side that holds two (its partner's seat with partners, else the next seat).
std::vector<dominoes::Seat> bot_seats(const dominoes::Rules& rules, int game) {
  const auto first = static_cast<dominoes::Seat>(game % rules.seats);
  if (rules.seats == 2) return {first};
  const int step = rules.partners ? 2 : 1;
  return {first, static_cast<dominoes::Seat>((first + step) % rules.seats)};
}

// One game of the check: the bot's instances in bot_seats() (one process each), random in the
// others. Returns the moves' text, the outcome, and whether the bot chose a lead.
struct CheckedGame {
  std::string moves;
  tournament::GameOutcome outcome;
  bool led = false;
};

CheckedGame play_one(const CheckOptions& o, std::vector<strategies::Player>& bots,
                     strategies::Player& random, int game) {
  const auto g = static_cast<std::uint64_t>(game);
  const dominoes::Deal deal = dominoes::make_deal(o.rules, o.seed, g, 0);
  const std::vector<dominoes::Seat> mine = bot_seats(o.rules, game);
  tournament::SeatPlayers seats{};
  for (dominoes::Seat s = 0; s < o.rules.seats; ++s) seats[s] = &random;
  for (std::size_t k = 0; k < mine.size(); ++k) seats[mine[k]] = &bots[k];
  tournament::SeatSides sides = tournament::own_sides();
  if (mine.size() == 2) sides[mine[1]] = sides[mine[0]];  // the bot's two seats lose together
  const tournament::SeatStreams streams(o.seed, g, 0, o.rules.seats);
  dominoes::History history;
  CheckedGame result;
  result.outcome =
      tournament::play_game(o.rules, deal, seats, streams.rngs(), &history, g, {}, sides);
  for (int k = 0; k < history.size(); ++k) result.moves += dominoes::to_string(history[k]) + " ";
  result.led = deal.lead_tile < 0 &&
               std::find(mine.begin(), mine.end(), deal.leader) != mine.end() && history.size() > 0;
  return result;
}

// The bot's instances' stats together: counts summed, the slowest answer, failures in order.
bots::BotStats combined(const std::vector<bots::BotStrategy*>& instances) {
  bots::BotStats all = instances.front()->stats();
  for (std::size_t k = 1; k < instances.size(); ++k) {
    const bots::BotStats& s = instances[k]->stats();
    all.decisions += s.decisions;
    all.total_move_ms += s.total_move_ms;
    all.max_move_ms = std::max(all.max_move_ms, s.max_move_ms);
    all.failures.insert(all.failures.end(), s.failures.begin(), s.failures.end());
  }
  return all;
}

// Plays the games and says what the bot did; returns the number of problems found.
int play_and_report(const CheckOptions& o, std::vector<strategies::Player>& bots,
                    const std::vector<bots::BotStrategy*>& instances) {
  strategies::Player random = strategies::Registry::builtin().make("random");
  int problems = 0;
  std::vector<CheckedGame> games;
  std::array<long, 2> points{};  // the bot's team's, the other teams'
  int forfeited = 0, leads = 0;
  for (int g = 0; g < o.games; ++g) {
    games.push_back(play_one(o, bots, random, g));
    const auto& out = games.back().outcome;
    bool bot_won = false;  // by any of the bot's seats (two teams of its own in cut-throat)
    for (const dominoes::Seat seat : bot_seats(o.rules, g))
      bot_won = bot_won || out.teams[seat] == out.winner_team;
    if (out.winner_team >= 0) points[bot_won ? 0 : 1] += out.team_points(out.winner_team);
    forfeited += out.forfeited() ? 1 : 0;
    leads += games.back().led ? 1 : 0;
  }
  const bots::BotStats s = combined(instances);
  std::cout << "games: " << o.games << " against random";
  if (o.rules.seats > 2)
    std::cout << " at " << o.rules.seats << " seats, the bot in two seats"
              << (o.rules.partners ? " (partners)" : "") << ", one process each";
  std::cout << ", seats turning: " << o.games - forfeited << " finished, " << forfeited
            << " forfeited by the bot; it scored " << points[0] << " points, random " << points[1]
            << "; it chose the lead in " << leads << "\n";
  if (leads == 0 && o.games >= 4 && o.rules.leader != dominoes::LeaderRule::kHeaviestDouble)
    std::cout << "  note: the bot was never asked to lead: play more --games\n";
  for (const auto& f : s.failures) {
    ++problems;
    std::cout << "  PROBLEM: " << f << "\n";
  }
  const double limit = o.bot.time_ms;
  std::cout << "answers: " << s.decisions << " legal answers to go, mean "
            << ms(s.decisions ? s.total_move_ms / s.decisions : 0) << ", slowest "
            << ms(s.max_move_ms) << " (limit " << o.bot.time_ms << " ms + 50 ms margin)\n";
  if (s.max_move_ms > 0.5 * limit)
    std::cout << "  note: the slowest answer used more than half of the time limit\n";
  // Replay: the same games with the same seeds must give the same moves.
  const int replays = std::min(o.games, 4);
  int differing = 0;
  for (int g = 0; g < replays; ++g)
    if (play_one(o, bots, random, g).moves != games[static_cast<std::size_t>(g)].moves) ++differing;
  if (differing == 0) {
    std::cout << "replay: the first " << replays << " games, replayed with the same seeds, "
              << "went the same way\n";
  } else {
    ++problems;
    std::cout << "  PROBLEM: " << differing << " of " << replays << " games went another way "
              << "when replayed with the same seeds: draw random choices only from the seed "
              << "of newgame, or tables will not be reproducible\n";
  }
  for (bots::BotStrategy* bs : instances) {
    const std::string quit = bs->quit();
    std::cout << "quit: " << quit << "\n";
    if (quit.rfind("exited with status 0", 0) != 0 && quit != "was not running") {
      ++problems;
      std::cout << "  PROBLEM: a bot must exit within 2 s of quit, with status 0\n";
    }
    if (!bs->stats().left_behind.empty()) {  // in a run, they would pile up with every restart
      ++problems;
      std::cout << "  PROBLEM: it left " << bs->stats().left_behind
                << " running after it exited (killed now): a bot must end the processes it "
                   "starts before it exits\n";
    }
  }
  if (const std::string orphans = kill_orphans(); !orphans.empty()) {
    ++problems;
    std::cout << "  PROBLEM: it left " << orphans << " running outside its process group (as "
              << "setsid does; killed now): a bot must end the processes it starts before it "
              << "exits\n";
  }
  return problems;
}

int run_check(const CheckOptions& o) {
  bots::end_bots_on_signals();  // Ctrl-C or a kill must not leave the bot running
  // Orphans the bot leaves become this process's children (kill_orphans), wherever they hide.
  common::adopt_orphans();
  const std::string log = o.log.empty() ? make_log_path() : o.log;
  std::vector<strategies::Player> bots;  // one per seat the bot holds, each its own process
  std::vector<bots::BotStrategy*> instances;
  for (std::size_t k = 0; k < bot_seats(o.rules, 0).size(); ++k) {
    bots.emplace_back(std::make_unique<bots::BotStrategy>(o.bot, log));
    instances.push_back(&dynamic_cast<bots::BotStrategy&>(*bots.back().strategy()));
  }
  bots::BotStrategy& bs = *instances.front();
  std::cout << "checking bot: " << o.bot.command << "\n";
  int problems = 0;
  try {
    bs.ensure_started();
    const bots::BotStats& s = bs.stats();
    std::cout << "handshake: ok in " << ms(s.start_ms) << " (id name "
              << common::quoted(s.name.empty() ? "(none)" : s.name) << ", id author "
              << common::quoted(s.author.empty() ? "(none)" : s.author) << ")\n";
    problems = play_and_report(o, bots, instances);
  } catch (const strategies::Forfeit& e) {
    std::cout << "handshake: FAILED: " << bs.stats().last_failure << "\n";
    problems = 1;
  }
  if (problems > 0) {
    std::cout << "log: " << (log.empty() ? "(none)" : log) << "\n"
              << "last lines of the log:\n"
              << bots::log_tail(log);
  } else if (o.log.empty()) {  // nothing to look at: the temporary log goes
    std::error_code ignored;
    std::filesystem::remove_all(std::filesystem::path(log).parent_path(), ignored);
  } else {
    std::cout << "log: " << log << "\n";
  }
  std::cout << "verdict: "
            << (problems == 0
                    ? std::string("ok")
                    : std::to_string(problems) + (problems == 1 ? " problem" : " problems"))
            << "\n";
  return problems;
}

}  // namespace

namespace dominoes_cli {

int check_bot_command(const std::vector<std::string>& args) {
  CheckOptions o;
  bool help = false;
  try {
    o = parse(args, help);
  } catch (const std::invalid_argument& e) {
    std::cerr << "dominoes: check-bot: " << e.what() << "\n";
    return 2;
  }
  if (help) {
    std::cout << kHelp << options();
    return 0;
  }
  return run_check(o) == 0 ? 0 : 1;
}

}  // namespace dominoes_cli
