#include "apps/dominoes/play_session.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/dominoes/advice_table.h"
#include "apps/dominoes/play_interrupt.h"
#include "apps/dominoes/typed_move.h"
#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/play/games_writer.h"
#include "arena/tournament/play/match_progress.h"
#include "engine/common/limited_file.h"
#include "engine/common/text.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/table_text.h"
#include "engine/endgame/expected_move_values.h"

namespace dominoes_cli {
namespace {

using dominoes::Move;
using dominoes::State;
using dominoes::TileSet;

// One game (a hand of a match, in match mode) in progress.
struct Table {
  dominoes::Deal deal;
  State state;
  dominoes::History history;
  int number = 0;  // 0-based game (or match) index: deal `number` of the seed
  int hand = 0;    // 0-based hand of the match; 0 for single games
  // Each seat's random stream for the whole game, as the runner keeps them (game_loop.h): the
  // strategies', and the one the person's --hint strategy draws from.
  std::array<dominoes::Rng, dominoes::kMaxSeats> streams{dominoes::Rng(0), dominoes::Rng(0),
                                                         dominoes::Rng(0), dominoes::Rng(0)};
};

// Returns the open ends' values as a person would say them missing: "3 or 1", or "2" for 2 and 2.
std::string ends_text(const State& s) {
  return s.left == s.right ? std::to_string(s.left)
                           : std::to_string(s.left) + " or " + std::to_string(s.right);
}

std::string hand_text(TileSet hand) {
  std::string text;
  for (dominoes::Tile t : dominoes::reading_order(hand)) {
    if (!text.empty()) text += ' ';
    text += dominoes::to_string(t);
  }
  return text.empty() ? "(none)" : text;
}

std::string moves_text(const dominoes::MoveList& legal) {
  std::string text;
  for (int k = 0; k < legal.size(); ++k)
    text += (k ? "   " : "") + std::to_string(k + 1) + ") " + dominoes::to_string(legal[k]);
  return text;
}

// A typed move or command is a word; a longer line is not typing (e.g. play < /dev/zero).
constexpr std::size_t kMaxTypedLine = 4096;

class Session {
 public:
  Session(PlaySettings settings, std::istream& in, std::ostream& out)
      : s_(std::move(settings)), in_(in), out_(out) {
    if (!s_.games_out.empty()) records_ = open_play_records(s_.games_out);
  }
  int run();

 private:
  bool play_game(int number);
  bool play_match(int number);
  std::optional<tournament::GameOutcome> play_hand(const dominoes::Deal& deal, int number,
                                                   int hand);
  std::optional<Move> person_turn(Table& t);
  Move strategy_turn(Table& t);
  void show_position(const Table& t) const;
  void show_hint(Table& t);
  void show_result(const Table& t, const tournament::GameOutcome& outcome);
  void show_winner(const tournament::GameOutcome& outcome);
  void save(const Table& t, const tournament::GameOutcome& outcome);
  void show_score(const char* when) const;
  void show_match_score() const;
  void show_next_leader(const tournament::GameOutcome& previous, const dominoes::Deal& next);
  void show_table() const;
  std::optional<std::string> ask(const std::string& prompt);

  int seats() const { return s_.rules.seats; }
  // Whether each game is a match to the rules' target (else a single hand).
  bool matches() const { return s_.rules.match_target > 0; }
  // "you lead", "seat 3 leads", and the tile when the deal fixes it: "seat 3 leads 6-6".
  std::string leads_text(const dominoes::Deal& deal) const;
  // Says who wins or scores: "you" -> "you win", "seats 1 and 3" -> "seats 1 and 3 win", "your
  // team" -> "your team wins"; `verb` is "score" or "win".
  std::string team_verb(int team, const std::string& verb) const;
  bool partner_seat(dominoes::Seat seat) const { return s_.rules.partners && seat == kPartner; }
  // The seat's name on the screen: "you"; with two seats the opponent's spec; else "partner" or
  // "seat N".
  std::string name(dominoes::Seat seat) const;
  // The strategy spec in `seat` (not the person's), as typed.
  const std::string& spec(dominoes::Seat seat) const {
    return partner_seat(seat) ? s_.partner_name : s_.opponent_name;
  }
  strategies::Player& player(dominoes::Seat seat) {
    return partner_seat(seat) ? *s_.partner : s_.opponent;
  }
  // The team's name: "you" or "your team" for the person's; the opponent, "seat N" or "seats 1
  // and 3" for another.
  std::string team_name(int team) const;

