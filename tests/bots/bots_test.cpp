// The runner's side of the bot protocol (docs/protocol.md, arena/bots/): the text of its messages,
// the line kept in laid order, forfeits scored as the protocol says, and real bots in real
// tournaments: the example bots (Python, and a Perl bot written from docs/protocol.md alone) play
// thousands of games through the checking game loop, and misbehaving bots (tests/bots/) forfeit,
// stop the run, and leave no process behind.
//
// Expected values come from outside the code under test: the short example of docs/protocol.md, the
// engine's own State replayed beside the laid line, hand-computed scores, second implementations
// of the example bots' rules written here (a bot must give exactly their tables), and the game
// records recounted here.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/bots/bot_strategy.h"
#include "arena/bots/protocol_text.h"
#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/run/experiment.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/playout_loop.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace {

namespace fs = std::filesystem;
using dominoes::Move;
using dominoes::Placement;
using Json = nlohmann::json;
using test_files::TempDir;

const std::string kSource = DOMINOES_SOURCE_DIR;
const std::string kPython = PYTHON3_FOR_TESTS;

std::string python_bot(const std::string& path, const std::string& args = "",
                       const std::string& tag = "") {
  // `-X tag` (an option Python ignores) marks the process for processes_with().
  return kPython + (tag.empty() ? "" : " -X " + tag) + " " + kSource + "/" + path +
         (args.empty() ? "" : " " + args);
}

// Bots must flush their own output: an inherited PYTHONUNBUFFERED would hide a missing flush.
const bool kUnbuffered = [] {
  ::unsetenv("PYTHONUNBUFFERED");
  return true;
}();

// ---------------------------------------------------------------------------------------------
// Message text

TEST(BotProtocolTextTest, GoLineOfTheProtocolExample) {
  // the short example of docs/protocol.md: seat 0 leads 4-4, seat 1 plays 1-4 on the right.
  const dominoes::Rules rules;
  const dominoes::TileSet hand0 = dominoes::parse_tiles("0-1,0-4,2-2,2-6,3-5,4-4,5-6", 6);
  const dominoes::TileSet hand1 = dominoes::parse_tiles("1-4,0-0,1-1,3-3,5-5,6-6,1-2", 6);
  dominoes::State state = dominoes::start_state(hand0, hand1, 0);
  dominoes::History history(0);
  bots::LaidLine line;
  for (const char* m : {"4-4", "1-4R"}) {
    const Move move = dominoes::parse_move(m, 6);
    dominoes::apply(state, move);
    history.push_back(move);
    line.play(move);
  }
  const auto obs = dominoes::observe(state, history, rules, 0);
  EXPECT_EQ(bots::go_message(obs, line, obs.legal_moves(), 1000),
            "go line=4-4,4-1 ends=4,1 hand=0-1,0-4,2-2,2-6,3-5,5-6 opp=6 lacks=- "
            "legal=0-4L,0-1R time=1000");
  EXPECT_EQ(bots::rules_text(rules), "double=6,hand=7,scoring=opponent-pips");
  EXPECT_EQ(bots::tiles_text(dominoes::TileSet{}), "-");
}

TEST(BotProtocolTextTest, LaidLineChainsAndMatchesTheStateOverManyGames) {
  const dominoes::Rules rules;
  for (std::uint64_t g = 0; g < 300; ++g) {
    const dominoes::Deal deal = dominoes::make_deal(rules, 7, g, 0);
    dominoes::State state = dominoes::start_state(deal);
    dominoes::Rng rng(g);
    bots::LaidLine line;
    dominoes::play_out(
        state,
        [&](const dominoes::State&, const dominoes::MoveList& legal) {
          return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
        },
        [&](Move m) { line.play(m); });
    // The laid line, read back: adjacent halves match, its ends are the state's, and its tiles
    // are the state's line.
    const std::string text = line.text();
    dominoes::TileSet tiles;
    int previous_right = -1, first_left = -1, count = 0;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) {
      const int left = item[0] - '0', right = item[2] - '0';
      if (count == 0)
        first_left = left;
      else
        ASSERT_EQ(left, previous_right) << text;
      previous_right = right;
      tiles.insert(dominoes::make_tile(left, right));
      ++count;
    }
    ASSERT_EQ(tiles, state.line) << text;
    ASSERT_EQ(first_left, state.left) << text;
    ASSERT_EQ(previous_right, state.right) << text;
    ASSERT_EQ(line.ends_text(), std::to_string(state.left) + "," + std::to_string(state.right));
  }
}

