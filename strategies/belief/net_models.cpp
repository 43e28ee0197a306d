#include "strategies/belief/net_models.h"

#include <stdexcept>

namespace strategies {

void NetPolicyModel::policy(const dominoes::State&, const dominoes::MoveList&, double*) const {
  throw std::logic_error("a policy network reads the game's record: call policy_in_game");
}

void NetPolicyModel::policy_in_game(const dominoes::State& s, const dominoes::MoveList& legal,
                                    const MoveContext& context, double* probs) const {
  net_.probabilities(s.to_move, s.hands[s.to_move], context.moves_before, context.leader, legal,
                     probs);
}

}  // namespace strategies
