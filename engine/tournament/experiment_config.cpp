#include "engine/tournament/experiment_config.h"

#include <boost/program_options.hpp>
#include <charconv>
#include <fstream>
#include <limits>
#include <sstream>

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
      ("target", po::value<std::string>(), "match target in points; 0 = single games (default 0)")
      ("double", po::value<std::string>(), "the set: double-N for N = 6..9 (default 6)")
      ("hand-size", po::value<std::string>(), "tiles per hand (default 7)")
      ("scoring", po::value<std::string>(), "opponent-pips | pip-difference | all-pips "
       "(default opponent-pips)")
      ("leader", po::value<std::string>(), "random | heaviest-double | alternate "
       "(default random)")
      ("out", po::value<std::string>(), "output directory (default results/<name>/)")
      ("games-out", po::value<std::string>(), "write every game as a JSON line to this file")
      ("chunk", po::value<std::string>(), "deals per journal entry, 1 or more (default 1000)")
      ("quiet", po::value<std::string>(), "no progress line, true | false (default false)")
      ("sweep-param", po::value<std::string>(),
       "sweep one parameter of one player over sweep-values, e.g. scenarios")
      ("sweep-values", po::value<std::string>(), "the sweep's values, comma-separated, e.g. 50,100,200")
      ("sweep-player", po::value<std::string>(), "which player the sweep changes, 1-based (default 1)");
  return o;
}

std::string valid_keys() {
  const po::options_description options = experiment_options();
  std::string keys;
  for (const auto& opt : options.options())
    keys += (keys.empty() ? "" : ", ") + opt->long_name();
  return keys;
}

template <typename Int>
Int parse_integer(const std::string& key, const std::string& text, Int min, Int max,
                  const std::string& valid) {
  Int value{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value < min || value > max)
    throw ConfigError(key + " \"" + text + "\" is not valid: valid " + valid);
  return value;
}

bool parse_bool(const std::string& key, const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  throw ConfigError(key + " \"" + text + "\" is not valid: valid true or false");
}

Format parse_format(const std::string& text) {
  for (Format f : {Format::kHeadToHead, Format::kRoundRobin, Format::kGauntlet})
    if (to_string(f) == text) return f;
  throw ConfigError("format \"" + text + "\" is not valid: valid head-to-head, round-robin or "
                    "gauntlet");
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const auto b = item.find_first_not_of(" \t"), e = item.find_last_not_of(" \t");
    out.push_back(b == std::string::npos ? "" : item.substr(b, e - b + 1));
  }
  return out;
}

// Returns `spec` with parameter `param` set to `value`, canonical. Throws SpecError.
std::string with_param(const std::string& spec, const std::string& param, const std::string& value) {
  strategies::Spec parsed = strategies::parse_spec(spec);
  std::string text = parsed.name + "(";
  for (const auto& [k, v] : parsed.params)
    if (k != param) text += k + "=" + v + ",";
  return strategies::Registry::builtin().canonical(text + param + "=" + value + ")");
}

void check_sweep(const ExperimentConfig& c) {
  const Sweep& s = c.sweep;
  if (!s.active() && s.values.empty()) return;
  if (!s.active() || s.values.empty())
    throw ConfigError("a sweep needs both sweep-param and sweep-values, e.g. sweep-param = "
                      "scenarios and sweep-values = 50,100,200");
  if (s.player >= static_cast<int>(c.players.size()))
    throw ConfigError("sweep-player " + std::to_string(s.player + 1) + " is not valid: valid 1.." +
                      std::to_string(c.players.size()));
  try {
    player_lists(c);
  } catch (const strategies::SpecError& e) {
    throw ConfigError(std::string("sweep: ") + e.what());
  }
}

const std::string* get(const po::variables_map& vm, const char* key) {
  return vm.count(key) ? &vm[key].as<std::string>() : nullptr;
}

