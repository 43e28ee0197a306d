#include "arena/tournament/config/experiment_config.h"

#include <sys/stat.h>

#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "arena/bots/bot_registry.h"
#include "arena/tournament/config/experiment_keys.h"
#include "arena/tournament/config/grid_sweep.h"
#include "arena/tournament/config/player_names.h"
#include "arena/tournament/config/team_spec.h"
#include "engine/common/limited_file.h"
#include "engine/common/same_file.h"
#include "engine/common/text.h"
#include "strategies/registry.h"

namespace tournament {
namespace {

namespace fs = std::filesystem;

bool has_control_character(const std::string& text) {
  for (const unsigned char c : text)
    if (c < 0x20 || c == 0x7f) return true;
  return false;
}

// Names become directory names (results/<name>), which file systems cut at 255 bytes.
constexpr std::size_t kMaxNameLength = 200;

void check_name_and_paths(const ExperimentConfig& c) {
  if (c.name.size() > kMaxNameLength)
    throw ConfigError("name " + common::quoted(c.name) + " is " + std::to_string(c.name.size()) +
                      " characters long: valid up to " + std::to_string(kMaxNameLength));
  if (c.name.empty() || c.name.find_first_of("/#") != std::string::npos ||
      has_control_character(c.name))
    throw ConfigError("name " + common::quoted(c.name) +
                      " is not valid: a non-empty word without '/', '#' or control characters");
  // A config file treats '#' as the start of a comment and a newline as the end of a value, so
  // config.cfg could not carry these.
  for (const auto& [key, path] : {std::pair{"out", &c.out_dir}, {"games-out", &c.games_out}})
    if (path->find('#') != std::string::npos || has_control_character(*path))
      throw ConfigError(std::string(key) + " " + common::quoted(*path) +
                        " is not valid: a path without '#', newlines or control characters");
}

// A spec is written into config.cfg (where '#' starts a comment and a newline ends the value) and
// into summary.md's table cells (which '|' would split), so none of these may appear in one, even
// inside a file path: the run could not be repeated from its own config.
void check_spec_characters(const std::string& spec) {
  if (spec.find_first_of("#|") != std::string::npos || has_control_character(spec))
    throw ConfigError("player " + common::quoted(spec) +
                      " is not valid: a spec (and any path in it) without '#', '|', newlines or "
                      "control characters");
}

// The records go to FILE.partial, which is renamed over FILE at the end: whatever FILE names is
// replaced. So FILE and FILE.partial must each be absent or a regular file; a device, FIFO or
// directory is refused, and so is a symbolic link (the rename would replace the link itself with
// a regular file, and writing FILE.partial through a link would cut the file it points to).
void check_replaceable(const std::string& games_out, const std::string& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode)) return;  // the writer says why
  const std::string which =
      path == games_out ? "" : " (its " + fs::path(path).filename().string() + ")";
  throw ConfigError("games-out " + common::quoted(games_out) + which + " is " +
                    common::file_kind(info.st_mode) + ": give a regular file or a new path (the " +
                    "records replace what it names when the run ends)");
}

void check_games_out(const ExperimentConfig& c) {
  if (c.games_out.empty()) return;
  check_replaceable(c.games_out, c.games_out);
  check_replaceable(c.games_out, c.games_out + ".partial");
  for (const fs::path& written : run_output_files(c))
    if (common::same_path(c.games_out, written.string()))
      throw ConfigError("games-out " + common::quoted(c.games_out) + " is the run's own " +
                        written.filename().string() + ": give another file");
}

// Every file a run writes, each with its name for messages: its own (run_output_files) and its
// records, each also through NAME.partial.
std::vector<std::pair<std::string, fs::path>> files_written(const ExperimentConfig& c) {
  std::vector<std::pair<std::string, fs::path>> written;
  for (const fs::path& file : run_output_files(c))
    written.emplace_back("out " + common::quoted(c.out_dir) + "'s " + file.filename().string(),
                         file);
  if (!c.games_out.empty())
    for (const std::string& file : {c.games_out, c.games_out + ".partial"})
      written.emplace_back("games-out " + common::quoted(file), file);
  return written;
}

// No run writes over a file it reads: every file a player's spec reads (a strategy file, an
// opponent model: Registry::files_read) against every file the run writes.
void check_inputs_not_written(const ExperimentConfig& c, const strategies::Registry& registry) {
  const auto written = files_written(c);
  for (const auto& lineup : c.lineups)
    for (const auto& spec : lineup)
      for (const std::string& member : team_members(spec))
        for (const std::string& input : registry.files_read(member))
          for (const auto& [what, path] : written)
            if (common::same_existing_file(input, path.string()))
              throw ConfigError(what + " is " + common::quoted(input) + ", which player " +
                                common::quoted(spec) +
                                " reads: the run would write over it; give "
                                "another path");
}

