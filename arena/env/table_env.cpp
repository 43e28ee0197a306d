#include "arena/env/table_env.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/dominoes/action_mask.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/scoring.h"

namespace arena {

std::string actions_text(const std::uint8_t* mask, const dominoes::Rules& rules) {
  std::string text;
  for (int a = 0; a < dominoes::action_count(rules); ++a)
    if (mask[a])
      text += (text.empty() ? "" : ", ") + std::to_string(a) + " (" +
              dominoes::to_string(dominoes::action_move(a, rules)) + ")";
  return text.empty() ? "none" : text;
}

TableEnv::TableEnv(const dominoes::Rules& rules, IllegalActionRule illegal, bool keep_hands)
    : rules_(rules),
      illegal_(illegal),
      keep_hands_(keep_hands),
      layout_(dominoes::tensor_layout(rules)),
      match_(rules, 0, 0) {
  if (const std::string why = dominoes::validate(rules); !why.empty())
    throw std::invalid_argument(why);
  start_hand(dominoes::make_deal(rules_, 0, 0));
}

void TableEnv::start_hand(const dominoes::Deal& deal) {
  deal_ = deal;
  state_ = dominoes::start_state(deal);
  history_.reset(deal.leader, deal.seats);
}

void TableEnv::begin_episode(std::uint64_t seed, std::uint64_t deal) {
  seed_ = seed;
  deal_index_ = deal;
  game_ = 0;
  rewards_ = {};
  finished_.clear();
  last_ = {};
  started_ = true;
  over_ = false;
}

void TableEnv::reset(std::uint64_t seed, std::uint64_t deal) {
  begin_episode(seed, deal);
  // A table that keeps no hands and plays single hands (the vector environment's hot path) keeps
  // no match either. Game 0 of a match is make_deal's game 0, as MatchProgress deals it.
  if (keep_hands_ || rules_.match_target > 0)
    match_ = tournament::MatchProgress(rules_, seed, deal);
  start_hand(dominoes::make_deal(rules_, seed, deal));
}

void TableEnv::start(const dominoes::Deal& deal) {
  if (rules_.match_target != 0)
    throw std::invalid_argument("a match deals its own hands: start one with reset(seed, deal)");
  begin_episode(0, 0);
  match_ = tournament::MatchProgress(rules_, 0, 0);
  start_hand(deal);
  over_ = dominoes::status(state_) != dominoes::GameStatus::kOngoing;
}

bool TableEnv::is_legal(long long action) const {
  return !over_ && dominoes::action_is_legal(state_, rules_, action);
}

std::vector<int> TableEnv::legal_actions() const {
  std::vector<int> out;
  if (over_) return out;
  for (const dominoes::Move m : dominoes::moves_or_pass(state_))
    out.push_back(dominoes::action_index(m, rules_));
  std::sort(out.begin(), out.end());
  return out;
}

void TableEnv::write_mask(std::uint8_t* mask) const {
  dominoes::write_action_mask(state_, rules_, mask);
  if (over_) std::fill_n(mask, dominoes::action_count(rules_), std::uint8_t{0});
}

void TableEnv::write_observation(Seat seat, float* out) const {
  dominoes::write_observation_tensor(state_, history_, rules_, layout_, seat, out);
}

std::string TableEnv::legal_text() const {
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(dominoes::action_count(rules_)));
  write_mask(mask.data());
  return actions_text(mask.data(), rules_);
}

TableStep TableEnv::step(long long action) {
  if (!started_) throw std::invalid_argument("step: no episode yet: call reset() first");
  if (over_) throw std::invalid_argument("step: the episode is over: call reset() to deal again");
  const int count = dominoes::action_count(rules_);
  if (action < 0 || action >= count)
    throw std::invalid_argument("action " + std::to_string(action) + " is out of range: give 0.." +
                                std::to_string(count - 1) + "; legal now: " + legal_text());
  if (!is_legal(action)) {
    if (!illegal_.ends_episode)
      throw std::invalid_argument(
          "action " + std::to_string(action) + " (" +
          dominoes::to_string(dominoes::action_move(static_cast<int>(action), rules_)) +
          ") is not legal for seat " + std::to_string(state_.to_move) + ": legal " + legal_text());
    rewards_ = {};
    rewards_[static_cast<std::size_t>(state_.to_move)] = -illegal_.penalty;
    over_ = true;
    return last_ = {false, true, true};
  }
  return play(dominoes::action_move(static_cast<int>(action), rules_));
}

TableStep TableEnv::play(dominoes::Move m) {
  rewards_ = {};
  dominoes::apply(state_, m);
  history_.push_back(m);
  if (dominoes::status(state_) == dominoes::GameStatus::kOngoing) return last_ = {};
  if (!keep_hands_ && rules_.match_target == 0) {
    // The vector environment's hot path: one hand, nothing kept, no GameOutcome to build;
    // scoring.h's net_points is what GameOutcome::net gives.
    for (Seat s = 0; s < rules_.seats; ++s)
      rewards_[static_cast<std::size_t>(s)] = dominoes::net_points(state_, rules_, s);
    over_ = true;
    return last_ = {true, true, false};
  }
  const tournament::GameOutcome outcome = tournament::score_game(state_, rules_);
  for (Seat s = 0; s < rules_.seats; ++s) rewards_[static_cast<std::size_t>(s)] = outcome.net(s);
  if (keep_hands_) finished_.push_back({deal_, history_, outcome, game_});
  const bool match_over = match_.record(outcome);
  if (rules_.match_target == 0 || match_over) {
    over_ = true;
    return last_ = {true, true, false};
  }
  ++game_;
  start_hand(match_.next_deal());
  return last_ = {true, false, false};
}

}  // namespace arena
