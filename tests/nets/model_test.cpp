// Models (engine/nets/model.h, model_card.h): a model saved and loaded by either of its two paths
// computes what the network did; every damaged card or weights file, and every mismatch between
// them, is refused in one line naming the file at fault.
#include "engine/nets/model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "engine/nets/file_error.h"
#include "tests/test_files.h"

namespace nets {
namespace {

using Json = nlohmann::json;

// A small policy model, 6 -> 4 -> 3, ReLU then logits, with random weights.
Network small_network() {
  std::mt19937 rng(9);
  std::normal_distribution<float> normal(0.0f, 0.5f);
  std::vector<DenseLayer> layers(2);
  layers[0].weight = RowMatrix::NullaryExpr(4, 6, [&] { return normal(rng); });
  layers[0].bias = Eigen::VectorXf::NullaryExpr(4, [&] { return normal(rng); });
  layers[0].activation = Activation::kRelu;
  layers[1].weight = RowMatrix::NullaryExpr(3, 4, [&] { return normal(rng); });
  layers[1].bias = Eigen::VectorXf::NullaryExpr(3, [&] { return normal(rng); });
  return Network(std::move(layers));
}

// The card of small_network, as JSON written by hand from the format (docs/formats.md).
Json small_card_json() {
  return Json::parse(R"({
    "format": "dominoes-model", "version": 1, "kind": "policy",
    "input": {"layout": "observation-v1", "size": 6},
    "output": {"size": 3},
    "rules": {"seats": 2, "double": 6, "hand-size": 7, "scoring": "opponent-pips",
              "leader": "random", "target": 0, "partners": false},
    "layers": [
      {"weight": "layers.0.weight", "bias": "layers.0.bias", "activation": "relu"},
      {"weight": "layers.2.weight", "bias": "layers.2.bias", "activation": "none"}
    ],
    "training": {"data": "runs/data", "seed": 1, "examples": 1000},
    "metrics": {"log-loss": 0.5}
  })");
}

// The weights of small_network under the card's names.
std::vector<Tensor> small_tensors() {
  const Network net = small_network();
  std::vector<Tensor> tensors;
  const char* names[2][2] = {{"layers.0.weight", "layers.0.bias"},
                             {"layers.2.weight", "layers.2.bias"}};
  for (int i = 0; i < 2; ++i) {
    const DenseLayer& l = net.layers()[i];
    std::vector<float> w, b;
    for (int o = 0; o < l.outputs(); ++o) {
      b.push_back(l.bias(o));
      for (int in = 0; in < l.inputs(); ++in) w.push_back(l.weight(o, in));
    }
    tensors.push_back(Tensor::of<float>(names[i][0], {l.outputs(), l.inputs()}, w));
    tensors.push_back(Tensor::of<float>(names[i][1], {l.outputs()}, b));
  }
  return tensors;
}

// A model folder with NAME.json and NAME.safetensors, either of which a test may spoil.
struct ModelFiles {
  test_files::TempDir dir;
  std::string weights = dir.sub("m.safetensors");
  std::string card = dir.sub("m.json");

