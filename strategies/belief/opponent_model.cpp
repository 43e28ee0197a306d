#include "strategies/belief/opponent_model.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "engine/common/limited_file.h"
#include "engine/common/text.h"
#include "strategies/policies/heuristic_policy.h"
#include "strategies/seed_order.h"

namespace strategies {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::State;
using dominoes::TileSet;

namespace {

// Softmax of scores[0..n) at temperature T into probs; T = 0: the maximum, ties shared equally.
void softmax(const double* scores, int n, double temperature, double* probs) {
  const double top = *std::max_element(scores, scores + n);
  double total = 0;
  for (int k = 0; k < n; ++k) {
    if (temperature > 0)
      probs[k] = std::exp((scores[k] - top) / temperature);
    else
      probs[k] = scores[k] == top ? 1.0 : 0.0;
    total += probs[k];
  }
  for (int k = 0; k < n; ++k) probs[k] /= total;
}

}  // namespace

void heuristic_ranks(const State& s, const MoveList& legal, int* ranks) {
  // The heuristic's order as a comparison, rule by rule (heuristic_strategy.h): its move is the
  // best under it, the next best is what it would play were that move not legal, and so on.
  const int left = s.left, right = s.right;
  const dominoes::ValueSet lacks = s.lacks[s.next_seat(s.to_move)];
  const TileSet visible = s.hands[s.to_move] | s.line;
  int tier[MoveList::kCapacity], count[MoveList::kCapacity], key[MoveList::kCapacity];
  for (int k = 0; k < legal.size(); ++k) {
    const dominoes::Tile t = legal[k].tile();
    key[k] = seed_order_key(legal[k], left, right);
    count[k] = 0;
    if (dominoes::is_double(t)) {
      tier[k] = 2;
    } else if (lacks.contains(dominoes::tile_low(t)) && lacks.contains(dominoes::tile_high(t))) {
      tier[k] = 1;
    } else {
      tier[k] = 0;
      count[k] = visible_carriers(legal[k], left, right, visible);
    }
  }
  const auto better = [&](int a, int b) {
    if (tier[a] != tier[b]) return tier[a] > tier[b];
    if (tier[a] > 0) return key[a] < key[b];  // rules 1 and 2: the lowest in seed order
    if (count[a] != count[b]) return count[a] > count[b];
    return key[a] > key[b];  // rule 3 ties: the highest in seed order
  };
  for (int k = 0; k < legal.size(); ++k) {
    ranks[k] = 0;
    for (int j = 0; j < legal.size(); ++j)
      if (j != k && better(j, k)) ++ranks[k];
  }
}

void HeuristicModel::policy(const State& s, const MoveList& legal, double* probs) const {
  int ranks[MoveList::kCapacity];
  heuristic_ranks(s, legal, ranks);
  double scores[MoveList::kCapacity];
  for (int k = 0; k < legal.size(); ++k) scores[k] = -ranks[k];
  softmax(scores, legal.size(), temperature_, probs);
}

double greedy_score(const State& s, Move m) {
  const auto [new_left, new_right] = dominoes::ends_after(m, s.left, s.right);
  const dominoes::Tile t = m.tile();
  TileSet after = s.hands[s.to_move];
  after.erase(t);
  const dominoes::ValueSet lacks = s.lacks[s.next_seat(s.to_move)];
  const int follow_ups =
      (after & (dominoes::tiles_with(new_left) | dominoes::tiles_with(new_right))).size();
  const int blocks = (lacks.contains(new_left) ? 1 : 0) + (lacks.contains(new_right) ? 1 : 0);
  return dominoes::tile_pips(t) / 4.0 + (dominoes::is_double(t) ? 1.0 : 0.0) + follow_ups / 2.0 +
         blocks;
}

void GreedyModel::policy(const State& s, const MoveList& legal, double* probs) const {
  double scores[MoveList::kCapacity];
  for (int k = 0; k < legal.size(); ++k) scores[k] = greedy_score(s, legal[k]);
  softmax(scores, legal.size(), temperature_, probs);
}

void move_features(const State& s, const MoveList& legal, std::array<double, kMoveFeatures>* out) {
  int ranks[MoveList::kCapacity];
  heuristic_ranks(s, legal, ranks);
  const int left = s.left, right = s.right;
  const dominoes::ValueSet lacks = s.lacks[s.next_seat(s.to_move)];
  const TileSet hand = s.hands[s.to_move];
  const TileSet visible = hand | s.line;
  const int n = legal.size();
  for (int k = 0; k < n; ++k) {
    const Move m = legal[k];
    const dominoes::Tile t = m.tile();
    const auto [new_left, new_right] = dominoes::ends_after(m, left, right);
    TileSet after = hand;
    after.erase(t);
    int seed_position = 0;
    const int key = seed_order_key(m, left, right);
    for (Move x : legal)
      if (seed_order_key(x, left, right) < key) ++seed_position;
    auto& f = out[k];
    f[0] = ranks[k] == 0 ? 1.0 : 0.0;
    f[1] = dominoes::is_double(t) ? 1.0 : 0.0;
    f[2] = dominoes::tile_pips(t) / 12.0;
    f[3] =
        lacks.contains(dominoes::tile_low(t)) && lacks.contains(dominoes::tile_high(t)) ? 1.0 : 0.0;
    f[4] =
        (after & (dominoes::tiles_with(new_left) | dominoes::tiles_with(new_right))).size() / 4.0;
    f[5] = visible_carriers(m, left, right, visible) / 7.0;
    f[6] = ((lacks.contains(new_left) ? 1 : 0) + (lacks.contains(new_right) ? 1 : 0)) / 2.0;
    f[7] = n > 1 ? static_cast<double>(seed_position) / (n - 1) : 0.0;
    f[8] = new_left == new_right ? 1.0 : 0.0;
  }
}

void SoftmaxModel::policy(const State& s, const MoveList& legal, double* probs) const {
  std::array<double, kMoveFeatures> features[MoveList::kCapacity];
  move_features(s, legal, features);
  double scores[MoveList::kCapacity];
  for (int k = 0; k < legal.size(); ++k) {
    scores[k] = 0;
    for (int i = 0; i < kMoveFeatures; ++i) scores[k] += weights_[i] * features[k][i];
  }
  softmax(scores, legal.size(), 1.0, probs);
}

namespace {

// The penalised log-likelihood, its gradient and Hessian at `w` (gradient/Hessian optional); the
// penalty pulls towards `centre`.
double objective(std::span<const FitDecision> decisions, const Eigen::VectorXd& w,
                 const Eigen::VectorXd& centre, double ridge, Eigen::VectorXd* gradient,
                 Eigen::MatrixXd* hessian, double* log_likelihood) {
  const int d = kMoveFeatures;
  double ll = 0;
  if (gradient) *gradient = -ridge * (w - centre);
  if (hessian) *hessian = -ridge * Eigen::MatrixXd::Identity(d, d);
  for (const FitDecision& decision : decisions) {
    const int n = static_cast<int>(decision.moves.size());
    if (n < 2) continue;
    Eigen::MatrixXd phi(n, d);
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < d; ++i) phi(k, i) = decision.moves[k][i];
    const Eigen::VectorXd scores = phi * w;
    const double top = scores.maxCoeff();
    Eigen::VectorXd p = (scores.array() - top).exp();
    const double z = p.sum();
    p /= z;
    ll += scores(decision.chosen) - top - std::log(z);
    if (gradient || hessian) {
      const Eigen::VectorXd mean = phi.transpose() * p;
      if (gradient) *gradient += phi.row(decision.chosen).transpose() - mean;
      if (hessian) {
        const Eigen::MatrixXd centred = phi.rowwise() - mean.transpose();
        *hessian -= centred.transpose() * p.asDiagonal() * centred;
      }
    }
  }
  if (log_likelihood) *log_likelihood = ll;
  return ll - 0.5 * ridge * (w - centre).squaredNorm();
}

}  // namespace

