#include "arena/tournament/config/run_arguments.h"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <set>
#include <sstream>

#include "arena/tournament/config/experiment_keys.h"
#include "arena/tournament/config/grid_sweep.h"
#include "engine/common/key_options.h"
#include "engine/common/limited_file.h"
#include "engine/common/program_options.h"
#include "engine/common/same_file.h"
#include "engine/common/text.h"
#include "strategies/registry.h"

namespace tournament {
namespace po = boost::program_options;
namespace {

// Every key of a config file, which is also a command-line option, from the one table
// (experiment_keys.h). Values are read as text and converted by the table's keys, so each bad
// value gets a message naming the key and the valid values. On the command line a boolean is a
// flag pair, --KEY and --no-KEY; in a config file it is `KEY = true` or `KEY = false`.
po::options_description experiment_options(bool command_line) {
  po::options_description o("Experiment options (each is also a key of a config file)");
  for (const ExperimentKey& k : experiment_keys()) {
    const std::string help = common::option_help(k.key);
    const char* name = k.key.name.c_str();  // the table outlives every description
    if (k.key.kind == common::KeyKind::kRepeated) {
      o.add_options()(name, po::value<std::vector<std::string>>(), help.c_str());
    } else if (k.key.kind == common::KeyKind::kBoolean && command_line) {
      common::add_key_option(o, k.key);  // the flag pair, as at every front door
    } else {
      o.add_options()(name, po::value<std::string>(), help.c_str());
    }
  }
  return o;
}

// Options of the command line only: they steer this invocation and are never saved.
po::options_description command_line_options() {
  po::options_description o("Command-line only");
  o.add_options()("help,h", "show this help")(
      "restart", "discard a journal written under a different config and start afresh")(
      "plot",
      "after the run, draw its tables as PNG and SVG with scripts/plot (needs "
      "/usr/bin/python3 and python3-matplotlib)")(
      "shard", po::value<std::string>(),
      "K/N: play only shard K of N (0-based): the chunks "
      "whose number is K modulo N, into OUT/shard-K-of-N/; `dominoes merge OUT` then writes the "
      "tables")("mpi",
                "run as one rank of an MPI job (mpirun -np R dominoes run CONFIG --mpi): rank 0 "
                "hands out chunks and writes the journal and tables")(
      "print-config", "print the validated config as INI (with the output directory) and exit")(
      "config", po::value<std::string>(), "experiment config file (INI)");
  return o;
}

std::string valid_keys() {
  return common::key_names(experiment_key_declarations());
}

// Returns true when `vm` gives key `name` (as --NAME, or a boolean's --no-NAME).
bool gives(const po::variables_map& vm, const std::string& name) {
  return vm.count(name) > 0 || vm.count("no-" + name) > 0;
}

// Reads the table's keys into `c` in the table's order (the rules' seats before the keys it
// sets defaults for, rules_keys.h), each from the command line `vm` when it gives the key, else
// from the config file `file`: the command line wins key by key, and a --seats on the command
// line keeps the file's leader. A repeated key replaces the values an earlier source gave.
// `bot` is apply_bots' (sections and --bot merge).
void apply_keys(const po::variables_map& file, const po::variables_map& vm, ExperimentConfig& c) {
  for (const ExperimentKey& k : experiment_keys()) {
    const std::string& name = k.key.name;
    if (name == "bot") continue;
    const po::variables_map& source = gives(vm, name) ? vm : file;
    try {
      if (k.key.kind == common::KeyKind::kRepeated) {
        if (!source.count(name)) continue;
        k.key.clear(c);
        for (const auto& text : source[name].as<std::vector<std::string>>()) k.key.set(c, text);
        continue;
      }
      if (const auto text = common::key_option_text(source, name)) k.key.set(c, *text);
    } catch (const common::KeyError& e) {
      throw ConfigError(e.what());
    }
  }
}

// A boolean key is a flag on the command line. `--quiet true` would read "true" as the config
// file and `--quiet=false` is refused by the parser with a less helpful line, so a flag followed by
// true, false or a word that names no file (`--duplicate maybe`), or written with '=', is refused
// (common::check_flags_take_no_value) with the flag's two spellings. A flag followed by an
// existing file is that file.
void check_flags_without_values(const std::vector<std::string>& args) {
  const std::function<std::string(const std::string&)> value_text = [](const std::string& word) {
    return std::filesystem::exists(word)
               ? std::string()
               : common::quoted(word) + ", which is no config file either";
  };
  try {
    common::check_flags_take_no_value(args, experiment_key_declarations(), value_text);
  } catch (const common::KeyError& e) {
    throw ConfigError(e.what());
  }
}

// The command-line-only options of another command than run (ExperimentCommand).
po::options_description own_options(const ExperimentCommand& command) {
  po::options_description own("Command-line only");
  own.add_options()("help,h", "show this help")(
      "print-config", "print the validated config as INI (with the output directory) and exit");
  for (const auto& [name, help] : command.flags) own.add_options()(name.c_str(), help.c_str());
  own.add_options()("config", po::value<std::string>(), "experiment config file (INI)");
  return own;
}

// Returns `own`'s options as a message lists them: "--help, --restart, ..., " (the positional
// config file left out).
std::string own_option_names(const po::options_description& own) {
  std::string names;
  for (const auto& option : own.options())
    if (option->long_name() != "config") names += "--" + option->long_name() + ", ";
  return names;
}

// Reads `args` against the command's `own` options (with "config", the positional file) and the
// experiment keys; `command` names it in messages.
po::variables_map read_command_line(const std::vector<std::string>& args,
                                    const po::options_description& own,
                                    const std::string& command) {
  check_flags_without_values(args);
  po::options_description cli;
  cli.add(own).add(experiment_options(true));
  po::positional_options_description positional;
  positional.add("config", 1);
  try {
    return common::parse_command_line(args, cli, positional);
  } catch (const po::unknown_option& e) {
    throw ConfigError(common::describe_option_error(e) +
                      "; valid options: " + own_option_names(own) + valid_keys());
  } catch (const po::error& e) {
    throw ConfigError(common::describe_option_error(e) + "; see dominoes " + command + " --help");
  }
}

// Sets the key of a `[bot.NAME]` section, read as the unregistered option "bot.NAME.KEY".
void set_section_key(const std::string& option, const std::string& value,
                     std::vector<bots::BotConfig>& bots) {
  const std::string rest = option.substr(4);
  const auto dot = rest.rfind('.');
  const std::string name = dot == std::string::npos ? rest : rest.substr(0, dot);
  if (dot == std::string::npos || name.empty())
    throw ConfigError("key " + common::quoted(option) +
                      " is not valid: bot sections are "
                      "[bot.NAME] with keys command, time-ms, start-ms, ready-ms, dir, restarts");
  if (const std::string why = bots::bot_name_error(name); !why.empty()) throw ConfigError(why);
  auto it = std::find_if(bots.begin(), bots.end(), [&](const auto& b) { return b.name == name; });
  if (it == bots.end()) {
    bots::BotConfig fresh;
    fresh.name = name;
    it = bots.insert(bots.end(), fresh);
  }
  try {
    bots::set_bot_key(*it, rest.substr(dot + 1), value);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(e.what());
  }
}

// A config file is a few hundred bytes; a long sweep or bot command still fits many times over.
constexpr common::ReadLimits kConfigLimits{std::size_t{1} << 20, std::uint64_t{16} << 20, true};

// Boost reads a section given twice as one, and keeps the last of a key a section repeats
// (`[bot.NAME]` keys are ours, unregistered: Boost does not refuse them twice as it does the
// experiment's keys). Refuses a section given twice, `name` naming the file.
void check_sections_once(const std::string& text, const std::string& name) {
  std::set<std::string> sections;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const std::string header = common::trimmed(line.substr(0, line.find('#')));
    if (header.size() < 2 || header.front() != '[' || header.back() != ']') continue;
    if (!sections.insert(header).second)
      throw ConfigError("in " + name + ": section " + common::quoted(header) +
                        " is given twice: give each section once, with all its keys");
  }
}

// Stores the keys of the config file at `path` in `vm` and returns the bots of its `[bot.NAME]`
// sections.
std::vector<bots::BotConfig> read_config_file(const std::string& path, po::variables_map& vm) {
  std::istringstream file;
  try {
    file.str(common::read_limited_file(path, "config file", kConfigLimits));
  } catch (const common::ReadError& e) {
    throw ConfigError(e.what());
  }
  check_sections_once(file.str(), common::quoted(path));
  std::vector<bots::BotConfig> sections;
  std::set<std::string> section_keys;
  try {
    const po::options_description keys = experiment_options(false);  // `parsed` points into it
    auto parsed = po::parse_config_file(file, keys, true);
    for (const auto& option : parsed.options) {
      if (!option.unregistered) continue;
      if (!section_keys.insert(option.string_key).second) {
        const auto dot = option.string_key.rfind('.');
        throw ConfigError("in " + common::quoted(path) + ": key " +
                          common::quoted(option.string_key.substr(dot + 1)) +
                          " is given twice in [" + option.string_key.substr(0, dot) +
                          "]: give it once");
      }
      if (option.string_key.rfind("bot.", 0) != 0)
        throw ConfigError("in " + common::quoted(path) + ": unknown key " +
                          common::quoted(option.string_key) + "; valid keys: " + valid_keys() +
                          ", and [bot.NAME] sections");
      try {
        set_section_key(option.string_key, option.value.empty() ? "" : option.value.front(),
                        sections);
      } catch (const ConfigError& e) {
        throw ConfigError("in " + common::quoted(path) + ": " + e.what());
      }
    }
    po::store(parsed, vm);
  } catch (const po::error& e) {
    throw ConfigError("in " + common::quoted(path) + ": " + common::describe_option_error(e));
  }
  return sections;
}

// Adds each bot NAME=COMMAND that `vm` holds (--bot options, or `bot =` lines of a file) to the
// config's bots by the table's bot key, which replaces the command of a section of that name.
void apply_bots(const po::variables_map& vm, ExperimentConfig& c) {
  if (!vm.count("bot")) return;
  std::vector<std::string> named;
  for (const auto& text : vm["bot"].as<std::vector<std::string>>()) {
    bots::BotConfig bot;
    try {
      bot = bots::parse_bot_option(text);
    } catch (const std::invalid_argument& e) {
      throw ConfigError(e.what());
    }
    if (std::find(named.begin(), named.end(), bot.name) != named.end())
      throw ConfigError("bot " + bot.name + " is declared twice by --bot: give each bot once");
    named.push_back(bot.name);
    find_experiment_key("bot")->key.set(c, text);
  }
}

// Reads the arguments' config file (when they name one) into `request`, then the command line's
// keys over it: the file's sections and keys first, so the command line wins.
void apply_sources(const po::variables_map& vm, RunRequest& request) {
  po::variables_map file;
  std::vector<bots::BotConfig> sections;
  if (vm.count("config")) {
    request.config_path = vm["config"].as<std::string>();
    sections = read_config_file(request.config_path, file);
  }
  request.config = request.config_path.empty() ? default_experiment() : ExperimentConfig{};
  request.config.bots = std::move(sections);
  apply_keys(file, vm, request.config);
  apply_bots(file, request.config);
  apply_bots(vm, request.config);
}

std::string help_text() {
  std::ostringstream os;
  os << "Usage: dominoes run [CONFIG.cfg] [--key=value ...]\n\n"
        "Runs an experiment: every pairing of the players plays `deals` deals (with duplicate\n"
        "deals, each deal twice with the hands swapped), in parallel and reproducibly, and writes\n"
        "to the output directory (out, by default results/NAME/): summary.csv, summary.md,\n"
        "summary.json and config.cfg; the crosstable files (round robins without a sweep);\n"
        "ratings.csv and ratings.md (round robins and gauntlets without a sweep); sprt.csv (with\n"
        "sprt); and bots/NAME.log (each external bot's standard error and the runner's notes).\n"
        "Without CONFIG, the built-in default experiment runs (a quick round robin of lowest,\n"
        "random and heuristic). Options on the command line override the file.\n\n"
        "Progress: at a terminal, a line on stderr redrawn several times a second (deals and\n"
        "games done, games per second, elapsed time, ETA, and each pairing being played with\n"
        "A's running points per game and its 95% interval); in a log (stderr not a terminal:\n"
        "nohup, Slurm, a shard, MPI rank 0) the same as a plain line every 30 s; either way a\n"
        "last line at the end. --quiet shows none.\n\n"
        "Players: --player SPEC, repeated in seating order. --player 'NAME: SPEC' also gives\n"
        "the player a display name (1-24 letters, digits, - _ . +) that summary.md,\n"
        "crosstable.md, ratings.md, the progress line and plots show instead of the spec;\n"
        "summary.csv, the other CSV files and the journal keep the spec, so a name never changes\n"
        "a result and a renamed run resumes. Unnamed players are shown in the progress line and\n"
        "plots by a short label: the strategy with only its non-default parameters.\n"
        "Example: dominoes run --player 'M200: minimax(scenarios=200,depth=0)' --player heuristic\n"
        "         --format head-to-head --deals 100 --out out/m200\n\n"
        "After each chunk of deals the run journals its totals in OUT/journal.txt; an interrupted\n"
        "run (Ctrl-C, kill, crash) started again with the same config resumes there. A journal\n"
        "written under another config is refused (--restart discards it). Ctrl-C (or SIGTERM)\n"
        "stops within about a second: the games in play finish, external bots are ended, and the\n"
        "finished first deals of the chunk in play are journalled too, so every finished game is\n"
        "kept (a second Ctrl-C stops at once). One run at a time per output directory, and a\n"
        "finished run's tables are replaced only by the same experiment (which prints them\n"
        "again): another experiment there is refused.\n\n"
     << command_line_options() << "\n"
     << experiment_options(true);
  return os.str();
}

// The run writes over neither its config file with its records nor (but for config.cfg, which it
// rewrites with the same experiment) with its tables or journal.
void check_not_config_file(const RunRequest& r) {
  if (r.config_path.empty()) return;
  const auto& games = r.config.games_out;
  for (const std::string& file : {games, games + ".partial"})
    if (!games.empty() && common::same_existing_file(file, r.config_path))
      throw ConfigError("games-out " + common::quoted(file) +
                        " is the config file being read: give another file");
  for (const std::filesystem::path& written : run_output_files(r.config)) {
    const std::string file = written.filename().string();
    if (file != "config.cfg" && common::same_existing_file(written.string(), r.config_path))
      throw ConfigError("config file " + common::quoted(r.config_path) + " is the run's own " +
                        file + " in out " + common::quoted(r.config.out_dir) +
                        ", which the run writes over: copy it elsewhere, or give another out");
  }
}

}  // namespace

