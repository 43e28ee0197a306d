#include "engine/tournament/config/run_arguments.h"

#include <boost/program_options.hpp>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>

#include "engine/common/limited_file.h"
#include "engine/common/program_options.h"
#include "engine/common/same_file.h"
#include "engine/common/text.h"
#include "engine/tournament/config/grid_sweep.h"
#include "strategies/registry.h"

namespace tournament {
namespace po = boost::program_options;
namespace {

// Every key of a config file, which is also a command-line option. Values are read as text and
// converted here so that each bad value gets a message naming the key and the valid range.
po::options_description experiment_options() {
  po::options_description o("Experiment options (each is also a key of a config file)");
  o.add_options()
      ("name", po::value<std::string>(), "experiment name; tables go to results/<name>/")
      ("deals", po::value<std::string>(), "deals per pairing, 1 or more (default 100000)")
      ("seed", po::value<std::string>(), "experiment seed, 0..2^64-1 (default 1)")
      ("threads", po::value<std::string>(), "worker threads; 0 = all cores (default 0)")
      ("player", po::value<std::vector<std::string>>(),
       "strategy spec, repeated in order, e.g. heuristic or name(key=value,...); "
       "see `dominoes strategies`")
      ("format", po::value<std::string>(), "head-to-head | round-robin | gauntlet "
       "(default round-robin)")
      ("duplicate", po::value<std::string>(), "duplicate deals, true | false (default true)")
      ("target", po::value<std::string>(), "match target in points, 0 (single games) to 100000 "
       "(default 0)")
      ("double", po::value<std::string>(), "the set: double-N for N = 2..9 (default 6)")
      ("hand-size", po::value<std::string>(), "tiles per hand (default 7)")
      ("scoring", po::value<std::string>(), "opponent-pips | pip-difference | all-pips "
       "(default opponent-pips)")
      ("leader", po::value<std::string>(), "random | heaviest-double | alternate "
       "(default random)")
      ("control-variate", po::value<std::string>(), "auto | on | off: also report A's points "
       "adjusted by the deal's open-hands value (a narrower interval "
       "without duplicate deals, for a solve per deal; auto = off, see docs/statistics.md)")
      ("out", po::value<std::string>(), "output directory (default results/<name>/)")
      ("games-out", po::value<std::string>(), "write every game as a JSON line to this file "
       "(written as FILE.partial, renamed over FILE at the end: a regular file or a new path; a "
       "symbolic link, FIFO, device or directory is refused)")
      ("chunk", po::value<std::string>(), "deals per journal entry, 1 or more (default 1000)")
      ("quiet", po::value<std::string>(), "no progress line, true | false (default false)")
      ("sweep-param", po::value<std::string>(),
       "sweep one parameter of one player over sweep-values, e.g. scenarios")
      ("sweep-values", po::value<std::string>(), "the sweep's values, comma-separated, e.g. 50,100,200")
      ("sweep-player", po::value<std::string>(), "which player the sweep changes, 1-based (default 1)")
      ("sprt", po::value<std::string>(), "sequential test, head-to-head only, deals = the maximum: "
       "p0=X,p1=Y[,alpha=0.05,beta=0.05], H0 A's points/game <= p0, H1 >= p1, e.g. p0=0,p1=0.5")
      ("precision", po::value<std::string>(), "stop each pairing once the 95% interval of A's "
       "points per game is at most +-X (checked after each chunk, after at least 100 deals; "
       "deals = the maximum), e.g. 0.25; 0 = off (default). A --shard plays all its chunks; "
       "the merge applies the rule")
      ("sweep", po::value<std::vector<std::string>>(),
       "grid sweep P.PARAM=V1,V2,... (P: 1-based player), repeated: runs the cartesian product, "
       "the first sweep varying slowest; e.g. 1.scenarios=50,200 and 1.depth=0,10")
      ("bot", po::value<std::vector<std::string>>(),
       "an external bot (docs/protocol.md), NAME=COMMAND, repeated; seat it as player NAME. In a "
       "config file also as a section [bot.NAME] with command = ..., and optional time-ms "
       "(per move, default 1000), start-ms (10000), ready-ms (5000), dir, restarts (2)");
  return o;
}

// Options of the command line only: they steer this invocation and are never saved.
po::options_description command_line_options() {
  po::options_description o("Command-line only");
  o.add_options()("help,h", "show this help")(
      "restart", "discard a journal written under a different config and start afresh")(
      "plot", "after the run, draw its tables as PNG and SVG with scripts/plot (needs "
      "/usr/bin/python3 and python3-matplotlib)")(
      "shard", po::value<std::string>(), "K/N: play only shard K of N (0-based): the chunks "
      "whose number is K modulo N, into OUT/shard-K-of-N/; `dominoes merge OUT` then writes the "
      "tables")(
      "mpi", "run as one rank of an MPI job (mpirun -np R dominoes run CONFIG --mpi): rank 0 "
      "hands out chunks and writes the journal and tables")(
      "print-config", "print the validated config as INI (with the output directory) and exit")(
      "config", po::value<std::string>(), "experiment config file (INI)");
  return o;
}

std::string valid_keys() {
  const po::options_description options = experiment_options();  // outlives the loop
  std::string keys;
  for (const auto& opt : options.options())
    keys += (keys.empty() ? "" : ", ") + opt->long_name();
  return keys;
}

template <typename Int>
Int parse_integer(const std::string& key, const std::string& text, Int min, Int max,
                  const std::string& valid) {
  const auto value = common::parse_int<Int>(text);
  if (!value || *value < min || *value > max)
    throw ConfigError(key + " " + common::quoted(text) + " is not valid: valid " + valid);
  return *value;
}

bool parse_bool(const std::string& key, const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  throw ConfigError(key + " " + common::quoted(text) + " is not valid: valid true or false");
}

// An empty path would silently mean the default (out) or nothing (games-out): refused instead.
const std::string& non_empty(const char* key, const std::string& text, const char* valid) {
  if (text.empty()) throw ConfigError(std::string(key) + " is empty: give " + valid);
  return text;
}

const std::string* get(const po::variables_map& vm, const char* key) {
  return vm.count(key) ? &vm[key].as<std::string>() : nullptr;
}

// Reads each number's form; the rules' fields (target, double, hand-size) get their ranges from
// dominoes::validate, the one place that knows them.
void apply_numbers(const po::variables_map& vm, ExperimentConfig& c) {
  constexpr auto kMaxInt = std::numeric_limits<int>::max();
  if (auto* v = get(vm, "deals"))
    c.deals = parse_integer<std::int64_t>("deals", *v, 1, std::int64_t{1} << 40, "1 to 2^40");
  if (auto* v = get(vm, "seed"))
    c.seed = parse_integer<std::uint64_t>("seed", *v, 0, ~std::uint64_t{0}, "0..2^64-1");
  if (auto* v = get(vm, "threads"))
    c.threads = parse_integer<int>("threads", *v, 0, 1024, "0 (all cores) to 1024");
  if (auto* v = get(vm, "target"))
    c.rules.match_target = parse_integer<int>("target", *v, 0, kMaxInt, "0 (single games) or more");
  if (auto* v = get(vm, "double"))
    c.rules.max_pip = parse_integer<int>("double", *v, 0, kMaxInt, "2..9");
  if (auto* v = get(vm, "hand-size"))
    c.rules.hand_size = parse_integer<int>("hand-size", *v, 1, kMaxInt, "1 or more");
  if (auto* v = get(vm, "chunk"))
    c.chunk = parse_integer<std::int64_t>("chunk", *v, 1, std::int64_t{1} << 30, "1 to 2^30");
}

void apply_words(const po::variables_map& vm, ExperimentConfig& c) {
  if (auto* v = get(vm, "name")) c.name = *v;
  if (auto* v = get(vm, "format")) {
    const auto format = parse_format(*v);
    if (!format)
      throw ConfigError("format " + common::quoted(*v) +
                        " is not valid: valid head-to-head, round-robin or gauntlet");
    c.format = *format;
  }
  if (auto* v = get(vm, "duplicate")) c.duplicate = parse_bool("duplicate", *v);
  if (auto* v = get(vm, "quiet")) c.quiet = parse_bool("quiet", *v);
  if (auto* v = get(vm, "out")) c.out_dir = non_empty("out", *v, "a directory");
  if (auto* v = get(vm, "games-out"))
    c.games_out = non_empty("games-out", *v, "a file (leave the key out for no records)");
  if (auto* v = get(vm, "scoring"); v && !dominoes::parse_scoring_rule(*v, c.rules.scoring))
    throw ConfigError("scoring " + common::quoted(*v) +
                      " is not valid: valid opponent-pips, pip-difference or all-pips");
  if (auto* v = get(vm, "leader"); v && !dominoes::parse_leader_rule(*v, c.rules.leader))
    throw ConfigError("leader " + common::quoted(*v) +
                      " is not valid: valid random, heaviest-double or alternate");
  if (auto* v = get(vm, "control-variate")) {
    const auto mode = parse_control_variate_mode(*v);
    if (!mode)
      throw ConfigError("control-variate " + common::quoted(*v) + " is not valid: valid auto, on or off");
    c.control_variate = *mode;
  }
  if (vm.count("player")) c.players = vm["player"].as<std::vector<std::string>>();
  if (auto* v = get(vm, "sweep-param")) c.sweep.param = *v;
  if (auto* v = get(vm, "sweep-player"))
    c.sweep.player = parse_integer<int>("sweep-player", *v, 1, 1 << 20, "1 or more") - 1;
  if (auto* v = get(vm, "sweep-values")) c.sweep.values = common::split_list(*v);
  if (auto* v = get(vm, "sprt"))
    if (const std::string why = parse_sprt_settings(*v, c.sprt); !why.empty()) throw ConfigError(why);
  if (auto* v = get(vm, "precision")) {
    const auto x = common::parse_double(*v);
    if (!x || !(*x >= 0) || *x > 1e6)
      throw ConfigError("precision " + common::quoted(*v) +
                        " is not valid: valid a number of points from 0 (off) to 1e6, e.g. 0.25");
    c.precision = *x;
  }
  if (vm.count("sweep")) {
    c.grid.clear();
    for (const auto& text : vm["sweep"].as<std::vector<std::string>>())
      c.grid.push_back(parse_sweep(text));
  }
}

po::variables_map read_command_line(const std::vector<std::string>& args) {
  po::options_description cli;
  cli.add(command_line_options()).add(experiment_options());
  po::positional_options_description positional;
  positional.add("config", 1);
  try {
    return common::parse_command_line(args, cli, positional);
  } catch (const po::unknown_option& e) {
    throw ConfigError(common::describe_option_error(e) +
                      "; valid options: --help, --restart, --plot, --shard, --mpi, "
                      "--print-config, " + valid_keys());
  } catch (const po::error& e) {
    throw ConfigError(common::describe_option_error(e) + "; see dominoes run --help");
  }
}

// Sets the key of a `[bot.NAME]` section, read as the unregistered option "bot.NAME.KEY".
void set_section_key(const std::string& option, const std::string& value,
                     std::vector<bots::BotConfig>& bots) {
  const std::string rest = option.substr(4);
  const auto dot = rest.rfind('.');
  const std::string name = dot == std::string::npos ? rest : rest.substr(0, dot);
  if (dot == std::string::npos || name.empty())
    throw ConfigError("key " + common::quoted(option) + " is not valid: bot sections are "
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

// Adds the keys of the config file at `path` to `vm` (the command line's values win) and returns
// the bots of its `[bot.NAME]` sections.
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
    const po::options_description keys = experiment_options();  // `parsed` points into it
    auto parsed = po::parse_config_file(file, keys, true);
    for (const auto& option : parsed.options) {
      if (!option.unregistered) continue;
      if (!section_keys.insert(option.string_key).second) {
        const auto dot = option.string_key.rfind('.');
        throw ConfigError("in " + common::quoted(path) + ": key " +
                          common::quoted(option.string_key.substr(dot + 1)) + " is given twice in [" +
                          option.string_key.substr(0, dot) + "]: give it once");
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

// The config's bots: the file's sections, then each --bot NAME=COMMAND (which replaces a
// section of the same name).
void apply_bots(const po::variables_map& vm, std::vector<bots::BotConfig> sections,
                ExperimentConfig& c) {
  c.bots = std::move(sections);
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
    auto same = [&](const auto& b) { return b.name == bot.name; };
    if (auto it = std::find_if(c.bots.begin(), c.bots.end(), same); it != c.bots.end())
      it->command = bot.command;
    else
      c.bots.push_back(bot);
  }
}

std::string help_text() {
  std::ostringstream os;
  os << "Usage: dominoes run [CONFIG.cfg] [--key=value ...]\n\n"
        "Runs an experiment: every pairing of the players plays `deals` deals (with duplicate\n"
        "deals, each deal twice with the hands swapped), in parallel and reproducibly, and writes\n"
        "summary.csv, summary.md, crosstable files for round robins, and config.cfg to the output\n"
        "directory. Without CONFIG, the built-in default experiment runs (a quick round robin of\n"
        "lowest, random and heuristic). Options on the command line override the file.\n\n"
        "Progress: at a terminal, a line on stderr redrawn several times a second (deals and\n"
        "games done, games per second, elapsed time, ETA, and each pairing being played with\n"
        "A's running points per game and its 95% interval); in a log (stderr not a terminal:\n"
        "nohup, Slurm, a shard, MPI rank 0) the same as a plain line every 30 s; either way a\n"
        "last line at the end. --quiet shows none.\n\n"
        "After each chunk of deals the run journals its totals in OUT/journal.txt; an interrupted\n"
        "run (Ctrl-C, kill, crash) started again with the same config resumes there. A journal\n"
        "written under another config is refused (--restart discards it). Ctrl-C (or SIGTERM)\n"
        "stops within about a second: the games in play finish, external bots are ended, and the\n"
        "finished first deals of the chunk in play are journalled too, so every finished game is\n"
        "kept (a second Ctrl-C stops at once). One run at a time per output directory.\n\n"
     << command_line_options() << "\n"
     << experiment_options();
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

RunRequest parse_run_arguments(const std::vector<std::string>& args) {
  RunRequest request;
  po::variables_map vm = read_command_line(args);
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
    throw ConfigError("--shard and --mpi cannot be used together: give --shard K/N to run one "
                      "shard, or --mpi under mpirun for one run over all ranks");
  std::vector<bots::BotConfig> sections;
  if (vm.count("config")) {
    request.config_path = vm["config"].as<std::string>();
    sections = read_config_file(request.config_path, vm);
  }
  request.config = request.config_path.empty() ? default_experiment() : ExperimentConfig{};
  apply_numbers(vm, request.config);
  apply_words(vm, request.config);
  apply_bots(vm, std::move(sections), request.config);
  validate(request.config, strategies::Registry::builtin());
  check_not_config_file(request);
  if (request.mpi && !request.config.games_out.empty())
    throw ConfigError("games-out cannot be used with --mpi (the records would come from every "
                      "rank): run shards (--shard K/N) and merge them, or run on one machine");
  return request;
}

}  // namespace tournament

namespace tournament {

std::vector<bots::BotConfig> parse_bot_declarations(const std::vector<std::string>& args) {
  po::variables_map vm = read_command_line(args);
  std::vector<bots::BotConfig> sections;
  if (vm.count("config")) sections = read_config_file(vm["config"].as<std::string>(), vm);
  ExperimentConfig config;
  apply_bots(vm, std::move(sections), config);
  return config.bots;
}

}  // namespace tournament
