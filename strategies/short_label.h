// A player's short label for people where a full spec is too long to read at a glance (the
// progress line, plot labels): the strategy's name with only the parameters that differ from
// their defaults, and every path cut to its base name, e.g.
//   inference(model=fitted:experiments/models/minimax-200-0.model,temperature=1,scenarios=1000,
//             enumerate=2000,samples=4000)
// is labelled
//   inference(model=fitted:minimax-200-0.model,scenarios=1000,samples=4000).
// A label is for reading only: it names no player uniquely (two files of one base name look the
// same), so the tables keep the canonical spec (registry.h) and a display name given by the
// experiment (`player = NAME: SPEC`) replaces the label where one is given.
#pragma once

#include <string>
#include <string_view>

#include "strategies/registry.h"

namespace strategies {

/// Returns `value` with every path in it cut to its base name: each ':'-separated part that holds
/// a '/' keeps only what follows its last '/' ("fitted:experiments/models/a.model" is
/// "fitted:a.model"). A value without '/' is returned as given.
std::string shorten_paths(std::string_view value);

/// Returns the short label of the spec `text` described above: the parameters a strategy of
/// `registry` has at their defaults (numbers compared as numbers, "1" equal to "1.0") are left
/// out, the others kept in the order written, each value through shorten_paths. A spec whose
/// strategy `registry` does not know (an external bot, a Python strategy) keeps every parameter,
/// its values' paths shortened; a malformed spec is returned trimmed. Never throws on a bad spec:
/// a label is not a check.
std::string short_label(std::string_view text, const Registry& registry);

}  // namespace strategies
