// Command-line parsing shared by the solver's games: common::parse_command_line (no guessing of
// abbreviated options) with only the positional arguments a game declares (a stray word is an
// error, not ignored).
//
// Numbers are declared as string options and read here with common::parse_int/parse_double, so
// that "-1" is not an unsigned number, a bad value's message names the option, the text (cut by
// common::quoted) and the valid range, and Boost never builds a message from user text: Boost
// 1.74 formats its errors by substituting %name% placeholders until none is left, which loops
// forever when the user's token itself contains one (`--%canonical_option%`).
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <functional>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/solver/commands.h"
#include "engine/common/text.h"
#include "engine/dominoes/rules.h"

namespace solver_app {

/// Raised for a bad option value (not a number, out of range); what() is one line naming the
/// option, the value and what would be valid. Exit code 2, like every input error.
class OptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Returns a one-line message for a command-line error, built from the option's name (cut to
/// common::kEchoLimit) and the error's kind, never from Boost's message template.
std::string option_error_text(
    const boost::program_options::error& e,
    const boost::program_options::positional_options_description& positional);

/// Returns the whole number given to --`name` (declared as a string option), which must lie in
/// min..max. Throws OptionError naming the option, the text and the range otherwise.
template <typename Int>
Int int_option(const boost::program_options::variables_map& vm, const std::string& name, Int min,
               Int max) {
  const std::string& text = vm[name].as<std::string>();
  const auto value = common::parse_int<Int>(text);
  if (value && *value >= min && *value <= max) return *value;
  throw OptionError("--" + name + " " + common::quoted(text) +
                    " is not valid: valid a whole number " + std::to_string(min) + ".." +
                    std::to_string(max));
}

/// Returns the seconds given to --`name` (a string option): a finite number above 0 and at most
/// `max`. Throws OptionError naming the option, the text and the range otherwise.
double seconds_option(const boost::program_options::variables_map& vm, const std::string& name,
                      double max);

/// Adds the option of the rules key `name` (engine/dominoes/rules_keys.h: the help and valid values
/// `dominoes run` shows) with `fallback` as its default: the solver's variants default to smaller
/// sets than a run.
void add_rules_option(boost::program_options::options_description& options, const std::string& name,
                      const std::string& fallback);

/// Sets the field of `rules` that the rules key `name` names from its option in `vm` (which has a
/// default). Throws OptionError naming the option, the text and the valid values; whether the
/// rules fit together is dominoes::validate's to say.
void read_rules_option(const boost::program_options::variables_map& vm, const std::string& name,
                       dominoes::Rules& rules);

/// Sets `rules`' set from --double and its hand size to 1, the one size every set takes, so that
/// the set is checked alone; the caller then sets the hand size it reads against that set (--hand,
/// or the hands given). Throws OptionError for a bad --double.
void read_set_option(const boost::program_options::variables_map& vm, dominoes::Rules& rules);

/// The most MiB a --table-mb option accepts on any machine.
inline constexpr std::uint64_t kMaxTableMib = 65536;

/// Returns the bytes of a table whose size --`name` gives in MiB (a string option): a whole
/// number 1..kMaxTableMib and at most common::max_table_mib() (engine/common/memory_limit.h).
/// Throws OptionError naming the largest size this machine allows.
std::size_t table_bytes_option(const boost::program_options::variables_map& vm,
                               const std::string& name);

/// Runs one game's command: parses `args`, prints `options` for --help, else returns run(vm).
/// Bad input becomes one line on stderr and exit code 2: an option error, or any
/// std::invalid_argument, the base of every game's input error (OptionError, InputError,
/// PositionError, DanceBattleError, TakeawayError, TetrominoError). A file that cannot be read
/// (IoError) or memory that runs out (std::bad_alloc) is one line and exit code 1, and so is any
/// other exception ("internal error: ...": a bug, or a strategy that failed).
int run_game(const std::string& game, const std::vector<std::string>& args,
             const boost::program_options::options_description& options,
             const boost::program_options::positional_options_description& positional,
             const std::function<int(const boost::program_options::variables_map&)>& run);

}  // namespace solver_app