FitResult fit_softmax_model(std::span<const FitDecision> decisions, double ridge,
                            const std::array<double, kMoveFeatures>& prior_mean) {
  const Eigen::VectorXd centre =
      Eigen::Map<const Eigen::VectorXd>(prior_mean.data(), kMoveFeatures);
  Eigen::VectorXd w = centre;
  Eigen::VectorXd gradient;
  Eigen::MatrixXd hessian;
  FitResult result;
  double value = objective(decisions, w, centre, ridge, &gradient, &hessian, nullptr);
  for (result.iterations = 0; result.iterations < 100;) {
    // Newton: the Hessian is negative definite (ridge > 0), so -H step = g has one solution.
    const Eigen::VectorXd step = (-hessian).ldlt().solve(gradient);
    // The Newton decrement g.step is twice the gain a full step promises (Boyd & Vandenberghe,
    // Convex Optimization, 9.5.1): below the objective's own rounding there is nothing left.
    const double promised = 0.5 * gradient.dot(step);
    if (step.cwiseAbs().maxCoeff() < 1e-9) {
      result.converged = true;
      break;
    }
    double scale = 1;
    Eigen::VectorXd next = w + step;
    double next_value = objective(decisions, next, centre, ridge, nullptr, nullptr, nullptr);
    while (next_value < value && scale > 1e-6) {  // concave: a short enough step improves
      scale /= 2;
      next = w + scale * step;
      next_value = objective(decisions, next, centre, ridge, nullptr, nullptr, nullptr);
    }
    ++result.iterations;
    if (next_value < value) {
      // No step length improves: rounding in the sum over decisions hides any gain left. That is
      // the optimum when the gain the step promised is within a few roundings of the objective.
      result.converged = promised < 1e-9 * (1 + std::fabs(value));
      break;
    }
    w = next;
    value = objective(decisions, w, centre, ridge, &gradient, &hessian, nullptr);
  }
  objective(decisions, w, centre, ridge, &gradient, &hessian, &result.log_likelihood);
  const Eigen::MatrixXd covariance =
      (-hessian).ldlt().solve(Eigen::MatrixXd::Identity(kMoveFeatures, kMoveFeatures));
  for (int i = 0; i < kMoveFeatures; ++i) {
    result.weights[i] = w(i);
    result.standard_errors[i] = std::sqrt(covariance(i, i));
  }
  return result;
}

