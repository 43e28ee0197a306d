// The options `solver equilibrium` and `solver exploitability` share: which small variant's game
// tree to build (the set, the hand size, the scoring rule, a node limit), the solve's target and
// iteration limit, and a number option read with a range.
#pragma once

#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/common/status_line.h"
#include "engine/equilibrium/game_tree.h"
#include "engine/equilibrium/public_tree_cfr.h"
#include "engine/equilibrium/solve.h"

namespace solver_app {

/// Adds --double, --hand, --scoring, --max-nodes, --target and --max-iterations to `o`.
void add_variant_options(boost::program_options::options_description& o);

/// Adds --method (public or tree), --regrets (cfr+ or dcfr) and --max-memory (MiB), which choose
/// the solver (public_tree_cfr.h or game_tree.h with cfr.h).
void add_method_options(boost::program_options::options_description& o);

/// Returns true for --method public, false for tree. Throws OptionError for another value.
bool public_method(const boost::program_options::variables_map& vm);

/// Returns the public-tree solver of the variant the options name (--regrets, --max-memory: by
/// default half this machine's memory). Throws OptionError for a bad value (one line naming the
/// option and the valid values) and std::invalid_argument when the variant does not fit.
std::unique_ptr<equilibrium::PublicTreeCfr> public_solver_from(
    const boost::program_options::variables_map& vm);

/// The progress of a solve on stderr, from the tree's build on (common::StatusLine: at a
/// terminal a line redrawn in place, in a log a plain line every 30 s, nothing when quiet):
///   building the game tree: 1234567 nodes (3s)      (or: laying out the public tree (3s))
///   iteration 120: exploitability 0.0123, value 0.456 (12.3 s)
/// the iteration counting up as CFR+ runs, the exploitability and value those of the last exact
/// check (cfr.h; "?" before the first).
class SolveStatus {
 public:
  explicit SolveStatus(bool quiet);
  /// Stops the line; at a terminal it is ended with a newline. Idempotent.
  void finish() { line_.finish(); }

  std::atomic<std::int64_t> nodes{0};  ///< nodes built so far (build_game_tree)
  /// Set before the public-tree solver lays out its tables: the line says so instead of nodes.
  std::atomic<bool> public_tree{false};
  std::atomic<int> iterations{0};  ///< CFR+ iterations done so far
  /// Says the tree is built and CFR+ starts (the line's clock restarts).
  void start_solving();
  /// Records an exact check (solve_to_target's on_check).
  void checked(const equilibrium::CurvePoint& point);

 private:
  std::string text();
  std::mutex mutex_;
  bool solving_ = false;
  std::optional<equilibrium::CurvePoint> last_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point solve_start_;
  common::StatusLine line_;  // last: its thread starts once the rest is ready
};

/// Returns the rules of the variant --double, --hand and --scoring name (two seats). Throws
/// OptionError for a bad value (one line naming the option and the valid range).
dominoes::Rules variant_rules(const boost::program_options::variables_map& vm);

/// Returns the game tree of the variant the options name, seat 0 leading; with `status`, counts
/// its nodes there as it builds. Throws OptionError for a bad value (one line naming the option
/// and the valid range) and std::invalid_argument when the tree would exceed --max-nodes (the
/// builder's message names the variant).
equilibrium::GameTree tree_from(const boost::program_options::variables_map& vm,
                                SolveStatus* status = nullptr);

/// Returns the real number given to --`name` (a string option), in min..max. Throws OptionError
/// naming the option, the text and the range otherwise.
double real_option(const boost::program_options::variables_map& vm, const std::string& name,
                   double min, double max);

/// Runs CFR+ to --target or --max-iterations, showing its progress in `status`.
equilibrium::SolveResult solve_from(const boost::program_options::variables_map& vm,
                                    const equilibrium::GameTree& tree, SolveStatus& status);

/// Checks, before the work, that the files the output options `names` name (those given) may be
/// written: each absent or a regular file in an existing folder (common::check_replaceable), and
/// no two of them, nor any of them and an input option in `inputs`, the same file. Throws
/// OptionError naming the option and what would be valid.
void check_outputs(const boost::program_options::variables_map& vm,
                   const std::vector<std::string>& names,
                   const std::vector<std::string>& inputs = {});

/// Writes `text` to `path` whole (common::write_whole_file). Throws IoError with its reason.
void write_output_text(const std::string& path, const std::string& text);

/// Writes through `write(std::ostream&)` the file --`name` names, when given, whole or not at all
/// (common::write_whole_file: through FILE.partial and a rename). Throws IoError naming the path
/// when it cannot be written (a full disk, a folder removed meanwhile).
template <typename Write>
void write_output(const boost::program_options::variables_map& vm, const std::string& name,
                  const Write& write) {
  if (!vm.count(name)) return;
  std::ostringstream text;
  write(text);
  write_output_text(vm[name].as<std::string>(), text.str());
}

/// Returns this process's peak resident memory in MiB (getrusage).
double peak_memory_mib();

}  // namespace solver_app
