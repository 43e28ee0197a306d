// `solver posterior`: belief models measured against the exact posterior on a small two-seat
// variant (arena/posterior/belief_study.h), with the uniform posterior over the consistent worlds
// and the hand-made opponent models' posteriors beside them.
#include <tbb/global_control.h>
#include <unistd.h>

#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "apps/solver/commands.h"
#include "apps/solver/options.h"
#include "apps/solver/variant_options.h"
#include "arena/posterior/belief_study.h"
#include "engine/common/same_file.h"
#include "engine/common/status_line.h"
#include "engine/common/text.h"
#include "strategies/belief/belief_params.h"
#include "strategies/belief/enumerated_posterior.h"
#include "strategies/registry.h"

namespace po = boost::program_options;

namespace solver_app {
namespace {

const char* const kDefaultModels[] = {"none", "uniform", "heuristic", "self"};

po::options_description posterior_options() {
  po::options_description o(
      "Usage: solver posterior [--belief FILE ...] [--model M ...] --player SPEC [--player SPEC]\n"
      "                        [--double N] [--hand H] [--games G] [--csv FILE]\n\n"
      "Measures beliefs over the hidden tiles against the exact posterior on a small two-seat\n"
      "variant. The players (one: both seats; two: seated in turn, swapped every other game)\n"
      "play --games seeded games (game g: deal g/2 of --seed, duplicate deals); each must give\n"
      "its move distribution exactly (random, lowest, heuristic, softmax, net, equilibrium). At\n"
      "every turn of either seat while the game goes on, the exact posterior of where each\n"
      "hidden tile is (in the opponent's hand or never dealt), given what the seat saw and the\n"
      "strategy its opponent really plays, is computed by enumerating every opponent hand the\n"
      "record replays in and weighing it by the probability of the opponent's recorded moves.\n"
      "Compared with it:\n"
      "  belief FILE   a belief network (docs/formats.md, \"Model files\"), trained for these "
      "rules\n"
      "  model=M       the same enumeration weighed by an assumed opponent model, as inference\n"
      "                weighs its worlds (none: every consistent world alike; uniform, heuristic,\n"
      "                self at --temperature; fitted:FILE; net:FILE a policy network); by\n"
      "                default none, uniform, heuristic and self\n"
      "Per row, means over the turns of the means per hidden tile: total variation from the\n"
      "exact posterior, KL(exact || belief) in nats, the log loss of the tiles' true places in\n"
      "nats (the exact posterior's row is the least a belief can expect), and the turns where\n"
      "the belief ruled out a place the exact posterior allows (its KL is then infinite).\n"
      "A progress line on stderr (--quiet: none).\n\n"
      "Example: solver posterior --double 3 --hand 3 --player random "
      "--belief belief.safetensors\n\nOptions");
  o.add_options()("help,h", "show this help")("quiet", "no progress line on stderr")(
      "player", po::value<std::vector<std::string>>(),
      "a strategy spec (dominoes strategies) that gives its move distribution; once or twice")(
      "belief", po::value<std::vector<std::string>>(),
      "a belief model file (NAME.safetensors or its card NAME.json); repeat for more")(
      "model", po::value<std::vector<std::string>>(),
      "an opponent model to weigh the worlds by: none, uniform, heuristic, self, fitted:FILE, "
      "net:FILE (a policy); repeat for more (default: none, uniform, heuristic, self)")(
      "temperature", po::value<std::string>()->default_value("1"),
      "the heuristic and self models' temperature, 0..1e6")(
      "games", po::value<std::string>()->default_value("1000"), "games played, 1..100000000")(
      "seed", po::value<std::string>()->default_value("1"),
      "the deals' and choices' seed, 0..2^63")(
      "threads", po::value<std::string>()->default_value("0"), "threads; 0 = every core")(
      "csv", po::value<std::string>(),
      "also write one row per belief to FILE: belief,total_variation,kl,log_loss,ruled_out,"
      "turns,games");
  add_rules_option(o, "double", "3");
  o.add_options()("hand", po::value<std::string>()->default_value("3"),
                  "tiles dealt to each seat, 1.. (at most half the set)");
  add_rules_option(o, "scoring", "opponent-pips");
  add_rules_option(o, "leader", "random");
  return o;
}

dominoes::Rules rules_of(const po::variables_map& vm) {
  dominoes::Rules rules;
  read_set_option(vm, rules);
  rules.hand_size = int_option(vm, "hand", 1, dominoes::tile_count(rules.max_pip) / 2);
  read_rules_option(vm, "scoring", rules);
  read_rules_option(vm, "leader", rules);
  if (const std::string why = dominoes::validate(rules); !why.empty()) throw OptionError(why);
  return rules;
}

std::vector<std::string> list_of(const po::variables_map& vm, const char* name) {
  return vm.count(name) ? vm[name].as<std::vector<std::string>>() : std::vector<std::string>{};
}

// Returns the belief of --belief FILE, checked against the rules.
posterior::NamedBelief belief_of(const std::string& file, const dominoes::Rules& rules) {
  const std::string model = "net:" + file;
  if (const std::string why = strategies::check_opponent_model(model); !why.empty())
    throw std::invalid_argument("--belief " + common::quoted(file) + ": " + why);
  auto belief = strategies::make_world_belief(model);
  if (!belief)
    throw std::invalid_argument("--belief " + common::quoted(file) +
                                " is not a belief model: give it as --model net:FILE");
  if (const std::string why = strategies::net_model_refusal(model, rules); !why.empty())
    throw std::invalid_argument("--belief: " + why);
  return {"belief " + file, std::move(belief)};
}

// Returns the enumerated posterior under --model M, checked against the rules.
posterior::NamedBelief model_belief_of(const std::string& model, double temperature,
                                       const dominoes::Rules& rules) {
  if (const std::string why = strategies::check_opponent_model(model); !why.empty())
    throw std::invalid_argument("--model " + common::quoted(model) + ": " + why);
  if (strategies::make_world_belief(model))
    throw std::invalid_argument("--model " + common::quoted(model) +
                                " is a belief model: give its file as --belief");
  if (const std::string why = strategies::net_model_refusal(model, rules); !why.empty())
    throw std::invalid_argument("--model: " + why);
  return {"model=" + model, std::make_shared<strategies::EnumeratedPosterior>(
                                strategies::EnumeratedPosterior::of_model(
                                    strategies::make_opponent_model(model, temperature)))};
}

// Returns the study the options describe, every input checked.
posterior::BeliefStudy study_of(const po::variables_map& vm) {
  posterior::BeliefStudy study;
  study.rules = rules_of(vm);
  const auto players = list_of(vm, "player");
  if (players.empty() || players.size() > 2)
    throw OptionError("give --player SPEC once (both seats) or twice, not " +
                      std::to_string(players.size()) + " times");
  const auto& registry = strategies::Registry::builtin();
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string& spec = players[std::min(i, players.size() - 1)];
    if (const std::string why = registry.rules_refusal(spec, study.rules); !why.empty())
      throw std::invalid_argument("--player " + common::quoted(spec) + ": " + why);
    study.players.push_back(registry.make(spec));
    study.player_names[i] = registry.canonical(spec);
    if (!study.players[i].strategy())
      throw std::invalid_argument("--player " + common::quoted(spec) +
                                  " sees every hand: it has no posterior");
  }
  for (const auto& file : list_of(vm, "belief"))
    study.beliefs.push_back(belief_of(file, study.rules));
  const double temperature = real_option(vm, "temperature", 0, 1e6);
  std::vector<std::string> models = list_of(vm, "model");
  if (models.empty()) models.assign(std::begin(kDefaultModels), std::end(kDefaultModels));
  for (const auto& m : models)
    study.beliefs.push_back(model_belief_of(m, temperature, study.rules));
  study.games = int_option<std::int64_t>(vm, "games", 1, 100'000'000);
  study.seed = int_option<std::uint64_t>(vm, "seed", 0, std::uint64_t{1} << 63);
  return study;
}

std::string number(double x) {
  if (std::isinf(x)) return "inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.5f", x);
  return buf;
}