void apply_numbers(const po::variables_map& vm, ExperimentConfig& c) {
  constexpr auto kMaxInt = std::numeric_limits<int>::max();
  if (auto* v = get(vm, "deals"))
    c.deals = parse_integer<std::int64_t>("deals", *v, 1, std::int64_t{1} << 40, "1 or more");
  if (auto* v = get(vm, "seed"))
    c.seed = parse_integer<std::uint64_t>("seed", *v, 0, ~std::uint64_t{0}, "0..2^64-1");
  if (auto* v = get(vm, "threads"))
    c.threads = parse_integer<int>("threads", *v, 0, 1024, "0 (all cores) to 1024");
  if (auto* v = get(vm, "target"))
    c.rules.match_target = parse_integer<int>("target", *v, 0, kMaxInt, "0 (single games) or more");
  if (auto* v = get(vm, "double"))
    c.rules.max_pip = parse_integer<int>("double", *v, 6, 9, "6..9");
  if (auto* v = get(vm, "hand-size"))
    c.rules.hand_size = parse_integer<int>("hand-size", *v, 1, kMaxInt, "1 or more");
  if (auto* v = get(vm, "chunk"))
    c.chunk = parse_integer<std::int64_t>("chunk", *v, 1, std::int64_t{1} << 30, "1 or more");
}

void apply_words(const po::variables_map& vm, ExperimentConfig& c) {
  if (auto* v = get(vm, "name")) c.name = *v;
  if (auto* v = get(vm, "format")) c.format = parse_format(*v);
  if (auto* v = get(vm, "duplicate")) c.duplicate = parse_bool("duplicate", *v);
  if (auto* v = get(vm, "quiet")) c.quiet = parse_bool("quiet", *v);
  if (auto* v = get(vm, "out")) c.out_dir = *v;
  if (auto* v = get(vm, "games-out")) c.games_out = *v;
  if (auto* v = get(vm, "scoring"); v && !dominoes::parse_scoring_rule(*v, c.rules.scoring))
    throw ConfigError("scoring \"" + *v + "\" is not valid: valid opponent-pips, "
                      "pip-difference or all-pips");
  if (auto* v = get(vm, "leader"); v && !dominoes::parse_leader_rule(*v, c.rules.leader))
    throw ConfigError("leader \"" + *v + "\" is not valid: valid random, heaviest-double or "
                      "alternate");
  if (vm.count("player")) c.players = vm["player"].as<std::vector<std::string>>();
  if (auto* v = get(vm, "sweep-param")) c.sweep.param = *v;
  if (auto* v = get(vm, "sweep-player"))
    c.sweep.player = parse_integer<int>("sweep-player", *v, 1, 1 << 20, "1 or more") - 1;
  if (auto* v = get(vm, "sweep-values")) c.sweep.values = split_list(*v);
}

void canonicalise_players(ExperimentConfig& c) {
  const auto& registry = strategies::Registry::builtin();
  for (auto& p : c.players) {
    try {
      p = registry.canonical(p);
    } catch (const strategies::SpecError& e) {
      throw ConfigError(std::string("player: ") + e.what());
    }
  }
}

void check(ExperimentConfig& c) {
  if (const std::string why = dominoes::validate(c.rules); !why.empty()) throw ConfigError(why);
  if (c.name.empty() || c.name.find_first_of("/#") != std::string::npos)
    throw ConfigError("name \"" + c.name + "\" is not valid: a non-empty word without '/' or '#'");
  // A config file treats '#' as the start of a comment, so config.cfg could not carry these.
  for (const auto* path : {&c.out_dir, &c.games_out})
    if (path->find('#') != std::string::npos)
      throw ConfigError("path \"" + *path + "\" is not valid: it may not contain '#'");
  canonicalise_players(c);
  const auto n = c.players.size();
  if (c.format == Format::kHeadToHead && n != 2)
    throw ConfigError("format head-to-head needs exactly 2 players, got " + std::to_string(n));
  if (n < 2)
    throw ConfigError("format " + to_string(c.format) + " needs at least 2 players, got " +
                      std::to_string(n) + ": add player = SPEC lines or --player SPEC");
  check_sweep(c);
  if (c.out_dir.empty()) c.out_dir = "results/" + c.name;
}

po::variables_map read_options(const std::vector<std::string>& args, bool& help) {
  po::options_description cli("dominoes run [CONFIG.cfg] [--key=value ...]");
  cli.add_options()("help,h", "show this help")(
      "config", po::value<std::string>(), "experiment config file (INI)");
  cli.add(experiment_options());
  po::positional_options_description positional;
  positional.add("config", 1);
  po::variables_map vm;
  // No guessing of abbreviated options: --play must not silently mean --player.
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  po::store(
      po::command_line_parser(args).options(cli).positional(positional).style(style).run(), vm);
  help = vm.count("help") > 0;
  if (help || !vm.count("config")) return vm;
  const std::string path = vm["config"].as<std::string>();
  std::ifstream file(path);
  if (!file) throw ConfigError("cannot read config file \"" + path + "\"");
  try {
    po::store(po::parse_config_file(file, experiment_options()), vm);
  } catch (const po::error& e) {
    throw ConfigError("in " + path + ": " + e.what() + "; valid keys: " + valid_keys());
  }
  return vm;
}

