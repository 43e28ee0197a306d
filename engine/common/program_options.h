// What both programs (`dominoes`, `solver`) do the same way with Boost.Program_options: read a
// command line with no guessing of abbreviated options, and turn its errors into one line built
// here from the option's name.
//
// Why not e.what(): Boost 1.74 formats its messages by replacing placeholders such as
// %canonical_option% in a template with the user's text, and loops forever when that text itself
// contains the placeholder (`--%canonical_option%` hangs the program). So no user text is ever
// handed to Boost's formatter: the message is assembled from get_option_name(), which only joins
// the option's declared name (or, for an unknown option, the raw token) with its dashes, and is
// cut by common::quoted.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "engine/common/text.h"

namespace common {
namespace option_error_detail {

namespace po = boost::program_options;

inline std::string name_of(const po::error_with_option_name& e) {
  return common::quoted(e.get_option_name());
}

inline std::string syntax_text(const po::invalid_syntax& e) {
  const std::string name = name_of(e);
  switch (e.kind()) {
    case po::invalid_syntax::missing_parameter:
      return "option " + name + " needs a value";
    case po::invalid_syntax::extra_parameter:
      return "option " + name + " takes no value";
    case po::invalid_syntax::empty_adjacent_parameter:
      return "option " + name + " has an empty value after '='";
    default:
      return "option " + name + " is not written as --name VALUE or --name=VALUE";
  }
}

inline std::string validation_text(const po::validation_error& e) {
  const std::string name = name_of(e);
  switch (e.kind()) {
    case po::validation_error::multiple_values_not_allowed:
      return "option " + name + " takes one value";
    case po::validation_error::at_least_one_value_required:
      return "option " + name + " needs a value";
    default:
      return "the value of option " + name + " is not valid";
  }
}

}  // namespace option_error_detail

/// Returns one line describing `e` without calling e.what() on a message that carries user text,
/// e.g. `unknown option "--dels"`, `option "--deals" is given more than once`, `option "--deals"
/// needs a value`, `line "deals" is not of the form key = value` (config files).
inline std::string describe_option_error(const boost::program_options::error& e) {
  namespace po = boost::program_options;
  using namespace option_error_detail;
  if (const auto* u = dynamic_cast<const po::unknown_option*>(&e))
    return "unknown option " + name_of(*u);
  if (const auto* a = dynamic_cast<const po::ambiguous_option*>(&e))
    return "ambiguous option " + name_of(*a);
  if (const auto* m = dynamic_cast<const po::multiple_occurrences*>(&e))
    return "option " + name_of(*m) + " is given more than once";
  if (const auto* f = dynamic_cast<const po::invalid_config_file_syntax*>(&e))
    return "line " + common::quoted(f->tokens()) + " is not of the form key = value";
  if (const auto* s = dynamic_cast<const po::invalid_syntax*>(&e)) return syntax_text(*s);
  if (const auto* v = dynamic_cast<const po::validation_error*>(&e)) return validation_text(*v);
  if (const auto* r = dynamic_cast<const po::required_option*>(&e))
    return "option " + name_of(*r) + " is required";
  if (const auto* n = dynamic_cast<const po::error_with_option_name*>(&e))
    return "bad option " + name_of(*n);
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e))
    return "too many arguments that are not options";
  return "the command line is not valid";  // the remaining error types carry no user text
}

/// Returns the options in `args` parsed against `options`, with `positional` naming the words
/// that are not options (default: none allowed). Abbreviations are not guessed: `--play` is an
/// unknown option, not silently `--player`. Throws boost::program_options::error for an unknown,
/// repeated or malformed option or a stray word; describe it with describe_option_error().
inline boost::program_options::variables_map parse_command_line(
    const std::vector<std::string>& args,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional = {}) {
  namespace po = boost::program_options;
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  po::variables_map vm;
  po::store(
      po::command_line_parser(args).options(options).positional(positional).style(style).run(), vm);
  return vm;
}

}  // namespace common