TEST(BotForfeitTest, OpponentScoresTheForfeitingHandAsIfItHadDominoed) {
  dominoes::Rules rules;
  // Seat 1 forfeits holding 5-6 and 0-2 (13 pips); seat 0 holds 6-6 (12 pips).
  dominoes::State state = dominoes::start_state(dominoes::parse_tiles("6-6", 6),
                                                dominoes::parse_tiles("5-6,0-2", 6), 0);
  for (auto [scoring, expected] : {std::pair{dominoes::ScoringRule::kOpponentPips, 13},
                                   std::pair{dominoes::ScoringRule::kPipDifference, 13},
                                   std::pair{dominoes::ScoringRule::kAllPips, 13}}) {
    rules.scoring = scoring;
    const auto out =
        tournament::forfeit_outcome(state, rules, 1, strategies::ForfeitReason::kTimeout);
    EXPECT_EQ(out.points[0], expected);
    EXPECT_EQ(out.points[1], 0);
    EXPECT_EQ(out.winner(), 0);
    EXPECT_EQ(out.pips[0], 12);
    EXPECT_EQ(out.pips[1], 13);
  }
  // A forfeit is a loss even when the forfeiting hand holds no pips (only 0-0): 0 points.
  const dominoes::State blank =
      dominoes::start_state(dominoes::parse_tiles("6-6", 6), dominoes::parse_tiles("0-0", 6), 0);
  const auto out = tournament::forfeit_outcome(blank, rules, 1, strategies::ForfeitReason::kCrash);
  EXPECT_EQ(out.points[0], 0);
  EXPECT_EQ(out.winner(), 0);
}

// Cut-throat (three seats): seat 0 forfeits. A player seated twice (seats 0 and 2, one side)
// must not win the game its own seat forfeited, even where its other seat holds the fewest pips.
TEST(BotForfeitTest, CutThroatForfeitNeverCreditsTheForfeitersSide) {
  dominoes::Rules rules;
  rules.seats = 3;
  dominoes::State state;
  state.seats = 3;
  state.hands[0] = dominoes::parse_tiles("6-6", 6);  // 12 pips, forfeits
  state.hands[1] = dominoes::parse_tiles("5-6", 6);  // 11 pips
  state.hands[2] = dominoes::parse_tiles("0-1", 6);  // 1 pip: the fewest
  const auto alone =
      tournament::forfeit_outcome(state, rules, 0, strategies::ForfeitReason::kCrash);
  EXPECT_EQ(alone.winner(), 2) << "three players: the fewest pips among the others wins";
  EXPECT_EQ(alone.points[2], 23) << "the losers' pips, 12 + 11";
  const auto twice =
      tournament::forfeit_outcome(state, rules, 0, strategies::ForfeitReason::kCrash, {0, 1, 0, 3});
  EXPECT_EQ(twice.winner(), 1) << "seats 0 and 2 are one side: seat 1 wins";
  EXPECT_EQ(twice.points[1], 13) << "seat 1 scores the other seats' pips, 12 + 1";
  EXPECT_EQ(twice.points[0] + twice.points[2], 0);
  // A tie for the fewest among the other side's seats is not a draw: the first from the leader
  // wins (the leader is seat 0 here, so seat 1 before seat 2).
  state.hands[2] = dominoes::parse_tiles("5-6", 6);
  const auto tie = tournament::forfeit_outcome(state, rules, 0, strategies::ForfeitReason::kCrash);
  EXPECT_EQ(tie.winner(), 1);
}

// ---------------------------------------------------------------------------------------------
// Tournaments with bots

// Second implementations of the example bots' rules (clients/python/*.py), seated as built-ins.
class FirstLegal : public strategies::Strategy {
 public:
  Move choose(const dominoes::Observation&, const dominoes::MoveList& legal,
              dominoes::Rng&) override {
    return legal[0];
  }
  std::unique_ptr<Strategy> clone() const override { return std::make_unique<FirstLegal>(); }
};

