// `dominoes merge DIR`: sums the shards' journals into the tables an unsharded run would write,
// prints summary.md like `dominoes run` does, and says what it merged on stderr.
#include "apps/dominoes/merge_command.h"

#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "apps/dominoes/print_tables.h"
#include "arena/tournament/report/sprt_report.h"
#include "arena/tournament/scale/merge.h"
#include "engine/common/program_options.h"
#include "strategies/registry.h"

namespace dominoes_cli {
namespace {

namespace po = boost::program_options;

constexpr const char* kHelp =
    "Usage: dominoes merge DIR [--partial]\n\n"
    "Writes the tables of a sharded run: DIR is the run's output directory, holding the\n"
    "shard-K-of-N/ directories that `dominoes run CONFIG --shard K/N` wrote (on any machines,\n"
    "then copied or shared here). The shards' exact chunk totals are summed in the order an\n"
    "unsharded run sums them, so the tables are byte-identical to `dominoes run CONFIG` on one\n"
    "machine (the measured columns aside: seconds and the milliseconds per decision). With an\n"
    "SPRT the test is checked here, chunk by chunk.\n"
    "Refuses, naming the problem, shards of different splits, configs or builds, a chunk counted\n"
    "twice, and missing chunks (it lists them; run those shards again: each resumes from its\n"
    "journal). The shard directories are only read.\n\n"
    "Example: for k in 0 1; do dominoes run --deals 200 --chunk 50 --out sharded --shard $k/2;\n"
    "         done; dominoes merge sharded\n\n";

po::options_description options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")(
      "partial",
      "write the tables of the chunks present even when some are missing, marked "
      "partial in summary.md and summary.json")("dir", po::value<std::string>(),
                                                "the sharded run's output directory");
  return o;
}

void print_merged(const tournament::MergeResult& r) {
  print_tables(r.config, r.tasks);
  std::int64_t games = 0;
  for (const auto& t : r.tasks) games += t.totals.games;
  std::cerr << "\nmerged " << r.shards_found << " of " << r.shard_count
            << " shards: " << r.chunks_read << " chunks, " << games << " "
            << (r.config.rules.match_target > 0 ? "matches" : "games") << " in the tables";
  if (r.partial()) std::cerr << "\nPARTIAL: " << r.missing.size() << " chunks are missing";
  if (r.config.sprt.enabled && !r.tasks.empty()) {
    const auto& t = r.tasks.front();
    std::cerr << "\nSPRT: "
              << tournament::sprt_verdict(t.sprt.decision, t.totals.deals, t.sprt.llr(),
                                          t.sprt.bounds);
  }
  std::cerr << "\ntables:";
  for (const auto& p : r.table_paths) std::cerr << " " << p;
  std::cerr << "\n";
}

}  // namespace

int merge_command(const std::vector<std::string>& args) {
  po::positional_options_description positional;
  positional.add("dir", 1);
  po::variables_map vm;
  try {
    vm = common::parse_command_line(args, options(), positional);
  } catch (const po::error& e) {
    std::cerr << "dominoes: merge: " << common::describe_option_error(e)
              << "; see dominoes merge --help\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << kHelp << options();
    return 0;
  }
  if (!vm.count("dir")) {
    std::cerr << "dominoes: merge: give the sharded run's output directory, e.g. dominoes merge "
                 "results/my-experiment\n";
    return 2;
  }
  try {
    print_merged(tournament::merge_shards(strategies::Registry::builtin(),
                                          vm["dir"].as<std::string>(), vm.count("partial") > 0));
  } catch (const tournament::ConfigError& e) {
    std::cerr << "dominoes: merge: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "dominoes: merge failed: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dominoes_cli
