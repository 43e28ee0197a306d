// The partnership convention as a model of a seat (strategies/partnership): the probability that a
// seat playing `partner` makes each move. That strategy is deterministic, so the model is certain:
// probability 1 on the move the convention picks from the seat's view, 0 on every other, as
// PartnershipStrategy::policy says at the same position. With partners the convention reads the
// partner's suits from the game's record, so the model needs policy_in_game's context; without
// partners (or without a context, policy()) the strategy plays the seed heuristic and so does the
// model. Used by inference(partner=convention) to read a partner who plays the convention.
#pragma once

#include "strategies/belief/opponent_model.h"

namespace strategies {

/// The `partner` strategy's own policy, as an opponent model (header comment).
class PartnerConventionModel final : public OpponentModel {
 public:
  /// Without the record: the seed heuristic's move (the convention without partners).
  void policy(const dominoes::State& s, const dominoes::MoveList& legal,
              double* probs) const override;
  /// With partners (context.partners): the convention's move from the mover's view, its partner's
  /// suits read from context.moves_before; else the seed heuristic's move.
  void policy_in_game(const dominoes::State& s, const dominoes::MoveList& legal,
                      const MoveContext& context, double* probs) const override;
};

}  // namespace strategies
