#include "arena/env/extensive_state.h"

#include <algorithm>
#include <stdexcept>

#include "engine/dominoes/actions.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/scoring.h"
#include "engine/dominoes/sorted_deal.h"

namespace arena {

using namespace dominoes;

namespace {

// The tiles no seat has been dealt yet.
TileSet undealt(const std::array<TileSet, kStateSeats>& dealt, const Rules& rules) {
  TileSet out = TileSet::full(rules.max_pip);
  for (TileSet hand : dealt) out = out - hand;
  return out;
}

std::string joined(const std::vector<int>& numbers) {
  std::string out;
  for (int n : numbers) out += (out.empty() ? "" : ", ") + std::to_string(n);
  return out;
}

}  // namespace

namespace {

// Returns `rules` after checking they are playable and ask for one hand.
const Rules& one_hand(const Rules& rules) {
  if (const std::string bad = validate(rules); !bad.empty()) throw std::invalid_argument(bad);
  if (rules.match_target != 0)
    throw std::invalid_argument("target=" + std::to_string(rules.match_target) +
                                " is not valid here: the game is one hand; give target=0");
  return rules;
}

}  // namespace

ExtensiveState::ExtensiveState(const Rules& rules)
    : rules_(one_hand(rules)), table_(rules, IllegalActionRule{}, /*keep_hands=*/false) {}

ExtensiveState ExtensiveState::replay(const Rules& rules, const std::vector<int>& actions) {
  ExtensiveState out(rules);
  for (std::size_t i = 0; i < actions.size(); ++i) {
    try {
      out.apply(actions[i]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("action " + std::to_string(i) + " of the record: " + e.what());
    }
  }
  return out;
}

int ExtensiveState::current_player() const {
  if (phase_ != Phase::kPlay) return kChance;
  return table_.over() ? kTerminal : table_.to_move();
}

std::vector<std::pair<int, double>> ExtensiveState::chance_outcomes() const {
  std::vector<std::pair<int, double>> out;
  if (phase_ == Phase::kDeal) {
    const TileSet hand = dealt_[dealing_];
    const TileSet candidates = sorted_deal_candidates(undealt(dealt_, rules_), hand);
    for (const DealOutcome& o : sorted_deal_outcomes(candidates, rules_.hand_size - hand.size()))
      out.emplace_back(o.tile, o.probability);
  } else if (phase_ == Phase::kLeader) {
    for (Seat s = 0; s < rules_.seats; ++s) out.emplace_back(s, 1.0 / rules_.seats);
  }
  return out;
}

std::vector<int> ExtensiveState::legal_actions() const {
  if (phase_ != Phase::kPlay) return {};
  return table_.legal_actions();
}

void ExtensiveState::apply(int action) {
  if (phase_ == Phase::kDeal)
    deal(action);
  else if (phase_ == Phase::kLeader)
    draw_leader(action);
  else
    play(action);
}

void ExtensiveState::refuse(int action, const std::string& what, const std::string& valid) const {
  throw std::invalid_argument(what + " " + std::to_string(action) + " is not valid here (" +
                              to_string() + "): valid " + valid);
}

void ExtensiveState::deal(int tile) {
  const TileSet hand = dealt_[dealing_];
  const TileSet candidates = sorted_deal_candidates(undealt(dealt_, rules_), hand);
  const int needed = rules_.hand_size - hand.size();
  const bool in_set = tile >= 0 && tile < tile_count(rules_.max_pip);
  if (!in_set || sorted_deal_probability(candidates, needed, static_cast<Tile>(tile)) <= 0) {
    std::vector<int> valid;
    for (const auto& [outcome, probability] : chance_outcomes()) valid.push_back(outcome);
    refuse(tile, "chance outcome",
           joined(valid) + " (seat " + std::to_string(dealing_) +
               "'s next tile: undealt, above its tiles so far, leaving room for " +
               std::to_string(needed - 1) + " more)");
  }
  dealt_[dealing_].insert(static_cast<Tile>(tile));
  if (dealt_[dealing_].size() < rules_.hand_size) return;
  if (++dealing_ < rules_.seats) return;
  if (rules_.leader == LeaderRule::kRandom)
    phase_ = Phase::kLeader;
  else
    start(0);
}

void ExtensiveState::draw_leader(int seat) {
  if (seat < 0 || seat >= rules_.seats)
    refuse(seat, "leader outcome", "0.." + std::to_string(rules_.seats - 1) + " (the seat)");
  start(seat);
}

void ExtensiveState::start(Seat leader) {
  Deal d;
  d.seats = rules_.seats;
  d.hands = dealt_;
  d.leader = leader;
  if (rules_.leader == LeaderRule::kHeaviestDouble) lead_heaviest(d);
  table_.start(d);
  phase_ = Phase::kPlay;
}

void ExtensiveState::play(int action) {
  if (table_.over()) refuse(action, "action", "none (the hand is over)");
  try {
    table_.step(action);  // the environments' one stepper: legal actions only
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(e.what()) + " (" + to_string() + ")");
  }
}

std::array<int, kStateSeats> ExtensiveState::returns() const {
  std::array<int, kStateSeats> out{};
  if (!is_terminal()) return out;
  for (Seat s = 0; s < rules_.seats; ++s)
    out[static_cast<std::size_t>(s)] =
        static_cast<int>(table_.rewards()[static_cast<std::size_t>(s)]);
  return out;
}

std::vector<int> ExtensiveState::actions() const {
  std::vector<int> out;
  for (Seat s = 0; s < rules_.seats; ++s)
    for (Tile t : dealt_[s]) out.push_back(t);  // TileSet iterates by ascending index
  if (phase_ != Phase::kPlay) return out;
  if (rules_.leader == LeaderRule::kRandom) out.push_back(state().leader);
  for (Move m : history().moves()) out.push_back(action_index(m, rules_));
  return out;
}

std::string ExtensiveState::action_text(int action) const {
  if (phase_ == Phase::kDeal) {
    if (action < 0 || action >= tile_count(rules_.max_pip))
      refuse(action, "chance outcome",
             "0.." + std::to_string(tile_count(rules_.max_pip) - 1) + " (a tile)");
    return "deal seat " + std::to_string(dealing_) + ": " +
           dominoes::to_string(static_cast<Tile>(action));
  }
  if (phase_ == Phase::kLeader) {
    if (action < 0 || action >= rules_.seats)
      refuse(action, "leader outcome", "0.." + std::to_string(rules_.seats - 1));
    return "leader " + std::to_string(action);
  }
  if (action < 0 || action >= action_count(rules_))
    refuse(action, "action", "0.." + std::to_string(action_count(rules_) - 1));
  return dominoes::to_string(action_move(action, rules_));
}

std::string ExtensiveState::to_string() const {
  const bool playing = phase_ == Phase::kPlay;
  std::string out = playing ? "hands " : "dealt ";
  for (Seat s = 0; s < rules_.seats; ++s) {
    const TileSet hand = playing ? state().hands[s] : dealt_[s];
    out += (s ? " / " : "") + (hand.empty() ? std::string("-") : dominoes::to_string(hand));
  }
  if (!playing) return out;
  out += " leader " + std::to_string(state().leader) + " history";
  if (history().size() == 0) out += " -";
  for (Move m : history().moves()) out.append(" ").append(dominoes::to_string(m));
  return out;
}

int ExtensiveState::max_chance_outcomes(const Rules& rules) {
  return std::max(tile_count(rules.max_pip), rules.seats);
}

int ExtensiveState::max_game_length(const Rules& rules) {
  const int plays = rules.seats * rules.hand_size;
  return plays + (rules.seats - 1) * (plays - 1);
}

}  // namespace arena
