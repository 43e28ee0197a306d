// The rules keys: the variant parameters as one table (common::Key, engine/common/key_table.h),
// the one declaration every front door reads them by: `dominoes run`'s options and config keys,
// `dominoes play` and `advise`, the solver's variant options, Python's dominoes.Rules and
// dominoes.run, and the key tables of docs/formats.md.
#pragma once

#include <vector>

#include "engine/common/key_table.h"
#include "engine/dominoes/rules.h"

namespace dominoes {

/// Returns the rules keys, in config order: target, double, hand-size, scoring, leader. Each
/// key's default is the seed's game (a default Rules). A key's `set` checks what it can alone;
/// validate() (rules.h) then checks the rules as a whole (a hand size that fits the set).
const std::vector<common::Key<Rules>>& rules_keys();

/// Returns `rules` changed by each (key, value) of `given`, validated. Throws common::KeyError
/// naming an unknown key (and the valid ones), a bad value or rules that do not fit together.
Rules rules_from(const std::vector<std::pair<std::string, std::string>>& given,
                 Rules rules = Rules{});

}  // namespace dominoes
