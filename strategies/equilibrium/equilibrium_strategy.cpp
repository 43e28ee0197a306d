#include "strategies/equilibrium/equilibrium_strategy.h"

#include <sstream>
#include <stdexcept>

#include "engine/common/limited_file.h"
#include "engine/dominoes/rules.h"
#include "engine/equilibrium/infoset_key.h"
#include "strategies/spec.h"

namespace strategies {

namespace {

std::string variant_text(const dominoes::Rules& rules) {
  return "double-" + std::to_string(rules.max_pip) + " with " + std::to_string(rules.hand_size) +
         " tiles each, " + std::string(dominoes::to_string(rules.scoring)) + " scoring";
}

// read_strategy caps a line at 64 KiB itself; the total is far above any variant that can be
// solved in memory (the file is smaller than the solver's tables).
constexpr common::ReadLimits kStrategyFileLimits{std::size_t{64} << 10, std::uint64_t{1} << 30,
                                                 true};

}  // namespace

std::shared_ptr<const equilibrium::SavedStrategy> load_saved_strategy(const std::string& path) {
  if (path.empty())
    throw SpecError("file=PATH is required: a strategy saved by `solver equilibrium --out PATH`");
  std::istringstream in;
  try {
    in.str(common::read_limited_file(path, "strategy file", kStrategyFileLimits));
  } catch (const common::ReadError& e) {
    throw SpecError(std::string(e.what()) + ": give a file saved by `solver equilibrium --out`");
  }
  try {
    return std::make_shared<const equilibrium::SavedStrategy>(equilibrium::read_strategy(in, path));
  } catch (const equilibrium::StrategyFileError& e) {
    throw SpecError(e.what());
  }
}

namespace {

std::string check_file(const std::string& path) {
  return check_by_making(load_saved_strategy, path);
}

// Returns "" when the strategy saved in `path` was solved for the variant of `rules`, else one
// line naming both variants.
std::string variant_refusal(const std::string& path, const dominoes::Rules& saved,
                            const dominoes::Rules& rules) {
  if (rules.max_pip == saved.max_pip && rules.hand_size == saved.hand_size &&
      rules.scoring == saved.scoring)
    return "";
  return "equilibrium: " + path + " is a strategy for " + variant_text(saved) +
         ", but this game is " + variant_text(rules);
}

}  // namespace

bool EquilibriumStrategy::policy(const Observation& obs, const MoveList& legal,
                                 std::span<double> probabilities) {
  if (const std::string why = variant_refusal(path_, saved_->rules, obs.rules()); !why.empty())
    throw std::invalid_argument(why);
  const auto it = saved_->infosets.find(equilibrium::infoset_key(obs));
  if (it == saved_->infosets.end() || static_cast<int>(it->second.size()) != legal.size())
    throw std::invalid_argument("equilibrium: " + path_ +
                                " has no entry for this information set "
                                "(role, hand as dealt, public moves): the file is damaged, or the "
                                "game's move history is missing");
  for (int k = 0; k < legal.size(); ++k) {
    const auto& [move, p] = it->second[static_cast<std::size_t>(k)];
    if (!(move == legal[k]))
      throw std::invalid_argument("equilibrium: " + path_ +
                                  " lists other moves than the legal ones "
                                  "at an information set: the file is damaged");
    probabilities[static_cast<std::size_t>(k)] = p;
  }
  return true;
}

Move EquilibriumStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  double probabilities[MoveList::kCapacity];
  const std::span<double> p(probabilities, static_cast<std::size_t>(legal.size()));
  policy(obs, legal, p);
  return draw_from_policy(legal, p, rng);
}

StrategyInfo equilibrium_strategy_info() {
  return {
      .name = "equilibrium",
      .summary = "a saved equilibrium of a small variant (solver equilibrium --out)",
      .method =
          "plays a strategy that `solver equilibrium --out FILE` computed by "
          "counterfactual regret minimisation (CFR) and saved: at each decision "
          "it looks up its information set and draws a move with the saved "
          "probabilities; only in games of that file's variant (set, hand size, scoring)",
      .source =
          "discounted CFR (the default): Brown & Sandholm, \"Solving Imperfect-Information "
          "Games via Discounted Regret Minimization\", AAAI 2019; CFR+ (--regrets cfr+ or "
          "--method tree): Tammelin, \"Solving Large Imperfect Information Games Using "
          "CFR+\", 2014 (arXiv:1407.5042); strategies/equilibrium/equilibrium_strategy.h",
      .params = {{.name = "file",
                  .type = ParamType::kText,
                  .default_value = "",
                  .help = "the strategy file (format: engine/equilibrium/strategy_file.h)",
                  .min = 0,
                  .max = 0,
                  .check = check_file,
                  .omitted_at_default = false,
                  .file_in = [](const std::string& path) { return path; }}},
      .make =
          [](const ParamValues& v) {
            const std::string& path = v.get_string("file");
            return Player(std::make_unique<EquilibriumStrategy>(load_saved_strategy(path), path));
          },
      .any_variant = false,
      .check_rules =
          [](const ParamValues& v, const dominoes::Rules& rules) {
            const std::string& path = v.get_string("file");
            return variant_refusal(path, load_saved_strategy(path)->rules, rules);
          }};
}

}  // namespace strategies
