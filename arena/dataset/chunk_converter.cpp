#include "arena/dataset/chunk_converter.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string_view>

#include "engine/common/text.h"
#include "engine/search/search_limit.h"

namespace dataset {
namespace {

// Games a block: small enough to spread a chunk over the threads, large enough that joining the
// blocks costs little.
constexpr std::size_t kBlockGames = 16;

}  // namespace

ChunkConverter::ChunkConverter(const dominoes::Rules& rules,
                               const std::vector<std::string>& players, bool move_values,
                               int threads)
    : rules_(rules),
      players_(players),
      shape_(row_shape(rules, move_values)),
      arena_(threads > 0 ? threads : tbb::task_arena::automatic) {}

SeatPlayers ChunkConverter::seat_players(const tournament::GameRecord& record) const {
  SeatPlayers seats{};
  for (int s = 0; s < record.seats; ++s) {
    const auto it = std::find(players_.begin(), players_.end(), record.players[s]);
    if (it == players_.end())
      throw std::invalid_argument("seat " + std::to_string(s) + "'s player " +
                                  common::quoted(record.players[s]) +
                                  " is not a player of the experiment");
    seats[s] = static_cast<int>(it - players_.begin());
  }
  return seats;
}

void ChunkConverter::add_record(const std::string& line, std::size_t index, DecisionRows& rows) {
  try {
    const tournament::GameRecord record = tournament::parse_game_record(line);
    if (!record.rules || !(*record.rules == rules_))
      throw std::invalid_argument("its rules are not the experiment's");
    std::unique_ptr<endgame::BlockDominoesSolver>& solver = solvers_.local();
    if (shape_.move_values && !solver)
      solver = std::make_unique<endgame::BlockDominoesSolver>(rules_);
    add_game_rows(record, rules_, seat_players(record), solver.get(), rows);
  } catch (const search::SearchStopped&) {
    throw;  // the process was asked to stop (Ctrl-C): not the record's fault
  } catch (const std::exception& e) {
    throw std::runtime_error("game record " + std::to_string(index + 1) +
                             " of the chunk: " + e.what());
  }
}

std::optional<DecisionRows> ChunkConverter::rows_of(const std::vector<std::string>& lines,
                                                    const std::function<bool()>& stop,
                                                    std::atomic<std::int64_t>* counter) {
  const std::size_t blocks = (lines.size() + kBlockGames - 1) / kBlockGames;
  std::vector<DecisionRows> parts(blocks, DecisionRows{shape_});
  std::atomic<bool> stopped = false;
  try {
    arena_.execute([&] {
      tbb::parallel_for(std::size_t{0}, blocks, [&](std::size_t b) {
        if (stopped.load(std::memory_order_relaxed) || (stop && stop())) {
          stopped = true;
          return;
        }
        const std::size_t end = std::min(lines.size(), (b + 1) * kBlockGames);
        for (std::size_t i = b * kBlockGames; i < end; ++i) add_record(lines[i], i, parts[b]);
        if (counter) *counter += parts[b].rows();
      });
    });
  } catch (const search::SearchStopped&) {
    return std::nullopt;  // a solve stopped at the process's stop request
  }
  if (stopped) return std::nullopt;
  DecisionRows rows{shape_};
  std::int64_t total = 0;
  for (const DecisionRows& part : parts) total += part.rows();
  rows.reserve(total);
  for (const DecisionRows& part : parts) rows.append(part);
  return rows;
}

}  // namespace dataset
