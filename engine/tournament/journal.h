// The run journal: after each chunk of deals the runner appends the chunk's exact totals, so an
// interrupted run (Ctrl-C, a kill, a crash of the process) resumes after its last complete chunk
// and ends with the same tables as an uninterrupted one (DESIGN.md section 6).
//
// Format, one line each, text: a header `dominoes-journal v1 <fingerprint>` and then
// `chunk <task> <index> <begin> <end> <totals...> <seconds> <games_bytes> <check>`, where check is
// a hash of the rest of the line. A line that is cut short or fails its check ends the valid part;
// a journal whose fingerprint differs from the experiment's is started afresh. Lines are flushed
// to the operating system after each write (not fsync'd: a power cut may lose the last chunks).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/tournament/accumulator.h"

namespace tournament {

/// One finished chunk: deals [begin, end) of task `task`.
struct JournalEntry {
  int task = 0;
  std::int64_t index = 0;
  std::int64_t begin = 0;
  std::int64_t end = 0;
  PairingTotals totals;
  std::uint64_t games_bytes = 0;  ///< size of the --games-out file after this chunk
};

/// An open journal file.
class Journal {
 public:
  /// Returns the journal at `path` opened for appending, keeping the valid entries of an earlier
  /// run of the same experiment (same `fingerprint`) and dropping anything else.
  /// Throws std::runtime_error when the file cannot be written.
  static Journal open(const std::string& path, std::uint64_t fingerprint);

  Journal(Journal&& other) noexcept;
  Journal& operator=(Journal&&) = delete;
  Journal(const Journal&) = delete;
  ~Journal();

  /// Returns the entries kept from an earlier run, in the order they were written.
  const std::vector<JournalEntry>& resumed() const { return resumed_; }
  /// Appends one entry and flushes it. Throws std::runtime_error when the write fails.
  void append(const JournalEntry& entry);
  /// Closes and deletes the journal file (the run finished and its tables are written).
  void remove();

 private:
  Journal(std::string path, std::FILE* file, std::vector<JournalEntry> resumed)
      : path_(std::move(path)), file_(file), resumed_(std::move(resumed)) {}
  std::string path_;
  std::FILE* file_ = nullptr;
  std::vector<JournalEntry> resumed_;
};

/// Returns the journal line for `entry`, newline included (exposed for tests).
std::string format_entry(const JournalEntry& entry);
/// Returns true and fills `entry` when `line` (without newline) is a valid entry line.
bool parse_entry(const std::string& line, JournalEntry& entry);

}  // namespace tournament
