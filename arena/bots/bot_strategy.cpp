#include "arena/bots/bot_strategy.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <fstream>

#include "engine/common/text.h"
#include "engine/dominoes/notation.h"

namespace bots {
namespace {

using strategies::ForfeitReason;

// The margin added to a bot's time per move (docs/protocol.md, "Time limits and failures").
constexpr auto kMoveMargin = std::chrono::milliseconds(50);
constexpr int kInfoLinesLogged = 20;             // per answer: a chatty bot must not fill the disk
constexpr std::uint64_t kTailBytes = 64 * 1024;  // log_tail reads no more of the log than this
constexpr std::size_t kTailLineBytes = 200;      // and shows no more of a line than this

// `elapsed` in milliseconds: Clock::now() - t0, or process_->now() - t0 on the bot's clock (a
// paused run's pause left out) when t0 was read from that clock.
double millis(Clock::duration elapsed) {
  return std::chrono::duration<double, std::milli>(elapsed).count();
}

void append_line(const std::string& path, const std::string& text) {
  if (path.empty()) return;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;              // the log is a help, never a reason to stop a game
  append_to_log(fd, text + "\n");  // within the log's cap, as the bot's stderr
  ::close(fd);
}

// The most of a bot's unended line a message shows.
constexpr std::size_t kUnendedShown = 60;

// What a message adds when the bot wrote part of a line, `unended` (never ended by '\n', so
// never taken as an answer), before it fell silent or exited.
std::string unended_note(const std::string& unended) {
  return "; it sent part of a line, " + common::quoted(unended, kUnendedShown) +
         ", never ended by a newline (\\n): end each line and flush it";
}

// What a time-out message adds: the part of a line the bot left unended, or, when it sent no line
// at all while it was waited for, the commonest cause: output left in the bot's buffer (a program
// writing to a pipe is block buffered: Python's print, C's printf), so the answer never reaches
// the runner.
std::string silence_hint(int lines_read, const std::string& unended) {
  if (!unended.empty()) return unended_note(unended);
  return lines_read == 0 ? "; it sent nothing: did the bot flush its output?" : "";
}

// What a message that the bot exited adds: the part of a line it left unended, if any.
std::string exit_hint(const std::string& unended) {
  return unended.empty() ? "" : unended_note(unended);
}

}  // namespace

std::string log_tail(const std::string& path, int lines) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return "";
  // Only the end is read: a bot's log may hold megabytes, and a message shows a few lines.
  const auto size = static_cast<std::uint64_t>(info.st_size);
  const std::uint64_t from = size > kTailBytes ? size - kTailBytes : 0;
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(from));
  std::string end(static_cast<std::size_t>(size - from), '\0');
  end.resize(static_cast<std::size_t>(
      in.read(end.data(), static_cast<std::streamsize>(end.size())).gcount()));
  if (!end.empty() && end.back() == '\n') end.pop_back();
  std::deque<std::string> tail;
  for (std::size_t at = 0; !end.empty() && at <= end.size();) {
    const std::size_t cut = std::min(end.find('\n', at), end.size());
    tail.push_back(end.substr(at, cut - at));
    if (static_cast<int>(tail.size()) > lines) tail.pop_front();
    at = cut + 1;
  }
  std::string text;
  for (const auto& l : tail) {
    // The end of a long line (where a bot's last words and the runner's notes are), escaped.
    const std::size_t keep = std::min(l.size(), kTailLineBytes);
    const std::string shown = common::quoted(std::string_view(l).substr(l.size() - keep), keep);
    text += "  | " + (keep < l.size() ? "..." : std::string()) + shown.substr(1, shown.size() - 2) +
            "\n";
  }
  return text;
}

BotStrategy::BotStrategy(BotConfig config, std::string log_path)
    : config_(std::move(config)), log_path_(std::move(log_path)) {}

BotStrategy::~BotStrategy() = default;  // the process's destructor stops it

std::unique_ptr<strategies::Strategy> BotStrategy::clone() const {
  return std::make_unique<BotStrategy>(config_, log_path_);
}

void BotStrategy::note(const std::string& text) const {
  append_line(log_path_, "# dominoes: " + text);
}

