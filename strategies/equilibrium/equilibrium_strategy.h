// equilibrium: plays a strategy saved by `solver equilibrium --out FILE` (issue 13), an
// approximate Nash equilibrium of a small variant computed by CFR+ over the whole game tree
// (engine/equilibrium/cfr.h; Tammelin 2014). At each decision it looks up its information set
// (its role, its hand as dealt and the public moves; engine/equilibrium/infoset_key.h) and draws a
// move with the saved probabilities.
//
// The file fixes the variant: the set (double-N), the hand size and the scoring rule. Seating it in
// a game of another variant is an error of the run that names both. The equilibrium is computed
// with a fixed leader; under `leader = random` or `alternate` the leader says nothing about the
// hands, so the strategy is an equilibrium of those games too. Under `heaviest-double` the leader's
// identity leaks information the solver did not model, and the strategy is only an approximation.
#pragma once

#include <memory>
#include <string>

#include "engine/equilibrium/strategy_file.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// Plays a saved equilibrium strategy (see the header comment).
class EquilibriumStrategy final : public Strategy {
 public:
  /// Plays `saved`, read from the file `path` (named in messages).
  EquilibriumStrategy(std::shared_ptr<const equilibrium::SavedStrategy> saved, std::string path)
      : saved_(std::move(saved)), path_(std::move(path)) {}
  /// Returns a move drawn from the saved probabilities of the seat's information set. Throws
  /// std::invalid_argument when the game's variant is not the file's, or when the file has no
  /// entry for the set or lists other moves than the legal ones (a damaged or edited file).
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  /// Writes the saved probabilities: the policy is known exactly. Throws as choose() does.
  bool policy(const Observation& obs, const MoveList& legal,
              std::span<double> probabilities) override;
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<EquilibriumStrategy>(saved_, path_);
  }

 private:
  std::shared_ptr<const equilibrium::SavedStrategy> saved_;
  std::string path_;
};

/// Returns the strategy saved in the file `path` (strategy_file.h). Throws SpecError naming the
/// file and what was wrong: no path, not a regular file (a device, a pipe, a directory), a file
/// that cannot be read, or a malformed one.
std::shared_ptr<const equilibrium::SavedStrategy> load_saved_strategy(const std::string& path);

/// Returns the registry entry of `equilibrium`: its name, summary, parameters and factory.
StrategyInfo equilibrium_strategy_info();

}  // namespace strategies
