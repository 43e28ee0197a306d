#include "arena/env/learner_env.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/dominoes/actions.h"
#include "engine/dominoes/notation.h"

namespace arena {

LearnerEnv::LearnerEnv(const dominoes::Rules& rules, Seat learner,
                       std::vector<strategies::Player> others, IllegalActionRule illegal,
                       bool keep_hands)
    : table_(rules, illegal, keep_hands), learner_(learner), others_(std::move(others)) {
  if (learner < 0 || learner >= rules.seats)
    throw std::invalid_argument("the learning seat must be 0.." + std::to_string(rules.seats - 1) +
                                ", not " + std::to_string(learner));
  if (static_cast<int>(others_.size()) != rules.seats - 1)
    throw std::invalid_argument(
        "give one player per other seat: " + std::to_string(rules.seats - 1) + ", not " +
        std::to_string(others_.size()));
}

strategies::Player& LearnerEnv::player(Seat seat) {
  return others_[static_cast<std::size_t>(seat < learner_ ? seat : seat - 1)];
}

void LearnerEnv::reset(std::uint64_t seed, std::uint64_t deal) {
  table_.reset(seed, deal);
  streams_game_ = -1;
  awaiting_ = false;
  interrupted_ = true;  // until the other seats have played to the learner's turn
  pending_ = play_others();
  interrupted_ = false;
  awaiting_ = true;
}

double LearnerEnv::play_others() {
  double reward = 0;
  const dominoes::Rules& rules = table_.rules();
  while (!table_.over() && table_.to_move() != learner_) {
    const dominoes::State& s = table_.state();
    const dominoes::MoveList legal = dominoes::moves_or_pass(s);
    dominoes::Move m = legal[0];
    if (legal.size() > 1) {
      if (streams_game_ != table_.game()) {
        for (Seat seat = 0; seat < rules.seats; ++seat)
          streams_[static_cast<std::size_t>(seat)] =
              tournament::seat_stream(table_.seed(), table_.deal_index(), table_.game(), seat);
        streams_game_ = table_.game();
      }
      const Seat seat = s.to_move;
      m = player(seat).choose(s, table_.history(), rules, legal,
                              streams_[static_cast<std::size_t>(seat)]);
      // A strategy is a plug-in: an illegal move would corrupt the game (as in the runner).
      if (!legal.contains(m))
        throw std::logic_error("a strategy chose " + dominoes::to_string(m) +
                               ", which is not a legal move");
    }
    if (table_.play(m).hand_ended) reward += table_.rewards()[static_cast<std::size_t>(learner_)];
  }
  return reward;
}

bool LearnerEnv::is_legal(long long action) const {
  if (!awaiting_) return false;
  if (table_.over()) return action == dominoes::action_count(table_.rules()) - 1;
  return table_.is_legal(action);
}

void LearnerEnv::write_mask(std::uint8_t* mask) const {
  const int count = dominoes::action_count(table_.rules());
  if (awaiting_ && table_.over()) {
    std::fill_n(mask, count, std::uint8_t{0});
    mask[count - 1] = 1;
    return;
  }
  table_.write_mask(mask);
  if (!awaiting_) std::fill_n(mask, count, std::uint8_t{0});
}

dominoes::MoveList LearnerEnv::legal_moves() const {
  dominoes::MoveList moves;
  if (!awaiting_) return moves;
  if (table_.over()) {
    moves.push_back(dominoes::Move::pass());
    return moves;
  }
  return dominoes::moves_or_pass(table_.state());
}

std::vector<int> LearnerEnv::legal_actions() const {
  std::vector<int> out;
  for (const dominoes::Move m : legal_moves())
    out.push_back(dominoes::action_index(m, table_.rules()));
  std::sort(out.begin(), out.end());
  return out;
}

LearnerStep LearnerEnv::step(long long action) {
  if (interrupted_)
    throw std::invalid_argument(
        "step: the last step or reset stopped before the learning seat's turn (an exception "
        "in another seat's decision, such as Ctrl-C): call reset()");
  if (!awaiting_) {
    table_.step(action);  // the episode is over, or none began: throws std::invalid_argument
    throw std::logic_error("LearnerEnv: a step with no turn to take");
  }
  LearnerStep out;
  if (table_.over()) {  // the turn after an episode that ended before the learner moved
    if (!is_legal(action)) {
      std::vector<std::uint8_t> mask(
          static_cast<std::size_t>(dominoes::action_count(table_.rules())));
      write_mask(mask.data());
      const std::string legal = actions_text(mask.data(), table_.rules());
      if (action < 0 || action >= static_cast<long long>(mask.size()))
        throw std::invalid_argument("action " + std::to_string(action) +
                                    " is out of range: give 0.." + std::to_string(mask.size() - 1) +
                                    "; legal now: " + legal);
      if (!table_.illegal_rule().ends_episode)
        throw std::invalid_argument("action " + std::to_string(action) +
                                    " is not legal: the hand ended before this seat's turn, "
                                    "legal " +
                                    legal);
      out.reward = -table_.illegal_rule().penalty;
      out.illegal = true;
    }
  } else {
    const TableStep played = table_.step(action);  // throws for out of range or illegal (error)
    out.illegal = played.illegal;
    if (played.hand_ended || played.illegal)
      out.reward += table_.rewards()[static_cast<std::size_t>(learner_)];
    if (!played.illegal) {
      interrupted_ = true;  // until the other seats have played to the learner's next turn
      out.reward += play_others();
      interrupted_ = false;
    }
  }
  out.reward += pending_;
  pending_ = 0;
  out.terminated = table_.over() || out.illegal;
  awaiting_ = !out.terminated;
  return out;
}

}  // namespace arena
