#include "arena/tournament/config/experiment_keys.h"

#include <algorithm>

#include "arena/bots/bot_config.h"
#include "arena/tournament/config/config_error.h"
#include "arena/tournament/config/grid_sweep.h"
#include "arena/tournament/config/player_names.h"
#include "engine/common/text.h"
#include "engine/dominoes/rules_keys.h"

namespace tournament {
namespace {

using common::Key;
using common::KeyKind;
using Config = ExperimentConfig;
using Values = std::vector<std::string>;

// A key with its reader and writer; the role and Python's details are set by the caller.
ExperimentKey make(std::string name, KeyKind kind, std::string valid, std::string help,
                   std::function<void(Config&, const std::string&)> set,
                   std::function<Values(const Config&)> values, KeyRole role = KeyRole::kResult) {
  ExperimentKey k;
  k.key =
      Key<Config>{std::move(name),   kind, std::move(valid), std::move(help), {}, std::move(set),
                  std::move(values), {}};
  k.role = role;
  return k;
}

template <typename Int>
ExperimentKey integer(const std::string& name, Int Config::*field, Int min, Int max,
                      const std::string& valid, std::string help, KeyRole role = KeyRole::kResult) {
  return make(
      name, KeyKind::kInteger, valid, std::move(help),
      [=](Config& c, const std::string& text) {
        c.*field = common::parse_key_integer<Int>(name, text, min, max, valid);
      },
      [=](const Config& c) { return Values{std::to_string(c.*field)}; }, role);
}

ExperimentKey boolean(const std::string& name, bool Config::*field, std::string help,
                      KeyRole role = KeyRole::kResult) {
  return make(
      name, KeyKind::kBoolean, "true or false", std::move(help),
      [=](Config& c, const std::string& text) { c.*field = common::parse_key_boolean(name, text); },
      [=](const Config& c) { return Values{c.*field ? "true" : "false"}; }, role);
}

// A word of a fixed list, read by `parse` and written by to_string.
template <typename Enum, typename Parse>
ExperimentKey choice(const std::string& name, Enum Config::*field, Values names, Parse parse,
                     std::string help) {
  const std::string valid = common::choice_list(names);
  ExperimentKey k = make(
      name, KeyKind::kChoice, valid, std::move(help),
      [=](Config& c, const std::string& text) {
        const auto value = parse(text);
        if (!value) throw ConfigError(common::invalid_value(name, text, valid));
        c.*field = *value;
      },
      [=](const Config& c) { return Values{std::string(to_string(c.*field))}; });
  k.key.choices = std::move(names);
  return k;
}

// A text key that is never empty: an empty name, out or games-out would silently mean the default
// or nothing.
ExperimentKey non_empty_text(const std::string& name, std::string Config::*field,
                             const std::string& valid, std::string help, KeyRole role) {
  return make(
      name, KeyKind::kText, valid, std::move(help),
      [=](Config& c, const std::string& text) {
        if (text.empty()) throw ConfigError(name + " is empty: give " + valid);
        c.*field = text;
      },
      [=](const Config& c) { return (c.*field).empty() ? Values{} : Values{c.*field}; }, role);
}

ExperimentKey with_python(ExperimentKey k, std::string python_name) {
  k.python_name = std::move(python_name);
  return k;
}

bool sweep_active(const Config& c) {
  return c.sweep.active();
}

std::vector<ExperimentKey> sweep_keys() {
  ExperimentKey player = make(
      "sweep-player", KeyKind::kInteger, "1 or more", "which player the sweep changes, 1-based",
      [](Config& c, const std::string& text) {
        c.sweep.player =
            common::parse_key_integer<int>("sweep-player", text, 1, 1 << 20, "1 or more") - 1;
      },
      [](const Config& c) { return Values{std::to_string(c.sweep.player + 1)}; });
  ExperimentKey param = make(
      "sweep-param", KeyKind::kText, "a parameter of the swept player's strategy",
      "sweep one parameter of one player over sweep-values, one row per value, e.g. scenarios",
      [](Config& c, const std::string& text) { c.sweep.param = text; },
      [](const Config& c) { return c.sweep.param.empty() ? Values{} : Values{c.sweep.param}; });
  ExperimentKey values = make(
      "sweep-values", KeyKind::kText, "values separated by commas",
      "the sweep's values, e.g. 50,100,200",
      [](Config& c, const std::string& text) { c.sweep.values = common::split_list(text); },
      [](const Config& c) {
        std::string text;
        for (std::size_t i = 0; i < c.sweep.values.size(); ++i)
          text += (i ? "," : "") + c.sweep.values[i];
        return text.empty() ? Values{} : Values{text};
      });
  values.python_list = true;
  for (ExperimentKey* k : {&player, &param, &values}) k->written = sweep_active;
  return {player, param, values};
}

// A player is written `[NAME: ]SPEC` (player_names.h); config.cfg keeps the name, result_keys()
// only the spec.
ExperimentKey player_key() {
  ExperimentKey k = make(
      "player", KeyKind::kRepeated,
      "SPEC or NAME: SPEC, with SPEC a strategy spec, STRATEGY or "
      "STRATEGY(key=value,...) (see dominoes strategies), and NAME 1-24 letters, digits, - _ . +",
      "a player, repeated in seating order (the first is A of every gauntlet pairing); a NAME "
      "stands for the spec in summary.md, crosstable.md, ratings.md, the progress line and plots "
      "(summary.csv and the journal keep the spec), e.g. M200: minimax(scenarios=200,depth=0)",
      [](Config& c, const std::string& text) { c.players.push_back(text); },
      [](const Config& c) {
        Values out;
        for (std::size_t i = 0; i < c.players.size(); ++i)
          out.push_back(player_text(player_name(c, static_cast<int>(i)), c.players[i]));
        return out;
      });
  k.key.clear = [](Config& c) {
    c.players.clear();
    c.player_names.clear();
  };
  k.result_values = [](const Config& c) { return c.players; };
  return with_python(k, "players");
}

ExperimentKey grid_key() {
  ExperimentKey k = make(
      "sweep", KeyKind::kRepeated, "P.PARAM=V1,V2,... with P the 1-based player",
      "a grid sweep, repeated: runs the cartesian product, the first varying slowest (not with "
      "sweep-param)",
      [](Config& c, const std::string& text) { c.grid.push_back(parse_sweep(text)); },
      [](const Config& c) {
        Values out;
        for (const auto& sweep : c.grid) out.push_back(to_string(sweep));
        return out;
      });
  k.key.clear = [](Config& c) { c.grid.clear(); };
  return k;
}

ExperimentKey sprt_key() {
  return make(
      "sprt", KeyKind::kText, "p0=X,p1=Y[,alpha=A,beta=B] with |p0|, |p1| points per game",
      "a sequential test of a head-to-head run, H0 A's points per game <= p0 against H1 >= p1 "
      "(deals is then the most), e.g. p0=0,p1=0.5",
      [](Config& c, const std::string& text) {
        if (const std::string why = parse_sprt_settings(text, c.sprt); !why.empty())
          throw ConfigError(why);
      },
      [](const Config& c) { return c.sprt.enabled ? Values{to_string(c.sprt)} : Values{}; });
}

ExperimentKey precision_key() {
  ExperimentKey k = make(
      "precision", KeyKind::kNumber, "a number of points from 0 (off) to 1e6, e.g. 0.25",
      "stop each pairing once the 95% interval of A's points per game is at most +-X, checked "
      "after each chunk and after at least 100 deals (deals is then the most); a shard plays all "
      "its chunks and the merge applies the rule",
      [](Config& c, const std::string& text) {
        const auto x = common::parse_double(text);
        if (!x || !(*x >= 0) || *x > 1e6)
          throw ConfigError(common::invalid_value(
              "precision", text, "a number of points from 0 (off) to 1e6, e.g. 0.25"));
        c.precision = *x;
      },
      [](const Config& c) { return Values{common::shortest_decimal(c.precision)}; });
  k.written = [](const Config& c) { return c.precision > 0; };
  return k;
}

ExperimentKey bot_key() {
  ExperimentKey k = make(
      "bot", KeyKind::kRepeated, "NAME=COMMAND",
      "an external bot (docs/bots.md), seated as "
      "player NAME; in a config file also a section [bot.NAME] with command = ... and optional "
      "time-ms, start-ms, ready-ms, dir, restarts",
      [](Config& c, const std::string& text) {
        bots::BotConfig bot;
        try {
          bot = bots::parse_bot_option(text);
        } catch (const std::invalid_argument& e) {
          throw ConfigError(e.what());
        }
        auto same = [&](const bots::BotConfig& b) { return b.name == bot.name; };
        if (auto it = std::find_if(c.bots.begin(), c.bots.end(), same); it != c.bots.end())
          it->command = bot.command;  // --bot replaces the command of a section of its name
        else
          c.bots.push_back(bot);
      },
      [](const Config& c) {
        Values out;
        for (const auto& bot : c.bots) out.push_back(bot.name + "=" + bot.command);
        return out;
      });
  k.key.clear = [](Config& c) { c.bots.clear(); };
  // Written as the `[bot.NAME]` sections' keys (bots::bot_keys), never as `bot = NAME=COMMAND`.
  k.written = [](const Config&) { return false; };
  return with_python(k, "bots");
}

std::vector<ExperimentKey> make_keys() {
  std::vector<ExperimentKey> keys = {
      non_empty_text("name", &Config::name,
                     "a word without '/', '#' or control characters, up to 200 "
                     "characters",
                     "the experiment's name; the tables go to results/NAME/ unless out is set",
                     KeyRole::kSaved),
      integer<std::int64_t>("deals", &Config::deals, 1, std::int64_t{1} << 40, "1 to 2^40",
                            "deals per pairing (with sprt or precision: the most)"),
      integer<std::uint64_t>(
          "seed", &Config::seed, 0, ~std::uint64_t{0}, "0..2^64-1",
          "the experiment's random seed: deal i is a pure function of (seed, i)"),
      integer<int>("threads", &Config::threads, 0, 1024, "0 (all cores) to 1024",
                   "worker threads; never changes the tables", KeyRole::kSaved),
      choice("format", &Config::format, {"head-to-head", "round-robin", "gauntlet"}, parse_format,
             "who meets whom: two players, every pair, or the first against each "
             "other"),
      boolean("duplicate", &Config::duplicate,
              "play each deal twice with the hands swapped (duplicate deals)"),
  };
  for (const auto& rule : dominoes::rules_keys()) {
    ExperimentKey k;
    k.key = common::lift_key(rule, &Config::rules);
    // Two-seat results and configs read as before the seat-count keys existed.
    k.written = [rule](const Config& c) { return dominoes::rules_key_written(rule, c.rules); };
    keys.push_back(k);
  }
  const std::vector<ExperimentKey> rest = {
      choice("control-variate", &Config::control_variate, {"auto", "on", "off"},
             parse_control_variate_mode,
             "also report A's points adjusted by the deal's open-hands value, a narrower "
             "interval without duplicate deals for one solve per deal; auto leaves it off, as it "
             "narrowed every measured interval by less than 20% (docs/statistics.md)"),
      integer<std::int64_t>("chunk", &Config::chunk, 1, std::int64_t{1} << 30, "1 to 2^30",
                            "deals per journal entry"),
      non_empty_text("out", &Config::out_dir, "a directory",
                     "the output directory (results/NAME/ when "
                     "not set)",
                     KeyRole::kSaved),
      non_empty_text(
          "games-out", &Config::games_out, "a file (leave the key out for no records)",
          "write every game as one JSON line to this file, as FILE.partial renamed over FILE at "
          "the end (a regular file or a new path; a link, FIFO, device or directory is refused)",
          KeyRole::kResult),
      player_key(),
  };
  keys.insert(keys.end(), rest.begin(), rest.end());
  for (auto& k : sweep_keys()) keys.push_back(k);
  keys.push_back(sprt_key());
  keys.push_back(precision_key());
  keys.push_back(grid_key());
  ExperimentKey quiet = boolean("quiet", &Config::quiet, "no progress line", KeyRole::kSession);
  quiet.python_default = "true";
  quiet.python_default_reason = "a script prints no progress line unless it asks for one";
  keys.push_back(quiet);
  keys.push_back(bot_key());
  for (auto& k : keys)
    if (k.python_name.empty()) {
      k.python_name = k.key.name;
      std::replace(k.python_name.begin(), k.python_name.end(), '-', '_');
    }
  return keys;
}

}  // namespace

const std::vector<ExperimentKey>& experiment_keys() {
  static const std::vector<ExperimentKey> keys = make_keys();
  return keys;
}

std::vector<common::Key<ExperimentConfig>> experiment_key_declarations() {
  std::vector<common::Key<ExperimentConfig>> out;
  for (const auto& k : experiment_keys()) out.push_back(k.key);
  return out;
}

const ExperimentKey* find_experiment_key(const std::string& name) {
  for (const auto& k : experiment_keys())
    if (k.key.name == name) return &k;
  return nullptr;
}

std::string python_keyword_names() {
  std::string names;
  for (const auto& k : experiment_keys()) names += (names.empty() ? "" : ", ") + k.python_name;
  return names;
}

}  // namespace tournament
