// The rules keys: the variant parameters as one table (common::Key, engine/common/key_table.h),
// the one declaration every front door reads them by: `dominoes run`'s options and config keys,
// `dominoes play` and `advise`, the solver's variant options, Python's dominoes.Rules and
// dominoes.run, and the key tables of docs/formats.md.
#pragma once

#include <vector>

#include "engine/common/key_table.h"
#include "engine/dominoes/rules.h"

namespace dominoes {

/// Returns the rules keys, in config order: seats, target, double, hand-size, scoring, leader,
/// partners, block, next-leader. Each key's default is the seed's game (a default Rules). A key's
/// `set` checks what it can alone; validate() (rules.h) then checks the rules as a whole (a hand
/// size that fits the set and the seats). Setting `seats` also sets the seat count's defaults of
/// partners, leader, next-leader and target (table_rules), so every reader applies the keys in
/// this order, seats first: a key given with it then wins wherever it was written.
const std::vector<common::Key<Rules>>& rules_keys();

/// Returns true when `key` is written for `rules` in results, configs and game records: always
/// for the seed's five keys, and for the seat-count keys (seats, partners, block, next-leader)
/// unless the rules are a two-seat game with that key at its default, so that two-seat results
/// and records read exactly as before those keys existed.
bool rules_key_written(const common::Key<Rules>& key, const Rules& rules);

/// Returns `rules` changed by the (key, value) pairs of `given`, applied in the table's order
/// (not `given`'s), validated. Throws common::KeyError naming an unknown key (and the valid
/// ones), a bad value or rules that do not fit together.
Rules rules_from(const std::vector<std::pair<std::string, std::string>>& given,
                 Rules rules = Rules{});

}  // namespace dominoes