  PlaySettings s_;
  std::istream& in_;
  std::ostream& out_;
  // The score by team (by seat without partners): of every game, or in match mode of the match
  // under way.
  std::array<int, dominoes::kMaxSeats> totals_{};
  std::array<int, dominoes::kMaxSeats> matches_won_{};  // by team, in match mode
  int finished_ = 0;                                    // games, or matches, finished
  int hand_ = 0;                                        // the hand under way, in match mode
  std::unique_ptr<std::ofstream> records_;              // --games-out, or null
};

std::string Session::name(dominoes::Seat seat) const {
  if (seat == kPerson) return "you";
  if (seats() == 2) return s_.opponent_name;
  return partner_seat(seat) ? "partner" : "seat " + std::to_string(seat);
}

std::string Session::leads_text(const dominoes::Deal& deal) const {
  std::string text = deal.leader == kPerson ? "you lead" : name(deal.leader) + " leads";
  if (deal.lead_tile >= 0)
    text += " " + dominoes::to_string(static_cast<dominoes::Tile>(deal.lead_tile));
  return text;
}

std::string Session::team_verb(int team, const std::string& verb) const {
  const bool persons = team == dominoes::team_of(s_.rules, kPerson);
  const bool plural = persons ? !s_.rules.partners : s_.rules.partners;
  return team_name(team) + " " + verb + (plural ? "" : "s");
}

std::string Session::team_name(int team) const {
  if (!s_.rules.partners) return name(team);  // a team per seat
  return team == dominoes::team_of(s_.rules, kPerson) ? "your team" : "seats 1 and 3";
}

std::optional<std::string> Session::ask(const std::string& prompt) {
  out_ << prompt << std::flush;
  std::string line;
  // A Ctrl-C while reading ends the read (read_limited_line sees the end of input, or returns
  // what was typed so far, which is dropped).
  if (!common::read_limited_line(in_, line, kMaxTypedLine, "standard input") ||
      InterruptNote::caught()) {
    out_ << "\n";
    return std::nullopt;
  }
  return line;
}

void Session::show_position(const Table& t) const {
  // The seats' labels: "you"; with two seats the opponent's spec; else the seat's name padded to
  // 9 columns, then its spec.
  std::vector<std::string> labels(seats());
  labels[kPerson] = "you";
  for (dominoes::Seat seat = 1; seat < seats(); ++seat) {
    std::ostringstream label;
    label << std::left << std::setw(9) << name(seat) << spec(seat);
    labels[seat] = seats() == 2 ? s_.opponent_name : label.str();
  }
  out_ << "\n" << dominoes::table_text(t.state, t.history, kPerson, labels);
}

void Session::show_hint(Table& t) {
  const auto obs = dominoes::observe(t.state, t.history, s_.rules, kPerson);
  const auto number = static_cast<std::uint64_t>(t.number);
  const auto moves = static_cast<std::uint64_t>(t.history.size());
  // A match's later hands add the hand to the key; single games (and first hands) keep the key
  // the hints have always drawn from.
  const auto hand = static_cast<std::uint64_t>(t.hand);
  dominoes::Rng rng(hand == 0 ? dominoes::stream_key({s_.seed, number, moves, 0x41D5})
                              : dominoes::stream_key({s_.seed, number, moves, 0x41D5, hand}));
  const endgame::MoveEvaluation e = endgame::expected_move_values(obs, s_.limits, rng);
  const dominoes::MoveList legal = dominoes::legal_moves(t.state);
  const Move m = s_.advisor.choose(t.state, t.history, s_.rules, legal, t.streams[kPerson]);
  out_ << "hint: expected points (" << points_meaning(s_.rules) << " " << points_when(s_.rules)
       << ")\n"
       << advice_rows(e, false, "  ") << "  " << worlds_line(e, seats()) << "\n  "
       << s_.advisor_name << " would play " << dominoes::to_string(m) << "\n";
}

std::optional<Move> Session::person_turn(Table& t) {
  show_position(t);
  const dominoes::MoveList legal = dominoes::legal_moves(t.state);
  if (legal.size() == 0) {
    out_ << "you have no " << ends_text(t.state) << ": you pass\n";
    return Move::pass();
  }
  if (legal.size() == 1) {
    out_ << "your only move, " << dominoes::to_string(legal[0]) << ", is played\n";
    return legal[0];
  }
  out_ << "moves    " << moves_text(legal) << "\n";
  if (s_.hint) show_hint(t);
  for (;;) {
    const auto typed = ask("your move> ");
    if (!typed) return std::nullopt;
    std::string word = common::trimmed(*typed);
    std::transform(word.begin(), word.end(), word.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (word == "quit" || word == "q") return std::nullopt;
    if (word == "hint") {
      show_hint(t);
      continue;
    }
    if (word == "help" || word == "?") {
      out_ << "type a move's number (1 to " << legal.size() << ") or its notation, e.g. "
           << dominoes::to_string(legal[0]) << "; hint: expected points; quit or Ctrl-D: stop\n";
      continue;
    }
    const auto read = read_typed_move(*typed, t.state, legal, s_.rules.max_pip);
    if (const Move* m = std::get_if<Move>(&read)) return *m;
    out_ << std::get<std::string>(read) << "\n";
  }
}

Move Session::strategy_turn(Table& t) {
  const dominoes::Seat seat = t.state.to_move;
  const dominoes::MoveList legal = dominoes::legal_moves(t.state);
  if (legal.size() == 0) {
    out_ << name(seat) << " passes: it has no " << ends_text(t.state) << "\n";
    return Move::pass();
  }
  Move m = legal[0];
  if (legal.size() > 1) {
    m = player(seat).choose(t.state, t.history, s_.rules, legal, t.streams[seat]);
    // A strategy is a plug-in: an illegal move would corrupt the game, so it ends the session.
    if (!legal.contains(m))
      throw std::logic_error(spec(seat) + " chose " + dominoes::to_string(m) +
                             ", which is not a legal move");
  }
  out_ << name(seat) << " plays " << dominoes::to_string(m) << "\n";
  return m;
}

void Session::show_result(const Table& t, const tournament::GameOutcome& outcome) {
  const bool domino = outcome.ending == dominoes::GameStatus::kDomino;
  out_ << "\n--- "
       << (matches() ? "hand " + std::to_string(t.hand + 1)
                     : "game " + std::to_string(t.number + 1))
       << " over: " << (domino ? "domino by " : "blocked")
       << (domino ? name(outcome.out_seat) : std::string()) << " ---\n"
       << "line     " << dominoes::line_as_laid(t.history) << "\n";
  // The names' column is as wide as the longest name, so the hands line up.
  std::size_t longest = 0;
  for (dominoes::Seat seat = 1; seat < seats(); ++seat)
    longest = std::max(longest, name(seat).size());
  const int width = static_cast<int>(std::max<std::size_t>(8, longest + 2));
  for (dominoes::Seat seat = 0; seat < seats(); ++seat)
    out_ << std::left << std::setw(width) << name(seat) + ":"
         << "left " << std::setw(22) << hand_text(t.state.hands[seat]) << " (" << std::right
         << std::setw(2) << outcome.pips[seat] << " pips)   dealt " << hand_text(t.deal.hands[seat])
         << "\n";
  if (s_.rules.partners && !domino)
    out_ << "team pips: your team " << outcome.pips[0] + outcome.pips[2] << ", seats 1 and 3 "
         << outcome.pips[1] + outcome.pips[3] << "\n";
  show_winner(outcome);
  for (int team = 0; team < dominoes::team_count(s_.rules); ++team)
    totals_[team] += outcome.team_points(team);
}

// Says who scored the game and how much.
void Session::show_winner(const tournament::GameOutcome& outcome) {
  const int winner = outcome.winner_team;
  if (winner < 0) {
    out_ << (seats() == 2 ? "equal pips: nobody scores\n" : "a tied block: nobody scores\n");
    return;
  }
  // "you score", "your team scores", "seats 1 and 3 score", "seat 2 scores", "heuristic scores"
  out_ << team_verb(winner, "score") << " " << outcome.team_points(winner) << "\n";
}

// Adds the finished game to --games-out, flushed at once so that a game is kept however the
// session ends.
void Session::save(const Table& t, const tournament::GameOutcome& outcome) {
  if (!records_) return;
  std::vector<std::string> players{kPersonName};
  for (dominoes::Seat seat = 1; seat < seats(); ++seat) players.push_back(spec(seat));
  const tournament::GameKey key{t.number, 0, matches() ? t.hand : -1};
  *records_ << tournament::game_record_json(key, players, s_.rules, t.deal, t.history, outcome)
            << std::flush;
  if (!*records_)
    throw std::runtime_error("cannot write --games-out " + common::quoted(s_.games_out) + ": " +
                             std::strerror(errno));
}

void Session::show_score(const char* when) const {
  const char* unit =
      matches() ? (finished_ == 1 ? " match" : " matches") : (finished_ == 1 ? " game" : " games");
  out_ << when << "score after " << finished_ << unit << (matches() ? " (matches won):" : ":");
  const auto& score = matches() ? matches_won_ : totals_;
  for (int team = 0; team < dominoes::team_count(s_.rules); ++team)
    out_ << (team ? ", " : " ") << team_name(team) << " " << score[team];
  out_ << "\n";
}

// The score of the match under way: "match score: your team 28, seats 1 and 3 12 (to 100)".
void Session::show_match_score() const {
  out_ << "match score:";
  for (int team = 0; team < dominoes::team_count(s_.rules); ++team)
    out_ << (team ? ", " : " ") << team_name(team) << " " << totals_[team];
  out_ << " (" << (seats() == 2 ? "to pass " : "to ") << s_.rules.match_target << ")\n";
}

// Says who leads the next hand of the match, and why (rules.next_leader).
void Session::show_next_leader(const tournament::GameOutcome& previous,
                               const dominoes::Deal& next) {
  std::string why;
  switch (s_.rules.next_leader) {
    case dominoes::NextLeaderRule::kSame:
      why = "by the leader rule, " + std::string(dominoes::to_string(s_.rules.leader));
      break;
    case dominoes::NextLeaderRule::kAlternate:
      why = "the lead passes to the next seat";
      break;
    case dominoes::NextLeaderRule::kWinner:
      why = previous.winner_team >= 0 ? "the winner of the hand leads"
                                      : "nobody won: the lead passes to the next seat";
      break;
    case dominoes::NextLeaderRule::kHeaviestDouble:
      why = "the holder of the highest double leads";
      break;
  }
  out_ << "next hand: " << leads_text(next) << " (" << why << ")\n";
}

// Plays hand `hand` of game or match `number`, dealt as `deal`; returns its outcome, shown,
// counted in the score and saved, or nothing when the person stopped it.
std::optional<tournament::GameOutcome> Session::play_hand(const dominoes::Deal& deal, int number,
                                                          int hand) {
  Table t{deal, dominoes::start_state(deal), dominoes::History(deal.leader, deal.seats), number,
          hand};
  for (dominoes::Seat seat = 0; seat < seats(); ++seat)
    t.streams[seat] =
        tournament::seat_stream(s_.seed, static_cast<std::uint64_t>(number), hand, seat);
  out_ << "\n=== " << (matches() ? "match " : "game ") << number + 1;
  if (s_.games > 0 && !(matches() && hand > 0)) out_ << " of " << s_.games;
  if (matches()) out_ << ", hand " << hand + 1;
  out_ << ": " << leads_text(t.deal) << " ===\n";
  while (dominoes::status(t.state) == dominoes::GameStatus::kOngoing) {
    std::optional<Move> m = t.state.to_move == kPerson ? person_turn(t) : strategy_turn(t);
    if (!m || InterruptNote::caught()) return std::nullopt;
    dominoes::apply(t.state, *m);
    t.history.push_back(*m);
  }
  const tournament::GameOutcome outcome = tournament::score_game(t.state, s_.rules);
  show_result(t, outcome);
  save(t, outcome);
  return outcome;
}

// Plays game `number` (one hand); returns false when the person stopped it.
bool Session::play_game(int number) {
  if (!play_hand(dominoes::make_deal(s_.rules, s_.seed, number), number, 0)) return false;
  ++finished_;
  if (number + 1 != s_.games) show_score("");
  return true;
}

// Plays match `number` to the rules' target by the runner's own match rules
// (tournament::MatchProgress: the hands' deals, their leaders and the end). Returns false when the
// person stopped it.
bool Session::play_match(int number) {
  totals_.fill(0);
  tournament::MatchProgress match(s_.rules, s_.seed, static_cast<std::uint64_t>(number));
  for (hand_ = 0;; ++hand_) {
    const std::optional<tournament::GameOutcome> outcome =
        play_hand(match.next_deal(), number, hand_);
    if (!outcome) return false;
    show_match_score();
    if (match.record(*outcome)) {
      const tournament::MatchOutcome& result = match.outcome();
      out_ << "\n=== match " << number + 1 << " over after " << count_of(hand_ + 1, "hand") << ": "
           << (result.decided ? team_verb(result.winner, "win") : "nobody reached the target")
           << " ===\n";
      if (result.decided) ++matches_won_[result.winner];
      ++finished_;
      if (number + 1 != s_.games) show_score("");
      return true;
    }
    show_next_leader(*outcome, match.next_deal());
  }
}

// The first line of a session: who plays whom, and the seed.
void Session::show_table() const {
  const auto sees = [](const strategies::Player& p) {
    return p.omniscient() ? " (it sees every hand)" : "";
  };
  if (seats() == 2) {
    out_ << "Block Dominoes against " << s_.opponent_name
         << (s_.opponent.omniscient() ? " (it sees your hand)" : "");
  } else if (s_.rules.partners) {
    out_ << "Block Dominoes at 4 seats in two teams: you (seat 0) and your partner, "
         << s_.partner_name << sees(*s_.partner) << ", in seat 2, against " << s_.opponent_name
         << sees(s_.opponent) << " in seats 1 and 3";
  } else {
    out_ << "Block Dominoes at " << seats() << " seats, each for itself: you (seat 0) against "
         << s_.opponent_name << sees(s_.opponent)
         << (seats() == 3 ? " in seats 1 and 2" : " in seats 1, 2 and 3");
  }
  out_ << ", seed " << s_.seed << " (--seed " << s_.seed
       << " replays these deals). You hold hand 0.\n";
  if (matches())
    out_ << "Each match goes to " << s_.rules.match_target << " points: the first "
         << (seats() == 2        ? "player past them"
             : s_.rules.partners ? "team to reach them"
                                 : "seat to reach them")
         << " wins (--target 0 plays single games).\n";
  out_ << "Type a move's number or notation (3-5L, 3-5R), hint, help or quit; Ctrl-D stops.\n";
}

int Session::run() {
  show_table();
  const InterruptNote interrupts;
  for (int g = 0; s_.games == 0 || g < s_.games; ++g) {
    if (!(matches() ? play_match(g) : play_game(g))) {
      const bool interrupted = InterruptNote::caught();
      out_ << (interrupted ? "interrupted" : "stopped") << " during ";
      if (matches()) {
        out_ << "hand " << hand_ + 1 << " of match " << g + 1 << ".\n";
        show_match_score();
      } else {
        out_ << "game " << g + 1 << ".\n";
      }
      show_score("final ");
      if (records_) out_ << "games saved in " << s_.games_out << "\n";
      return interrupted ? 128 + SIGINT : 0;
    }
  }
  show_score("\nfinal ");
  if (records_) out_ << "games saved in " << s_.games_out << "\n";
  return 0;
}

}  // namespace

int play_session(PlaySettings settings, std::istream& in, std::ostream& out) {
  return Session(std::move(settings), in, out).run();
}

}  // namespace dominoes_cli
