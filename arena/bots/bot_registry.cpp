#include "arena/bots/bot_registry.h"

#include <stdexcept>

#include "arena/bots/bot_strategy.h"
#include "engine/common/text.h"

namespace bots {

strategies::Registry with_bots(const strategies::Registry& base, const std::vector<BotConfig>& bots,
                               const std::string& log_dir) {
  strategies::Registry registry = base;
  for (const BotConfig& bot : bots) {
    if (registry.find(bot.name))
      throw std::invalid_argument("bot name " + common::quoted(bot.name) +
                                  " is taken by a strategy or another bot: choose another");
    const std::string log = log_dir.empty() ? "" : log_dir + "/" + bot.name + ".log";
    strategies::StrategyInfo info;
    info.name = bot.name;
    info.summary =
        "external bot (DBP 1): " + bot.command + "; " + std::to_string(bot.time_ms) + " ms a move";
    info.make = [bot, log](const strategies::ParamValues&) {
      return strategies::Player(std::make_unique<BotStrategy>(bot, log));
    };
    info.seat_counts = strategies::kEverySeatCount;  // DBP has messages for every table size
    registry.add(std::move(info));
  }
  return registry;
}

}  // namespace bots
