// Network models seated in games (strategies/learned, strategies/belief/net_models.h, the `net`
// strategy): models built by hand in the test, whose answers a second implementation here
// computes independently: a linear policy that scores each tile in hand by its pips (so its
// argmax is "the legal move of the heaviest tile") and a belief with one fixed logit per tile and
// place (so a world's weight is a product of softmaxes the test works out itself).
#include "strategies/belief/net_models.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <string>
#include <vector>

#include "arena/tournament/play/games_writer.h"
#include "engine/dominoes/actions.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/observation_tensor.h"
#include "engine/nets/model.h"
#include "strategies/belief/belief_params.h"
#include "strategies/belief/weighted_worlds.h"
#include "strategies/registry.h"
#include "strategies/spec.h"

namespace {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Rules;
using dominoes::TileSet;

// The card's "rules": a game record's rules object (games_writer.h) plus "seats", as the trainer
// copies it from a dataset's manifest.
nlohmann::json rules_json(const Rules& rules) {
  nlohmann::json j = nlohmann::json::parse(tournament::rules_json_text(rules));
  j["seats"] = rules.seats;
  return j;
}

// The test's own folder, removed when the test program ends.
std::filesystem::path temp_dir() {
  struct Folder {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("net_models_test_" + std::to_string(::getpid()));
    Folder() { std::filesystem::create_directories(path); }
    ~Folder() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Folder folder;
  return folder.path;
}

// Saves a one-layer linear model (outputs = weight x inputs + bias) of `kind` for `rules` as
// NAME.safetensors + NAME.json in the test's folder; returns the weights' path.
std::string save_linear(const std::string& name, nets::ModelKind kind, const Rules& rules,
                        const nets::RowMatrix& weight, const Eigen::VectorXf& bias) {
  nets::ModelCard card;
  card.kind = kind;
  card.input_layout = "observation-v1";
  card.input_size = static_cast<int>(weight.cols());
  card.output_size = static_cast<int>(weight.rows());
  card.rules = rules_json(rules);
  card.layers = {{"layers.0.weight", "layers.0.bias", nets::Activation::kNone}};
  const std::string base = (temp_dir() / name).string();
  nets::save_model({base + ".safetensors", base + ".json"}, card,
                   nets::Network({{weight, bias, nets::Activation::kNone}}));
  return base + ".safetensors";
}

// A policy whose logit for every action of tile t is pips(t) when t is in the hand (the hand
// section of the observation tensor), else 0: its softmax over the legal moves is P(m) ~
// exp(pips(tile of m)) and its argmax the heaviest legal tile (first in engine order on a tie).
std::string heavy_tile_policy(const std::string& name, const Rules& rules) {
  const dominoes::TensorLayout l = dominoes::tensor_layout(rules);
  const int actions = dominoes::action_count(rules);
  nets::RowMatrix w = nets::RowMatrix::Zero(actions, l.size);
  for (int a = 0; a < actions; ++a) {
    const Move m = dominoes::action_move(a, rules);
    if (m.is_pass()) continue;
    w(a, l.hand + m.tile()) = static_cast<float>(dominoes::tile_pips(m.tile()));
  }
  return save_linear(name, nets::ModelKind::kPolicy, rules, w, Eigen::VectorXf::Zero(actions));
}

// The same policy written by hand as an opponent model: the second implementation.
class HeavyTileModel final : public strategies::OpponentModel {
 public:
  void policy(const dominoes::State&, const MoveList& legal, double* probs) const override {
    double total = 0;
    for (int k = 0; k < legal.size(); ++k)
      total += probs[k] = std::exp(static_cast<double>(dominoes::tile_pips(legal[k].tile())));
    for (int k = 0; k < legal.size(); ++k) probs[k] /= total;
  }
};

// Plays `deal` with every seat choosing uniformly at random until `turns` moves are made or the
// game ends; returns the state and fills `history`.
dominoes::State play_random(const Rules& rules, std::uint64_t deal, int turns,
                            dominoes::History& history) {
  const dominoes::Deal d = dominoes::make_deal(rules, 3, deal);
  dominoes::State s = dominoes::start_state(d);
  history.reset(d.leader, d.seats);
  dominoes::Rng rng(deal + 77);
  for (int k = 0; k < turns && dominoes::status(s) == dominoes::GameStatus::kOngoing; ++k) {
    const MoveList legal = dominoes::legal_moves(s);
    const Move m = legal.empty() ? Move::pass() : legal[rng.below(legal.size())];
    dominoes::apply(s, m);
    history.push_back(m);
  }
  return s;
}

TEST(NetStrategy, PlaysTheArgmaxOfItsLogitsAtEverySeatCount) {
  for (const int seats : {2, 3, 4}) {
    const Rules rules = dominoes::table_rules(seats);
    const std::string path = heavy_tile_policy("heavy" + std::to_string(seats), rules);
    strategies::Player player = strategies::Registry::builtin().make("net(policy=" + path + ")");
    int decisions = 0;
    for (std::uint64_t deal = 0; deal < 30; ++deal) {
      dominoes::History h;
      const dominoes::State s = play_random(rules, deal, static_cast<int>(deal % 9), h);
      if (dominoes::status(s) != dominoes::GameStatus::kOngoing) continue;
      const MoveList legal = dominoes::legal_moves(s);
      if (legal.size() < 2) continue;
      // The second implementation: the first legal move of the heaviest tile.
      int best = 0;
      for (int k = 1; k < legal.size(); ++k)
        if (dominoes::tile_pips(legal[k].tile()) > dominoes::tile_pips(legal[best].tile()))
          best = k;
      dominoes::Rng rng(1);
      EXPECT_EQ(player.choose(s, h, rules, legal, rng), legal[best]) << seats << " seats";
      ++decisions;
    }
    EXPECT_GT(decisions, 10) << seats;
  }
}

TEST(NetStrategy, ModelsForOtherRulesOrKindsAreRefusedBeforeAnyGame) {
  const auto& registry = strategies::Registry::builtin();
  const std::string two = heavy_tile_policy("heavy-two", dominoes::table_rules(2));
  const std::string spec = "net(policy=" + two + ")";
  EXPECT_EQ(registry.rules_refusal(spec, dominoes::table_rules(2)), "");
  // The leader rule and a match target do not change a hand: accepted.
  Rules matches = dominoes::table_rules(2);
  matches.match_target = 100;
  matches.leader = dominoes::LeaderRule::kAlternate;
  EXPECT_EQ(registry.rules_refusal(spec, matches), "");
  // Four seats: refused by the model's own rules, both sides named.
  const std::string four = registry.rules_refusal(spec, dominoes::table_rules(4));
  EXPECT_NE(four.find("was trained for double-6"), std::string::npos) << four;
  EXPECT_NE(four.find("4 seats"), std::string::npos) << four;
  Rules nine = dominoes::table_rules(2);
  nine.max_pip = 9;
  EXPECT_NE(registry.rules_refusal(spec, nine).find("double-9"), std::string::npos);
  // No file, a missing file, a belief model as a policy.
  EXPECT_THROW(registry.make("net"), strategies::SpecError);
  EXPECT_THROW(registry.make("net(policy=/nonexistent/m.safetensors)"), strategies::SpecError);
  const Rules rules = dominoes::table_rules(2);
  const int outputs = dominoes::tile_count(6) * 2;
  const std::string belief =
      save_linear("belief-zero", nets::ModelKind::kBelief, rules,
                  nets::RowMatrix::Zero(outputs, dominoes::tensor_layout(rules).size),
                  Eigen::VectorXf::Zero(outputs));
  try {
    registry.make("net(policy=" + belief + ")");
    FAIL() << "a belief model was taken as a policy";
  } catch (const strategies::SpecError& e) {
    EXPECT_NE(std::string(e.what()).find("is a belief model"), std::string::npos) << e.what();
  }
}

// Policy-based inference: worlds weighted by the network's likelihood of the opponent's moves
// equal the weights under the same policy written by hand (HeavyTileModel).
TEST(NetPolicyModel, WeighsWorldsAsTheSamePolicyWrittenByHand) {
  const Rules rules;
  const std::string path = heavy_tile_policy("heavy-infer", rules);
  const auto net = strategies::make_opponent_model("net:" + path, 1.0);
  ASSERT_NE(net, nullptr);
  const HeavyTileModel by_hand;
  int compared = 0;
  for (std::uint64_t deal = 0; deal < 20; ++deal) {
    dominoes::History h;
    const dominoes::State s = play_random(rules, deal, 8, h);
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing) continue;
    const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
    std::vector<TileSet> hands;
    dominoes::for_each_consistent_hand(obs, [&](TileSet hand) { hands.push_back(hand); });
    std::vector<double> a, b;
    strategies::world_weights(obs, hands, *net, a);
    strategies::world_weights(obs, hands, by_hand, b);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-9);
    compared += static_cast<int>(a.size());
  }
  EXPECT_GT(compared, 1000);
}

