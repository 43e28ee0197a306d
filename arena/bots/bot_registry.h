// Seating declared bots by name: a registry that knows the built-in strategies and the bots an
// experiment declares (`[bot.NAME]`, `--bot NAME=COMMAND`), so `player = NAME` works like a
// strategy spec and `dominoes strategies` can list them.
#pragma once

#include <string>
#include <vector>

#include "arena/bots/bot_config.h"
#include "strategies/registry.h"

namespace bots {

/// Returns `base` plus one entry per bot in `bots`, each taking no parameters and making a
/// BotStrategy whose stderr log is `log_dir`/NAME.log (empty `log_dir`: logs discarded). Throws
/// std::invalid_argument when a bot's name is taken by a strategy or by an earlier bot.
strategies::Registry with_bots(const strategies::Registry& base, const std::vector<BotConfig>& bots,
                               const std::string& log_dir);

}  // namespace bots
