#include "engine/dominoes/rules.h"

#include <array>
#include <utility>

#include "engine/dominoes/tile.h"

namespace dominoes {
namespace {

// The first name of a rule is the one written; "losers-pips" is read as the seed's rule, whose
// name it is at tables of more than two seats.
constexpr std::array<std::pair<ScoringRule, std::string_view>, 4> kScoringNames{{
    {ScoringRule::kOpponentPips, "opponent-pips"},
    {ScoringRule::kPipDifference, "pip-difference"},
    {ScoringRule::kAllPips, "all-pips"},
    {ScoringRule::kOpponentPips, "losers-pips"},
}};
constexpr std::array<std::pair<BlockRule, std::string_view>, 2> kBlockNames{{
    {BlockRule::kTeam, "team"},
    {BlockRule::kLowestSeat, "lowest-seat"},
}};
constexpr std::array<std::pair<NextLeaderRule, std::string_view>, 4> kNextLeaderNames{{
    {NextLeaderRule::kSame, "same"},
    {NextLeaderRule::kAlternate, "alternate"},
    {NextLeaderRule::kWinner, "winner"},
    {NextLeaderRule::kHeaviestDouble, "heaviest-double"},
}};
constexpr std::array<std::pair<LeaderRule, std::string_view>, 3> kLeaderNames{{
    {LeaderRule::kRandom, "random"},
    {LeaderRule::kHeaviestDouble, "heaviest-double"},
    {LeaderRule::kAlternate, "alternate"},
}};

template <typename Enum, std::size_t N>
std::string_view name_of(const std::array<std::pair<Enum, std::string_view>, N>& names, Enum e) {
  for (const auto& [value, name] : names)
    if (value == e) return name;
  return "?";
}

template <typename Enum, std::size_t N>
bool parse_name(const std::array<std::pair<Enum, std::string_view>, N>& names,
                std::string_view text, Enum& out) {
  for (const auto& [value, name] : names)
    if (name == text) {
      out = value;
      return true;
    }
  return false;
}

template <typename Enum, std::size_t N>
std::vector<std::string> names_of(const std::array<std::pair<Enum, std::string_view>, N>& names) {
  std::vector<std::string> out;
  for (const auto& [value, name] : names) out.emplace_back(name);
  return out;
}

}  // namespace

Rules table_rules(int seats) {
  Rules rules;
  rules.seats = seats;
  if (seats == 2) return rules;
  rules.partners = seats == 4;
  rules.leader = LeaderRule::kHeaviestDouble;
  rules.next_leader = NextLeaderRule::kAlternate;
  rules.match_target = 100;
  return rules;
}

std::string validate(const Rules& rules) {
  if (rules.seats < 2 || rules.seats > kMaxSeats)
    return "seats " + std::to_string(rules.seats) + " is not valid: valid 2, 3 or 4";
  if (rules.partners && rules.seats != 4)
    return "partners needs 4 seats (seats " + std::to_string(rules.seats) +
           " given): give seats = 4, or partners = false";
  if (rules.max_pip < kMinPip || rules.max_pip > kMaxPip)
    return "double " + std::to_string(rules.max_pip) + " is not a supported set: valid 2..9";
  const int most = tile_count(rules.max_pip) / rules.seats;
  if (rules.hand_size < 1 || rules.hand_size > most)
    return "hand-size " + std::to_string(rules.hand_size) + " does not fit a double-" +
           std::to_string(rules.max_pip) + " set" +
           (rules.seats == 2 ? "" : " at " + std::to_string(rules.seats) + " seats") +
           ": valid 1.." + std::to_string(most);
  if (rules.match_target < 0 || rules.match_target > kMaxMatchTarget)
    return "target " + std::to_string(rules.match_target) +
           " is not valid: valid 0 (single games) to " + std::to_string(kMaxMatchTarget) +
           " points";
  return {};
}

std::string_view to_string(ScoringRule rule) {
  return name_of(kScoringNames, rule);
}
std::string_view to_string(ScoringRule rule, int seats) {
  return seats > 2 && rule == ScoringRule::kOpponentPips ? "losers-pips" : to_string(rule);
}
std::string_view to_string(LeaderRule rule) {
  return name_of(kLeaderNames, rule);
}
std::string_view to_string(BlockRule rule) {
  return name_of(kBlockNames, rule);
}
std::string_view to_string(NextLeaderRule rule) {
  return name_of(kNextLeaderNames, rule);
}
std::vector<std::string> scoring_rule_names() {
  return names_of(kScoringNames);
}
std::vector<std::string> leader_rule_names() {
  return names_of(kLeaderNames);
}
std::vector<std::string> block_rule_names() {
  return names_of(kBlockNames);
}
std::vector<std::string> next_leader_rule_names() {
  return names_of(kNextLeaderNames);
}
bool parse_block_rule(std::string_view name, BlockRule& rule) {
  return parse_name(kBlockNames, name, rule);
}
bool parse_next_leader_rule(std::string_view name, NextLeaderRule& rule) {
  return parse_name(kNextLeaderNames, name, rule);
}
bool parse_scoring_rule(std::string_view name, ScoringRule& rule) {
  return parse_name(kScoringNames, name, rule);
}
bool parse_leader_rule(std::string_view name, LeaderRule& rule) {
  return parse_name(kLeaderNames, name, rule);
}

std::string describe(const Rules& rules) {
  std::string text;
  if (rules.seats > 2)
    text = std::to_string(rules.seats) + " seats, " +
           (rules.partners ? "partners 0 and 2 against 1 and 3" : "cut-throat") + ", ";
  text += "double-" + std::to_string(rules.max_pip) + ", " + std::to_string(rules.hand_size) +
          " tiles each, scoring " + std::string(to_string(rules.scoring, rules.seats)) +
          ", leader " + std::string(to_string(rules.leader));
  if (rules.seats > 2)
    text += ", block " + std::string(to_string(rules.block)) + ", next leader " +
            std::string(to_string(rules.next_leader));
  return text;
}

}  // namespace dominoes