// A belief with a fixed logit per (tile, place): the worlds drawn with it (every consistent hand,
// enumerated) weigh as the product over hidden tiles of the softmax over each tile's allowed
// places, computed here from the biases.
TEST(NetWorldBelief, WeighsEveryWorldByTheProductOfItsTileMarginals) {
  Rules rules;
  rules.max_pip = 3;
  rules.hand_size = 3;
  const int tiles = dominoes::tile_count(3);
  const int inputs = dominoes::tensor_layout(rules).size;
  Eigen::VectorXf bias(tiles * 2);
  for (int i = 0; i < tiles * 2; ++i) bias[i] = static_cast<float>((i * 37 % 11) / 4.0);
  const std::string path = save_linear("belief-bias", nets::ModelKind::kBelief, rules,
                                       nets::RowMatrix::Zero(tiles * 2, inputs), bias);
  const auto belief = strategies::make_world_belief("net:" + path);
  ASSERT_NE(belief, nullptr);
  EXPECT_EQ(strategies::make_opponent_model("net:" + path, 1.0), nullptr);
  int checked = 0;
  for (std::uint64_t deal = 0; deal < 30; ++deal) {
    dominoes::History h;
    const dominoes::State s = play_random(rules, deal, static_cast<int>(deal % 4), h);
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing) continue;
    const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
    strategies::WeightedWorlds worlds;
    dominoes::Rng rng(deal);
    strategies::draw_weighted_worlds(obs, {.scenarios = 100000, .enumerate = 100000, .samples = 1},
                                     nullptr, rng, worlds, belief.get());
    // The second implementation: per hidden tile, the softmax of its two biases (or probability
    // 1 at "never dealt" when the opponent lacks one of its values).
    std::vector<double> expected;
    for (const TileSet hand : worlds.hands) {
      double log_w = 0;
      for (const dominoes::Tile t : obs.unseen()) {
        const dominoes::ValueSet lacks = obs.opponent_lacks();
        const bool may_hold =
            !lacks.contains(dominoes::tile_low(t)) && !lacks.contains(dominoes::tile_high(t));
        const double held = bias[2 * t], undrawn = bias[2 * t + 1];
        const double norm = may_hold ? std::log(std::exp(held) + std::exp(undrawn)) : undrawn;
        log_w += (hand.contains(t) ? held : undrawn) - norm;
      }
      expected.push_back(std::exp(log_w));
    }
    const double top = *std::max_element(expected.begin(), expected.end());
    ASSERT_EQ(worlds.weights.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
      EXPECT_NEAR(worlds.weights[i], expected[i] / top, 1e-6) << deal << " " << i;
    checked += static_cast<int>(expected.size());
  }
  EXPECT_GT(checked, 100);
}

}  // namespace