void BotStrategy::fail(ForfeitReason reason, const std::string& what, bool keep_process) {
  ++stats_.forfeits[static_cast<int>(reason)];
  stats_.last_failure = std::string(strategies::to_string(reason)) + ": " + what;
  if (stats_.failures.size() < 20) stats_.failures.push_back(stats_.last_failure);
  failed_this_game_ = true;
  note("forfeit (" + stats_.last_failure + ")");
  if (keep_process) {
    needs_resync_ = true;  // its unread output must not answer the next game's questions
  } else if (process_) {
    process_->kill();  // restarted when the next game begins
    process_.reset();
  }
  if (++failures_in_row_ > config_.restarts) {
    process_.reset();
    throw BotError("bot " + config_.name + " failed " + std::to_string(failures_in_row_) +
                   " games in a row, the last by " + stats_.last_failure +
                   "; the run stops. Last lines of its log " + common::quoted(log_path_, 4096) +
                   ":\n" + log_tail(log_path_));
  }
  throw strategies::Forfeit(reason, "bot " + config_.name + " " + what);
}

void BotStrategy::start() {
  note("starting " + common::quoted(config_.command) +
       (config_.dir.empty() ? "" : " in " + common::quoted(config_.dir)));
  const auto t0 = Clock::now();
  try {
    process_ = std::make_unique<BotProcess>(config_.command, config_.dir, log_path_);
  } catch (const std::runtime_error& e) {
    fail(ForfeitReason::kCrash, std::string("could not be started: ") + e.what());
  }
  ++stats_.starts;
  handshake();
  stats_.start_ms = millis(Clock::now() - t0);
}

void BotStrategy::handshake() {
  process_->send("dbp 1");
  expect("dbp 1", "dbpok", config_.start_ms);
  process_->send("isready");
  expect("isready", "readyok", config_.ready_ms);
}

// Waits for `answer` to `asked` within `limit_ms`, taking `id` lines on the way (docs/protocol.md:
// zero or more `id name|author <text>` before `dbpok`). Anything else fails the start.
std::string BotStrategy::expect(const std::string& asked, const std::string& answer, int limit_ms) {
  const auto deadline = process_->now() + std::chrono::milliseconds(limit_ms);
  std::string line;
  if (!process_->flush(deadline))
    fail(ForfeitReason::kTimeout, "did not read " + common::quoted(asked));
  for (int lines = 0;; ++lines) {
    switch (process_->read_line(deadline, line)) {
      case ReadStatus::kTimeout:
        fail(ForfeitReason::kTimeout, "did not answer " + common::quoted(asked) + " with " +
                                          common::quoted(answer) + " within " +
                                          std::to_string(limit_ms) + " ms" +
                                          silence_hint(lines, process_->unended_line()));
      case ReadStatus::kClosed:
        process_->kill();
        fail(ForfeitReason::kCrash, "exited before answering " + common::quoted(asked) + " (" +
                                        process_->exit_description() + ")" +
                                        exit_hint(process_->unended_line()));
      case ReadStatus::kOverlong:
        fail(ForfeitReason::kIllegal,
             "answered " + common::quoted(asked) + " with a line longer than 64 KiB");
      case ReadStatus::kLine:
        break;
    }
    if (line == answer) return line;
    if (ignorable_line(line)) continue;
    if (answer == "dbpok" && line.rfind("id name ", 0) == 0)
      stats_.name = line.substr(8);
    else if (answer == "dbpok" && line.rfind("id author ", 0) == 0)
      stats_.author = line.substr(10);
    else if (answer == "dbpok" && line.rfind("id ", 0) == 0)
      continue;  // another id field
    else
      fail(ForfeitReason::kIllegal, "answered " + common::quoted(line) + " to " +
                                        common::quoted(asked) + "; expected " +
                                        (answer == "dbpok" ? "id lines, then dbpok" : answer));
  }
}

std::string BotStrategy::quit(std::chrono::milliseconds grace) {
  if (!process_ || !process_->running()) return "was not running";
  const auto t0 = process_->now();  // the bot's clock, as stop()'s grace is
  process_->stop(grace);
  const double ms = millis(process_->now() - t0);
  const std::string how = process_->exit_description();
  stats_.left_behind = process_->left_behind();
  process_.reset();
  if (ms >= static_cast<double>(grace.count()))
    return "did not exit within " + std::to_string(grace.count()) + " ms of quit, so it was " + how;
  char took[64];
  std::snprintf(took, sizeof took, " %.0f ms after quit", ms);
  return how + took;
}

