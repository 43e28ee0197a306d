// `dominoes play`'s settings: what its command line asks for (the rules, the strategy in each
// seat and the one --hint names, the games, the seed, the hint's samples, the records file), read
// and checked before the first game, and the records file opened. The seats are fixed: the person
// holds seat 0, the opponents and a partner the others (apps/dominoes/play_command.h).
#pragma once

#include <boost/program_options/variables_map.hpp>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "engine/dominoes/rules.h"
#include "engine/endgame/expected_move_values.h"
#include "strategies/strategy.h"

namespace dominoes_cli {

inline constexpr dominoes::Seat kPerson = 0;    // the person's seat, at every table
inline constexpr dominoes::Seat kStrategy = 1;  // the two-seat opponent
inline constexpr dominoes::Seat kPartner = 2;   // the person's partner in a four-seat partnership
inline constexpr int kMaxPlayGames = 100000;    // the most --games may ask for
inline constexpr const char* kPersonName = "person";  // the person's seat in the records

/// What a `dominoes play` session plays, as its command line set it.
struct PlaySettings {
  dominoes::Rules rules;
  std::string opponent_name;  // --against as typed: every opponent's strategy
  strategies::Player opponent;
  std::string partner_name;  // --partner as typed; with partners only
  std::optional<strategies::Player> partner;
  std::string advisor_name;  // --with as typed: the strategy whose move --hint names
  strategies::Player advisor;
  std::uint64_t seed = 0;
  int games = 1;  // 0: until the person stops
  bool hint = false;
  endgame::WorldLimits limits{};
  std::string games_out{};  // --games-out; empty: no records
};

/// Returns the settings the options in `vm` (parsed against play_options()) ask for, the
/// defaults filled in: --against minimax (heuristic above two seats), --with likewise, --partner
/// heuristic with partners, one game, a fresh random seed, the samples of
/// endgame::default_samples. Throws UsageError with one line naming the option for a bad rule, a
/// bad or misplaced strategy (one that does not play the seat count, an omniscient --with,
/// --partner without a partnership), a number out of range or an empty --games-out.
PlaySettings read_play_settings(const boost::program_options::variables_map& vm);

/// Returns the records file `path` (--games-out) opened for appending, created when missing.
/// Throws UsageError naming the path when it is not a regular file (a FIFO or a device would block
/// or swallow the records) or cannot be opened for writing (with the system's reason).
std::unique_ptr<std::ofstream> open_play_records(const std::string& path);

}  // namespace dominoes_cli