ExperimentConfig read_experiment_file(const std::string& path) {
  po::variables_map file;
  const po::variables_map none;
  ExperimentConfig config;
  config.bots = read_config_file(path, file);
  apply_keys(file, none, config);
  apply_bots(file, config);
  return config;
}

RunRequest parse_run_arguments(const std::vector<std::string>& args) {
  RunRequest request;
  po::variables_map vm = read_command_line(args, command_line_options(), "run");
  if (vm.count("help")) {
    request.help = true;
    request.help_text = help_text();
    return request;
  }
  request.restart = vm.count("restart") > 0;
  request.plot = vm.count("plot") > 0;
  request.mpi = vm.count("mpi") > 0;
  request.print_config = vm.count("print-config") > 0;
  if (vm.count("shard")) request.shard = parse_shard(vm["shard"].as<std::string>());
  if (request.mpi && vm.count("shard"))
    throw ConfigError(
        "--shard and --mpi cannot be used together: give --shard K/N to run one "
        "shard, or --mpi under mpirun for one run over all ranks");
  apply_sources(vm, request);
  validate(request.config, strategies::Registry::builtin());
  check_not_config_file(request);
  if (request.mpi && !request.config.games_out.empty())
    throw ConfigError(
        "games-out cannot be used with --mpi (the records would come from every "
        "rank): run shards (--shard K/N) and merge them, or run on one machine");
  return request;
}

