// The rules of Block Dominoes and their variants, for two, three and four seats (docs/rules.md;
// the study (seed 002) for two seats, the written "Partnership Dominoes" rules for more).
//
// The default Rules value is the seed's game: a double-six set, 7 tiles each, the other 14 never
// drawn, a leader drawn at random per deal, pass when unable, the game ends on a domino (a hand is
// empty) or when neither player can move (blocked); the player with fewer pips wins and scores the
// opponent's remaining pips, equal pips score 0. A match runs until one player's total exceeds
// `match_target` points; 0 means single games, the unit the seed's experiments add up.
//
// With three or four seats (docs/rules.md, "Three and four seats") the seats play in turn, four
// seats may play as two partnerships (0 and 2 against 1 and 3), and the block, scoring and lead
// rules below say who wins a hand and what the winners score. table_rules() gives the defaults of
// a seat count.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dominoes {

/// What the winner of a game scores.
enum class ScoringRule {
  kOpponentPips,   ///< the losers' remaining pips (the study, seed 002); also named "losers-pips"
  kPipDifference,  ///< the losers' pips minus the winners' pips (at least 0)
  kAllPips,        ///< the pips left in every hand
};

/// Who wins a blocked hand with more than two seats (with two seats both rules are the seed's).
enum class BlockRule {
  kTeam,        ///< the team with the fewest pips in its hands in total; a tie: nobody
  kLowestSeat,  ///< the seat with the fewest pips, for its team; a tie across teams: nobody
};

/// Who leads the games of a match after the first.
enum class NextLeaderRule {
  kSame,            ///< every game by the leader rule (the two-seat game)
  kAlternate,       ///< the seat after the previous game's leader
  kWinner,          ///< the seat that won the previous game (game_loop.h says which seat)
  kHeaviestDouble,  ///< the holder of the highest double, game by game
};

/// The most seats at a table.
inline constexpr int kMaxSeats = 4;

/// Who leads (plays the first tile) in a game.
enum class LeaderRule {
  kRandom,          ///< drawn at random per deal (the study, seed 002)
  kHeaviestDouble,  ///< the holder of the highest double, else of the heaviest tile; with more
                    ///< than two seats it must lead that tile
  kAlternate,       ///< seat (deal + game) mod seats: turns from deal to deal and within a match
};

/// The largest match target a run accepts, in points. Real matches go to 100 or 250 points and a
/// game scores several points, so a match to this target ends after some thousands of games; the
/// bound keeps matches finite and their point totals far inside an int.
inline constexpr int kMaxMatchTarget = 100000;

/// A variant of Block Dominoes. Every field has the seed's value by default.
struct Rules {
  int max_pip = 6;    ///< the set is double-`max_pip`; 2..9 supported (kMinPip..kMaxPip)
  int hand_size = 7;  ///< tiles dealt to each seat; 1..tile_count(max_pip)/seats
  ScoringRule scoring = ScoringRule::kOpponentPips;
  LeaderRule leader = LeaderRule::kRandom;
  /// A match ends when a total exceeds this (two seats) or reaches it (more); 0 = single games.
  int match_target = 0;
  int seats = 2;          ///< 2, 3 or 4 seats, playing in seat order
  bool partners = false;  ///< four seats only: seats 0 and 2 against seats 1 and 3
  BlockRule block = BlockRule::kTeam;
  NextLeaderRule next_leader = NextLeaderRule::kSame;

  bool operator==(const Rules&) const = default;
};

/// Returns the default rules of a table of `seats` seats: the seed's game for 2; for 3 and 4 the
/// written "Partnership Dominoes" rules (docs/rules.md): partners (4 seats), the holder of the
/// highest double leads it, the lead then passes to the next seat, matches to 100 points.
/// `seats` must be 2..kMaxSeats.
Rules table_rules(int seats);

/// Returns the total that wins a match to rules.match_target (> 0): more than the target with two
/// seats (the study, seed 002), the target itself with more (docs/rules.md, "Matches").
constexpr int match_points_to_win(const Rules& rules) {
  return rules.seats == 2 ? rules.match_target + 1 : rules.match_target;
}

