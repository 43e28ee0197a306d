// The runner's side of one external bot (docs/protocol.md, DBP 1), seated like any strategy.
//
// One BotStrategy is one seat's bot in one worker thread: its process is started when its first
// game begins (so the registry's exemplar and unused clones never start one), handshaken (`dbp 1`
// / `dbpok`, `isready` / `readyok`) and reused across games (`newgame`, `hand`, `event`, `go`,
// `gameover`). Only the seat's Observation reaches the bot, and the opponent's hand only at
// `gameover`. A bot that answers `go` with anything but a listed legal move, does not answer in
// time, or exits forfeits the game (strategies::Forfeit); after a time-out, a crash or a failed
// handshake it is restarted when the next game begins, and after an illegal answer its unread
// output is dropped and `isready` / `readyok` resynchronises it (else it is restarted). When
// failures in a row pass the bot's `restarts`, the run stops with BotError, which names the bot and
// shows the tail of its stderr log.
#pragma once

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/bots/bot_config.h"
#include "arena/bots/bot_process.h"
#include "arena/bots/protocol_text.h"
#include "strategies/strategy.h"

namespace bots {

/// The error that stops a run: a bot failed more games in a row than its restarts allow.
/// what() is one line naming the bot and the last failure, then the tail of its stderr log.
class BotError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What one bot instance did, for `dominoes check-bot` and tests.
struct BotStats {
  std::string name;                   ///< from `id name`, if the bot sent one
  std::string author;                 ///< from `id author`
  int starts = 0;                     ///< processes started (1 + restarts)
  double start_ms = 0;                ///< the last start: from spawn to `readyok`, milliseconds
  int games = 0;                      ///< games begun
  int decisions = 0;                  ///< `go` requests answered with a legal move
  double total_move_ms = 0;           ///< their answer times, summed, milliseconds
  double max_move_ms = 0;             ///< the slowest answer, milliseconds
  std::array<int, 3> forfeits{};      ///< by strategies::ForfeitReason
  std::string last_failure;           ///< what the last failure was, in words
  std::vector<std::string> failures;  ///< the first 20 failures, in words
  /// After quit(): what the bot left running in its process group when it exited (BotProcess::
  /// left_behind), or "" when nothing.
  std::string left_behind;
};

/// An external bot as a strategies::Strategy.
class BotStrategy : public strategies::Strategy {
 public:
  /// A bot run as `config` says, its stderr appended to `log_path` (empty: discarded).
  BotStrategy(BotConfig config, std::string log_path);
  /// Ends the process (`quit`, then killed after 2 s).
  ~BotStrategy() override;

  bool follows_games() const override { return true; }
  /// Starts the process if needed and sends `newgame` and `hand`. Throws strategies::Forfeit
  /// when the bot cannot be started or handshaken, BotError past its restarts.
  void begin_game(const strategies::GameStart& start) override;
  /// Sends `event <seat> <move>`.
  void see_move(dominoes::Seat seat, dominoes::Move move) override;
  /// Sends `gameover` (to a bot still running).
  void end_game(const strategies::GameEnd& end) override;
  /// Sends `go` and returns the bot's move. Throws strategies::Forfeit (illegal, timeout,
  /// crash) or BotError past its restarts. `rng` is unused: the bot drew its seed at begin_game.
  dominoes::Move choose(const dominoes::Observation& obs, const dominoes::MoveList& legal,
                        dominoes::Rng& rng) override;
  /// Returns a bot of the same config that starts its own process when it first plays.
  std::unique_ptr<strategies::Strategy> clone() const override;

  /// Starts the process and handshakes now unless it is running. Throws strategies::Forfeit
  /// when it cannot be started or handshaken, BotError past its restarts.
  void ensure_started();
  /// Sends `quit` and waits up to `grace` for the bot to exit (then kills it). Returns how it
  /// ended: "exited with status 0 after 12 ms", or "did not exit within 2000 ms of quit; killed",
  /// or "was not running".
  std::string quit(std::chrono::milliseconds grace = std::chrono::milliseconds(2000));

  /// Returns what this instance did so far.
  const BotStats& stats() const { return stats_; }
  /// Returns the bot's config.
  const BotConfig& config() const { return config_; }
  /// Returns the path of its stderr log (empty when discarded).
  const std::string& log_path() const { return log_path_; }

 private:
  void start();
  void handshake();
  std::string expect(const std::string& asked, const std::string& answer, int limit_ms);
  /// Counts a failure and throws Forfeit (BotError past the restarts). The process is killed
  /// (restarted when the next game begins) unless `keep_process`: after an illegal answer it
  /// stays, and is resynchronised (resync) before its next game.
  [[noreturn]] void fail(strategies::ForfeitReason reason, const std::string& what,
                         bool keep_process = false);
  bool resync();
  void note(const std::string& text) const;

  BotConfig config_;
  std::string log_path_;
  std::unique_ptr<BotProcess> process_;
  LaidLine line_;
  int seats_ = 2;  // the seats of the game being played (newgame)
  int failures_in_row_ = 0;
  bool failed_this_game_ = false;
  bool needs_resync_ = false;
  BotStats stats_;
};

/// Returns the last `lines` lines of the file at `path`, each as "  | LINE\n" (empty when it
/// cannot be read or is not a regular file). Reads at most the last 64 KiB, and shows at most the
/// last 200 bytes of a line (a cut line starts "..."; control characters and bytes that are not
/// UTF-8 are escaped), so a flooded log gives a message of a few short lines.
std::string log_tail(const std::string& path, int lines = 10);

}  // namespace bots
