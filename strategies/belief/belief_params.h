// The parameters inference and epimc share (strategies/inference, strategies/epimc): which
// opponent model weights the worlds (`model`, `temperature`) and how the worlds are drawn
// (`scenarios`, `enumerate`, `samples`), read from a resolved spec's values.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "strategies/belief/opponent_model.h"
#include "strategies/belief/weighted_worlds.h"
#include "strategies/spec.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// Returns the opponent model a `model` parameter names: heuristic, self, uniform (temperature
/// used by the first two), none (returns nullptr) or fitted:FILE (the file is read now). Throws
/// SpecError with one line saying what is wrong for any other value or a model file that cannot be
/// read or parsed.
std::shared_ptr<const OpponentModel> make_opponent_model(const std::string& model,
                                                         double temperature);

/// Returns "" when `model` names an opponent model make_opponent_model accepts, else why not
/// (one line): the `model` parameter's check, shared by inference and epimc.
std::string check_opponent_model(const std::string& model);

/// Returns the path a `model` value reads, PATH for fitted:PATH, else "" (the `model` parameter's
/// ParamInfo::file_in, shared by inference and epimc).
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

/// Returns the parameters `scenarios`, `enumerate` and `samples` (WorldSampling's defaults and
/// ranges), in that order, for a strategy that draws its worlds as inference does; `prefix` starts
/// each help text (as "inference: " where the search is a fallback). Inference and epimc declare
/// theirs in their own order and words, which their canonical specs keep.
std::vector<ParamInfo> world_sampling_params(const std::string& prefix = "");

/// Returns the world sampling the `scenarios`, `enumerate` and `samples` values of `v` set (the
/// parameters inference and epimc share).
WorldSampling world_sampling_of(const ParamValues& v);

/// Returns the opponent model the `model` and `temperature` values of `v` name
/// (make_opponent_model). Throws SpecError naming `strategy` and the model when it cannot be made
/// now (a model file checked at spec resolution and gone since).
std::shared_ptr<const OpponentModel> opponent_model_of(const ParamValues& v,
                                                       const std::string& strategy);

}  // namespace strategies
