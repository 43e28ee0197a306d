#include "engine/nets/model_card.h"

#include <array>
#include <cerrno>
#include <initializer_list>
#include <stdexcept>

#include "engine/common/limited_file.h"
#include "engine/common/text.h"
#include "engine/nets/file_error.h"
#include "engine/nets/json_text.h"

namespace nets {
namespace {

using Json = nlohmann::json;

constexpr std::array<std::pair<ModelKind, std::string_view>, 3> kKinds = {{
    {ModelKind::kPolicy, "policy"},
    {ModelKind::kBelief, "belief"},
    {ModelKind::kValue, "value"},
}};

// A card is JSON of a few KiB: 16 MiB leaves room for long training notes, and no more.
constexpr common::ReadLimits kCardLimits{std::size_t{16} << 20, std::uint64_t{16} << 20, true};

std::string list(std::initializer_list<std::string_view> names) {
  std::string out;
  for (const std::string_view n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

// Throws unless the object `j` (named `where`) has no key outside `known`: a field this build
// does not know could change what the network computes, so it is refused, never ignored.
void only_keys(const Json& j, std::initializer_list<std::string_view> known,
               const std::string& where) {
  for (const auto& [key, value] : j.items()) {
    bool found = false;
    for (const std::string_view k : known) found = found || k == key;
    if (!found)
      throw std::invalid_argument(where + " has an unknown field " + common::quoted(key) +
                                  " (known: " + list(known) + ")");
  }
}

// Returns j[key], throwing when `j` (named `where`) is not an object or lacks it.
const Json& field(const Json& j, const char* key, const std::string& where) {
  if (!j.is_object()) throw std::invalid_argument(where + " must be a JSON object");
  if (!j.contains(key)) throw std::invalid_argument(where + " has no \"" + key + "\"");
  return j.at(key);
}

int positive_int(const Json& j, const std::string& what) {
  if (!j.is_number_unsigned() || j.get<std::uint64_t>() == 0 || j.get<std::uint64_t>() > 1u << 30)
    throw std::invalid_argument(what + " must be a whole number from 1 to 2^30 (got " +
                                json_shown(j) + ")");
  return j.get<int>();
}

std::string text(const Json& j, const std::string& what) {
  if (!j.is_string() || j.get<std::string>().empty())
    throw std::invalid_argument(what + " must be non-empty text (got " + json_shown(j) + ")");
  return j.get<std::string>();
}

void check_format(const Json& card) {
  const Json& format = field(card, "format", "the card");
  if (format != std::string(kModelFormat))
    throw std::invalid_argument("\"format\" is " + json_shown(format) + ", not \"" +
                                std::string(kModelFormat) + "\": not a model card");
  const Json& version = field(card, "version", "the card");
  if (version != kModelVersion)
    throw std::invalid_argument("version " + json_shown(version) + " is not one this build reads " +
                                "(it reads version " + std::to_string(kModelVersion) + ")");
}

ModelKind kind_of(const Json& j) {
  for (const auto& [kind, name] : kKinds)
    if (j == std::string(name)) return kind;
  throw std::invalid_argument("\"kind\" must be one of policy, belief, value (got " +
                              json_shown(j) + ")");
}

Json rules_of(const Json& j) {
  if (!j.is_object()) throw std::invalid_argument("\"rules\" must be a JSON object");
  for (const auto& [key, value] : j.items())
    if (!value.is_number_integer() && !value.is_boolean() && !value.is_string())
      throw std::invalid_argument("rules key " + common::quoted(key) + " must be an integer, " +
                                  "true/false or text (got " + json_shown(value) + ")");
  positive_int(field(j, "seats", "\"rules\""), "rules key \"seats\"");
  return j;
}

LayerSpec layer_of(const Json& j, std::size_t i) {
  const std::string where = "layer " + std::to_string(i);
  field(j, "weight", where);
  only_keys(j, {"weight", "bias", "activation"}, where);
  LayerSpec layer{text(j.at("weight"), where + "'s \"weight\""),
                  text(field(j, "bias", where), where + "'s \"bias\""), Activation::kNone};
  const Json& activation = field(j, "activation", where);
  const auto known =
      activation.is_string() ? activation_from_name(activation.get<std::string>()) : std::nullopt;
  if (!known)
    throw std::invalid_argument(where + "'s \"activation\" must be one of none, relu, tanh " +
                                "(got " + json_shown(activation) + ")");
  layer.activation = *known;
  return layer;
}

std::vector<LayerSpec> layers_of(const Json& j) {
  if (!j.is_array() || j.empty())
    throw std::invalid_argument("\"layers\" must be a list of at least one layer");
  std::vector<LayerSpec> layers;
  for (std::size_t i = 0; i < j.size(); ++i) layers.push_back(layer_of(j[i], i));
  return layers;
}

Json free_object(const Json& card, const char* key) {
  if (!card.contains(key)) return Json::object();
  if (!card.at(key).is_object())
    throw std::invalid_argument(std::string("\"") + key + "\" must be a JSON object");
  return card.at(key);
}

// parse_model_card's work on parsed JSON, throwing std::invalid_argument with the problem alone.
ModelCard card_of(const Json& j) {
  if (!j.is_object()) throw std::invalid_argument("the card must be a JSON object");
  check_format(j);
  only_keys(
      j, {"format", "version", "kind", "input", "output", "rules", "layers", "training", "metrics"},
      "the card");
  ModelCard card;
  card.kind = kind_of(field(j, "kind", "the card"));
  const Json& input = field(j, "input", "the card");
  card.input_layout = text(field(input, "layout", "\"input\""), "input.layout");
  card.input_size = positive_int(field(input, "size", "\"input\""), "input.size");
  only_keys(input, {"layout", "size"}, "\"input\"");
  const Json& output = field(j, "output", "the card");
  card.output_size = positive_int(field(output, "size", "\"output\""), "output.size");
  only_keys(output, {"size"}, "\"output\"");
  if (card.kind == ModelKind::kValue && card.output_size != 1)
    throw std::invalid_argument("a value model has one output (output.size " +
                                std::to_string(card.output_size) + ")");
  card.rules = rules_of(field(j, "rules", "the card"));
  card.layers = layers_of(field(j, "layers", "the card"));
  card.training = free_object(j, "training");
  card.metrics = free_object(j, "metrics");
  return card;
}

}  // namespace

std::string_view model_kind_name(ModelKind kind) {
  for (const auto& [k, name] : kKinds)
    if (k == kind) return name;
  return "unknown";
}

std::vector<std::pair<std::string, std::string>> ModelCard::rules_entries() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value] : rules.items()) {
    if (value.is_string())
      out.emplace_back(key, value.get<std::string>());
    else
      out.emplace_back(key, value.dump());  // integers in decimal, booleans true/false
  }
  return out;
}

