#include "arena/tournament/config/team_spec.h"

#include "arena/tournament/config/config_error.h"
#include "engine/common/text.h"
#include "strategies/short_label.h"

namespace tournament {

std::vector<std::string> team_members(std::string_view side) {
  std::vector<std::string> members;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < side.size(); ++i) {
    if (side[i] == '(') ++depth;
    if (side[i] == ')') --depth;
    if (depth == 0 && side.substr(i, kTeamJoin.size()) == kTeamJoin) {
      members.emplace_back(common::trimmed(std::string(side.substr(start, i - start))));
      start = i + kTeamJoin.size();
      i = start - 1;
    }
  }
  members.emplace_back(common::trimmed(std::string(side.substr(start))));
  for (const auto& m : members)
    if (m.empty())
      throw ConfigError("player " + common::quoted(std::string(side)) +
                        " has an empty spec around \"&\": write SPEC or SPEC & SPEC");
  if (members.size() > 2)
    throw ConfigError("player " + common::quoted(std::string(side)) + " names " +
                      std::to_string(members.size()) +
                      " specs: a side is one spec, or two joined by \" & \" (one per partner)");
  return members;
}

std::string team_text(const std::vector<std::string>& members) {
  if (members.size() == 2 && members[0] != members[1])
    return members[0] + std::string(kTeamJoin) + members[1];
  return members.front();
}

std::string side_label(std::string_view side, const strategies::Registry& registry) {
  std::vector<std::string> labels;
  for (const std::string& member : team_members(side))
    labels.push_back(strategies::short_label(member, registry));
  return team_text(labels);
}

}  // namespace tournament
