#include "strategies/belief/partner_model.h"

#include "strategies/policies/heuristic_policy.h"
#include "strategies/policies/partnership_rules.h"

namespace strategies {

namespace {

void certain(const dominoes::MoveList& legal, dominoes::Move chosen, double* probs) {
  for (int k = 0; k < legal.size(); ++k) probs[k] = legal[k] == chosen ? 1.0 : 0.0;
}

}  // namespace

void PartnerConventionModel::policy(const dominoes::State& s, const dominoes::MoveList& legal,
                                    double* probs) const {
  certain(legal,
          heuristic_move(legal, s.left, s.right, s.hands[s.to_move], s.line,
                         s.lacks[s.next_seat(s.to_move)]),
          probs);
}

void PartnerConventionModel::policy_in_game(const dominoes::State& s,
                                            const dominoes::MoveList& legal,
                                            const MoveContext& context, double* probs) const {
  if (!context.partners) return policy(s, legal, probs);
  certain(legal,
          partnership_move(
              legal, partnership_view(s, context.max_pip, context.moves_before, context.leader)),
          probs);
}

}  // namespace strategies