ModelCard parse_model_card(const std::string& text, const std::string& path) {
  try {
    return card_of(Json::parse(text));
  } catch (const Json::parse_error& e) {
    throw file_error("model card", path, "not valid JSON: " + json_error_text(e));
  } catch (const std::invalid_argument& e) {
    throw file_error("model card", path, e.what());
  }
}

ModelCard read_model_card(const std::string& path) {
  std::string contents;
  try {
    contents = common::read_limited_file(path, "model card", kCardLimits);
  } catch (const common::ReadError& e) {
    const bool missing = e.error_number() == ENOENT;
    throw FileError(
        std::string(e.what()) +
        (missing ? " (a model is NAME.safetensors with its card NAME.json beside it)" : ""));
  }
  return parse_model_card(contents, path);
}

Json model_card_json(const ModelCard& card) {
  Json layers = Json::array();
  for (const LayerSpec& l : card.layers)
    layers.push_back({{"weight", l.weight},
                      {"bias", l.bias},
                      {"activation", std::string(activation_name(l.activation))}});
  return Json{{"format", std::string(kModelFormat)},
              {"version", kModelVersion},
              {"kind", std::string(model_kind_name(card.kind))},
              {"input", {{"layout", card.input_layout}, {"size", card.input_size}}},
              {"output", {{"size", card.output_size}}},
              {"rules", card.rules},
              {"layers", layers},
              {"training", card.training},
              {"metrics", card.metrics}};
}

}  // namespace nets