// summary.json is UTF-8, and nlohmann::json refuses to write anything else, so a byte that is
// not UTF-8 in any text it holds (the name, out, and every result key: games-out, player specs,
// sweep values, bot commands and directories) failed the run after its last game. Refused here,
// before the first.
void check_utf8(const ExperimentConfig& c) {
  std::vector<std::pair<std::string, std::string>> texts = {{"name", c.name}, {"out", c.out_dir}};
  const auto keys = result_keys(c);
  texts.insert(texts.end(), keys.begin(), keys.end());
  for (const auto& [key, value] : texts)
    if (const std::size_t at = common::invalid_utf8_at(value); at != std::string::npos)
      throw ConfigError(key + " " + common::quoted(value) + " is not UTF-8 text (byte " +
                        std::to_string(at + 1) + " is not): give it in UTF-8");
}

// Spells every player out (Registry::canonical), each member of a pair of partners' specs
// (team_spec.h) alone, and refuses one whose strategy does not play the rules' seat count, or a
// pair at a table without partnerships.
void canonicalise_players(ExperimentConfig& c, const strategies::Registry& registry) {
  for (auto& p : c.players) {
    std::vector<std::string> members = team_members(p);
    if (members.size() == 2 && !c.rules.partners)
      throw ConfigError("player " + common::quoted(p) +
                        " pairs two specs, which needs a table "
                        "of partners (seats = 4, partners = true): give one spec");
    for (auto& m : members) {
      try {
        m = registry.canonical(m);
      } catch (const strategies::SpecError& e) {
        throw ConfigError(std::string("player: ") + e.what());
      }
      if (const std::string why = registry.rules_refusal(m, c.rules); !why.empty())
        throw ConfigError("player " + m + ": " + why);
    }
    p = team_text(members);
  }
}

void check_format(const ExperimentConfig& c) {
  const auto n = c.players.size();
  if (c.format == Format::kHeadToHead && n != 2)
    throw ConfigError("format head-to-head needs exactly 2 players, got " + std::to_string(n));
  if (n < 2)
    throw ConfigError("format " + to_string(c.format) + " needs at least 2 players, got " +
                      std::to_string(n) + ": add player = SPEC lines or --player SPEC");
}

// A sweep changes one spec's parameter; a side of two partners' specs (team_spec.h) has two.
void refuse_swept_pair(const ExperimentConfig& c, int player) {
  if (player < 0 || player >= static_cast<int>(c.players.size())) return;  // named below
  const std::string& side = c.players[static_cast<std::size_t>(player)];
  if (team_members(side).size() == 2)
    throw ConfigError("sweep: player " + std::to_string(player + 1) + " " + common::quoted(side) +
                      " pairs two specs, and a sweep changes one: give the swept side one spec");
}

// Expands the sweep into one player list per value; every swept spec is checked here.
void expand_lineups(ExperimentConfig& c, const strategies::Registry& registry) {
  const Sweep& s = c.sweep;
  c.lineups.clear();
  if (s.active()) refuse_swept_pair(c, s.player);
  for (const Sweep& g : c.grid) refuse_swept_pair(c, g.player);
  if (!c.grid.empty()) {
    if (s.active() || !s.values.empty())
      throw ConfigError(
          "sweep cannot be combined with sweep-param/sweep-values: give every swept "
          "parameter as sweep = P.PARAM=V1,V2,...");
    c.lineups = expand_grid(c.players, c.grid, registry);
    return;
  }
  if (!s.active() && s.values.empty()) {
    c.lineups.push_back(c.players);
    return;
  }
  if (!s.active() || s.values.empty())
    throw ConfigError(
        "a sweep needs both sweep-param and sweep-values, e.g. sweep-param = "
        "scenarios and sweep-values = 50,100,200");
  if (s.player < 0 || s.player >= static_cast<int>(c.players.size()))
    throw ConfigError("sweep-player " + std::to_string(s.player + 1) + " is not valid: valid 1.." +
                      std::to_string(c.players.size()));
  for (const auto& value : s.values) {
    c.lineups.push_back(c.players);
    auto& swept = c.lineups.back()[static_cast<std::size_t>(s.player)];
    try {
      swept = registry.canonical(strategies::with_param(swept, s.param, value));
    } catch (const strategies::SpecError& e) {
      throw ConfigError(std::string("sweep: ") + e.what());
    }
  }
}

}  // namespace

std::vector<fs::path> run_output_files(const ExperimentConfig& c) {
  std::vector<std::string> names = {kJournalFile, kLockFile};
  names.insert(names.end(), std::begin(kTableFiles), std::end(kTableFiles));
  std::vector<fs::path> files;
  for (const std::string& name : names)
    for (const std::string& file : {name, name + ".partial"})
      files.push_back(fs::path(c.out_dir) / file);
  return files;
}

