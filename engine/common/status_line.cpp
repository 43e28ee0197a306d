#include "engine/common/status_line.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>

namespace common {
namespace {

using Clock = std::chrono::steady_clock;

// How often a terminal's line is redrawn: often enough to look live (at least once a second),
// rarely enough to cost nothing.
constexpr std::chrono::milliseconds kTerminalPeriod{250};
constexpr double kLogSeconds = 30;

// The terminal's width in columns, or 0 when unknown.
std::size_t columns(std::FILE* out) {
  winsize size{};
  if (ioctl(fileno(out), TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

}  // namespace

StatusMode status_mode(bool quiet, int fd) {
  if (quiet) return StatusMode::kOff;
  return isatty(fd) ? StatusMode::kTerminal : StatusMode::kLog;
}

double log_interval_seconds() {
  const char* text = std::getenv("DOMINOES_PROGRESS_SECONDS");
  if (!text) return kLogSeconds;
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  return end != text && *end == '\0' && std::isfinite(seconds) && seconds > 0 ? seconds
                                                                              : kLogSeconds;
}

std::string duration_text(double seconds) {
  if (seconds < 0 || !std::isfinite(seconds)) return "?";
  const auto whole = static_cast<long long>(std::llround(seconds));
  char text[48];
  if (whole < 60)
    std::snprintf(text, sizeof text, "%llds", whole);
  else if (whole < 3600)
    std::snprintf(text, sizeof text, "%lldm%02llds", whole / 60, whole % 60);
  else
    std::snprintf(text, sizeof text, "%lldh%02lldm", whole / 3600, whole / 60 % 60);
  return text;
}

StatusLine::StatusLine(Text text, StatusMode mode, bool final_line, std::FILE* out)
    : text_(std::move(text)), mode_(mode), final_line_(final_line), out_(out) {
  if (mode_ != StatusMode::kOff) thread_ = std::thread([this] { loop(); });
}

StatusLine::~StatusLine() {
  finish();
}

void StatusLine::loop() {
  const auto period = mode_ == StatusMode::kTerminal
                          ? std::chrono::duration_cast<Clock::duration>(kTerminalPeriod)
                          : std::chrono::duration_cast<Clock::duration>(
                                std::chrono::duration<double>(log_interval_seconds()));
  std::unique_lock lock(mutex_);
  auto next = Clock::now() + period;
  while (!wake_.wait_until(lock, next, [this] { return finished_; })) {
    draw(false);
    next += period;
  }
}

void StatusLine::draw(bool last) {
  if (mode_ == StatusMode::kTerminal) {
    if (last && !drawn_) return;
    // One column short of the width: some terminals wrap when the last column is written.
    const std::size_t columns_now = columns(out_);
    const std::size_t width = columns_now > 1 ? columns_now - 1 : 0;
    std::string text = text_(width);
    if (width > 0 && text.size() > width) text.resize(width);  // whatever the text callback gave
    if (text.empty() && !last) return;
    std::fprintf(out_, "\r%s\x1b[K%s", text.c_str(), last ? "\n" : "");
    drawn_ = true;
  } else {
    if (last && !final_line_) return;
    const std::string text = text_(0);
    if (text.empty()) return;
    std::fprintf(out_, "%s\n", text.c_str());
  }
  std::fflush(out_);
}

void StatusLine::finish() {
  {
    const std::lock_guard lock(mutex_);
    if (finished_ || mode_ == StatusMode::kOff) return;
    finished_ = true;
  }
  wake_.notify_all();
  thread_.join();
  draw(true);
}

}  // namespace common