void BotStrategy::ensure_started() {
  if (process_ && !process_->running()) {
    note("the bot had exited between games (" + process_->exit_description() + ")");
    process_.reset();
  }
  if (process_ && needs_resync_ && !resync()) {
    note("no readyok after an illegal answer: restarting the bot");
    process_.reset();
  }
  needs_resync_ = false;
  if (!process_) start();
}

// After an illegal answer the bot may have more to say (an answer after garbage, the rest of a
// long line): that is dropped, then `isready` / `readyok` shows that the bot listens again.
bool BotStrategy::resync() {
  process_->discard_input();
  process_->send("isready");
  const auto deadline = process_->now() + std::chrono::milliseconds(config_.ready_ms);
  if (!process_->flush(deadline)) return false;
  std::string line;
  while (process_->read_line(deadline, line) != ReadStatus::kTimeout) {
    if (line == "readyok") return true;
    if (!process_->running()) return false;
  }
  return false;
}

void BotStrategy::begin_game(const strategies::GameStart& game) {
  failed_this_game_ = false;
  ++stats_.games;
  line_ = LaidLine();
  ensure_started();
  seats_ = game.rules->seats;
  process_->send("newgame game=" + std::to_string(game.game_id) +
                 " seat=" + std::to_string(game.seat) + " " + table_fields(*game.rules) +
                 "rules=" + rules_text(*game.rules) + " seed=" + std::to_string(game.seed));
  process_->send("hand " + tiles_text(game.hand));
}

void BotStrategy::see_move(dominoes::Seat seat, dominoes::Move move) {
  line_.play(move);
  if (process_) process_->send("event " + std::to_string(seat) + " " + dominoes::to_string(move));
}

void BotStrategy::end_game(const strategies::GameEnd& end) {
  if (process_) process_->send(gameover_message(seats_, end.points.data(), end.hands.data()));
  if (process_) process_->push();  // a bot may act on gameover (log, learn) before the next game
  if (!failed_this_game_) failures_in_row_ = 0;
}

dominoes::Move BotStrategy::choose(const dominoes::Observation& obs,
                                   const dominoes::MoveList& legal, dominoes::Rng&) {
  if (!process_) fail(ForfeitReason::kCrash, "is not running");
  const auto t0 = process_->now();  // the bot's clock: a paused run's pause is not the bot's time
  const auto deadline = t0 + std::chrono::milliseconds(config_.time_ms) + kMoveMargin;
  process_->send(go_message(obs, line_, legal, config_.time_ms));
  process_->flush(deadline);
  std::string line;
  int info_lines = 0;
  for (int lines = 0;; ++lines) {
    switch (process_->read_line(deadline, line)) {
      case ReadStatus::kTimeout:
        fail(ForfeitReason::kTimeout, "did not answer go within " +
                                          std::to_string(config_.time_ms) + " ms (+50 ms margin)" +
                                          silence_hint(lines, process_->unended_line()));
      case ReadStatus::kClosed:
        process_->kill();
        fail(ForfeitReason::kCrash, "exited during a game (" + process_->exit_description() + ")" +
                                        exit_hint(process_->unended_line()));
      case ReadStatus::kOverlong:
        fail(ForfeitReason::kIllegal, "answered go with a line longer than 64 KiB", true);
      case ReadStatus::kLine:
        break;
    }
    if (ignorable_line(line)) {
      if (line.rfind("info", 0) == 0 && ++info_lines <= kInfoLinesLogged)
        append_line(log_path_, "# " + line);
      continue;
    }
    if (line.rfind("move ", 0) == 0) {
      const std::string answer = line.substr(5);
      for (dominoes::Move m : legal)
        if (dominoes::to_string(m) == answer) {
          const double ms = millis(process_->now() - t0);
          ++stats_.decisions;
          stats_.total_move_ms += ms;
          stats_.max_move_ms = std::max(stats_.max_move_ms, ms);
          return m;
        }
    }
    fail(ForfeitReason::kIllegal,
         "answered " + common::quoted(line) + " to go; the legal moves were " + moves_text(legal),
         true);
  }
}

}  // namespace bots
