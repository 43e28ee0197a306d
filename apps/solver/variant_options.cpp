#include "apps/solver/variant_options.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>

#include "apps/solver/input.h"
#include "apps/solver/options.h"
#include "engine/common/memory_limit.h"
#include "engine/common/same_file.h"
#include "engine/common/text.h"
#include "engine/common/whole_file.h"
#include "engine/dominoes/rules.h"

namespace po = boost::program_options;

namespace solver_app {

namespace {

// A node with its share of the best responses' and CFR's arrays takes about 64 bytes: the default
// limit keeps a tree within the memory one table may take (engine/common/memory_limit.h).
std::int64_t default_max_nodes() {
  return std::min<std::int64_t>(static_cast<std::int64_t>(common::max_table_mib() << 20) / 64,
                                std::numeric_limits<std::int32_t>::max());
}

}  // namespace

void add_variant_options(po::options_description& o) {
  add_rules_option(o, "double", "3");
  o.add_options()("hand", po::value<std::string>()->default_value("3"),
                  "tiles dealt to each seat, 1.. (at most half the set)");
  add_rules_option(o, "scoring", "opponent-pips");
  o.add_options()(
      "max-nodes", po::value<std::string>()->default_value(std::to_string(default_max_nodes())),
      "--method tree: refuse a game tree larger than this many nodes, 1..2147483647 (the default "
      "fits half this machine's memory)")(
      "target", po::value<std::string>()->default_value("0.001"),
      "stop the solve once the exploitability is at most this many points per game, "
      "1e-9..100")("max-iterations", po::value<std::string>()->default_value("100000"),
                   "stop the solve after this many CFR iterations in any case, 1..100000000");
}

void add_method_options(po::options_description& o) {
  o.add_options()("method", po::value<std::string>()->default_value("public"),
                  "public (the public tree, regrets only) or tree (the whole game tree)")(
      "regrets", po::value<std::string>()->default_value("dcfr"),
      "--method public: dcfr (discounted CFR, Brown & Sandholm 2019: alpha 1.5, beta 0, gamma 2) "
      "or cfr+ (regrets floored at 0, linear averaging)")(
      "max-memory", po::value<std::string>(),
      "--method public: refuse a variant whose tables need more than this many MiB, 1.. "
      "(default: half this machine's memory)");
}

bool public_method(const po::variables_map& vm) {
  const std::string method = vm["method"].as<std::string>();
  if (method != "public" && method != "tree")
    throw OptionError("--method " + common::quoted(method) + " is not valid: valid public or tree");
  // An option of the other method would be ignored: refuse it rather than pretend to honour it.
  const bool is_public = method == "public";
  for (const char* name : is_public ? std::vector<const char*>{"max-nodes"}
                                    : std::vector<const char*>{"regrets", "max-memory"})
    if (vm.count(name) && !vm[name].defaulted())
      throw OptionError(std::string("--") + name + " is for --method " +
                        (is_public ? "tree" : "public") + " only, and this solve uses --method " +
                        method + ": leave it out, or give --method " +
                        (is_public ? "tree" : "public"));
  return is_public;
}

std::unique_ptr<equilibrium::PublicTreeCfr> public_solver_from(const po::variables_map& vm) {
  const dominoes::Rules rules = variant_rules(vm);
  const std::string regrets = vm["regrets"].as<std::string>();
  if (regrets != "cfr+" && regrets != "dcfr")
    throw OptionError("--regrets " + common::quoted(regrets) + " is not valid: valid dcfr or cfr+");
  const std::int64_t max_bytes =
      vm.count("max-memory")
          ? int_option<std::int64_t>(vm, "max-memory", 1, std::int64_t{1} << 30) << 20
          : static_cast<std::int64_t>(common::max_table_mib()) << 20;
  return std::make_unique<equilibrium::PublicTreeCfr>(rules,
                                                      regrets == "dcfr"
                                                          ? equilibrium::RegretUpdate::kDiscounted
                                                          : equilibrium::RegretUpdate::kCfrPlus,
                                                      max_bytes);
}

dominoes::Rules variant_rules(const po::variables_map& vm) {
  dominoes::Rules rules;
  read_set_option(vm, rules);
  rules.hand_size = int_option(vm, "hand", 1, dominoes::tile_count(rules.max_pip) / 2);
  read_rules_option(vm, "scoring", rules);
  return rules;
}

equilibrium::GameTree tree_from(const po::variables_map& vm, SolveStatus* status) {
  const dominoes::Rules rules = variant_rules(vm);
  const auto max_nodes =
      int_option<std::int64_t>(vm, "max-nodes", 1, std::numeric_limits<std::int32_t>::max());
  return equilibrium::build_game_tree(rules, 0, max_nodes, status ? &status->nodes : nullptr);
}

double real_option(const po::variables_map& vm, const std::string& name, double min, double max) {
  const std::string& text = vm[name].as<std::string>();
  const auto value = common::parse_double(text);
  if (value && *value >= min && *value <= max) return *value;
  throw OptionError("--" + name + " " + common::quoted(text) + " is not valid: valid a number " +
                    common::shortest_decimal(min) + ".." + common::shortest_decimal(max));
}

equilibrium::SolveResult solve_from(const po::variables_map& vm, const equilibrium::GameTree& tree,
                                    SolveStatus& status) {
  const double target = real_option(vm, "target", 1e-9, 100);
  const int max_iterations = int_option(vm, "max-iterations", 1, 100'000'000);
  status.start_solving();
  return equilibrium::solve_to_target(
      tree, target, max_iterations, [&](const equilibrium::CurvePoint& p) { status.checked(p); },
      &status.iterations);
}

SolveStatus::SolveStatus(bool quiet)
    : line_([this](std::size_t) { return text(); }, common::status_mode(quiet, STDERR_FILENO),
            false) {}

void SolveStatus::start_solving() {
  const std::lock_guard lock(mutex_);
  solving_ = true;
  solve_start_ = std::chrono::steady_clock::now();
}

void SolveStatus::checked(const equilibrium::CurvePoint& point) {
  const std::lock_guard lock(mutex_);
  last_ = point;
}

std::string SolveStatus::text() {
  const std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  char line[160];
  if (!solving_ && public_tree) {
    std::snprintf(
        line, sizeof line, "laying out the public tree (%s)",
        common::duration_text(std::chrono::duration<double>(now - start_).count()).c_str());
  } else if (!solving_) {
    std::snprintf(
        line, sizeof line, "building the game tree: %lld nodes (%s)",
        static_cast<long long>(nodes.load(std::memory_order_relaxed)),
        common::duration_text(std::chrono::duration<double>(now - start_).count()).c_str());
  } else if (!last_) {
    std::snprintf(line, sizeof line, "iteration %d: exploitability ?, value ? (%.1f s)",
                  iterations.load(std::memory_order_relaxed),
                  std::chrono::duration<double>(now - solve_start_).count());
  } else {
    std::snprintf(line, sizeof line, "iteration %d: exploitability %.6g, value %.6f (%.1f s)",
                  iterations.load(std::memory_order_relaxed), last_->exploitability, last_->value,
                  std::chrono::duration<double>(now - solve_start_).count());
  }
  return line;
}

void check_outputs(const po::variables_map& vm, const std::vector<std::string>& names,
                   const std::vector<std::string>& inputs) {
  std::vector<std::string> given;
  for (const std::string& name : names) {
    if (!vm.count(name)) continue;
    const std::string& path = vm[name].as<std::string>();
    try {
      common::check_replaceable(path);
    } catch (const std::runtime_error& e) {
      throw OptionError("--" + name + ": " + e.what());
    }
    for (const std::string& other : given)
      if (common::same_path(path, vm[other].as<std::string>()))
        throw OptionError("--" + name + " and --" + other + " name the same file " +
                          common::quoted(path) + ": give each its own");
    for (const std::string& input : inputs)
      if (vm.count(input) && common::same_existing_file(path, vm[input].as<std::string>()))
        throw OptionError("--" + name + " names the file --" + input + " reads (" +
                          common::quoted(path) + "): give another output file");
    given.push_back(name);
  }
}

void write_output_text(const std::string& path, const std::string& text) {
  try {
    common::write_whole_file(path, text);
  } catch (const std::runtime_error& e) {
    throw IoError(e.what());
  }
}

double peak_memory_mib() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux reports KiB
}

}  // namespace solver_app
