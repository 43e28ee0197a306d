// What `dominoes play` and `dominoes advise` read the same way from their command lines: the
// rules variant (--seats, --double, --hand-size, --scoring, and for play --leader and --target:
// the rules keys of engine/dominoes/rules_keys.h, as `dominoes run` reads them), numbers with a
// range, and a strategy spec. Every bad value is a UsageError whose what() is one line naming the
// option and what would be valid.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/dominoes/rules.h"
#include "strategies/strategy.h"

namespace dominoes_cli {

/// A bad command line; what() is one line for the user, without the program's name.
class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Returns the rules options: --seats and its keys, --double, --hand-size, --scoring, --block,
/// --next-leader; --leader when `with_leader`, --target when `with_target`.
boost::program_options::options_description rules_options(bool with_leader,
                                                          bool with_target = false);

/// Returns the options in `args` parsed against `options` (no abbreviations guessed), with
/// `positional` naming the words that are not options (default: none). Throws UsageError naming
/// the bad option and pointing at `dominoes <command> --help`.
boost::program_options::variables_map read_options(
    const std::vector<std::string>& args,
    const boost::program_options::options_description& options, const std::string& command,
    const boost::program_options::positional_options_description& positional = {});

/// Returns the default rules changed by the rules options present in `vm` (dominoes::rules_from),
/// validated by dominoes::validate. Throws UsageError on a bad value.
dominoes::Rules read_rules(const boost::program_options::variables_map& vm);

/// Returns the integer value of option `key` when given, else `fallback`; throws UsageError when it
/// is not an integer in [min, max] (`valid` says which values are, e.g. "1 to 10000").
std::uint64_t read_number(const boost::program_options::variables_map& vm, const std::string& key,
                          std::uint64_t fallback, std::uint64_t min, std::uint64_t max,
                          const std::string& valid);

/// Returns a player for the strategy spec given as option `key` (or `fallback`). Throws UsageError
/// for a bad spec, and for an omniscient strategy when `allow_omniscient` is false.
strategies::Player make_player(const std::string& key, const std::string& spec,
                               bool allow_omniscient);

/// Throws UsageError naming option `key` when the strategy of `spec` (a spec make_player
/// accepted) does not play a table of rules.seats seats, in the registry's words
/// (strategies::Registry::seat_refusal), e.g. "--with \"minimax\": strategy minimax plays 2
/// seats, not 4: at 4 seats use random, lowest, heuristic".
void check_plays_seats(const std::string& key, const std::string& spec,
                       const dominoes::Rules& rules);

}  // namespace dominoes_cli
