#include "engine/dominoes/rules_keys.h"

#include <limits>

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

std::vector<Key<Rules>> make_rules_keys() {
  // double and hand-size take any int here: validate() judges the pair and names both.
  return {
      integer_key("target", &Rules::match_target, 0, kMaxMatchTarget,
                  "0 (single games) to " + std::to_string(kMaxMatchTarget),
                  "play matches until a player's total exceeds this many points; 0 = single games"),
      integer_key("double", &Rules::max_pip, 0, kMaxInt,
                  std::to_string(kMinPip) + ".." + std::to_string(kMaxPip),
                  "the set: double-N, N pips at most (the small sets serve exact equilibria)"),
      integer_key("hand-size", &Rules::hand_size, 1, kMaxInt,
                  "1 to half the set's tiles (14 for double-six)", "tiles dealt to each player"),
      choice_key("scoring", &Rules::scoring, scoring_rule_names(), &parse_scoring_rule,
                 "what the winner scores: the loser's pips, the difference, or both hands' pips"),
      choice_key("leader", &Rules::leader, leader_rule_names(), &parse_leader_rule,
                 "who plays first: drawn per deal, the holder of the highest double, or "
                 "alternating from deal to deal"),
  };
}

}  // namespace

const std::vector<common::Key<Rules>>& rules_keys() {
  static const std::vector<common::Key<Rules>> keys = make_rules_keys();
  return keys;
}

Rules rules_from(const std::vector<std::pair<std::string, std::string>>& given, Rules rules) {
  for (const auto& [name, text] : given) {
    const auto* key = common::find_key(rules_keys(), name);
    if (!key)
      throw common::KeyError("unknown rules key " + common::quoted(name) + "; valid: " +
                             common::key_names(rules_keys()));
    key->set(rules, text);
  }
  if (const std::string why = validate(rules); !why.empty()) throw common::KeyError(why);
  return rules;
}

}  // namespace dominoes
