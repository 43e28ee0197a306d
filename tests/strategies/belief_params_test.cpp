// The parameter rows inference and epimc share (strategies/belief/belief_params.h; resolve and
// softmax list the model's too): each shared row, wherever a strategy lists it, has the facts the
// searches assume (its defaults are the defaults of WorldSampling and WeightedPimcParams, the
// structs that run without a spec), and the `model` row checks its values and names the file a
// fitted model reads.
#include "strategies/belief/belief_params.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "strategies/belief/weighted_pimc.h"
#include "strategies/registry.h"

namespace strategies {
namespace {

// Returns the row `name` of strategy `strategy`'s table, or fails the test.
const ParamInfo& row(const std::string& strategy, const std::string& name) {
  static const ParamInfo missing{};
  const StrategyInfo* info = Registry::builtin().find(strategy);
  if (info == nullptr) {
    ADD_FAILURE() << "no strategy " << strategy;
    return missing;
  }
  for (const ParamInfo& p : info->params)
    if (p.name == name) return p;
  ADD_FAILURE() << strategy << " has no parameter " << name;
  return missing;
}

// Expects the row to be an integer or real of `type` from `min` to `max`, defaulting to `value`.
void expect_range(const ParamInfo& p, ParamType type, const std::string& value, double min,
                  double max) {
  EXPECT_EQ(p.type, type) << p.name;
  EXPECT_EQ(p.default_value, value) << p.name;
  EXPECT_EQ(p.min, min) << p.name;
  EXPECT_EQ(p.max, max) << p.name;
}

TEST(BeliefParams, TheWorldRowsDefaultToTheSearchesOwnDefaults) {
  const WorldSampling sampling;  // what a search draws with when no spec says otherwise
  const WeightedPimcParams search;
  for (const std::string strategy : {"inference", "epimc"}) {
    SCOPED_TRACE(strategy);
    expect_range(row(strategy, "scenarios"), ParamType::kInt, std::to_string(sampling.scenarios), 1,
                 1e7);
    expect_range(row(strategy, "enumerate"), ParamType::kInt, std::to_string(sampling.enumerate), 0,
                 1e7);
    expect_range(row(strategy, "samples"), ParamType::kInt, std::to_string(sampling.samples), 1,
                 1e7);
    const ParamInfo& depth = row(strategy, "depth");
    expect_range(depth, ParamType::kInt, std::to_string(search.depth), 0, 200);
    EXPECT_TRUE(depth.omitted_at_default);  // added after specs were in use: names unchanged
  }
  for (const std::string strategy : {"inference", "epimc", "resolve", "softmax"})
    expect_range(row(strategy, "temperature"), ParamType::kDouble, "1", 0, 1e6);
}

TEST(BeliefParams, TheModelRowChecksItsValueAndNamesAFittedModelsFile) {
  for (const std::string strategy : {"inference", "epimc", "resolve"}) {
    SCOPED_TRACE(strategy);
    const ParamInfo& model = row(strategy, "model");
    EXPECT_EQ(model.type, ParamType::kText);
    EXPECT_EQ(model.default_value, "heuristic");
    EXPECT_FALSE(model.omitted_at_default);
    ASSERT_TRUE(model.check && model.file_in);
    for (const char* good : {"heuristic", "self", "uniform", "none"})
      EXPECT_EQ(model.check(good), "") << good;
    EXPECT_NE(model.check("bogus").find(
                  "valid is heuristic, self, uniform, none, fitted:FILE or net:FILE"),
              std::string::npos);
    EXPECT_NE(model.check("fitted:/no/such/file.model"), "");
    EXPECT_EQ(model.file_in("fitted:models/a.model"), "models/a.model");
    EXPECT_EQ(model.file_in("heuristic"), "");
  }
}

TEST(BeliefParams, TheSamplingRowsTogetherCarryThePrefixInOrder) {
  const std::vector<ParamInfo> rows = world_sampling_params("two seats: ");
  ASSERT_EQ(rows.size(), 3u);
  const char* names[] = {"scenarios", "enumerate", "samples"};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].name, names[i]);
    EXPECT_EQ(rows[i].help.rfind("two seats: ", 0), 0u) << rows[i].help;
    // The rest is inference's wording of the row.
    EXPECT_EQ(rows[i].help.substr(11), row("inference", names[i]).help);
  }
}

TEST(BeliefParams, SoftmaxsModelRowAlsoRefusesNoneForItPlaysTheModel) {
  const ParamInfo& model = row("softmax", "model");
  ASSERT_TRUE(model.check && model.file_in);
  EXPECT_EQ(model.default_value, "heuristic");
  EXPECT_NE(model.check("none").find("model=none plays no policy"), std::string::npos);
  EXPECT_EQ(model.check("self"), "");
  EXPECT_EQ(model.file_in("fitted:b.model"), "b.model");
}

}  // namespace
}  // namespace strategies
