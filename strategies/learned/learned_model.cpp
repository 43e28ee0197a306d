#include "strategies/learned/learned_model.h"

#include <filesystem>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

#include "engine/common/text.h"
#include "engine/dominoes/actions.h"
#include "engine/dominoes/rules_keys.h"
#include "engine/dominoes/tile.h"
#include "strategies/spec.h"

namespace strategies {
namespace {

constexpr const char* kObservationLayout = "observation-v1";

// The outputs a model of `kind` gives under `rules`.
int output_size_of(nets::ModelKind kind, const dominoes::Rules& rules) {
  switch (kind) {
    case nets::ModelKind::kPolicy:
      return dominoes::action_count(rules);
    case nets::ModelKind::kBelief:
      return dominoes::tile_count(rules.max_pip) * rules.seats;
    case nets::ModelKind::kValue:
      return 1;
  }
  return 0;
}

// `rules` with the fields that do not change a hand set to their defaults, for comparing and
// describing hands.
dominoes::Rules hand_rules(dominoes::Rules rules) {
  const dominoes::Rules defaults = dominoes::table_rules(rules.seats);
  rules.leader = defaults.leader;
  rules.match_target = 0;
  rules.next_leader = defaults.next_leader;
  return rules;
}

// Reads and checks the model at `path` (any kind): load_learned_model without the cache.
std::shared_ptr<const LearnedModel> read_checked(const std::string& path) {
  auto learned = std::make_shared<LearnedModel>();
  learned->path = path;
  try {
    learned->model = nets::load_model(path);
  } catch (const std::invalid_argument& e) {
    throw SpecError(e.what());
  }
  const nets::ModelCard& card = learned->model.card;
  const std::string file = "model " + common::quoted(learned->model.paths.card, 200);
  try {
    learned->rules = dominoes::rules_from(card.rules_entries());
  } catch (const std::exception& e) {
    throw SpecError(file + ": its rules cannot be played: " + e.what());
  }
  learned->layout = dominoes::tensor_layout(learned->rules);
  if (card.input_layout != kObservationLayout)
    throw SpecError(file + " reads input layout " + common::quoted(card.input_layout) +
                    ": this build reads " + kObservationLayout);
  if (card.input_size != learned->layout.size)
    throw SpecError(file + " reads " + std::to_string(card.input_size) +
                    " inputs, but the observation tensor of its rules has " +
                    std::to_string(learned->layout.size));
  const int outputs = output_size_of(card.kind, learned->rules);
  if (card.output_size != outputs)
    throw SpecError(file + " gives " + std::to_string(card.output_size) + " outputs, but a " +
                    std::string(nets::model_kind_name(card.kind)) + " model of its rules gives " +
                    std::to_string(outputs));
  return learned;
}

}  // namespace

std::shared_ptr<const LearnedModel> load_learned_model(const std::string& path,
                                                       std::optional<nets::ModelKind> kind) {
  // The key: the path and its weights file's size and time, so that a rewritten file is read
  // again (a file that cannot be examined is read every time and never cached); the kind is
  // checked on every call, so one file asked for as two kinds is one entry.
  std::error_code error;
  const nets::ModelPaths paths = [&] {
    try {
      return nets::model_paths(path);
    } catch (const std::invalid_argument& e) {
      throw SpecError(e.what());
    }
  }();
  const auto size = std::filesystem::file_size(paths.weights, error);
  const auto time = std::filesystem::last_write_time(paths.weights, error);
  using Key = std::tuple<std::string, std::uintmax_t, std::filesystem::file_time_type>;
  static std::mutex mutex;
  static std::map<Key, std::shared_ptr<const LearnedModel>> cache;
  const Key key{path, error ? 0 : size, error ? std::filesystem::file_time_type{} : time};
  std::shared_ptr<const LearnedModel> model;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = cache.find(key); it != cache.end() && !error) model = it->second;
  }
  if (!model) {
    model = read_checked(path);
    const std::lock_guard<std::mutex> lock(mutex);
    if (!error) cache[key] = model;
  }
  if (kind && model->model.card.kind != *kind)
    throw SpecError("model " + common::quoted(model->model.paths.card, 200) + " is a " +
                    std::string(nets::model_kind_name(model->model.card.kind)) + " model: give a " +
                    std::string(nets::model_kind_name(*kind)) + " model");
  return model;
}

std::span<const float> forward_record(const LearnedModel& model, dominoes::Seat seat,
                                      dominoes::TileSet hand, std::span<const dominoes::Move> moves,
                                      dominoes::Seat leader) {
  thread_local std::vector<float> input, output;
  input.resize(static_cast<std::size_t>(model.layout.size));
  output.resize(static_cast<std::size_t>(model.model.network.output_size()));
  dominoes::write_record_observation(model.rules, model.layout, seat, hand, moves, leader,
                                     input.data());
  model.model.network.forward(input, output);
  return output;
}

std::string model_rules_refusal(const LearnedModel& model, const dominoes::Rules& rules) {
  const dominoes::Rules trained = hand_rules(model.rules);
  const dominoes::Rules game = hand_rules(rules);
  if (trained == game) return "";
  return "model " + common::quoted(model.path, 200) + " was trained for " +
         dominoes::describe(trained) + ", but this game is " + dominoes::describe(game);
}

}  // namespace strategies
