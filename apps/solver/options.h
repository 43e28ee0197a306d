// Command-line parsing shared by the solver's games: Boost.Program_options with option guessing
// off (so `--play` is an error, not silently `--player`) and only the positional arguments a game
// declares (a stray word is an error, not ignored).
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

namespace solver_app {

/// Returns the options in `args` parsed against `options` and `positional` (default: none).
/// Throws boost::program_options::error on an unknown, repeated or malformed option.
inline boost::program_options::variables_map parse_arguments(
    const std::vector<std::string>& args, const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional = {}) {
  namespace po = boost::program_options;
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).positional(positional).style(style).run(), vm);
  return vm;
}

}  // namespace solver_app