std::string help_text() {
  std::ostringstream os;
  os << "Usage: dominoes run [CONFIG.cfg] [--key=value ...]\n\n"
        "Runs an experiment: every pairing of the players plays `deals` deals (with duplicate\n"
        "deals, each deal twice with the hands swapped), in parallel and reproducibly, and writes\n"
        "summary.csv, summary.md, crosstable files for round robins, and config.cfg to the output\n"
        "directory. Without CONFIG, the built-in default experiment runs (a quick round robin of\n"
        "lowest, random and heuristic). Options on the command line override the file. An\n"
        "interrupted run started again with the same config resumes from its journal.\n\n"
     << experiment_options();
  return os.str();
}

}  // namespace

std::string to_string(Format format) {
  switch (format) {
    case Format::kHeadToHead: return "head-to-head";
    case Format::kRoundRobin: return "round-robin";
    case Format::kGauntlet: return "gauntlet";
  }
  return "round-robin";
}

std::vector<std::vector<std::string>> player_lists(const ExperimentConfig& c) {
  if (!c.sweep.active()) return {c.players};
  std::vector<std::vector<std::string>> lists;
  for (const auto& value : c.sweep.values) {
    lists.push_back(c.players);
    auto& swept = lists.back()[static_cast<std::size_t>(c.sweep.player)];
    swept = with_param(swept, c.sweep.param, value);
  }
  return lists;
}

ExperimentConfig default_experiment() {
  ExperimentConfig c;
  c.players = {"lowest", "random", "heuristic"};
  return c;
}

RunRequest parse_run_arguments(const std::vector<std::string>& args) {
  RunRequest request;
  po::variables_map vm;
  try {
    vm = read_options(args, request.help);
  } catch (const po::error& e) {
    throw ConfigError(std::string(e.what()) + "; valid options: --help, " + valid_keys());
  }
  if (request.help) {
    request.help_text = help_text();
    return request;
  }
  request.config = vm.count("config") ? ExperimentConfig{} : default_experiment();
  apply_numbers(vm, request.config);
  apply_words(vm, request.config);
  check(request.config);
  return request;
}

std::string to_ini(const ExperimentConfig& c) {
  std::ostringstream os;
  os << "# dominoes experiment config (INI); run it with: dominoes run THIS_FILE\n"
     << "name = " << c.name << "\ndeals = " << c.deals << "\nseed = " << c.seed
     << "\nthreads = " << c.threads << "\nformat = " << to_string(c.format)
     << "\nduplicate = " << (c.duplicate ? "true" : "false")
     << "\ntarget = " << c.rules.match_target << "\ndouble = " << c.rules.max_pip
     << "\nhand-size = " << c.rules.hand_size << "\nscoring = " << to_string(c.rules.scoring)
     << "\nleader = " << to_string(c.rules.leader) << "\nchunk = " << c.chunk << "\n";
  if (!c.out_dir.empty()) os << "out = " << c.out_dir << "\n";
  if (!c.games_out.empty()) os << "games-out = " << c.games_out << "\n";
  for (const auto& p : c.players) os << "player = " << p << "\n";
  if (c.sweep.active()) {
    os << "sweep-player = " << c.sweep.player + 1 << "\nsweep-param = " << c.sweep.param
       << "\nsweep-values = ";
    for (std::size_t i = 0; i < c.sweep.values.size(); ++i)
      os << (i ? "," : "") << c.sweep.values[i];
    os << "\n";
  }
  return os.str();
}

std::uint64_t fingerprint(const ExperimentConfig& c) {
  ExperimentConfig copy = c;
  copy.threads = 0;  // results do not depend on these
  copy.quiet = false;
  copy.name.clear();
  copy.out_dir.clear();
  std::uint64_t h = 0xCBF29CE484222325ull;  // FNV-1a
  for (unsigned char ch : to_ini(copy)) h = (h ^ ch) * 0x100000001B3ull;
  return h;
}

}  // namespace tournament
