// Command-line parsing shared by the solver's games: Boost.Program_options with option guessing
// off (so `--play` is an error, not silently `--player`) and only the positional arguments a game
// declares (a stray word is an error, not ignored).
#pragma once

#include <boost/program_options.hpp>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/solver/commands.h"

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

/// Runs one game's command: parses `args`, prints `options` for --help, else returns run(vm).
/// Bad input becomes one line on stderr and exit code 2: an option error, or any
/// std::invalid_argument, the base of every game's input error (PositionError,
/// DanceBattleError, TakeawayError, TetrominoError).
inline int run_game(const std::string& game, const std::vector<std::string>& args,
                    const boost::program_options::options_description& options,
                    const boost::program_options::positional_options_description& positional,
                    const std::function<int(const boost::program_options::variables_map&)>& run) {
  try {
    const auto vm = parse_arguments(args, options, positional);
    if (vm.count("help")) {
      std::cout << options;
      return 0;
    }
    return run(vm);
  } catch (const boost::program_options::error& e) {
    return bad_input(game + ": " + e.what() + "; see solver " + game + " --help");
  } catch (const std::invalid_argument& e) {
    return bad_input(game + ": " + e.what());
  }
}

}  // namespace solver_app
