// The run journal: after each chunk of deals the runner appends the chunk's exact totals, so an
// interrupted run (Ctrl-C, a kill, a crash, a power cut) resumes after its last complete chunk and
// ends with the same tables as an uninterrupted one (docs/formats.md, "The journal"). Chunks may
// stand in any order (an MPI run journals them as its ranks finish them); a shard's journal is its
// result, read back by the merge.
//
// Format (v7: v6 plus each chunk's records hash, FNV-1a 64 of the chunk's --games-out bytes, as 16
// hex digits after games_bytes, which a merge checks the shards' records against; v6: v5 plus A's
// and B's decision counts, timed decisions and CPU nanoseconds after the
// control variate's sums; v5: v4 plus the control variate's sums after the pentanomial counts; v4:
// v3 plus the 5 pentanomial counts after the forfeits; v3: v2 plus the forfeit counts), text, one
// record a line:
//   dominoes-journal v7 <fingerprint>
//   key <key> = <value>          one line per result key of the config (result_keys())
//   keys-end <check>             check = hash of the header lines above
//   chunk <task> <index> <begin> <end> <totals...> <seconds> <games_bytes> <records_hash> <check>
// A chunk line's check is a hash of the rest of the line; a line that is cut short or fails its
// check ends the valid part (the process died mid-write). The header is different: a damaged
// header, a journal of an older format, or one written under another config is an error naming
// the problem (every differing key), never silently started afresh; --restart discards it.
// The older formats still read are v6 (no records hash: a merge cannot check those chunks' record
// bytes) and v5: its chunks are kept with no decision timings (0 decisions, 0 timed, 0 ns), so the
// tables' milliseconds per decision then average over the decisions of the chunks played since;
// resuming rewrites the journal as v7. Each chunk line is
// flushed to the operating system at once (a kill loses nothing) and synced to the disk by a
// background thread right after (a power cut loses at most the chunk being synced), so the run does
// not wait for the disk.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/results.h"

namespace tournament {

/// The (key, value) pairs that identify an experiment in a journal header (result_keys()).
using JournalKeys = std::vector<std::pair<std::string, std::string>>;

class FileSyncer;

/// An open journal file.
class Journal {
 public:
  /// Returns the journal at `path` opened for appending. A journal written under the same `keys`
  /// is resumed (its valid entries kept, a torn last line dropped; from a whole line that fails
  /// its check on, every line is dropped, and one line on stderr says so); with `restart`, or when
  /// there is none, a new one is started. Throws ConfigError (experiment_config.h) when the journal
  /// was written under other keys (naming every key that differs), is of an older format, or has a
  /// damaged header; std::runtime_error with the system's reason when it cannot be written (its
  /// half-written copy, PATH.partial, is then removed).
  static Journal open(const std::string& path, const JournalKeys& keys, bool restart);

  Journal(Journal&& other) noexcept;
  Journal& operator=(Journal&&) = delete;
  Journal(const Journal&) = delete;
  /// Closes the journal after its last line reached the disk.
  ~Journal();

  /// Returns the entries kept from an earlier run, in the order they were written.
  const std::vector<ChunkResult>& resumed() const { return resumed_; }
  /// Appends one entry, flushes it to the operating system and has it synced to the disk. Throws
  /// std::runtime_error with the system's reason when the write or an earlier sync failed.
  void append(const ChunkResult& entry);
  /// Closes and deletes the journal file (the run finished and its tables are written).
  void remove();

 private:
  Journal(std::string path, std::FILE* file, std::vector<ChunkResult> resumed);
  std::string path_;
  std::FILE* file_ = nullptr;
  std::unique_ptr<FileSyncer> syncer_;
  std::vector<ChunkResult> resumed_;
};

/// A journal as read back: its header's keys and its valid entries, in the order written.
struct JournalContents {
  JournalKeys keys;
  std::vector<ChunkResult> entries;
  /// When a whole entry line failed its check: one line saying which and how many lines were
  /// dropped from there on (a resumed run prints it on stderr and plays those chunks again);
  /// empty otherwise (a last line cut short by a kill is expected and dropped without a note).
  std::string dropped_note;
};

/// Returns the journal at `path` (for the merge of shards): its keys, and its entries up to the
/// first line that is cut short or fails its check. Throws ConfigError when it cannot be read
/// (with the system's reason), is not a journal, has a damaged header or an older format.
JournalContents read_journal(const std::string& path);

/// Returns every key whose values differ between two key lists, as a message: `KEY is "A" there and
/// "B" now` for each, joined by ", ", in `there`'s order and then the keys only `now` has (a key
/// missing from one side reads "(not set)" there; a repeated key is compared value by value);
/// "the same keys" when equal.
std::string differing_keys(const JournalKeys& there, const JournalKeys& now);

/// Returns the journal line for `entry`, newline included (exposed for tests).
std::string format_entry(const ChunkResult& entry);
/// Returns true and fills `entry` when `line` (without newline) is a valid entry line of the
/// current format (v6), or of v5 when `v5` is true (its decision timings are then 0).
bool parse_entry(const std::string& line, ChunkResult& entry, int version = 7);
/// Returns the journal's header lines for `keys`, newlines included (exposed for tests).
std::string format_header(const JournalKeys& keys);

}  // namespace tournament
