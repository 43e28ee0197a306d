// Saved equilibrium strategies (issue 13): `solver equilibrium --out FILE` writes one, the
// `equilibrium` strategy plays one. A text file, one line per record, `#` starts a comment:
//
//   dominoes-equilibrium v1
//   double 3                      the set: double-N
//   hand 3                        tiles dealt to each seat
//   scoring opponent-pips         the scoring rule (rules.h names)
//   value 2.500312                the leader's points minus the other seat's per game, both
//                                 seats following the strategy
//   exploitability 0.000008       points per game (cfr.h); 0 for an exact equilibrium
//   iterations 1000               CFR+ iterations run
//   infoset leader 0-1,1-3,2-2 0-1 1-2R 1-3L=0.25 2-2R=0.75
//
// An `infoset` line names one information set with at least two legal moves: the role (`leader`
// or `follower`), the hand as dealt (notation.h tile list), the public moves so far
// (comma-separated moves, passes included, `-` for none), then each legal move with its
// probability as MOVE=P. The probabilities of a line sum to 1. Information sets with one legal
// move are left out: there is nothing to choose.
#pragma once

#include <istream>
#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/dominoes/move.h"
#include "engine/dominoes/rules.h"
#include "engine/equilibrium/cfr.h"
#include "engine/equilibrium/game_tree.h"
#include "engine/equilibrium/public_tree_cfr.h"

namespace equilibrium {

/// Raised when a strategy file cannot be read: what() is one line naming the file, the line
/// number, what was wrong and what would be valid.
class StrategyFileError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// What the header of a strategy file says about the strategy.
struct StrategySummary {
  double value = 0;           ///< points per game for the leader
  double exploitability = 0;  ///< points per game
  long long iterations = 0;   ///< CFR+ iterations behind the strategy
};

/// A strategy read from a file: the variant, the summary and every information set's moves.
struct SavedStrategy {
  dominoes::Rules rules;  ///< max_pip, hand_size and scoring as saved; the rest default
  StrategySummary summary;
  /// Keyed by infoset_key (infoset_key.h): the legal moves with their probabilities.
  std::map<std::string, std::vector<std::pair<dominoes::Move, double>>> infosets;
};

/// Writes `strategy` (a behaviour strategy over `tree`'s information sets) in the format above.
/// Does not check the stream: the caller checks it (and flushes) and reports a failed write.
void write_strategy(std::ostream& out, const GameTree& tree, const BehaviourStrategy& strategy,
                    const StrategySummary& summary);

/// Writes the average strategy of the public-tree solver `solver` in the same format: the same
/// information sets as the game tree's, in the public tree's depth-first order. Does not check
/// the stream.
void write_strategy(std::ostream& out, const PublicTreeCfr& solver, const StrategySummary& summary);

/// Returns the strategy read from `in`; `name` (the file's path) is for messages. Throws
/// StrategyFileError on a missing, repeated or late header record, a malformed line or one over
/// 64 KiB, an illegal tile, an unknown scoring rule, a negative probability or probabilities that
/// do not sum to 1 (within 1e-6), or an information set listed twice.
SavedStrategy read_strategy(std::istream& in, const std::string& name);

}  // namespace equilibrium
