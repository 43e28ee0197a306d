// Game records for --games-out: one JSON object per game and line (docs/formats.md, "Game
// records").
//
// {"deal":12,"game":0,"players":["heuristic","random"],
//  "rules":{"double":6,"hand-size":7,"scoring":"opponent-pips","leader":"random","target":0},
//  "leader":1,"hands":[["0-1",...],["2-3",...]],"moves":[{"seat":1,"tile":"2-3"},
//  {"seat":0,"tile":"1-3","end":"R"},{"seat":1,"pass":true},...],"pips":[0,14],"points":[14,0]}
// "rules" holds the game's rules under their config keys (engine/dominoes/rules.h), so that a
// reader such as `dominoes view` can score the game itself; records written before it was added
// lack it and mean the seed's rules.
// In match mode each game also has "match_game", its number within the match. A game that an
// external bot forfeited (docs/protocol.md) also has "forfeit" ("illegal", "timeout" or "crash")
// and "forfeit_seat"; its "moves" end where the game stopped.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "arena/tournament/play/game_loop.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"

namespace tournament {

/// Identifies a game within an experiment.
struct GameKey {
  std::int64_t deal = 0;
  int game = 0;         ///< the deal's game: its seating (seating.h), 0 or 1 for two seats
  int match_game = -1;  ///< the game's number within its match; -1 for single games
};

/// Returns the "rules" object of a game record for `rules` as JSON text (no newline): the seed's
/// five rules keys, then the seat-count keys where rules_key_written says so (rules_keys.h).
std::string rules_json_text(const dominoes::Rules& rules);

/// Returns the JSON line (newline included) recording one finished game, played under `rules`,
/// with `players` the spec (or bot name) in each seat. With more than two seats the record also
/// lists each seat's team ("teams"), each seat's side in the pairing ("sides", which a cut-throat
/// forfeit is scored by) and the seat-count rules keys (docs/formats.md).
std::string game_record_json(const GameKey& key, const std::vector<std::string>& players,
                             const dominoes::Rules& rules, const dominoes::Deal& deal,
                             const dominoes::History& history, const GameOutcome& outcome);

}  // namespace tournament