/// Returns the team of `seat`: seat mod 2 with partners, else the seat itself.
constexpr int team_of(const Rules& rules, int seat) {
  return rules.partners ? seat % 2 : seat;
}

/// Returns the number of teams: 2 with partners, else one per seat.
constexpr int team_count(const Rules& rules) {
  return rules.partners ? 2 : rules.seats;
}

/// Returns an empty string when `rules` is playable, else one line naming the bad field and the
/// valid range (e.g. "hand-size 15 does not fit a double-6 set: valid 1..14").
std::string validate(const Rules& rules);

/// Returns the config name of a scoring rule: "opponent-pips", "pip-difference" or "all-pips".
std::string_view to_string(ScoringRule rule);
/// Returns the config name of a scoring rule at a table of `seats`: as above, except that the
/// losers' pips are "losers-pips" with more than two seats.
std::string_view to_string(ScoringRule rule, int seats);
/// Returns the config name of a block rule: "team" or "lowest-seat".
std::string_view to_string(BlockRule rule);
/// Returns the config name of a next-leader rule: "same", "alternate", "winner" or
/// "heaviest-double".
std::string_view to_string(NextLeaderRule rule);
/// Returns every block rule's config name, the default first.
std::vector<std::string> block_rule_names();
/// Returns every next-leader rule's config name, the two-seat default first.
std::vector<std::string> next_leader_rule_names();
/// Returns true and sets `rule` when `name` is a block rule's config name.
bool parse_block_rule(std::string_view name, BlockRule& rule);
/// Returns true and sets `rule` when `name` is a next-leader rule's config name.
bool parse_next_leader_rule(std::string_view name, NextLeaderRule& rule);
/// Returns the config name of a leader rule: "random", "heaviest-double" or "alternate".
std::string_view to_string(LeaderRule rule);
/// Returns every scoring rule's config name, the seed's first ("losers-pips", the same rule as
/// "opponent-pips", last).
std::vector<std::string> scoring_rule_names();
/// Returns every leader rule's config name, the seed's first.
std::vector<std::string> leader_rule_names();
/// Returns true and sets `rule` when `name` is a scoring rule's config name.
bool parse_scoring_rule(std::string_view name, ScoringRule& rule);
/// Returns true and sets `rule` when `name` is a leader rule's config name.
bool parse_leader_rule(std::string_view name, LeaderRule& rule);

/// Returns the rules in one line for reports: "double-6, 7 tiles each, scoring opponent-pips,
/// leader random" for two seats (as reports have always said it); with more seats the seat count
/// and partnerships first and the block and next-leader rules last.
std::string describe(const Rules& rules);

/// The one scoring rule (docs/rules.md): returns what the winning side scores under `rule`, given
/// the pips left in the winners' hands and in the losers': the losers' pips (opponent-pips, which
/// more seats call losers-pips), their excess over the winners' (pip-difference; at least 0, as a
/// team may win a blocked hand holding more pips), or both (all-pips). Every scorer calls it: the
/// game (scoring.h), the open-hands solvers (engine/endgame/) and the showdown of CFR
/// (engine/equilibrium/showdown.cpp, which reads its linear form off it). constexpr, so a search
/// specialised on the rule folds it away.
constexpr int winners_score(ScoringRule rule, int winner_pips, int loser_pips) {
  switch (rule) {
    case ScoringRule::kOpponentPips:
      return loser_pips;
    case ScoringRule::kPipDifference:
      return loser_pips > winner_pips ? loser_pips - winner_pips : 0;
    case ScoringRule::kAllPips:
      return loser_pips + winner_pips;
  }
  return loser_pips;
}

/// Returns the points the winner of a two-seat game scores, given both hands' remaining pips
/// (winners_score); 0 for equal pips.
constexpr int winner_points(const Rules& rules, int winner_pips, int loser_pips) {
  return winner_pips == loser_pips ? 0 : winners_score(rules.scoring, winner_pips, loser_pips);
}

}  // namespace dominoes
