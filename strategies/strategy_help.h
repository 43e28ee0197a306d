// What `dominoes strategies` prints: the listing, one line per strategy within kHelpWidth columns,
// and `dominoes strategies NAME`'s details of one strategy (how it decides, the method's source,
// every parameter with its type, default, valid values and help), both from the registry's
// StrategyInfo (strategy_info.h), so that help and spec parser cannot disagree.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "strategies/registry.h"

namespace strategies {

/// The widest line, in columns (UTF-8 characters), that the listing and the details print.
inline constexpr std::size_t kHelpWidth = 100;

/// Returns the listing of every strategy of `registry`, in registration order: a header line, then
/// per strategy "  NAME  SUMMARY", the summary cut with "..." where the line would pass
/// kHelpWidth columns (a bot's command can be long), each line ending in '\n'.
std::string strategy_listing(const Registry& registry);

/// Returns the details of the strategy `name`: its summary, method and source, whether it cheats,
/// and per parameter its name, type, default, valid values, whether it names an input file, and
/// help; text wrapped to kHelpWidth columns. Throws SpecError (one line listing the valid names)
/// when `registry` has no strategy `name`.
std::string strategy_details(const Registry& registry, std::string_view name);

/// Returns the number of columns `text` takes at a terminal, counting each UTF-8 character as one.
std::size_t columns(std::string_view text);

}  // namespace strategies
