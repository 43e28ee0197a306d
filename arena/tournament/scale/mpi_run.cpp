#include "arena/tournament/scale/mpi_run.h"

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "arena/bots/bot_registry.h"
#include "arena/tournament/config/build_fingerprint.h"
#include "arena/tournament/run/chunk_player.h"
#include "arena/tournament/run/chunk_source.h"
#include "arena/tournament/run/journal.h"

namespace tournament {
namespace {

// Messages after the start, all text (MPI_CHAR). Worker to rank 0: kAsk (empty) once, then one
// kResult per chunk (its journal line, format_entry: every total including the decision counts
// and CPU times, which also asks for the next), or kError (the reason).
// Rank 0 to a worker: kChunk (the chunk's global number and its first deal to play, which is past
// the chunk's begin when an interrupted run journalled its first deals) or kStop (empty).
enum Tag : int { kAsk = 1, kResult, kError, kChunk, kStop };

// How long rank 0's main thread sleeps between looks at its mailbox: from kPollMin after a
// message, doubling while none comes, up to kPollMax. A worker that finished a chunk waits at most
// about that long for its next one; an idle rank 0 wakes at most 1000 times a second.
constexpr auto kPollMin = std::chrono::microseconds(20);
constexpr auto kPollMax = std::chrono::microseconds(1000);

void send_text(const std::string& text, int to, int tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// Receives the message that `status` (from a probe) describes.
std::string receive_text(const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  std::string text(static_cast<std::size_t>(count), '\0');
  MPI_Recv(text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return text;
}

// Start-up, collective. Every rank sends rank 0 its run fingerprint; rank 0 returns the first
// rank whose fingerprint differs from its own, with both, or nothing when all agree.
struct Mismatch {
  int rank = 0;
  std::string theirs, ours;
};
std::optional<Mismatch> compare_fingerprints(const MpiSession& session,
                                             const ExperimentConfig& config) {
  constexpr int kWidth = 17;  // 16 hex digits and a NUL
  std::string mine = run_fingerprint(config);
  mine.resize(kWidth - 1, ' ');
  std::vector<char> all(session.rank() == 0 ? static_cast<std::size_t>(session.size()) * kWidth
                                            : 0);
  MPI_Gather(mine.c_str(), kWidth, MPI_CHAR, all.data(), kWidth, MPI_CHAR, 0, MPI_COMM_WORLD);
  for (int r = 1; r < session.size() && session.rank() == 0; ++r) {
    const std::string theirs(&all[static_cast<std::size_t>(r) * kWidth]);
    if (theirs != mine) return Mismatch{r, theirs, mine};
  }
  return std::nullopt;
}

// Start-up, collective: rank 0 says whether the run goes ahead (0) or the exit code every rank
// ends with; returns it.
int broadcast_start(int code) {
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return code;
}

// Rank 0's own chunks, played on a thread of their own so that its main thread stays free to
// answer the workers (only it may call MPI). The thread takes its next chunk from the chunk source
// itself and journals each it finishes (play_chunks), so no chunk waits for the main thread;
// always the same thread, so the ChunkPlayer keeps its players (and bot processes) between chunks.
class OwnChunks {
 public:
  OwnChunks(ChunkPlayer& player, ChunkSource& source)
      : player_(player), source_(source), thread_([this] { loop(); }) {}
  /// Lets the chunk being played finish, hands out no more (the run may be ending on an error),
  /// and waits for the thread.
  ~OwnChunks() {
    source_.stop();
    thread_.join();
  }

  /// Returns true once the thread has no chunk left to play (or failed).
  bool done() const { return done_; }
  /// Throws what the player or the journal threw on the thread, once it is done.
  void rethrow_failure() {
    if (done_ && error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  void loop() {
    try {
      play_chunks(source_, player_);
    } catch (...) {
      error_ = std::current_exception();
    }
    done_ = true;  // after error_: the main thread reads error_ only once it sees done_
  }

  ChunkPlayer& player_;
  ChunkSource& source_;
  std::exception_ptr error_;
  std::atomic<bool> done_ = false;
  std::thread thread_;  // last: it starts after every other member is ready
};

// A worker's failure, as rank 0 learned it.
struct RankError : std::runtime_error {
  RankError(int r, const std::string& what) : std::runtime_error(what), rank(r) {}
  int rank;
};

// Rank 0 after the start: hands out chunks to the workers and takes them back, while its own
// thread plays chunks too.
class Coordinator {
 public:
  Coordinator(const MpiSession& session, ChunkSource& source, ChunkPlayer& player)
      : source_(source), player_(player), working_(session.size() - 1) {}

  // Runs until every chunk is back, or after a stop (the hooks' should_stop, which the source
  // asks before each chunk) every chunk in flight, and every worker is told to stop. Throws what
  // rank 0's player or the journal throws, and RankError for a worker's error or a damaged
  // message.
  void run() {
    OwnChunks own(player_, source_);
    auto poll = kPollMin;
    for (;;) {
      const bool served = serve_workers();
      own.rethrow_failure();
      if (own.done() && working_ == 0) return;
      poll = served ? kPollMin : std::min(2 * poll, kPollMax);
      std::this_thread::sleep_for(poll);
    }
  }

 private:
  // Answers every message waiting in rank 0's mailbox; returns true when there was one.
  bool serve_workers() {
    bool served = false;
    for (;;) {
      int waiting = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &status);
      if (!waiting) return served;
      served = true;
      const std::string text = receive_text(status);
      const int from = status.MPI_SOURCE;
      if (status.MPI_TAG == kError) throw RankError(from, text);
      if (status.MPI_TAG == kResult) take_result(from, text);
      hand_out(from);
    }
  }

  void take_result(int from, std::string line) {
    ChunkResult result;
    if (!line.empty() && line.back() == '\n') line.pop_back();
    if (!parse_entry(line, result)) throw RankError(from, "sent a damaged chunk line");
    try {
      const int task = result.chunk.task;
      const PairingTotals totals = result.totals;
      source_.finish(std::move(result));
      if (LiveProgress* live = source_.live()) live->add_chunk(task, totals);
    } catch (const ConfigError& e) {
      throw RankError(from, e.what());
    }
  }

  void hand_out(int worker) {
    if (const auto id = source_.next()) {
      send_text(std::to_string(source_.plan().global(*id)) + " " + std::to_string(id->begin),
                worker, kChunk);
    } else {
      send_text("", worker, kStop);
      --working_;
    }
  }

  ChunkSource& source_;
  ChunkPlayer& player_;
  int working_;  // workers not yet told to stop
};

// The line rank 0 prints before it ends the job: the rank, where the finished chunks are, and
// the error last, since a bot's error ends with lines of its log.
std::string failure(int rank, int ranks, const std::string& journal, const std::string& what) {
  return "run failed on rank " + std::to_string(rank) + " of " + std::to_string(ranks) +
         " (every finished chunk is kept in " + journal +
         "; the run resumes from there with any number of ranks): " + what;
}

// Rank 0's chunks for run_experiment: opens the journal, lets the workers start, coordinates.
RunResult coordinate(const MpiSession& session, const strategies::Registry& registry,
                     const ExperimentConfig& config, const RunHooks& hooks, bool& started) {
  const strategies::Registry seated = registry_for(config, registry);
  const std::string journal = journal_path(config);
  // No game records: --games-out is refused with --mpi (run_arguments.h).
  ChunkSource source(config, RunTarget{journal, result_keys(config), "", Shard{}}, hooks);
  ChunkPlayer player(seated, config);
  started = true;
  broadcast_start(0);
  Coordinator coordinator(session, source, player);
  try {
    coordinator.run();
  } catch (const RankError& e) {
    session.abort(failure(e.rank, session.size(), journal, e.what()), 1);
  } catch (const std::exception& e) {
    if (session.size() == 1) throw;
    session.abort(failure(0, session.size(), journal, e.what()), 1);
  }
  return source.close(player.threads_used());
}

}  // namespace

MpiSession::MpiSession() {
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  if (provided < MPI_THREAD_FUNNELED) {
    MPI_Finalize();
    throw std::runtime_error(
        "the MPI library gives no MPI_THREAD_FUNNELED support (oneTBB threads play beside the "
        "thread that calls MPI): use an MPI built with thread support, such as Open MPI");
  }
}

MpiSession::~MpiSession() {
  MPI_Finalize();
}

int MpiSession::first_rank_where(bool condition) const {
  int mine = condition ? rank_ : size_;
  int lowest = size_;
  MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return lowest < size_ ? lowest : -1;
}

void MpiSession::abort(const std::string& message, int code) const {
  std::cerr << "dominoes: " << message << std::endl;
  MPI_Abort(MPI_COMM_WORLD, code);
  std::abort();  // MPI_Abort does not return; this tells the compiler so
}

ExperimentResult run_experiment_mpi(const MpiSession& session, const strategies::Registry& registry,
                                    const ExperimentConfig& config, const RunHooks& hooks) {
  if (const auto mismatch = compare_fingerprints(session, config)) {
    broadcast_start(2);
    throw ConfigError("rank " + std::to_string(mismatch->rank) +
                      " runs another experiment or "
                      "build than rank 0 (fingerprint " +
                      mismatch->theirs + ", rank 0 has " + mismatch->ours +
                      "): start every rank with the same executable, config "
                      "and options");
  }
  bool started = false;  // the workers were told to start
  try {
    return run_experiment(registry, config, hooks,
                          [&](const ExperimentConfig& c, const RunHooks& h) {
                            return coordinate(session, registry, c, h, started);
                          });
  } catch (const ConfigError&) {
    if (!started) broadcast_start(2);
    throw;
  } catch (...) {
    if (!started) broadcast_start(1);
    throw;
  }
}

int run_mpi_worker(const MpiSession& session, const strategies::Registry& registry,
                   const ExperimentConfig& config) {
  compare_fingerprints(session, config);
  if (const int code = broadcast_start(0); code != 0) return code;
  try {
    const std::string logs = config.out_dir + "/bots/rank-" + std::to_string(session.rank());
    const strategies::Registry seated = bots::with_bots(registry, config.bots, logs);
    const ChunkPlan plan(static_cast<int>(make_tasks(config).size()), config.deals, config.chunk);
    ChunkPlayer player(seated, config);
    send_text("", 0, kAsk);
    for (;;) {
      MPI_Status status;
      MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
      const std::string text = receive_text(status);
      if (status.MPI_TAG == kStop) return 0;
      std::istringstream words(text);
      std::int64_t global = 0, begin = 0;
      words >> global >> begin;
      ChunkId id = plan.chunk(global);
      id.begin = begin;
      send_text(format_entry(player.play(id, nullptr)), 0, kResult);
    }
  } catch (const std::exception& e) {
    send_text(e.what(), 0, kError);
  }
  // Rank 0 ends the job on an error; wait for that rather than leave it without an answer.
  MPI_Status status;
  MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
  return 1;
}

}  // namespace tournament