RunRequest parse_experiment_arguments(const std::vector<std::string>& args,
                                      const ExperimentCommand& command) {
  const po::options_description own = own_options(command);
  RunRequest request;
  const po::variables_map vm = read_command_line(args, own, command.name);
  if (vm.count("help")) {
    std::ostringstream text;
    text << command.usage << own << "\n" << experiment_options(true);
    request.help = true;
    request.help_text = text.str();
    return request;
  }
  request.print_config = vm.count("print-config") > 0;
  for (const auto& flag : command.flags)
    if (vm.count(flag.first)) request.flags.insert(flag.first);
  apply_sources(vm, request);
  if (request.config.out_dir.empty() && !command.out_root.empty())
    request.config.out_dir = command.out_root + "/" + request.config.name;
  validate(request.config, strategies::Registry::builtin());
  check_not_config_file(request);
  return request;
}

}  // namespace tournament

namespace tournament {

namespace {

// Every option of `own` and then of the experiment keys, each as --NAME.
std::vector<std::string> option_names(const po::options_description& own) {
  std::vector<std::string> names;
  for (const auto& option : own.options()) names.push_back("--" + option->long_name());
  const po::options_description keys = experiment_options(true);
  for (const auto& option : keys.options()) names.push_back("--" + option->long_name());
  return names;
}

}  // namespace

std::vector<std::string> run_option_names() {
  return option_names(command_line_options());
}

std::vector<std::string> experiment_option_names(const ExperimentCommand& command) {
  return option_names(own_options(command));
}

std::vector<bots::BotConfig> parse_bot_declarations(const std::vector<std::string>& args) {
  const po::variables_map vm = read_command_line(args, command_line_options(), "run");
  po::variables_map file;
  ExperimentConfig config;
  if (vm.count("config")) config.bots = read_config_file(vm["config"].as<std::string>(), file);
  apply_bots(file, config);
  apply_bots(vm, config);
  return config.bots;
}

}  // namespace tournament
