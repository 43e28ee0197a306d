// The rules of two-player Block Dominoes and their variants (docs/rules.md; seed 002).
//
// The default Rules value is the seed's game: a double-six set, 7 tiles each, the other 14 never
// drawn, a leader drawn at random per deal, pass when unable, the game ends on a domino (a hand is
// empty) or when neither player can move (blocked); the player with fewer pips wins and scores the
// opponent's remaining pips, equal pips score 0. A match runs until one player's total exceeds
// `match_target` points; 0 means single games, the unit the seed's experiments add up.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dominoes {

/// What the winner of a game scores.
enum class ScoringRule {
  kOpponentPips,   ///< the loser's remaining pips (seed 002)
  kPipDifference,  ///< the loser's pips minus the winner's pips
  kAllPips,        ///< the pips left in both hands
};

/// Who leads (plays the first tile) in a game.
enum class LeaderRule {
  kRandom,         ///< drawn at random per deal (seed 002)
  kHeaviestDouble, ///< the holder of the highest double, else of the heaviest tile
  kAlternate,      ///< hand (deal + game) mod 2: alternates from deal to deal and within a match
};

/// The largest match target a run accepts, in points. Real matches go to 100 or 250 points and a
/// game scores several points, so a match to this target ends after some thousands of games; the
/// bound keeps matches finite and their point totals far inside an int.
inline constexpr int kMaxMatchTarget = 100000;

/// A variant of Block Dominoes. Every field has the seed's value by default.
struct Rules {
  int max_pip = 6;    ///< the set is double-`max_pip`; 2..9 supported (kMinPip..kMaxPip)
  int hand_size = 7;  ///< tiles dealt to each player; 1..tile_count(max_pip)/2
  ScoringRule scoring = ScoringRule::kOpponentPips;
  LeaderRule leader = LeaderRule::kRandom;
  int match_target = 0;  ///< a match ends when a total exceeds this; 0 = single games

  bool operator==(const Rules&) const = default;
};

/// Returns an empty string when `rules` is playable, else one line naming the bad field and the
/// valid range (e.g. "hand-size 15 does not fit a double-6 set: valid 1..14").
std::string validate(const Rules& rules);

/// Returns the config name of a scoring rule: "opponent-pips", "pip-difference" or "all-pips".
std::string_view to_string(ScoringRule rule);
/// Returns the config name of a leader rule: "random", "heaviest-double" or "alternate".
std::string_view to_string(LeaderRule rule);
/// Returns every scoring rule's config name, the seed's first.
std::vector<std::string> scoring_rule_names();
/// Returns every leader rule's config name, the seed's first.
std::vector<std::string> leader_rule_names();
/// Returns true and sets `rule` when `name` is a scoring rule's config name.
bool parse_scoring_rule(std::string_view name, ScoringRule& rule);
/// Returns true and sets `rule` when `name` is a leader rule's config name.
bool parse_leader_rule(std::string_view name, LeaderRule& rule);

/// Returns the points the winner of a game scores, given both hands' remaining pips; 0 for equal pips.
int winner_points(const Rules& rules, int winner_pips, int loser_pips);

}  // namespace dominoes
