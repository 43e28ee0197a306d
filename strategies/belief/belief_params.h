// The parameters inference and epimc share (strategies/inference, strategies/epimc): which
// opponent model weights the worlds (`model`, `temperature`), how the worlds are drawn
// (`scenarios`, `enumerate`, `samples`) and how deep each is searched (`depth`): their rows of a
// strategy's parameter table, each written once here (resolve, adapt and softmax list some of them
// too), and their values read from a resolved spec.
// A row's name, type, default and range are the shared facts; its help text may be the
// strategy's own words, as `dominoes strategies NAME` shows them.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "strategies/belief/opponent_model.h"
#include "strategies/belief/weighted_worlds.h"
#include "strategies/belief/world_belief.h"
#include "strategies/spec.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// Returns the opponent model a `model` parameter names: heuristic, self, uniform (temperature
/// used by the first two), none (returns nullptr), fitted:FILE (the file is read now) or
/// net:FILE (a network model, docs/formats.md "Model files": a policy model's NetPolicyModel; a
/// belief model returns nullptr, for its worlds are weighed by make_world_belief instead). Throws
/// SpecError with one line saying what is wrong for any other value or a model file that cannot be
/// read or parsed (a value model among them).
std::shared_ptr<const OpponentModel> make_opponent_model(const std::string& model,
                                                         double temperature);

/// Returns the world belief a `model` parameter names: a NetWorldBelief for net:FILE naming a
/// belief model, else nullptr. Throws SpecError as make_opponent_model.
std::shared_ptr<const WorldBelief> make_world_belief(const std::string& model);

/// Returns "" when the `model` value plays games of `rules` (anything but net:FILE, or a network
/// trained for these rules: strategies/learned/learned_model.h), else one line naming the file,
/// its rules and the game's: the StrategyInfo::check_rules of the strategies with a `model`.
std::string net_model_refusal(const std::string& model, const dominoes::Rules& rules);

/// Returns "" when `model` names an opponent model make_opponent_model accepts, else why not
/// (one line): the `model` parameter's check, shared by inference and epimc.
std::string check_opponent_model(const std::string& model);

/// Returns the path a `model` value reads, PATH for fitted:PATH or net:PATH, else "" (the `model`
/// parameter's ParamInfo::file_in, shared by inference and epimc).
std::string fitted_model_file(const std::string& model);

/// Returns the softmax weights a `prior` value names: 0 for none, the file's for fitted:FILE (the
/// file is read now). Throws SpecError with one line for any other value or a file that cannot be
/// read or parsed.
std::array<double, kMoveFeatures> make_policy_prior(const std::string& prior);

/// Returns the policy prior the `prior` value of `v` names (make_policy_prior). Throws SpecError
/// naming `strategy` and the value when it cannot be made now (a model file checked at spec
/// resolution and gone since).
std::array<double, kMoveFeatures> policy_prior_of(const ParamValues& v,
                                                  const std::string& strategy);

/// Returns "" when make_policy_prior accepts `prior`, else why not (one line): the check of
/// adapt's `prior` parameter.
std::string check_policy_prior(const std::string& prior);

/// Returns the `model` parameter's row: the opponent model that weights the worlds, a text
/// defaulting to heuristic, checked by check_opponent_model, its fitted:FILE named by
/// fitted_model_file (so a run will not write over it); `help` is its help text.
ParamInfo opponent_model_param(std::string help);

/// Returns the `temperature` parameter's row: the softmax temperature of the heuristic and self
/// opponent models (make_opponent_model), a real from 0 (their argmax) to 1e6, default 1.
ParamInfo model_temperature_param();

/// Returns the `scenarios` parameter's row: worlds kept (and solved) per decision, an integer
/// from 1 to 1e7, default 200 (WorldSampling::scenarios); `help` is its help text.
ParamInfo scenarios_param(std::string help = "worlds solved per decision");

/// Returns the `enumerate` parameter's row: the most consistent hands weighed one by one, an
/// integer from 0 to 1e7, default 2000 (WorldSampling::enumerate); `help` is its help text.
ParamInfo enumerate_param(
    std::string help = "weight every consistent hand when there are at most this many");

/// Returns the `samples` parameter's row: uniform draws weighed and resampled down to scenarios
/// when there are more consistent hands, an integer from 1 to 1e7, default 1000
/// (WorldSampling::samples); `help` is its help text.
ParamInfo samples_param(
    std::string help = "else uniform hands drawn, weighted and resampled down to scenarios");

/// Returns the parameters `scenarios`, `enumerate` and `samples` (the three rows above, their
/// default help texts), in that order, for a strategy that draws its worlds as inference does;
/// `prefix` starts each help text (as "inference: " where the search is a fallback). Inference
/// and epimc list the three rows in their own order and words, which their canonical specs keep.
std::vector<ParamInfo> world_sampling_params(const std::string& prefix = "");

/// Returns the `depth` parameter's row of the weighted worlds' search (WeightedPimcParams::depth):
/// tiles searched after the candidate move in each world, an integer from 0 (to the end: exact)
/// to 200, default 0, left out of a canonical spec at its default; `help` is its help text.
ParamInfo world_depth_param(std::string help);

/// Returns the world sampling the `scenarios`, `enumerate` and `samples` values of `v` set (the
/// parameters inference and epimc share).
WorldSampling world_sampling_of(const ParamValues& v);

/// Returns the opponent model the `model` and `temperature` values of `v` name
/// (make_opponent_model). Throws SpecError naming `strategy` and the model when it cannot be made
/// now (a model file checked at spec resolution and gone since).
std::shared_ptr<const OpponentModel> opponent_model_of(const ParamValues& v,
                                                       const std::string& strategy);

/// Returns the world belief the `model` value of `v` names (make_world_belief). Throws SpecError
/// naming `strategy` and the model when it cannot be made now.
std::shared_ptr<const WorldBelief> world_belief_of(const ParamValues& v,
                                                   const std::string& strategy);

}  // namespace strategies
