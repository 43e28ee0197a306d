// `dominoes strategies` and `dominoes strategies NAME` (strategies/strategy_help.h), and the
// registry's files_read (ParamInfo::file_in): checked against the registry's own declarations
// and the spec parser, never against pasted text.
#include "strategies/strategy_help.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "strategies/random/random_strategy.h"
#include "strategies/registry.h"

namespace strategies {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Columns counted a second way: decode each UTF-8 character's length from its lead byte.
std::size_t characters(const std::string& line) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < line.size(); ++count) {
    const auto c = static_cast<unsigned char>(line[i]);
    i += c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
  }
  return count;
}

// The parameter names a details text shows: the first word of each line indented by exactly two
// spaces after the "Parameters" heading (help lines are indented further).
std::set<std::string> shown_parameters(const std::string& details) {
  std::set<std::string> names;
  bool in_parameters = false;
  for (const auto& line : lines_of(details)) {
    if (line.starts_with("Parameters"))
      in_parameters = true;
    else if (in_parameters && line.size() > 2 && line.starts_with("  ") && line[2] != ' ')
      names.insert(line.substr(2, line.find(' ', 2) - 2));
  }
  return names;
}

TEST(StrategyHelp, ListingIsOneLineWithinTheWidthPerStrategy) {
  const Registry& r = Registry::builtin();
  const auto lines = lines_of(strategy_listing(r));
  ASSERT_EQ(lines.size(), r.all().size() + 1) << "a header and one line per strategy";
  for (const auto& line : lines) EXPECT_LE(characters(line), 100u) << line;
  for (std::size_t i = 0; i < r.all().size(); ++i) {
    std::istringstream words(lines[i + 1]);
    std::string first;
    words >> first;
    EXPECT_EQ(first, r.all()[i].name) << lines[i + 1];
  }
}

TEST(StrategyHelp, ListingCutsALongSummaryWithoutBreakingACharacter) {
  Registry r;
  const std::string long_summary = std::string(150, 'x') + " \xe2\x88\x92 tail";
  r.add({"long", long_summary, "", "", false, {}, [](const ParamValues&) {
           return Player(std::make_unique<RandomStrategy>());
         }});
  r.add({"a-name-longer-than-the-column",
         "\xe2\x88\x92" + std::string(120, 'y'),
         "",
         "",
         false,
         {},
         [](const ParamValues&) { return Player(std::make_unique<RandomStrategy>()); }});
  for (const auto& line : lines_of(strategy_listing(r))) {
    EXPECT_EQ(characters(line), columns(line));
    EXPECT_LE(characters(line), 100u) << line;
  }
  const auto lines = lines_of(strategy_listing(r));
  EXPECT_TRUE(lines[1].ends_with("...")) << lines[1];
  EXPECT_EQ(characters(lines[1]), 100u);
}

TEST(StrategyHelp, DetailsShowEveryParameterTheParserAccepts) {
  const Registry& r = Registry::builtin();
  for (const auto& info : r.all()) {
    const std::string details = strategy_details(r, info.name);
    for (const auto& line : lines_of(details)) EXPECT_LE(characters(line), 100u) << line;
    std::set<std::string> declared;
    for (const auto& p : info.params) declared.insert(p.name);
    EXPECT_EQ(shown_parameters(details), declared) << info.name;
    for (const auto& name : shown_parameters(details)) {
      // The parser knows it: any complaint is about the value or a missing file, not the name.
      try {
        r.canonical(info.name + "(" + name + "=1)");
      } catch (const SpecError& e) {
        EXPECT_EQ(std::string(e.what()).find("has no parameter"), std::string::npos) << e.what();
      }
    }
    try {  // the same check fails for a name the strategy does not have
      r.canonical(info.name + "(no-such-parameter=1)");
      ADD_FAILURE() << info.name << " accepted no-such-parameter";
    } catch (const SpecError& e) {
      EXPECT_NE(std::string(e.what()).find("has no parameter"), std::string::npos) << e.what();
    }
    EXPECT_NE(details.find("\nSource: "), std::string::npos) << info.name;
    EXPECT_NE(details.find("\nMethod: "), std::string::npos) << info.name;
  }
}

TEST(StrategyHelp, DetailsGiveEachParametersTypeDefaultAndRange) {
  const std::string details = strategy_details(Registry::builtin(), "minimax");
  EXPECT_NE(details.find("  scenarios  integer, default 200, valid: an integer from 1 to 10000000"),
            std::string::npos)
      << details;
  EXPECT_NE(details.find("  exact      boolean, default true, valid: true or false"),
            std::string::npos)
      << details;
  const std::string equilibrium = strategy_details(Registry::builtin(), "equilibrium");
  EXPECT_NE(equilibrium.find("  file  text, required, can name an input file"), std::string::npos)
      << equilibrium;
  EXPECT_NE(strategy_details(Registry::builtin(), "omniscient").find("CHEATS"), std::string::npos);
  EXPECT_EQ(shown_parameters(strategy_details(Registry::builtin(), "random")).size(), 0u);
}

TEST(StrategyHelp, UnknownNameIsOneLineListingTheValidNames) {
  const Registry& r = Registry::builtin();
  try {
    strategy_details(r, "minmax");
    FAIL() << "no SpecError";
  } catch (const SpecError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos);
    EXPECT_NE(what.find("\"minmax\""), std::string::npos);
    for (const auto& info : r.all()) EXPECT_NE(what.find(info.name), std::string::npos) << what;
  }
}

TEST(Registry, FilesReadAreTheValuesOfParametersThatNameFiles) {
  const Registry& r = Registry::builtin();
  using Files = std::vector<std::string>;
  EXPECT_EQ(r.files_read("equilibrium(file=d3h3.strategy)"), Files{"d3h3.strategy"});
  EXPECT_EQ(r.files_read("inference(model=fitted:m.model,scenarios=5)"), Files{"m.model"});
  EXPECT_EQ(r.files_read("epimc(model=fitted:a/b.model)"), Files{"a/b.model"});
  EXPECT_EQ(r.files_read("inference(model=heuristic)"), Files{});
  EXPECT_EQ(r.files_read("minimax(scenarios=20)"), Files{});
  EXPECT_EQ(r.files_read("equilibrium(file=x"), Files{}) << "malformed: names none";
  EXPECT_EQ(r.files_read("nosuch(file=x)"), Files{}) << "unknown strategy: names none";
  // A parameter called `file` names a file only when it says so (no guessing from its name).
  Registry toy;
  toy.add({"toy",
           "test only",
           "",
           "",
           false,
           {{"file", ParamType::kText, "", "not a path", 0, 0, {}}},
           [](const ParamValues&) { return Player(std::make_unique<RandomStrategy>()); }});
  EXPECT_EQ(toy.files_read("toy(file=x)"), Files{});
}

}  // namespace
}  // namespace strategies
