// A status line for long work, drawn from a thread of its own so that the work never waits for it
// and it never waits for the work: at a terminal, one line redrawn in place four times a second
// (carriage return, the text, erase to the end of the line); in a log (not a terminal: nohup,
// Slurm, a pipe), the text as a plain line every log_interval_seconds(). The runner's progress
// (arena/tournament/run/progress.h) and `solver equilibrium` draw theirs with it.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace common {

/// How a status line is shown.
enum class StatusMode {
  kOff,       ///< nothing (--quiet)
  kTerminal,  ///< one line redrawn in place
  kLog,       ///< a plain line every log_interval_seconds()
};

/// Returns kOff when `quiet`, else kTerminal when `fd` is a terminal (isatty), else kLog.
StatusMode status_mode(bool quiet, int fd);

/// Returns the seconds between two lines in a log: 30, or the positive number in the environment
/// variable DOMINOES_PROGRESS_SECONDS (for tests; anything else there is ignored).
double log_interval_seconds();

/// Returns `seconds` as people read a duration: "42s", "12m05s", "3h07m"; "?" when negative.
std::string duration_text(double seconds);

class StatusLine {
 public:
  /// Returns the line's text for a width in columns (0: any width); an empty text draws nothing.
  /// At a terminal the line cuts a longer text to the width itself.
  /// Called from the line's thread, so it must be thread-safe with the work.
  using Text = std::function<std::string(std::size_t width)>;

  /// Starts drawing `text` on `out` in `mode` (kOff: no thread, nothing drawn). With
  /// `final_line`, finish() draws the text once more in a log too (at a terminal it always does,
  /// to end the line). `out` must outlive the line.
  StatusLine(Text text, StatusMode mode, bool final_line, std::FILE* out = stderr);
  ~StatusLine();
  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;

  /// Stops the thread and draws the last line as described above, ended with a newline (at a
  /// terminal, a line that was never drawn is left alone), so what follows starts on a clean
  /// row. Idempotent.
  void finish();

 private:
  void loop();
  void draw(bool last);

  const Text text_;
  const StatusMode mode_;
  const bool final_line_;
  std::FILE* const out_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  bool drawn_ = false;
  std::thread thread_;
};

}  // namespace common
