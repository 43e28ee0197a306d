#include "apps/dominoes/run_ranks.h"

#include <algorithm>

#ifdef DOMINOES_HAVE_MPI
#include "arena/tournament/scale/mpi_run.h"
#else
namespace tournament {
class MpiSession {};  // never made: without MPI every run is a plain one
}  // namespace tournament
#endif

namespace dominoes_cli {

#ifdef DOMINOES_HAVE_MPI

RunRanks::RunRanks(const std::vector<std::string>& args) {
  if (std::find(args.begin(), args.end(), "--mpi") != args.end())
    session_ = std::make_unique<tournament::MpiSession>();
}

RunRanks::~RunRanks() = default;

int RunRanks::rank() const {
  return session_ ? session_->rank() : 0;
}

int RunRanks::ranks() const {
  return session_ ? session_->size() : 0;
}

int RunRanks::first_failure(bool failed) const {
  if (!session_) return failed ? 0 : -1;
  return session_->first_rank_where(failed);
}

std::string RunRanks::unusable(const tournament::RunRequest& request) const {
  if (request.mpi && !session_) return "give --mpi as a word of its own (\"--mpi\"), under mpirun";
  return "";
}

tournament::ExperimentResult RunRanks::run(const tournament::RunRequest& request,
                                           const strategies::Registry& registry,
                                           const tournament::RunHooks& hooks) const {
  if (session_) return tournament::run_experiment_mpi(*session_, registry, request.config, hooks);
  if (request.shard) return tournament::run_shard(registry, request.config, *request.shard, hooks);
  return tournament::run_experiment(registry, request.config, hooks);
}

int RunRanks::work(const tournament::RunRequest& request,
                   const strategies::Registry& registry) const {
  return tournament::run_mpi_worker(*session_, registry, request.config);
}

#else  // built without MPI: every run is a plain one

RunRanks::RunRanks(const std::vector<std::string>&) {}
RunRanks::~RunRanks() = default;
int RunRanks::rank() const {
  return 0;
}
int RunRanks::ranks() const {
  return 0;
}
int RunRanks::first_failure(bool failed) const {
  return failed ? 0 : -1;
}

std::string RunRanks::unusable(const tournament::RunRequest& request) const {
  if (!request.mpi) return "";
  return "--mpi: this build of dominoes has no MPI (the pip wheel leaves it out); the Debian "
         "package (scripts/package) and a build from the repository with Open MPI installed "
         "(scripts/setup) have it";
}

tournament::ExperimentResult RunRanks::run(const tournament::RunRequest& request,
                                           const strategies::Registry& registry,
                                           const tournament::RunHooks& hooks) const {
  if (request.shard) return tournament::run_shard(registry, request.config, *request.shard, hooks);
  return tournament::run_experiment(registry, request.config, hooks);
}

int RunRanks::work(const tournament::RunRequest&, const strategies::Registry&) const {
  return 1;
}

#endif

}  // namespace dominoes_cli
