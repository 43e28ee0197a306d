// `dominoes view GAMES.jsonl [--out FILE.html]`: writes the game viewer (viewer_page.h) for the
// game records of GAMES.jsonl (what `dominoes run --games-out` and `dominoes play --games-out`
// write: arena/tournament/play/games_writer.h, docs/formats.md), one self-contained HTML file
// that replays any of the games move by move in a browser.
//
// Every record is read and replayed through the rules engine first (games_reader.h), so a file
// the page could not show is refused in one line naming the line. The page holds every game, so
// a file is refused beyond kMaxViewGames games or kMaxViewBytes bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dominoes_cli {

/// The most games one page holds: its list, filters and replays stay quick in a browser (a
/// double-6 record is about 700 bytes, so some 14 MB of page).
inline constexpr int kMaxViewGames = 20000;
/// The largest records file `dominoes view` reads: 32 MiB.
inline constexpr std::uint64_t kMaxViewBytes = std::uint64_t{32} << 20;

/// Runs `dominoes view` with `args` (the words after `view`). Returns the exit code: 0 when the
/// page was written (its path on stdout); 2 with one line on stderr for a bad option or input (no
/// such file, not game records, an illegal move, over the limits, --out naming the input); 1 when
/// the page cannot be written.
int view_command(const std::vector<std::string>& args);

}  // namespace dominoes_cli
