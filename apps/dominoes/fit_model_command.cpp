// `dominoes fit-model`: replays every game of a --games-out file (engine/tournament/games_writer.h),
// collects the named player's decisions with two or more legal moves (the features of each legal
// move from that player's view, and the move it chose), and fits the softmax by maximum likelihood
// (strategies::fit_softmax_model).
#include "apps/dominoes/fit_model_command.h"

#include <boost/program_options.hpp>
#include <cmath>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/common/limited_file.h"
#include "engine/common/program_options.h"
#include "engine/common/same_file.h"
#include "engine/dominoes/notation.h"
#include "strategies/inference/opponent_model.h"
#include "strategies/registry.h"

namespace dominoes_cli {
namespace {

namespace po = boost::program_options;

constexpr const char* kHelp =
    "Usage: dominoes fit-model --games FILE --player SPEC --out MODEL [--ridge X]\n\n"
    "Fits the opponent model of inference(model=fitted:MODEL): a softmax over move features,\n"
    "P(move) ~ exp(sum of weight x feature), by maximum likelihood (Newton's method) on every\n"
    "decision with two or more legal moves that SPEC made in FILE, a --games-out file of\n"
    "`dominoes run`. SPEC is matched against the records' player names as written, or as the\n"
    "registry spells them out. The features (dominoes strategies lists none; see\n"
    "strategies/inference/opponent_model.h): heuristic, double, pips, lacks-both, follow-ups,\n"
    "visible, blocks, seed-order, closed. Prints the weights and the fit's log-likelihood.\n\n";

po::options_description options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")(
      "games", po::value<std::string>(), "the --games-out file (JSON lines) to learn from")(
      "player", po::value<std::string>(), "the player whose moves are modelled")(
      "out", po::value<std::string>(), "the model file to write")(
      "ridge", po::value<double>()->default_value(1.0),
      "L2 penalty on the weights (> 0; keeps them finite when a feature predicts every choice)");
  return o;
}

// A record is a few kilobytes (a double-9 game with every move); the total bounds the decisions
// kept in memory (a few hundred bytes each) to a few gigabytes.
constexpr common::ReadLimits kGamesFileLimits{std::size_t{1} << 20, std::uint64_t{4} << 30, true};

// Returns true when a record's player name `name` is the player `spec`.
bool same_player(const std::string& name, const std::string& spec, const std::string& canonical) {
  if (name == spec) return true;
  if (canonical.empty()) return false;
  try {
    return strategies::Registry::builtin().canonical(name) == canonical;
  } catch (const std::exception&) {
    return false;  // an external bot's name, or anything else the registry does not know
  }
}

// Adds the decisions of seat-`seat`-named `spec` in one record to `out`; returns the games used.
int add_record(const nlohmann::json& record, const std::string& spec, const std::string& canonical,
               std::vector<strategies::FitDecision>& out) {
  const auto& players = record.at("players");
  std::array<bool, 2> modelled{};
  for (int s = 0; s < 2; ++s)
    modelled[s] = same_player(players.at(s).get<std::string>(), spec, canonical);
  if (!modelled[0] && !modelled[1]) return 0;
  // Tiles are read as double-9 tiles: their indices are the same in every set (tile.h).
  std::array<dominoes::TileSet, 2> hands;
  for (int s = 0; s < 2; ++s)
    for (const auto& t : record.at("hands").at(s))
      hands[s].insert(dominoes::parse_tile(t.get<std::string>(), dominoes::kMaxPip));
  dominoes::State state = dominoes::start_state(hands[0], hands[1], record.at("leader").get<int>());
  for (const auto& mj : record.at("moves")) {
    dominoes::Move m = dominoes::Move::pass();
    if (!mj.contains("pass")) {
      const dominoes::Tile t = dominoes::parse_tile(mj.at("tile").get<std::string>(), dominoes::kMaxPip);
      const auto placement = !mj.contains("end") ? dominoes::Placement::kLead
                             : mj.at("end") == "L" ? dominoes::Placement::kLeft
                                                   : dominoes::Placement::kRight;
      m = dominoes::Move(t, placement);
    }
    const dominoes::MoveList legal = dominoes::legal_moves(state);
    if (mj.at("seat").get<int>() != state.to_move ||
        (m.is_pass() ? !legal.empty() : !legal.contains(m)))
      throw std::invalid_argument("move " + mj.dump() + " is not legal there");
    if (modelled[state.to_move] && legal.size() > 1) {
      strategies::FitDecision d;
      d.moves.resize(static_cast<std::size_t>(legal.size()));
      strategies::move_features(state, legal, d.moves.data());
      while (legal[d.chosen] != m) ++d.chosen;
      out.push_back(std::move(d));
    }
    dominoes::apply(state, m);
  }
  return 1;
}

}  // namespace

