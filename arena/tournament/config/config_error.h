// The one error type for bad input to a run: a config, an option, a journal or a games file that
// does not fit. Every room may throw it; the command line prints its one line and exits 2.
#pragma once

#include <stdexcept>

namespace tournament {

/// Raised for a bad config or option; what() is one line naming it and what would be valid.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tournament