// The table on stdout: a Markdown table, the exact posterior's row first.
void print_table(const posterior::BeliefStudyResult& r, const posterior::BeliefStudy& study,
                 double seconds) {
  std::printf("games %lld turns %lld hidden-tiles %.3f seconds %.1f\n",
              static_cast<long long>(r.games), static_cast<long long>(r.turns), r.hidden_tiles,
              seconds);
  std::printf("players %s | %s\n\n", study.player_names[0].c_str(), study.player_names[1].c_str());
  std::printf("| belief | total variation | KL(exact || belief) | log loss | ruled out |\n");
  std::printf("|---|--:|--:|--:|--:|\n");
  const auto row = [](const posterior::BeliefScore& s) {
    std::printf("| %s | %s | %s | %s | %lld |\n", s.name.c_str(), number(s.total_variation).c_str(),
                number(s.kl).c_str(), number(s.log_loss).c_str(),
                static_cast<long long>(s.ruled_out));
  };
  row(r.exact);
  for (const auto& s : r.beliefs) row(s);
}

void write_csv(std::ostream& out, const posterior::BeliefStudyResult& r) {
  out << "belief,total_variation,kl,log_loss,ruled_out,turns,games\n";
  const auto row = [&](const posterior::BeliefScore& s) {
    out << '"' << s.name << "\"," << common::shortest_decimal(s.total_variation) << ","
        << (std::isinf(s.kl) ? std::string("inf") : common::shortest_decimal(s.kl)) << ","
        << (std::isinf(s.log_loss) ? std::string("inf") : common::shortest_decimal(s.log_loss))
        << "," << s.ruled_out << "," << r.turns << "," << r.games << "\n";
  };
  row(r.exact);
  for (const auto& s : r.beliefs) row(s);
}

