#include "apps/dominoes/command_options.h"

#include "engine/common/program_options.h"
#include "engine/common/text.h"
#include "strategies/registry.h"

namespace dominoes_cli {
namespace po = boost::program_options;

po::options_description rules_options(bool with_leader) {
  po::options_description o("Rules (as for dominoes run)");
  o.add_options()("double", po::value<std::string>(), "the set: double-N for N = 2..9 (default 6)")(
      "hand-size", po::value<std::string>(), "tiles per hand (default 7)")(
      "scoring", po::value<std::string>(),
      "opponent-pips | pip-difference | all-pips "
      "(default opponent-pips)");
  if (with_leader)
    o.add_options()("leader", po::value<std::string>(),
                    "random | heaviest-double | alternate "
                    "(default random)");
  return o;
}

po::variables_map read_options(const std::vector<std::string>& args,
                               const po::options_description& options, const std::string& command) {
  try {
    return common::parse_command_line(args, options);
  } catch (const po::error& e) {
    throw UsageError(common::describe_option_error(e) + "; see dominoes " + command + " --help");
  }
}

std::uint64_t read_number(const po::variables_map& vm, const std::string& key,
                          std::uint64_t fallback, std::uint64_t min, std::uint64_t max,
                          const std::string& valid) {
  if (!vm.count(key)) return fallback;
  const std::string& text = vm[key].as<std::string>();
  const auto value = common::parse_int<std::uint64_t>(text);
  if (!value || *value < min || *value > max)
    throw UsageError("--" + key + " " + common::quoted(text) + " is not valid: valid " + valid);
  return *value;
}

dominoes::Rules read_rules(const po::variables_map& vm) {
  dominoes::Rules rules;
  // Wide ranges here: dominoes::validate knows the real ones and names them.
  rules.max_pip = static_cast<int>(read_number(vm, "double", 6, 0, 1000, "2..9"));
  rules.hand_size = static_cast<int>(read_number(vm, "hand-size", 7, 1, 1000, "1 or more"));
  if (vm.count("scoring")) {
    const std::string& v = vm["scoring"].as<std::string>();
    if (!dominoes::parse_scoring_rule(v, rules.scoring))
      throw UsageError("--scoring " + common::quoted(v) +
                       " is not valid: valid opponent-pips, pip-difference or all-pips");
  }
  if (vm.count("leader")) {
    const std::string& v = vm["leader"].as<std::string>();
    if (!dominoes::parse_leader_rule(v, rules.leader))
      throw UsageError("--leader " + common::quoted(v) +
                       " is not valid: valid random, heaviest-double or alternate");
  }
  if (const std::string problem = dominoes::validate(rules); !problem.empty())
    throw UsageError(problem);
  return rules;
}

strategies::Player make_player(const std::string& key, const std::string& spec,
                               bool allow_omniscient) {
  try {
    strategies::Player player = strategies::Registry::builtin().make(spec);
    if (player.omniscient() && !allow_omniscient)
      throw UsageError("--" + key + " " + common::quoted(spec) +
                       " sees both hands, which are not known here: choose another strategy");
    return player;
  } catch (const strategies::SpecError& e) {
    throw UsageError("--" + key + ": " + e.what());
  }
}

}  // namespace dominoes_cli