strategies::Registry registry_for(const ExperimentConfig& c, const strategies::Registry& registry) {
  for (const auto& bot : c.bots) {
    if (const std::string why = bots::bot_name_error(bot.name); !why.empty())
      throw ConfigError(why);
    if (bot.command.empty())
      throw ConfigError("bot " + bot.name + " has no command: add command = ... to [bot." +
                        bot.name + "]");
  }
  try {
    return bots::with_bots(registry, c.bots, c.out_dir.empty() ? "" : c.out_dir + "/bots");
  } catch (const std::invalid_argument& e) {
    throw ConfigError(e.what());
  }
}

void validate(ExperimentConfig& c, const strategies::Registry& base) {
  if (const std::string why = dominoes::validate(c.rules); !why.empty()) throw ConfigError(why);
  if (c.deals < 1)
    throw ConfigError("deals " + std::to_string(c.deals) + " is not valid: valid 1 or more");
  if (c.chunk < 1)
    throw ConfigError("chunk " + std::to_string(c.chunk) + " is not valid: valid 1 or more");
  check_name_and_paths(c);
  if (const std::string why = control_variate_refusal(c);
      c.control_variate == ControlVariateMode::kOn && !why.empty())
    throw ConfigError(why + ", or set control-variate = auto or off");
  if (c.out_dir.empty()) c.out_dir = "results/" + c.name;
  check_games_out(c);
  const strategies::Registry registry = registry_for(c, base);
  split_player_names(c);
  for (const std::string& spec : c.players) check_spec_characters(spec);
  canonicalise_players(c, registry);
  check_player_names(c, registry);
  check_format(c);
  expand_lineups(c, registry);
  for (const auto& lineup : c.lineups)
    for (const std::string& spec : lineup) check_spec_characters(spec);  // swept values too
  c.labels = lineup_labels(c, registry);
  check_inputs_not_written(c, registry);
  check_utf8(c);
  if (c.sprt.enabled && (c.format != Format::kHeadToHead || c.sweep.active() || !c.grid.empty()))
    throw ConfigError("sprt needs format head-to-head without a sweep (it tests one pairing)");
}

ExperimentConfig default_experiment() {
  ExperimentConfig c;
  c.players = {"lowest", "random", "heuristic"};
  return c;
}

std::vector<std::pair<std::string, std::string>> result_keys(const ExperimentConfig& c) {
  std::vector<std::pair<std::string, std::string>> keys;
  for (const ExperimentKey& k : experiment_keys()) {
    if (k.role != KeyRole::kResult || (k.written && !k.written(c))) continue;
    const auto values = k.result_values ? k.result_values(c) : k.key.values(c);
    for (const std::string& value : values) keys.emplace_back(k.key.name, value);
  }
  for (const auto& bot : c.bots)  // the bots as their sections' keys (the bot key is not written)
    for (const auto& [key, value] : bots::bot_keys(bot))
      keys.emplace_back("bot." + bot.name + "." + key, value);
  return keys;
}

std::string to_ini(const ExperimentConfig& c) {
  std::ostringstream os;
  os << "# dominoes experiment config (INI); run it with: dominoes run THIS_FILE\n";
  for (const ExperimentKey& k : experiment_keys()) {
    if (k.role == KeyRole::kSession || (k.written && !k.written(c))) continue;
    for (const std::string& value : k.key.values(c)) os << k.key.name << " = " << value << "\n";
  }
  std::string section;
  for (const auto& [key, value] : result_keys(c)) {
    if (key.rfind("bot.", 0) != 0) continue;
    const auto dot = key.rfind('.');  // "bot.NAME.KEY": the `[bot.NAME]` sections, last
    if (key.substr(0, dot) != section) os << "\n[" << (section = key.substr(0, dot)) << "]\n";
    os << key.substr(dot + 1) << " = " << value << "\n";
  }
  return os.str();
}

std::vector<Sweep> swept_parameters(const ExperimentConfig& config) {
  if (!config.grid.empty()) return config.grid;
  if (config.sweep.active()) return {config.sweep};
  return {};
}

std::string control_variate_refusal(const ExperimentConfig& c) {
  if (c.rules.seats != 2)
    return "control-variate on needs two seats: its covariate is the two-seat open-hands value";
  if (c.rules.match_target > 0)
    return "control-variate on needs single games (target 0): a match deals many games";
  if (c.rules.leader == dominoes::LeaderRule::kAlternate)
    return "control-variate on needs leader random or heaviest-double: under alternate the "
           "covariate's mean is not known";
  return {};
}

bool control_variate_enabled(const ExperimentConfig& c) {
  switch (c.control_variate) {
    case ControlVariateMode::kOn:
      return true;
    case ControlVariateMode::kOff:
      return false;
    case ControlVariateMode::kAuto:
      break;
  }
  // `auto` switches it on only where it cuts the interval width of minimax(200, 0) vs
  // playout(1000) by at least 20% at equal deals (issue 10). Measured (README): 18% without
  // duplicate deals (rho 0.57), 0% with them (rho 0.01): nowhere, so far.
  return false;
}

}  // namespace tournament