int fit_model_command(const std::vector<std::string>& args) {
  po::variables_map vm;
  try {
    vm = common::parse_command_line(args, options(), po::positional_options_description());
  } catch (const po::error& e) {
    std::cerr << "dominoes: fit-model: " << common::describe_option_error(e)
              << "; see dominoes fit-model --help\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << kHelp << options();
    return 0;
  }
  for (const char* needed : {"games", "player", "out"})
    if (!vm.count(needed)) {
      std::cerr << "dominoes: fit-model: --" << needed << " is required; see dominoes fit-model --help\n";
      return 2;
    }
  const double ridge = vm["ridge"].as<double>();
  if (!(ridge > 0) || !std::isfinite(ridge)) {
    std::cerr << "dominoes: fit-model: --ridge must be a positive number\n";
    return 2;
  }
  const std::string path = vm["games"].as<std::string>(), spec = vm["player"].as<std::string>();
  if (common::same_existing_file(vm["out"].as<std::string>(), path)) {
    std::cerr << "dominoes: fit-model: --out " << common::quoted(vm["out"].as<std::string>())
              << " is the --games file: the model would replace the records; give another --out\n";
    return 2;
  }
  std::string canonical;
  try {
    canonical = strategies::Registry::builtin().canonical(spec);
  } catch (const std::exception&) {
    // Not a built-in spec (an external bot): matched by name only.
  }
  std::vector<strategies::FitDecision> decisions;
  int games = 0;
  try {
    common::LimitedFile in(path, "games file", kGamesFileLimits);
    for (std::string line; in.next_line(line);) {
      if (common::trimmed(line).empty()) continue;
      try {
        games += add_record(nlohmann::json::parse(line), spec, canonical, decisions);
      } catch (const std::exception& e) {
        std::cerr << "dominoes: fit-model: " << in.name() << " line " << in.line_number()
                  << ": not a game record (" << common::quoted(e.what(), 120) << ")\n";
        return 2;
      }
    }
  } catch (const common::ReadError& e) {
    std::cerr << "dominoes: fit-model: " << e.what() << "\n";
    return 2;
  }
  if (decisions.empty()) {
    std::cerr << "dominoes: fit-model: no decision of " << common::quoted(spec) << " with two or "
              << "more legal moves in " << common::quoted(path) << "\n";
    return 2;
  }
  const strategies::FitResult fit = strategies::fit_softmax_model(decisions, ridge);
  // The format line first (parse_softmax_model reads it), then a comment saying what was fitted.
  std::string text = strategies::softmax_model_text(fit.weights);
  text.insert(text.find('\n') + 1, "# fitted by dominoes fit-model to " +
                                        std::to_string(decisions.size()) + " decisions of " + spec +
                                        " in " + std::to_string(games) + " games of " + path + "\n");
  std::ofstream out(vm["out"].as<std::string>());
  out << text;
  out.close();
  if (!out) {
    std::cerr << "dominoes: fit-model: cannot write " << common::quoted(vm["out"].as<std::string>())
              << "\n";
    return 1;
  }
  // How well it fits: the mean log-likelihood per decision, against the uniform model's.
  const double count = static_cast<double>(decisions.size());
  double uniform_ll = 0;
  for (const auto& d : decisions) uniform_ll -= std::log(static_cast<double>(d.moves.size()));
  std::cout << "fitted " << decisions.size() << " decisions of " << spec << " in " << games
            << " games (" << fit.iterations << " Newton steps"
            << (fit.converged ? "" : ", NOT converged") << ")\n"
            << "log-likelihood per decision " << fit.log_likelihood / count
            << " (uniform over legal moves: " << uniform_ll / count << ")\n";
  for (int i = 0; i < strategies::kMoveFeatures; ++i)
    std::cout << "  " << strategies::kMoveFeatureNames[i] << " " << fit.weights[i] << " (+-"
              << fit.standard_errors[i] << ")\n";
  std::cout << "model written to " << vm["out"].as<std::string>() << "\n";
  return 0;
}

}  // namespace dominoes_cli
