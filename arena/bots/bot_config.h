// An external bot as an experiment declares it (docs/protocol.md; docs/bots.md): a name the
// players list seats like a strategy, the command that starts it, and its limits. Declared in a
// config section `[bot.NAME]` (keys `command`, `time-ms`, `start-ms`, `ready-ms`, `dir`,
// `restarts`) or on the command line as `--bot 'NAME=COMMAND'`.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace bots {

/// One declared bot. The defaults are the limits of docs/protocol.md.
struct BotConfig {
  std::string name;      ///< how players name it: letters, digits, '-', '_'
  std::string command;   ///< run by /bin/sh -c, in `dir`
  std::string dir;       ///< working directory of the bot; empty = the runner's
  int time_ms = 1000;    ///< per move, sent in `go` (the runner adds 50 ms of margin)
  int start_ms = 10000;  ///< to answer `dbp 1` with `dbpok`
  int ready_ms = 5000;   ///< to answer `isready` with `readyok`
  /// Restarts in a row after failures (forfeits, failed starts): the failure after the last
  /// allowed one stops the run. The default 2 means docs/protocol.md's "3 failures in a row".
  int restarts = 2;

  bool operator==(const BotConfig&) const = default;
};

/// The keys of a `[bot.NAME]` section, in the order to_ini writes them.
inline constexpr const char* kBotKeys[] = {"command",  "time-ms", "start-ms",
                                           "ready-ms", "dir",     "restarts"};

/// Returns the bot declared by `text` = "NAME=COMMAND" (the --bot option). Throws
/// std::invalid_argument with one line naming the problem when there is no '=', the name is not
/// valid (bot_name_error) or the command is empty.
BotConfig parse_bot_option(const std::string& text);

/// Sets key `key` (one of kBotKeys) of `bot` from `value`. Throws std::invalid_argument naming
/// the key, the value and the valid range (time-ms 1..3600000, start-ms and ready-ms 1..600000,
/// restarts 0..1000, command non-empty) or an unknown key and the valid ones.
void set_bot_key(BotConfig& bot, const std::string& key, const std::string& value);

/// Returns an empty string when `name` may name a bot (1 to 40 letters, digits, '-' or '_', not
/// starting with '-'), else why not.
std::string bot_name_error(const std::string& name);

/// Returns the (key, value) pairs of `bot` as its `[bot.NAME]` section spells them, in kBotKeys
/// order; `dir` only when set.
std::vector<std::pair<std::string, std::string>> bot_keys(const BotConfig& bot);

}  // namespace bots
