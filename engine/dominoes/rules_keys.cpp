#include "engine/dominoes/rules_keys.h"

#include <limits>
#include <set>

#include "engine/dominoes/tile.h"

namespace dominoes {
namespace {

using common::Key;
using common::KeyKind;

constexpr int kMaxInt = std::numeric_limits<int>::max();

// A number key whose field is an int of Rules.
Key<Rules> integer_key(std::string name, int Rules::*field, int min, int max, std::string valid,
                       std::string help) {
  Key<Rules> key{name, KeyKind::kInteger, valid, std::move(help), {}, {}, {}, {}};
  key.set = [=](Rules& r, const std::string& text) {
    r.*field = common::parse_key_integer<int>(name, text, min, max, valid);
  };
  key.values = [=](const Rules& r) { return std::vector<std::string>{std::to_string(r.*field)}; };
  return key;
}

// A word key whose field is one of an enum's config names.
template <typename Enum>
Key<Rules> choice_key(std::string name, Enum Rules::*field, std::vector<std::string> names,
                      bool (*parse)(std::string_view, Enum&), std::string help) {
  const std::string valid = common::choice_list(names);
  Key<Rules> key{name, KeyKind::kChoice, valid, std::move(help), std::move(names), {}, {}, {}};
  key.set = [=](Rules& r, const std::string& text) {
    if (!parse(text, r.*field)) throw common::KeyError(common::invalid_value(name, text, valid));
  };
  key.values = [=](const Rules& r) {
    return std::vector<std::string>{std::string(to_string(r.*field))};
  };
  return key;
}

// The seats key. Setting it gives the other seat-count keys (partners, leader, next-leader,
// target) that seat count's defaults (table_rules); every reader applies the rules keys in the
// table's order, seats first, so a key given alongside wins whatever order it was written in.
Key<Rules> seats_key() {
  const std::string valid = "2, 3 or 4";
  Key<Rules> key{"seats",
                 KeyKind::kInteger,
                 valid,
                 "seats at the table, playing in turn; 3 or 4 also change the defaults of "
                 "partners, leader, next-leader and target to the written partnership rules "
                 "(docs/rules.md)",
                 {},
                 {},
                 {},
                 {}};
  key.set = [=](Rules& r, const std::string& text) {
    const Rules table =
        table_rules(common::parse_key_integer<int>("seats", text, 2, kMaxSeats, valid));
    r.seats = table.seats;
    r.partners = table.partners;
    r.leader = table.leader;
    r.next_leader = table.next_leader;
    r.match_target = table.match_target;
  };
  key.values = [](const Rules& r) { return std::vector<std::string>{std::to_string(r.seats)}; };
  return key;
}

Key<Rules> partners_key() {
  Key<Rules> key{"partners",
                 KeyKind::kBoolean,
                 "true or false (true needs seats = 4)",
                 "four seats in two partnerships, seats 0 and 2 against 1 and 3; off: every seat "
                 "for itself (cut-throat)",
                 {},
                 {},
                 {},
                 {},
                 "true with 4 seats, else false"};
  key.set = [](Rules& r, const std::string& text) {
    r.partners = common::parse_key_boolean("partners", text);
  };
  key.values = [](const Rules& r) {
    return std::vector<std::string>{r.partners ? "true" : "false"};
  };
  return key;
}

// The scoring key writes "losers-pips" for the seed's rule at a table of more than two seats.
Key<Rules> scoring_key() {
  Key<Rules> key = choice_key("scoring", &Rules::scoring, scoring_rule_names(), &parse_scoring_rule,
                              "what the winner scores: the losers' pips, the difference, or "
                              "every hand's pips (losers-pips is opponent-pips)");
  key.values = [](const Rules& r) {
    return std::vector<std::string>{std::string(to_string(r.scoring, r.seats))};
  };
  return key;
}

std::vector<Key<Rules>> make_rules_keys() {
  // double and hand-size take any int here: validate() judges the pair and names both.
  return {
      seats_key(),
      integer_key("target", &Rules::match_target, 0, kMaxMatchTarget,
                  "0 (single games) to " + std::to_string(kMaxMatchTarget),
                  "play matches until a player's total exceeds this many points (with more "
                  "than two seats: a team's total reaches it; default 100 then); 0 = single "
                  "games"),
      integer_key("double", &Rules::max_pip, 0, kMaxInt,
                  std::to_string(kMinPip) + ".." + std::to_string(kMaxPip),
                  "the set: double-N, N pips at most (the small sets serve exact equilibria)"),
      integer_key("hand-size", &Rules::hand_size, 1, kMaxInt,
                  "1 to the set's tiles divided by the seats (14 for double-six and two seats)",
                  "tiles dealt to each seat"),
      scoring_key(),
      choice_key("leader", &Rules::leader, leader_rule_names(), &parse_leader_rule,
                 "who plays first: drawn per deal, the holder of the highest double (with more "
                 "than two seats it leads that tile; the default then), or turning from deal to "
                 "deal"),
      partners_key(),
      choice_key("block", &Rules::block, block_rule_names(), &parse_block_rule,
                 "who wins a blocked hand: the team with the fewest pips, or the team of the "
                 "seat with the fewest"),
      choice_key("next-leader", &Rules::next_leader, next_leader_rule_names(),
                 &parse_next_leader_rule,
                 "who leads a match's later games: by the leader rule, the next seat (the "
                 "default with more than two seats), the previous game's winner, or the "
                 "holder of the highest double"),
  };
}

}  // namespace

const std::vector<common::Key<Rules>>& rules_keys() {
  static const std::vector<common::Key<Rules>> keys = make_rules_keys();
  return keys;
}

bool rules_key_written(const common::Key<Rules>& key, const Rules& rules) {
  static const std::set<std::string> seed_keys = {"target", "double", "hand-size", "scoring",
                                                  "leader"};
  if (rules.seats != 2 || seed_keys.count(key.name)) return true;
  return key.values(rules) != key.values(Rules{});
}

Rules rules_from(const std::vector<std::pair<std::string, std::string>>& given, Rules rules) {
  for (const auto& [name, text] : given)
    if (!common::find_key(rules_keys(), name))
      throw common::KeyError("unknown rules key " + common::quoted(name) +
                             "; valid: " + common::key_names(rules_keys()));
  for (const auto& key : rules_keys())  // in the table's order: seats first (seats_key)
    for (const auto& [name, text] : given)
      if (name == key.name) key.set(rules, text);
  if (const std::string why = validate(rules); !why.empty()) throw common::KeyError(why);
  return rules;
}

}  // namespace dominoes