// Returns the files the study reads: the belief models (both files of each pair), the opponent
// models' files and the players'.
std::vector<std::string> inputs_of(const po::variables_map& vm) {
  std::vector<std::string> files;
  for (const auto& file : list_of(vm, "belief")) {
    files.push_back(file);
    const auto dot = file.rfind('.');
    const std::string stem = dot == std::string::npos ? file : file.substr(0, dot);
    files.push_back(stem + ".json");
    files.push_back(stem + ".safetensors");
  }
  for (const auto& model : list_of(vm, "model"))
    if (const std::string file = strategies::fitted_model_file(model); !file.empty())
      files.push_back(file);
  for (const auto& spec : list_of(vm, "player"))
    for (const auto& file : strategies::Registry::builtin().files_read(spec)) files.push_back(file);
  return files;
}

// Refuses a --csv that is one of the study's inputs: it would be written over.
void check_csv(const po::variables_map& vm) {
  check_outputs(vm, {"csv"});
  if (!vm.count("csv")) return;
  const std::string& csv = vm["csv"].as<std::string>();
  for (const auto& input : inputs_of(vm))
    if (common::same_existing_file(csv, input))
      throw OptionError("--csv " + common::quoted(csv) + " is " + common::quoted(input) +
                        ", an input of this command: it would be written over; give another --csv");
}

int run(const po::variables_map& vm) {
  const auto threads = int_option(vm, "threads", 0, 1024);
  std::unique_ptr<tbb::global_control> limit;
  if (threads > 0)
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  threads);
  const posterior::BeliefStudy study = study_of(vm);
  check_csv(vm);
  const auto start = std::chrono::steady_clock::now();
  std::atomic<std::int64_t> done{0};
  posterior::BeliefStudyResult result;
  {
    common::StatusLine line(
        [&](std::size_t) {
          return "posterior: " + std::to_string(done.load()) + " of " +
                 std::to_string(study.games) + " games";
        },
        common::status_mode(vm.count("quiet") > 0, STDERR_FILENO), false);
    result = posterior::run_belief_study(study, [&](std::int64_t n) {
      std::int64_t seen = done.load();
      while (n > seen && !done.compare_exchange_weak(seen, n)) {
      }
    });
    line.finish();
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  write_output(vm, "csv", [&](std::ostream& out) { write_csv(out, result); });
  print_table(result, study, seconds);
  return 0;
}

}  // namespace

int posterior_command(const std::vector<std::string>& args) {
  return run_game("posterior", args, posterior_options(), {}, run);
}

}  // namespace solver_app
