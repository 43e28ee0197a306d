#include "engine/dominoes/rules.h"

#include <array>
#include <utility>

#include "engine/dominoes/tile.h"

namespace dominoes {
namespace {

constexpr std::array<std::pair<ScoringRule, std::string_view>, 3> kScoringNames{{
    {ScoringRule::kOpponentPips, "opponent-pips"},
    {ScoringRule::kPipDifference, "pip-difference"},
    {ScoringRule::kAllPips, "all-pips"},
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

std::string validate(const Rules& rules) {
  if (rules.max_pip < kMinPip || rules.max_pip > kMaxPip)
    return "double " + std::to_string(rules.max_pip) + " is not a supported set: valid 2..9";
  const int most = tile_count(rules.max_pip) / 2;
  if (rules.hand_size < 1 || rules.hand_size > most)
    return "hand-size " + std::to_string(rules.hand_size) + " does not fit a double-" +
           std::to_string(rules.max_pip) + " set: valid 1.." + std::to_string(most);
  if (rules.match_target < 0 || rules.match_target > kMaxMatchTarget)
    return "target " + std::to_string(rules.match_target) +
           " is not valid: valid 0 (single games) to " + std::to_string(kMaxMatchTarget) +
           " points";
  return {};
}

std::string_view to_string(ScoringRule rule) { return name_of(kScoringNames, rule); }
std::string_view to_string(LeaderRule rule) { return name_of(kLeaderNames, rule); }
std::vector<std::string> scoring_rule_names() { return names_of(kScoringNames); }
std::vector<std::string> leader_rule_names() { return names_of(kLeaderNames); }
bool parse_scoring_rule(std::string_view name, ScoringRule& rule) {
  return parse_name(kScoringNames, name, rule);
}
bool parse_leader_rule(std::string_view name, LeaderRule& rule) {
  return parse_name(kLeaderNames, name, rule);
}

int winner_points(const Rules& rules, int winner_pips, int loser_pips) {
  if (winner_pips == loser_pips) return 0;
  switch (rules.scoring) {
    case ScoringRule::kOpponentPips: return loser_pips;
    case ScoringRule::kPipDifference: return loser_pips - winner_pips;
    case ScoringRule::kAllPips: return loser_pips + winner_pips;
  }
  return loser_pips;
}

}  // namespace dominoes