  ModelFiles() { write(small_card_json(), small_tensors()); }
  void write(const Json& card_json, const std::vector<Tensor>& tensors) {
    test_files::write_text(card, card_json.dump(2));
    write_tensor_file(weights, tensors);
  }
};

// Returns the FileError message of load_model(path), or "" when it loads.
std::string load_refusal(const std::string& path) {
  try {
    load_model(path);
  } catch (const FileError& e) {
    return e.what();
  }
  return "";
}

// Expects the model refused, naming `file` as `what`, with `fragment` in the one-line message.
void expect_load_refused(const ModelFiles& m, const std::string& what, const std::string& file,
                         const std::string& fragment) {
  for (const std::string& path : {m.weights, m.card}) {
    const std::string message = load_refusal(path);
    EXPECT_NE(message.find(what + " \"" + file + "\": "), std::string::npos) << message;
    EXPECT_NE(message.find(fragment), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

void expect_card_refused(const Json& card, const std::string& fragment) {
  ModelFiles m;
  m.write(card, small_tensors());
  expect_load_refused(m, "model card", m.card, fragment);
}

void expect_weights_refused(const std::vector<Tensor>& tensors, const std::string& fragment,
                            const Json& card = small_card_json()) {
  ModelFiles m;
  m.write(card, tensors);
  expect_load_refused(m, "model weights", m.weights, fragment);
}

TEST(Model, LoadsByEitherPathAndComputesTheSavedNetwork) {
  ModelFiles m;
  const Network original = small_network();
  for (const std::string& path : {m.weights, m.card}) {
    const Model model = load_model(path);
    EXPECT_EQ(model.paths.weights, m.weights);
    EXPECT_EQ(model.paths.card, m.card);
    EXPECT_EQ(model.card.kind, ModelKind::kPolicy);
    EXPECT_EQ(model.card.input_layout, "observation-v1");
    EXPECT_EQ(model.card.input_size, 6);
    EXPECT_EQ(model.card.output_size, 3);
    EXPECT_EQ(model.card.seats(), 2);
    EXPECT_EQ(model.card.training.at("examples"), 1000);
    EXPECT_EQ(model.card.metrics.at("log-loss"), 0.5);
    ASSERT_EQ(model.card.layers.size(), 2u);
    EXPECT_EQ(model.card.layers[1].weight, "layers.2.weight");
    EXPECT_EQ(model.card.layers[0].activation, Activation::kRelu);
    const std::vector<float> x{1, 0, 0, 1, 3, 0};
    std::vector<float> want(3), got(3);
    original.forward(x, want);
    model.network.forward(x, got);
    EXPECT_EQ(got, want);
  }
}

TEST(Model, RulesAreHandedOnAsKeyValueText) {
  const ModelCard card = parse_model_card(small_card_json().dump(), "m.json");
  const std::vector<std::pair<std::string, std::string>> want = {
      {"double", "6"},       {"hand-size", "7"},           {"leader", "random"},
      {"partners", "false"}, {"scoring", "opponent-pips"}, {"seats", "2"},
      {"target", "0"}};
  EXPECT_EQ(card.rules_entries(), want);
}

TEST(Model, SaveModelWritesWhatLoadModelReads) {
  test_files::TempDir dir;
  const ModelCard card = parse_model_card(small_card_json().dump(), "m.json");
  const ModelPaths paths = model_paths(dir.sub("saved.json"));
  save_model(paths, card, small_network());
  const Model model = load_model(paths.weights);
  EXPECT_EQ(model_card_json(model.card), model_card_json(card));
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(model.network.layers()[i].weight, small_network().layers()[i].weight);
    EXPECT_EQ(model.network.layers()[i].bias, small_network().layers()[i].bias);
  }
  ModelCard wrong = card;
  wrong.output_size = 4;
  EXPECT_THROW(save_model(paths, wrong, small_network()), std::invalid_argument);
}

TEST(Model, PathsMustEndInEitherExtension) {
  EXPECT_EQ(model_paths("a/b.json").weights, "a/b.safetensors");
  EXPECT_EQ(model_paths("a/b.safetensors").card, "a/b.json");
  EXPECT_EQ(model_paths("b.v2.json").weights, "b.v2.safetensors");
  for (const char* path : {"model.pt", "model", ".json", "model.JSON"}) {
    try {
      model_paths(path);
      ADD_FAILURE() << path;
    } catch (const FileError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("model \"") + path + "\": "),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(Model, AMissingCardOrWeightsFileIsNamed) {
  {
    ModelFiles m;
    std::filesystem::remove(m.card);
    expect_load_refused(m, "cannot read model card", m.card,
                        "(a model is NAME.safetensors with its card NAME.json beside it)");
  }
  {
    ModelFiles m;
    std::filesystem::remove(m.weights);
    expect_load_refused(m, "model weights", m.weights, "no such file (a model is NAME.safetensors");
  }
}

TEST(Model, CardsThatAreNotJsonOrNotModelCardsAreRefused) {
  ModelFiles m;
  test_files::write_text(m.card, "{\"format\": \"dominoes-model\",");
  expect_load_refused(m, "model card", m.card, "not valid JSON: parse error");
  test_files::write_text(m.card, "[]");
  expect_load_refused(m, "model card", m.card, "the card must be a JSON object");
  Json card = small_card_json();
  card["format"] = "onnx";
  expect_card_refused(card, "\"format\" is \"onnx\", not \"dominoes-model\"");
  card = small_card_json();
  card.erase("format");
  expect_card_refused(card, "the card has no \"format\"");
  card = small_card_json();
  card["version"] = 2;
  expect_card_refused(card, "version 2 is not one this build reads (it reads version 1)");
}

TEST(Model, UnknownKindsActivationsAndFieldsAreRefused) {
  Json card = small_card_json();
  card["kind"] = "critic";
  expect_card_refused(card, "\"kind\" must be one of policy, belief, value (got \"critic\")");
  card = small_card_json();
  card["layers"][1]["activation"] = "softplus";
  expect_card_refused(card, "layer 1's \"activation\" must be one of none, relu, tanh");
  card = small_card_json();
  card["layers"][0]["dropout"] = 0.5;
  expect_card_refused(card, "layer 0 has an unknown field \"dropout\"");
  card = small_card_json();
  card["normalise"] = true;
  expect_card_refused(card, "the card has an unknown field \"normalise\"");
  card = small_card_json();
  card["input"]["scale"] = 2;
  expect_card_refused(card, "\"input\" has an unknown field \"scale\"");
}

TEST(Model, CardFieldsOfTheWrongTypeAreRefused) {
  const auto spoil = [](const std::function<void(Json&)>& change, const std::string& fragment) {
    Json card = small_card_json();
    change(card);
    expect_card_refused(card, fragment);
  };
  spoil([](Json& c) { c["input"]["size"] = -6; }, "input.size must be a whole number");
  spoil([](Json& c) { c["input"]["size"] = 6.5; }, "input.size must be a whole number");
  spoil([](Json& c) { c["output"]["size"] = 0; }, "output.size must be a whole number");
  spoil([](Json& c) { c["input"]["layout"] = ""; }, "input.layout must be non-empty text");
  spoil([](Json& c) { c["layers"] = Json::array(); }, "\"layers\" must be a list of at least one");
  spoil([](Json& c) { c["layers"][0].erase("bias"); }, "layer 0 has no \"bias\"");
  spoil([](Json& c) { c["rules"].erase("seats"); }, "\"rules\" has no \"seats\"");
  spoil([](Json& c) { c["rules"]["double"] = Json::array({6}); }, "rules key \"double\" must be");
  spoil([](Json& c) { c["training"] = "yesterday"; }, "\"training\" must be a JSON object");
  spoil(
      [](Json& c) {
        c["kind"] = "value";
        c["output"]["size"] = 3;
      },
      "a value model has one output (output.size 3)");
}

TEST(Model, AMissingWeightIsRefused) {
  std::vector<Tensor> tensors = small_tensors();
  tensors.erase(tensors.begin() + 2);  // layers.2.weight
  expect_weights_refused(tensors, "layer 1's weight \"layers.2.weight\" is not in the file");
}

TEST(Model, WeightsOfTheWrongShapeOrTypeAreRefused) {
  std::vector<Tensor> tensors = small_tensors();
  tensors[0].shape = {6, 4};  // [in, out] instead of [out, in]
  expect_weights_refused(tensors,
                         "layer 0's bias \"layers.0.bias\" has shape [4], but its weight "
                         "\"layers.0.weight\" has 6 outputs (shape [6, 4], [out, in])");
  tensors = small_tensors();
  tensors[2] = Tensor::of<float>("layers.2.weight", {3, 5}, std::vector<float>(15, 0.5f));
  expect_weights_refused(tensors, "layer 1's weight takes 5 inputs, but layer 0 gives 4 outputs");
  tensors = small_tensors();
  tensors[1].shape = {2, 2};
  expect_weights_refused(tensors,
                         "layer 0's bias \"layers.0.bias\" has shape [2, 2]; it must "
                         "have 1 dimension");
  tensors = small_tensors();
  tensors[3] = Tensor::of<float>("layers.2.bias", {2}, std::vector<float>{1, 2});
  expect_weights_refused(tensors,
                         "layer 1's bias \"layers.2.bias\" has shape [2], but its "
                         "weight \"layers.2.weight\" has 3 outputs");
  tensors = small_tensors();
  tensors[1] = Tensor::of<double>("layers.0.bias", {4}, std::vector<double>{1, 2, 3, 4});
  expect_weights_refused(tensors, "layer 0's bias \"layers.0.bias\" is F64; weights must be F32");
}

TEST(Model, SizesThatDoNotMatchTheCardAreRefusedNamingBothFiles) {
  ModelFiles m;
  Json card = small_card_json();
  card["input"]["size"] = 7;
  m.write(card, small_tensors());
  expect_load_refused(
      m, "model weights", m.weights,
      "layer 0's weight takes 6 inputs, but its card \"" + m.card + "\" says input.size 7");
  card = small_card_json();
  card["output"]["size"] = 85;
  m.write(card, small_tensors());
  expect_load_refused(m, "model weights", m.weights,
                      "the last layer's weight gives 3 outputs, but its card \"" + m.card +
                          "\" says output.size 85");
}

TEST(Model, NaNAndInfiniteWeightsAreRefused) {
  for (const float bad :
       {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::infinity()}) {
    std::vector<Tensor> tensors = small_tensors();
    std::vector<float> w = tensors[2].values<float>();
    w[5] = bad;
    tensors[2] = Tensor::of<float>("layers.2.weight", {3, 4}, w);
    expect_weights_refused(tensors, std::string("layer 1's weight \"layers.2.weight\" holds ") +
                                        (std::isnan(bad) ? "NaN" : "an infinity") +
                                        " (element 5 in C order)");
  }
}

TEST(Model, TensorsNoLayerUsesAreRefused) {
  std::vector<Tensor> tensors = small_tensors();
  tensors.push_back(Tensor::of<float>("layers.1.scale", {1}, std::vector<float>{2}));
  expect_weights_refused(tensors, "tensor \"layers.1.scale\" is used by no layer of the card");
}

TEST(Model, ADamagedWeightsFileIsRefusedNamingIt) {
  ModelFiles m;
  std::string bytes = test_files::read_text(m.weights);
  test_files::write_text(m.weights, bytes.substr(0, bytes.size() - 1));
  expect_load_refused(m, "model weights", m.weights, "are not within the");
  test_files::write_text(m.weights, bytes.substr(0, 5));
  expect_load_refused(m, "model weights", m.weights, "too short for a safetensors file");
}

}  // namespace
}  // namespace nets
