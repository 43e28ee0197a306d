// One-line messages for Boost.Program_options errors, built here from the option's name.
//
// Why not e.what(): Boost 1.74 formats its messages by replacing placeholders such as
// %canonical_option% in a template with the user's text, and loops forever when that text itself
// contains the placeholder (`--%canonical_option%` hangs the program). So no user text is ever
// handed to Boost's formatter: the message is assembled from get_option_name() (which reads the
// name without formatting) and cut by common::quoted.
#pragma once

#include <boost/program_options/errors.hpp>
#include <string>

#include "engine/common/text.h"

namespace common {

/// Returns one line describing `e` without calling e.what() on a message that carries user text,
/// e.g. `unknown option "--dels"`, `option --deals given more than once`, `option --deals needs a
/// value`. `source` names where the options came from ("the command line", a config file path)
/// and is added for config-file errors.
inline std::string describe_option_error(const boost::program_options::error& e) {
  namespace po = boost::program_options;
  if (const auto* u = dynamic_cast<const po::unknown_option*>(&e))
    return "unknown option " + common::quoted(u->get_option_name());
  if (const auto* a = dynamic_cast<const po::ambiguous_option*>(&e))
    return "ambiguous option " + common::quoted(a->get_option_name());
  if (const auto* m = dynamic_cast<const po::multiple_occurrences*>(&e))
    return "option " + common::quoted(m->get_option_name()) + " given more than once";
  if (const auto* f = dynamic_cast<const po::invalid_config_file_syntax*>(&e))
    return "line " + common::quoted(f->tokens()) + " is not of the form key = value";
  if (const auto* s = dynamic_cast<const po::invalid_syntax*>(&e)) {
    const std::string name = common::quoted(s->get_option_name());
    switch (s->kind()) {
      case po::invalid_syntax::missing_parameter: return "option " + name + " needs a value";
      case po::invalid_syntax::extra_parameter: return "option " + name + " takes no value";
      default: return "malformed option " + name;
    }
  }
  if (const auto* v = dynamic_cast<const po::validation_error*>(&e))
    return "bad value for option " + common::quoted(v->get_option_name());
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e))
    return "too many arguments that are not options";
  if (const auto* n = dynamic_cast<const po::error_with_option_name*>(&e))
    return "bad option " + common::quoted(n->get_option_name());
  return "bad command line";  // the remaining error types carry no user text worth echoing
}

}  // namespace common
