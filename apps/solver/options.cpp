#include "apps/solver/options.h"

#include <algorithm>
#include <iostream>

#include "apps/solver/input.h"
#include "engine/common/key_options.h"
#include "engine/common/memory_limit.h"
#include "engine/common/program_options.h"
#include "engine/dominoes/rules_keys.h"

namespace po = boost::program_options;

namespace solver_app {
namespace {

std::string positional_text(const po::positional_options_description& positional) {
  const unsigned most = positional.max_total_count();
  if (most == 0) return "unexpected argument: this command takes only options";
  return "too many arguments: this command takes at most " + std::to_string(most) + " " +
         positional.name_for_position(0) + " besides its options";
}

}  // namespace

std::string option_error_text(const po::error& e,
                              const po::positional_options_description& positional) {
  // Only the solver knows which positional arguments a game takes.
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e))
    return positional_text(positional);
  return common::describe_option_error(e);
}

double seconds_option(const po::variables_map& vm, const std::string& name, double max) {
  const std::string& text = vm[name].as<std::string>();
  const auto value = common::parse_double(text);
  if (value && *value > 0 && *value <= max) return *value;
  throw OptionError("--" + name + " " + common::quoted(text) +
                    " is not valid: valid a number of seconds above 0 and at most " +
                    std::to_string(static_cast<long long>(max)));
}

void add_rules_option(po::options_description& options, const std::string& name,
                      const std::string& fallback) {
  const auto* key = common::find_key(dominoes::rules_keys(), name);
  options.add_options()(key->name.c_str(), po::value<std::string>()->default_value(fallback),
                        (key->help + " (" + key->valid + ")").c_str());
}

void read_rules_option(const po::variables_map& vm, const std::string& name,
                       dominoes::Rules& rules) {
  try {
    common::find_key(dominoes::rules_keys(), name)->set(rules, vm[name].as<std::string>());
  } catch (const common::KeyError& e) {
    throw OptionError(std::string("--") + e.what());
  }
}

void read_set_option(const po::variables_map& vm, dominoes::Rules& rules) {
  rules.hand_size = 1;  // any set takes one tile each: the hands are read against the set after
  read_rules_option(vm, "double", rules);
  if (const std::string why = dominoes::validate(rules); !why.empty()) throw OptionError(why);
}

std::size_t table_bytes_option(const po::variables_map& vm, const std::string& name) {
  const auto mib = int_option<std::uint64_t>(vm, name, 1, kMaxTableMib);
  const std::uint64_t most = std::min(kMaxTableMib, common::max_table_mib());
  if (mib > most)
    throw OptionError("--" + name + " " + std::to_string(mib) +
                      " is more memory than this machine allows: "
                      "valid 1.." +
                      std::to_string(most) + " (" + common::table_limit_reason() + ")");
  return static_cast<std::size_t>(mib) << 20;
}

int run_game(const std::string& game, const std::vector<std::string>& args,
             const po::options_description& options,
             const po::positional_options_description& positional,
             const std::function<int(const po::variables_map&)>& run) {
  try {
    common::check_flags_take_no_value(args, dominoes::rules_keys(),
                                      positional.max_total_count() > 0);
    const auto vm = common::parse_command_line(args, options, positional);
    if (vm.count("help")) {
      std::cout << options;
      return 0;
    }
    return run(vm);
  } catch (const po::error& e) {
    return bad_input(game + ": " + option_error_text(e, positional) + "; see solver " + game +
                     " --help");
  } catch (const std::invalid_argument& e) {
    return bad_input(game + ": " + e.what());
  } catch (const IoError& e) {
    return failed(game + ": " + e.what());
  } catch (const std::bad_alloc&) {
    return failed(game + ": out of memory: ask for a smaller table or problem");
  } catch (const std::exception& e) {  // not the input's fault: say so in one line
    return failed(game + ": internal error: " + e.what());
  }
}

}  // namespace solver_app