// Greedy: the heaviest tile; among equally heavy moves the first listed.
class HeaviestFirst : public strategies::Strategy {
 public:
  Move choose(const dominoes::Observation&, const dominoes::MoveList& legal,
              dominoes::Rng&) override {
    Move best = legal[0];
    for (Move m : legal)
      if (dominoes::tile_pips(m.tile()) > dominoes::tile_pips(best.tile())) best = m;
    return best;
  }
  std::unique_ptr<Strategy> clone() const override { return std::make_unique<HeaviestFirst>(); }
};

strategies::Registry registry_with_twins() {
  strategies::Registry r = strategies::Registry::builtin();
  r.add({"first-legal-cpp", "test: first legal move", "", "", false, {}, [](const auto&) {
           return strategies::Player(std::make_unique<FirstLegal>());
         }});
  r.add({"greedy-cpp", "test: heaviest tile first", "", "", false, {}, [](const auto&) {
           return strategies::Player(std::make_unique<HeaviestFirst>());
         }});
  return r;
}

tournament::ExperimentConfig bot_config(const std::vector<std::string>& players, std::int64_t deals,
                                        const std::string& out) {
  tournament::ExperimentConfig c;
  c.players = players;
  c.format = players.size() == 2 ? tournament::Format::kHeadToHead : tournament::Format::kGauntlet;
  c.deals = deals;
  c.seed = 11;
  c.chunk = 100;
  c.quiet = true;
  c.out_dir = out;
  return c;
}

bots::BotConfig bot(const std::string& name, const std::string& command) {
  bots::BotConfig b;
  b.name = name;
  b.command = command;
  return b;
}

// The summary without names and seconds: what two seatings of the same play must share.
std::string numbers_of(const std::string& out_dir) {
  std::string numbers;
  for (const auto& line : test_files::split_lines(
           test_files::csv_without_timings(test_files::read_text(out_dir + "/summary.csv")))) {
    const auto comma = line.find(',', line.find(',') + 1);
    numbers += line.substr(comma + 1) + "\n";
  }
  return numbers;
}

TEST(BotTournamentTest, ExampleBotsPlayLikeTheirRulesWrittenInCpp) {
  TempDir tmp;
  const auto registry = registry_with_twins();
  struct Case {
    std::string bot, command, twin, opponent;
  };
  const std::vector<Case> cases = {
      {"firstlegal", python_bot("clients/python/firstlegal.py"), "first-legal-cpp", "heuristic"},
      {"greedy", python_bot("clients/python/greedy.py"), "greedy-cpp", "random"},
      {"perlbot", "perl " + kSource + "/clients/perl/firstlegal.pl", "first-legal-cpp", "lowest"}};
  for (const Case& k : cases) {
    auto with_bot = bot_config({k.bot, k.opponent}, 1000, tmp.sub(k.bot));
    with_bot.bots = {bot(k.bot, k.command)};
    with_bot.threads = 2;
    const auto played = tournament::run_experiment(registry, with_bot);
    ASSERT_TRUE(played.run.complete) << k.bot;
    EXPECT_EQ(played.run.tasks.at(0).totals.games, 2000) << k.bot;
    EXPECT_EQ(played.run.tasks.at(0).totals.a_forfeits, 0) << k.bot;
    const auto twin = tournament::run_experiment(
        registry, bot_config({k.twin, k.opponent}, 1000, tmp.sub(k.bot + "-twin")));
    EXPECT_EQ(numbers_of(tmp.sub(k.bot)), numbers_of(tmp.sub(k.bot + "-twin"))) << k.bot;
  }
}

TEST(BotTournamentTest, TwoBotsInOneGamePlayLikeTheirTwins) {
  TempDir tmp;
  const auto registry = registry_with_twins();
  auto bots_only = bot_config({"firstlegal", "greedy"}, 400, tmp.sub("bots"));
  bots_only.bots = {bot("firstlegal", python_bot("clients/python/firstlegal.py")),
                    bot("greedy", python_bot("clients/python/greedy.py"))};
  ASSERT_TRUE(tournament::run_experiment(registry, bots_only).run.complete);
  tournament::run_experiment(registry,
                             bot_config({"first-legal-cpp", "greedy-cpp"}, 400, tmp.sub("twins")));
  EXPECT_EQ(numbers_of(tmp.sub("bots")), numbers_of(tmp.sub("twins")));
}

