// Short labels (strategies/short_label.h) against labels written out by hand from the defaults
// that `dominoes strategies NAME` lists (minimax: scenarios 200, depth 10, exact true, crn true;
// inference: model heuristic, temperature 1, scenarios 200, enumerate 2000, samples 1000).
#include "strategies/short_label.h"

#include <gtest/gtest.h>

namespace strategies {
namespace {

TEST(ShortLabel, CutsEveryPathToItsBaseName) {
  EXPECT_EQ(shorten_paths("fitted:experiments/models/minimax-200-0.model"),
            "fitted:minimax-200-0.model");
  EXPECT_EQ(shorten_paths("/abs/dir/d3h3.strategy"), "d3h3.strategy");
  EXPECT_EQ(shorten_paths("a/b:c/d:plain"), "b:d:plain");
  EXPECT_EQ(shorten_paths("heuristic"), "heuristic");
  EXPECT_EQ(shorten_paths(""), "");
}

TEST(ShortLabel, LeavesOutTheParametersAtTheirDefaults) {
  const Registry& r = Registry::builtin();
  EXPECT_EQ(short_label("random", r), "random");
  EXPECT_EQ(short_label("minimax(scenarios=200,depth=10,exact=true,crn=true)", r), "minimax");
  EXPECT_EQ(short_label("minimax(scenarios=200,depth=0,exact=true,crn=true)", r),
            "minimax(depth=0)");
  EXPECT_EQ(short_label("minimax(scenarios=1000,depth=0,exact=true,crn=true)", r),
            "minimax(scenarios=1000,depth=0)");
  EXPECT_EQ(short_label("minimax(scenarios=200,depth=10,exact=false,crn=false)", r),
            "minimax(exact=false,crn=false)");
  EXPECT_EQ(short_label("omniscient(depth=0)", r), "omniscient");
  EXPECT_EQ(short_label("inference(model=fitted:experiments/models/minimax-200-0.model,"
                        "temperature=1,scenarios=1000,enumerate=2000,samples=4000)",
                        r),
            "inference(model=fitted:minimax-200-0.model,scenarios=1000,samples=4000)");
}

TEST(ShortLabel, ComparesNumbersAsNumbersAndKeepsTheOrderWritten) {
  const Registry& r = Registry::builtin();
  EXPECT_EQ(short_label("inference(temperature=1.0,samples=4000)", r), "inference(samples=4000)");
  EXPECT_EQ(short_label("minimax(depth=0,scenarios=1000)", r), "minimax(depth=0,scenarios=1000)");
  EXPECT_EQ(short_label(" minimax ( depth = 3 ) ", r), "minimax(depth=3)");
}

TEST(ShortLabel, KeepsEveryParameterOfAStrategyItDoesNotKnow) {
  const Registry& r = Registry::builtin();
  EXPECT_EQ(short_label("mybot", r), "mybot");
  EXPECT_EQ(short_label("mybot(depth=10,file=x/y.txt)", r), "mybot(depth=10,file=y.txt)");
  EXPECT_EQ(short_label("not a spec(", r), "not a spec(");
  EXPECT_EQ(short_label(" bad(/p/q ", r), "bad(/p/q");
}

}  // namespace
}  // namespace strategies
