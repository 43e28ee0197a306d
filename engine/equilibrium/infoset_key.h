// The name of an information set (issue 13), shared by the game tree (game_tree.h), the saved
// strategy files (strategy_file.h) and the `equilibrium` strategy, so a seat's view in a real game
// finds the set the solver computed.
//
// What a seat knows in Block Dominoes is its role (the leader or the other seat), its hand as dealt
// and the public move sequence, passes included: the line, the ends, the opponent's tile count and
// the values it has shown it lacks all follow from those (docs/rules.md, the Observation).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "engine/dominoes/move.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/tile_set.h"

namespace equilibrium {

/// The two roles of a two-player game with a fixed leader.
inline constexpr int kLeaderRole = 0;
inline constexpr int kFollowerRole = 1;

/// Returns the key of the information set of `role` (kLeaderRole or kFollowerRole) holding
/// `dealt_hand` at the start, after the public moves `history` (in order, passes included): one
/// byte of role, eight of hand, two per move. Equal keys mean the same information set.
inline std::string infoset_key(int role, dominoes::TileSet dealt_hand,
                               std::span<const dominoes::Move> history) {
  std::string key(1, static_cast<char>(role));
  const std::uint64_t bits = dealt_hand.bits();
  for (int b = 0; b < 8; ++b) key.push_back(static_cast<char>((bits >> (8 * b)) & 0xff));
  for (dominoes::Move m : history) {
    key.push_back(static_cast<char>(m.bits() & 0xff));
    key.push_back(static_cast<char>(m.bits() >> 8));
  }
  return key;
}

/// Returns the role of the observing seat: kLeaderRole when it led the game.
inline int role_of(const dominoes::Observation& obs) {
  return obs.seat() == obs.leader() ? kLeaderRole : kFollowerRole;
}

/// Returns the observing seat's hand as dealt: its tiles now plus the tiles it has played (its
/// moves are every other one of the history, starting with the leader's).
inline dominoes::TileSet dealt_hand_of(const dominoes::Observation& obs) {
  dominoes::TileSet hand = obs.hand();
  const auto history = obs.history();
  for (std::size_t k = static_cast<std::size_t>(role_of(obs)); k < history.size(); k += 2)
    if (!history[k].is_pass()) hand.insert(history[k].tile());
  return hand;
}

/// Returns the key of the information set `obs` describes (infoset_key of its role, dealt hand and
/// history).
inline std::string infoset_key(const dominoes::Observation& obs) {
  return infoset_key(role_of(obs), dealt_hand_of(obs), obs.history());
}

}  // namespace equilibrium