std::string softmax_model_text(const std::array<double, kMoveFeatures>& weights) {
  std::ostringstream os;
  os.precision(17);
  os << "dominoes-move-softmax 1\n";
  for (int i = 0; i < kMoveFeatures; ++i) os << kMoveFeatureNames[i] << " " << weights[i] << "\n";
  return os.str();
}

std::array<double, kMoveFeatures> parse_softmax_model(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || common::trimmed(line) != "dominoes-move-softmax 1")
    throw std::invalid_argument("not a move model: the first line must be dominoes-move-softmax 1");
  std::array<double, kMoveFeatures> weights{};
  std::array<bool, kMoveFeatures> seen{};
  int line_number = 1;
  while (std::getline(in, line)) {
    ++line_number;
    const std::string trimmed = common::trimmed(line);
    if (trimmed.empty() || trimmed[0] == '#') continue;
    const std::size_t space = trimmed.find(' ');
    const std::string name = trimmed.substr(0, space);
    // A plain double and a flag, not the optional: GCC 12 warns about the optional's copy.
    double value = 0;
    bool number = false;
    if (space != std::string::npos)
      if (const auto parsed = common::parse_double(common::trimmed(trimmed.substr(space + 1))))
        value = *parsed, number = std::isfinite(value);
    const auto* it = std::find_if(kMoveFeatureNames.begin(), kMoveFeatureNames.end(),
                                  [&](const char* n) { return name == n; });
    if (it == kMoveFeatureNames.end() || !number)
      throw std::invalid_argument("line " + std::to_string(line_number) +
                                  ": expected a feature name and a number, got " +
                                  common::quoted(trimmed));
    const auto i = static_cast<std::size_t>(it - kMoveFeatureNames.begin());
    if (seen[i])
      throw std::invalid_argument("line " + std::to_string(line_number) + ": feature " + name +
                                  " given twice");
    seen[i] = true;
    weights[i] = value;
  }
  for (int i = 0; i < kMoveFeatures; ++i)
    if (!seen[i])
      throw std::invalid_argument(std::string("feature ") + kMoveFeatureNames[i] + " missing");
  return weights;
}

std::array<double, kMoveFeatures> load_softmax_model(const std::string& path) {
  // A model is ten short lines; comments aside, nothing in it is long.
  constexpr common::ReadLimits kModelLimits{std::size_t{4} << 10, std::uint64_t{1} << 20, true};
  std::string text;
  try {
    text = common::read_limited_file(path, "model file", kModelLimits);
  } catch (const common::ReadError& e) {
    throw std::invalid_argument(e.what());
  }
  try {
    return parse_softmax_model(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("model file " + common::quoted(path) + ": " + e.what());
  }
}

}  // namespace strategies
