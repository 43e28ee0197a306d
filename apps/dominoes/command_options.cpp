#include "apps/dominoes/command_options.h"

#include "engine/common/key_options.h"
#include "engine/common/program_options.h"
#include "engine/common/text.h"
#include "engine/dominoes/rules_keys.h"
#include "strategies/registry.h"

namespace dominoes_cli {
namespace po = boost::program_options;

po::options_description rules_options(bool with_leader, bool with_target) {
  po::options_description o("Rules (as for dominoes run)");
  for (const auto& key : dominoes::rules_keys()) {
    if ((key.name == "target" && !with_target) || (key.name == "leader" && !with_leader)) continue;
    common::add_key_option(o, key);  // --partners / --no-partners, as dominoes run spells them
  }
  return o;
}

po::variables_map read_options(const std::vector<std::string>& args,
                               const po::options_description& options, const std::string& command,
                               const po::positional_options_description& positional) {
  try {
    common::check_flags_take_no_value(args, dominoes::rules_keys(),
                                      positional.max_total_count() > 0);
    return common::parse_command_line(args, options, positional);
  } catch (const common::KeyError& e) {
    throw UsageError(std::string(e.what()) + "; see dominoes " + command + " --help");
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
  std::vector<std::pair<std::string, std::string>> given;
  try {
    for (const auto& key : dominoes::rules_keys())
      if (const auto text = common::key_option_text(vm, key.name))
        given.emplace_back(key.name, *text);
    return dominoes::rules_from(given);
  } catch (const common::KeyError& e) {
    throw UsageError(std::string("--") + e.what());
  }
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

void check_plays_seats(const std::string& key, const std::string& spec,
                       const dominoes::Rules& rules) {
  const std::string why = strategies::Registry::builtin().rules_refusal(spec, rules);
  if (!why.empty())
    throw UsageError("--" + key + " " + common::quoted(common::trimmed(spec)) + ": " + why);
}

}  // namespace dominoes_cli
