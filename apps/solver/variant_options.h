// The options `solver equilibrium` and `solver exploitability` share: which small variant's game
// tree to build (the set, the hand size, the scoring rule, a node limit), the solve's target and
// iteration limit, and a number option read with a range.
#pragma once

#include <boost/program_options.hpp>
#include <fstream>
#include <string>

#include "engine/equilibrium/game_tree.h"
#include "engine/equilibrium/solve.h"

namespace solver_app {

/// Adds --double, --hand, --scoring, --max-nodes, --target and --max-iterations to `o`.
void add_variant_options(boost::program_options::options_description& o);

/// Returns the game tree of the variant the options name, seat 0 leading. Throws OptionError for
/// a bad value (one line naming the option and the valid range) and std::invalid_argument when
/// the tree would exceed --max-nodes (the builder's message names the variant).
equilibrium::GameTree tree_from(const boost::program_options::variables_map& vm);

/// Returns the real number given to --`name` (a string option), in min..max. Throws OptionError
/// naming the option, the text and the range otherwise.
double real_option(const boost::program_options::variables_map& vm, const std::string& name,
                   double min, double max);

/// Runs CFR+ to --target or --max-iterations, printing a progress line on stderr after a check
/// when a second has passed since the last line (10 seconds when stderr is not a terminal).
equilibrium::SolveResult solve_from(const boost::program_options::variables_map& vm,
                                    const equilibrium::GameTree& tree);

/// Throws IoError "cannot write PATH" for the option --`name`.
[[noreturn]] void throw_write_error(const boost::program_options::variables_map& vm, const std::string& name);

/// Opens the file the option --`name` names for writing, when given (call it before the work, so a
/// bad path fails fast), else leaves `out` closed. Throws IoError naming the path.
void open_output(const boost::program_options::variables_map& vm, const std::string& name,
                 std::ofstream& out);

/// Writes through `write(std::ostream&)` to `out` when open_output opened it, and flushes. Throws
/// IoError naming --`name`'s path when the write fails (a full disk).
template <typename Write>
void write_output(const boost::program_options::variables_map& vm, const std::string& name,
                  std::ofstream& out, const Write& write) {
  if (!out.is_open()) return;
  write(out);
  if (!out.flush()) throw_write_error(vm, name);
}

/// Returns this process's peak resident memory in MiB (getrusage).
double peak_memory_mib();

}  // namespace solver_app