TEST(BotTournamentTest, SeededRandomBotGivesTheSameTablesOnOneOrTwoThreads) {
  TempDir tmp;
  std::string csv[2];
  for (int threads : {1, 2}) {
    auto c = bot_config({"rb", "random", "heuristic"}, 600, tmp.sub("t" + std::to_string(threads)));
    c.bots = {bot("rb", python_bot("clients/python/randombot.py"))};
    c.threads = threads;
    c.chunk = 50;
    ASSERT_TRUE(tournament::run_experiment(strategies::Registry::builtin(), c).run.complete);
    csv[threads - 1] =
        test_files::csv_without_timings(test_files::read_text(c.out_dir + "/summary.csv"));
  }
  EXPECT_EQ(csv[0], csv[1]);
}

// Recounts the forfeits of a bot from the game records and checks each as docs/protocol.md scores
// it.
int recount_forfeits(const std::string& records_path, const std::string& bot_name,
                     const std::string& reason) {
  std::ifstream in(records_path);
  int forfeits = 0;
  for (std::string line; std::getline(in, line);) {
    const Json r = Json::parse(line);
    if (!r.contains("forfeit")) continue;
    ++forfeits;
    const int loser = r["forfeit_seat"];
    EXPECT_EQ(r["forfeit"], reason);
    EXPECT_EQ(r["players"][loser], bot_name);
    EXPECT_EQ(r["points"][1 - loser], r["pips"][loser]) << line;
    EXPECT_EQ(r["points"][loser], 0) << line;
  }
  return forfeits;
}

struct Misbehaviour {
  std::string script, args, reason;
  int forfeits = -1;  ///< how many games the bot must forfeit; -1: at least one
  int time_ms = 100;
};

TEST(BotTournamentTest, MisbehavingBotsForfeitTheirGamesAndNothingElse) {
  TempDir tmp;
  const std::vector<Misbehaviour> cases = {
      {"sleeper.py", "--after 2 --seconds 5", "timeout"},
      {"crasher.py", "--after 3", "crash"},
      // Endless info lines: still out of time, and not all logged.
      {"flood.py", "", "timeout", -1, 200},
      // Garbage, then a legal move: one game lost; the late move answers nothing later.
      {"extra.py", "--at 2", "illegal", 1},
      // Exits while a child of it holds the pipe open: a crash, not a wait for the deadline.
      {"forker.py", "--after 2", "crash", -1, 20000},
      // A failed handshake: restarted, never read out of step ("dbpok" as a move).
      {"badhello.py", "", "illegal", 16}};
  for (const Misbehaviour& m : cases) {
    SCOPED_TRACE(m.script);
    auto c = bot_config({"bad", "random"}, 8, tmp.sub(m.script));
    bots::BotConfig b = bot("bad", python_bot("tests/bots/" + m.script, m.args));
    b.time_ms = m.time_ms;
    b.restarts = 1000;  // keep playing: every failure is a forfeit here
    c.bots = {b};
    c.games_out = tmp.sub(m.script + ".jsonl");
    c.chunk = 4;
    c.threads = 1;  // one process: a misbehaviour counted per process happens once
    const auto result = tournament::run_experiment(strategies::Registry::builtin(), c);
    ASSERT_TRUE(result.run.complete);
    const auto& totals = result.run.tasks.at(0).totals;
    EXPECT_EQ(totals.games, 16);
    if (m.forfeits < 0)
      EXPECT_GT(totals.a_forfeits, 0);
    else
      EXPECT_EQ(totals.a_forfeits, m.forfeits);
    EXPECT_EQ(totals.b_forfeits, 0);
    EXPECT_EQ(recount_forfeits(c.games_out, "bad", m.reason), totals.a_forfeits);
    // Every game is recorded, forfeited or not.
    EXPECT_EQ(test_files::split_lines(test_files::read_text(c.games_out)).size(), 16u);
    const std::string log = test_files::read_text(c.out_dir + "/bots/bad.log");
    EXPECT_EQ(log.find("to go; the legal moves were") != std::string::npos &&
                  log.find("answered \"move ") != std::string::npos,
              false)
        << "a late answer was read as a move";
    EXPECT_EQ(log.find("answered \"dbpok\" to go"), std::string::npos);
    EXPECT_LT(log.size(), 1'000'000u);
  }
}

