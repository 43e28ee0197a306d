// Reading back the game records that games_writer.h writes (--games-out, one JSON object per game
// and line; the format is described there): a records file line by line within limits, each line's
// players, deal and moves, and a replay of the moves through the rules engine that checks each is
// legal. `dominoes fit-model` learns from these.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/common/limited_file.h"
#include "engine/dominoes/move.h"
#include "engine/dominoes/move_list.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "engine/dominoes/tile_set.h"

namespace tournament {

/// One move of a record: the seat that made it and the move.
struct RecordedMove {
  dominoes::Seat seat = 0;
  dominoes::Move move = dominoes::Move::pass();
};

/// One game as a record holds it. Per-seat entries from `seats` on are empty.
struct GameRecord {
  std::int64_t deal = -1;  ///< the deal's number within its pairing; -1 when the record has none
  int game = 0;            ///< the deal's game: its seating (seating.h); 0 when the record has none
  int seats = 2;           ///< seats at the table, from the record's lists
  std::array<std::string, dominoes::kMaxSeats> players;  ///< the names the record gives the seats
  /// The rules the game was played under; empty for a record written before records held them
  /// (games_writer.h), which means the seed's rules.
  std::optional<dominoes::Rules> rules;
  int match_game = -1;  ///< the game's number in its match, or -1
  std::array<dominoes::TileSet, dominoes::kMaxSeats> hands;  ///< the hands as dealt
  dominoes::Seat leader = 0;
  std::vector<RecordedMove> moves;                ///< in the order played
  std::array<int, dominoes::kMaxSeats> pips{};    ///< pips left in each hand, as recorded
  std::array<int, dominoes::kMaxSeats> points{};  ///< what each seat scored, as recorded
};

/// Returns the tile the leader of `record` had to lead: the heaviest tile dealt when the game had
/// more than two seats and was led under heaviest-double (the leader rule in a single game or a
/// match's first, next-leader in a match's later games), else -1 (any tile).
int required_lead(const GameRecord& record);

/// Returns the game of one record line. Tiles are read as tiles of the recorded rules' set
/// (without rules, as double-9 tiles: their indices are the same in every set, tile.h), and with
/// rules the record must list the rules' seats and each hand must hold the rules' hand size. The
/// seat-count rules keys are optional (a two-seat record lacks them); the seed's five are needed.
/// Throws std::invalid_argument (or nlohmann::json's exceptions, which derive from std::exception)
/// naming what is malformed.
GameRecord parse_game_record(const std::string& line);

/// Raised for a line of a records file that is not a game record; what() is one line:
/// `games file "PATH" line N: not a game record ("WHY")`.
class GameRecordError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The limits a records file is read under (limited_file.h): a record is a few kilobytes (a
/// double-9 game with every move), so lines up to 1 MiB; files up to 4 GiB; UTF-8 text.
inline constexpr common::ReadLimits kGameRecordsLimits{std::size_t{1} << 20, std::uint64_t{4} << 30,
                                                       true};

/// Calls `each` with every record of the records file at `path`, in file order (blank lines
/// skipped). Throws common::ReadError (one line) when the file cannot be read or is refused: not
/// a regular file, a line or the file over kGameRecordsLimits, not UTF-8; GameRecordError when a
/// line is not a record or `each` throws std::exception for it (a move that is not legal).
void read_game_records(const std::string& path, const std::function<void(const GameRecord&)>& each);

/// As read_game_records, under `limits`, and `each` also gets the record's line as written (for
/// a reader that keeps the record's other fields, such as `dominoes view`).
void read_game_record_lines(
    const std::string& path, const common::ReadLimits& limits,
    const std::function<void(const GameRecord&, const std::string& line)>& each);

/// Called before each move of a replay: the position, its legal moves and the move played there.
using ReplayVisitor = std::function<void(const dominoes::State& state,
                                         const dominoes::MoveList& legal, dominoes::Move played)>;

/// Replays `record` from its deal (its seats, and the lead required_lead() says), calling `visit`
/// before each move. Throws std::invalid_argument naming the move when a move is not legal there
/// or is made by the wrong seat.
void replay(const GameRecord& record, const ReplayVisitor& visit);

}  // namespace tournament
