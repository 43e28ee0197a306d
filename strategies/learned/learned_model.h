// A network model (engine/nets/model.h: NAME.safetensors and its card NAME.json) seated in games:
// read once per process and shared by every strategy that names it, its card checked against the
// observation tensor it reads (engine/dominoes/observation_tensor.h) and against the game it is
// seated in. The strategies' floor does this, not engine/nets, which knows no game.
//
// What must match (docs/formats.md, "Model files"): the input layout "observation-v1" and its
// size, tensor_layout(the card's rules).size; the output size of the card's kind (policy: one
// logit per action, action_count; belief: tiles x seats; value: 1); and the rules of the hand:
// the set, hand size, scoring, seats, partners and block rule. The leader rule, the match target
// and the next-leader rule are not compared: what a seat sees and scores within one hand does not
// depend on them (who led is in the observation).
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "engine/dominoes/observation_tensor.h"
#include "engine/dominoes/rules.h"
#include "engine/nets/model.h"

namespace strategies {

/// A model read from its files and checked against its own card's rules.
struct LearnedModel {
  nets::Model model;
  dominoes::Rules rules;          ///< the rules the card says it was trained for
  dominoes::TensorLayout layout;  ///< tensor_layout(rules): what the network reads
  std::string path;               ///< the path as given (either file of the pair)
};

/// Returns the model at `path` (either file of the pair), read on first use and then shared: a
/// process-wide cache keyed by the path and the weights file's size and modification time, so a
/// file rewritten in place is read again. Checks the card's kind (when `kind` is given), its
/// rules (dominoes::rules_from), its input layout and size and its output size, as the header
/// comment says. Throws SpecError with one line naming the file and what is wrong (the messages
/// of nets::load_model for unreadable or malformed files).
std::shared_ptr<const LearnedModel> load_learned_model(const std::string& path,
                                                       std::optional<nets::ModelKind> kind);

/// Runs `model` on what seat `seat` knew holding `hand` after the public record `moves` led by
/// `leader` (write_record_observation under the model's rules) and returns its outputs: a view of
/// the calling thread's scratch vector, valid until its next call. No allocation after the
/// thread's first call with a model this wide.
std::span<const float> forward_record(const LearnedModel& model, dominoes::Seat seat,
                                      dominoes::TileSet hand, std::span<const dominoes::Move> moves,
                                      dominoes::Seat leader);

/// Returns "" when `model` was trained for hands of `rules` (the header comment's fields), else
/// one line naming the file, the rules it was trained for and the game's.
std::string model_rules_refusal(const LearnedModel& model, const dominoes::Rules& rules);

}  // namespace strategies
