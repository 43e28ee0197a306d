// The --games-out records of a run, kept consistent with the journal.
//
// Records are appended to FILE.partial while the run goes on and renamed to FILE when it has
// finished, so a finished earlier FILE is never cut or deleted before the new one is complete.
// The journal records the .partial file's size after each chunk; on resume the file must hold at
// least that much: longer (records of a chunk that was never journalled) is cut back to the
// journalled size, shorter or missing (cut or deleted by hand) is refused, never padded.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

namespace tournament {

/// The records file of one run; disabled when the path is empty.
class GamesFile {
 public:
  /// Opens `path`.partial for appending after `journalled_bytes` (0 and `fresh`: a new file).
  /// Throws ConfigError (experiment_config.h) when the file does not match the journal, and
  /// std::runtime_error with the system's reason when it cannot be written.
  GamesFile(const std::string& path, std::uint64_t journalled_bytes, bool fresh);

  /// Returns true when records are written.
  bool enabled() const { return !path_.empty(); }
  /// Appends `text` and flushes it; returns the file's size after it. Throws std::runtime_error.
  std::uint64_t append(const std::string& text);
  /// Closes the file and renames FILE.partial to FILE (the run has finished). Throws
  /// std::runtime_error with the system's reason when the rename fails.
  void finish();

 private:
  void check_against_journal(std::uint64_t journalled_bytes);
  std::string path_, partial_;
  std::ofstream out_;
};

}  // namespace tournament
