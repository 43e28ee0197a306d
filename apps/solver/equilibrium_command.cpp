// `solver equilibrium`: an approximate Nash equilibrium of a small Block Dominoes variant by CFR
// on the public tree (issue 23) or over the whole game tree (issue 13), with its exact
// exploitability.
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "apps/solver/commands.h"
#include "apps/solver/input.h"
#include "apps/solver/options.h"
#include "apps/solver/variant_options.h"
#include "engine/equilibrium/public_tree_cfr.h"
#include "engine/equilibrium/strategy_file.h"

namespace po = boost::program_options;

namespace solver_app {
namespace {

po::options_description equilibrium_options() {
  po::options_description o(
      "Usage: solver equilibrium [--double N] [--hand H] [--scoring S] [--target X] [--out FILE]\n"
      "                          [--method public|tree] [--regrets dcfr|cfr+] [--max-memory "
      "MIB]\n\n"
      "Solves a small Block Dominoes variant as the imperfect-information game it is: every deal\n"
      "equally likely, seat 0 leading, each seat seeing its own hand and the public moves. Runs\n"
      "counterfactual regret minimisation until the average strategy's exploitability, computed\n"
      "exactly by best responses, is at most --target. --method public (the default) walks the\n"
      "tree of public moves with a vector over each seat's consistent hands and stores only the\n"
      "regrets (engine/equilibrium/public_tree_cfr.h), by discounted CFR (Brown & Sandholm 2019;\n"
      "--regrets cfr+ for CFR+, Tammelin 2014); --method tree runs CFR+ over the whole game tree\n"
      "with its information sets (engine/equilibrium/game_tree.h), far larger, kept as the "
      "oracle.\n"
      "Prints `value V` first: the leader's points minus the other seat's per game under\n"
      "equilibrium play. Then `exploitability E` (points per game a best response gains, mean "
      "over\n"
      "the two seats; 0 at an exact equilibrium), `iterations N`, whether the target was reached,\n"
      "the tree's size, the time and the peak memory.\n\n"
      "Progress on stderr from the tree's build on (nodes built, then the iteration with the last\n"
      "check's exploitability and value): at a terminal a line redrawn in place, in a log a plain\n"
      "line every 30 s; --quiet shows none.\n\n"
      "Example: solver equilibrium --double 3 --hand 3 --target 0.001 --out "
      "d3h3.strategy\n\nOptions");
  o.add_options()("help,h", "show this help")("quiet", "no progress line on stderr");
  add_variant_options(o);
  add_method_options(o);
  o.add_options()("out", po::value<std::string>(),
                  "save the strategy to FILE (format: engine/equilibrium/strategy_file.h), for "
                  "the `equilibrium` strategy and `solver exploitability --equilibrium`")(
      "curve", po::value<std::string>(),
      "write every exploitability check to FILE as CSV: iterations,exploitability,value,seconds");
  return o;
}

void write_curve(const po::variables_map& vm, const std::vector<equilibrium::CurvePoint>& curve) {
  write_output(vm, "curve", [&](std::ostream& out) {
    out << "iterations,exploitability,value,seconds\n";
    for (const auto& p : curve)
      out << p.iterations << "," << common::shortest_decimal(p.exploitability) << ","
          << common::shortest_decimal(p.value) << "," << common::shortest_decimal(p.seconds)
          << "\n";
  });
}

void print_result(const po::variables_map& vm, const equilibrium::SolveCurve& result) {
  const equilibrium::CurvePoint& last = result.curve.back();
  std::printf("value %.6f\nexploitability %.6g\niterations %d\n", last.value, last.exploitability,
              last.iterations);
  std::printf("target %s %s\n", vm["target"].as<std::string>().c_str(),
              result.reached ? "reached" : "not reached (raise --max-iterations)");
}

void print_time(std::chrono::steady_clock::time_point start,
                const equilibrium::SolveCurve& result) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("seconds %.2f solve-seconds %.2f peak-memory-mib %.0f\n", seconds,
              result.curve.back().seconds, peak_memory_mib());
}

int run_tree(const po::variables_map& vm) {
  const auto start = std::chrono::steady_clock::now();
  SolveStatus status(vm.count("quiet") > 0);
  const equilibrium::GameTree tree = tree_from(vm, &status);
  const equilibrium::SolveResult result = solve_from(vm, tree, status);
  status.finish();
  const equilibrium::CurvePoint& last = result.curve.back();
  // The files first: a failed write is one line on stderr with nothing on stdout.
  write_output(vm, "out", [&](std::ostream& out) {
    equilibrium::write_strategy(out, tree, result.strategy,
                                {last.value, last.exploitability, last.iterations});
  });
  write_curve(vm, result.curve);
  print_result(vm, result);
  std::printf("deals %zu nodes %zu infosets %zu\n", tree.deals.size(), tree.nodes.size(),
              tree.infosets.size());
  print_time(start, result);
  return 0;
}

int run_public(const po::variables_map& vm) {
  const auto start = std::chrono::steady_clock::now();
  const double target = real_option(vm, "target", 1e-9, 100);
  const int max_iterations = int_option(vm, "max-iterations", 1, 100'000'000);
  SolveStatus status(vm.count("quiet") > 0);
  status.public_tree = true;
  const std::unique_ptr<equilibrium::PublicTreeCfr> public_solver = public_solver_from(vm);
  equilibrium::PublicTreeCfr& solver = *public_solver;
  status.start_solving();
  const equilibrium::SolveCurve result = equilibrium::solve_to_target(
      solver, target, max_iterations, [&](const equilibrium::CurvePoint& p) { status.checked(p); },
      &status.iterations);
  status.finish();
  const equilibrium::CurvePoint& last = result.curve.back();
  write_output(vm, "out", [&](std::ostream& out) {
    equilibrium::write_strategy(out, solver, {last.value, last.exploitability, last.iterations});
  });
  write_curve(vm, result.curve);
  print_result(vm, result);
  const equilibrium::PublicTreeSize& size = solver.size();
  std::printf("public-nodes %lld infosets %lld choice-infosets %lld table-mib %.1f\n",
              static_cast<long long>(size.public_nodes),
              static_cast<long long>(size.information_sets),
              static_cast<long long>(size.choice_sets),
              static_cast<double>(solver.table_bytes()) / (1 << 20));
  print_time(start, result);
  return 0;
}

int run(const po::variables_map& vm) {
  const bool public_tree = public_method(vm);
  check_outputs(vm, {"out", "curve"});
  return public_tree ? run_public(vm) : run_tree(vm);
}

}  // namespace

int equilibrium_command(const std::vector<std::string>& args) {
  return run_game("equilibrium", args, equilibrium_options(), {}, run);
}

}  // namespace solver_app
