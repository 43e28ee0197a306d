#include "arena/bots/bot_config.h"

#include <cctype>
#include <stdexcept>

#include "engine/common/text.h"

namespace bots {
namespace {

int parse_limit(const std::string& key, const std::string& value, int min, int max) {
  const auto n = common::parse_int<int>(value);
  if (!n || *n < min || *n > max)
    throw std::invalid_argument(key + " " + common::quoted(value) + " is not valid: valid " +
                                std::to_string(min) + " to " + std::to_string(max));
  return *n;
}

}  // namespace

std::string bot_name_error(const std::string& name) {
  if (name.empty()) return "a bot needs a name";
  if (name.size() > 40) return "bot name " + common::quoted(name) + " is longer than 40 characters";
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
      return "bot name " + common::quoted(name) + " is not valid: use letters, digits, '-' and '_'";
  if (name.front() == '-') return "bot name " + common::quoted(name) + " starts with '-'";
  return "";
}

BotConfig parse_bot_option(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos)
    throw std::invalid_argument("bot " + common::quoted(text) +
                                " is not valid: write NAME=COMMAND, e.g. "
                                "'mybot=python3 clients/python/firstlegal.py'");
  BotConfig bot;
  bot.name = common::trimmed(text.substr(0, eq));
  if (const std::string why = bot_name_error(bot.name); !why.empty())
    throw std::invalid_argument(why);
  set_bot_key(bot, "command", common::trimmed(text.substr(eq + 1)));
  return bot;
}

void set_bot_key(BotConfig& bot, const std::string& key, const std::string& value) {
  if (key == "command") {
    if (common::trimmed(value).empty())
      throw std::invalid_argument("bot " + bot.name +
                                  ": command is empty: give the command "
                                  "that starts the bot, e.g. python3 mybot.py");
    if (value.find_first_of("\n#") != std::string::npos)
      throw std::invalid_argument("bot " + bot.name +
                                  ": command holds a newline or '#' (a "
                                  "config file reads '#' as a comment): put it in a script");
    bot.command = common::trimmed(value);
  } else if (key == "time-ms") {
    bot.time_ms = parse_limit("bot " + bot.name + ": time-ms", value, 1, 3'600'000);
  } else if (key == "start-ms") {
    bot.start_ms = parse_limit("bot " + bot.name + ": start-ms", value, 1, 600'000);
  } else if (key == "ready-ms") {
    bot.ready_ms = parse_limit("bot " + bot.name + ": ready-ms", value, 1, 600'000);
  } else if (key == "restarts") {
    bot.restarts = parse_limit("bot " + bot.name + ": restarts", value, 0, 1000);
  } else if (key == "dir") {
    if (value.empty() || value.find_first_of("\n#") != std::string::npos)
      throw std::invalid_argument("bot " + bot.name +
                                  ": dir is empty or holds a newline or '#': "
                                  "give a directory or leave the key out");
    bot.dir = value;
  } else {
    std::string valid;
    for (const char* k : kBotKeys) valid += (valid.empty() ? "" : ", ") + std::string(k);
    throw std::invalid_argument("bot " + bot.name + ": unknown key " + common::quoted(key) +
                                "; valid keys: " + valid);
  }
}

std::vector<std::pair<std::string, std::string>> bot_keys(const BotConfig& bot) {
  std::vector<std::pair<std::string, std::string>> keys{{"command", bot.command},
                                                        {"time-ms", std::to_string(bot.time_ms)},
                                                        {"start-ms", std::to_string(bot.start_ms)},
                                                        {"ready-ms", std::to_string(bot.ready_ms)}};
  if (!bot.dir.empty()) keys.emplace_back("dir", bot.dir);
  keys.emplace_back("restarts", std::to_string(bot.restarts));
  return keys;
}

}  // namespace bots