TEST(BotTournamentTest, ThreeFailuresInARowStopTheRunNamingTheBotAndItsLog) {
  TempDir tmp;
  for (const Misbehaviour& m :
       {Misbehaviour{"illegal.py", "", "illegal"}, Misbehaviour{"garbage.py", "", "illegal"},
        Misbehaviour{"mute.py", "", "timeout"}}) {
    auto c = bot_config({"badbot", "random"}, 50, tmp.sub(m.script));
    bots::BotConfig b = bot("badbot", python_bot("tests/bots/" + m.script, m.args));
    b.start_ms = 300;
    c.bots = {b};
    try {
      tournament::run_experiment(strategies::Registry::builtin(), c);
      ADD_FAILURE() << m.script << " did not stop the run";
    } catch (const bots::BotError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("bot badbot failed 3 games in a row, the last by " + m.reason),
                std::string::npos)
          << what;
      EXPECT_NE(what.find(c.out_dir + "/bots/badbot.log"), std::string::npos) << what;
      EXPECT_NE(what.find("  | # dominoes: forfeit"), std::string::npos) << what;
    }
  }
}

// Returns how many live processes have `marker` in their command line.
int processes_with(const std::string& marker) {
  int found = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::ifstream cmdline(entry.path() / "cmdline", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
    for (char& ch : text)
      if (ch == '\0') ch = ' ';
    std::ifstream stat(entry.path() / "stat");
    std::string pid, name, state;
    stat >> pid >> name >> state;
    if (text.find(marker) != std::string::npos && state != "Z") ++found;
  }
  return found;
}

TEST(BotTournamentTest, NoBotOutlivesARunThatEndsOrFails) {
  TempDir tmp;
  // stubborn.py ignores quit, SIGTERM and EOF: only the kill after 2 s ends it.
  const std::string tag = "dominoes_test_tag=" + std::to_string(::getpid());
  auto ends = bot_config({"stubborn", "random"}, 20, tmp.sub("ends"));
  ends.bots = {bot("stubborn", python_bot("tests/bots/stubborn.py", "", tag + "a"))};
  ends.threads = 2;
  ASSERT_TRUE(tournament::run_experiment(strategies::Registry::builtin(), ends).run.complete);
  EXPECT_EQ(processes_with(tag + "a"), 0);

  auto fails = bot_config({"illegal", "random"}, 20, tmp.sub("fails"));
  fails.bots = {bot("illegal", python_bot("tests/bots/illegal.py", "", tag + "b"))};
  EXPECT_THROW(tournament::run_experiment(strategies::Registry::builtin(), fails), bots::BotError);
  EXPECT_EQ(processes_with(tag + "b"), 0);
}

// The log's cap (issue 20), for the runner's notes as for the bot's stderr: a line that would take
// the log past kMaxLogBytes first cuts it to a line saying so; below the cap, lines are appended.
TEST(BotLogTest, ALogAtItsCapIsCutToALineSayingSo) {
  test_files::TempDir dir;
  const std::string path = dir.sub("bot.log");
  test_files::write_text(path, std::string(bots::kMaxLogBytes - 10, 'x'));
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  bots::append_to_log(fd, "12345\n");  // 6 bytes: still within the cap
  EXPECT_EQ(fs::file_size(path), bots::kMaxLogBytes - 4);
  bots::append_to_log(fd, "the newest line\n");
  ::close(fd);
  EXPECT_EQ(test_files::read_text(path),
            "# dominoes: this log passed 8 MiB, so what came before this line was cut\n"
            "the newest line\n");
  EXPECT_EQ(bots::log_tail(path, 1), "  | the newest line\n");
}

}  // namespace
