// `dominoes fit-model`: replays every game of a --games-out file
// (arena/tournament/play/games_reader.h), collects the named player's decisions with two or more
// legal moves (the features of each legal move from that player's view, and the move it chose), and
// fits the softmax by maximum likelihood (strategies::fit_softmax_model). With --player given more
// than once it pools the decisions of every player named: one model of a population of players
// (policy-based inference, Rebstock, Solinas, Buro & Sturtevant, IEEE CoG 2019).
#include "apps/dominoes/fit_model_command.h"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cmath>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "arena/tournament/play/games_reader.h"
#include "engine/common/program_options.h"
#include "engine/common/same_file.h"
#include "engine/common/text.h"
#include "engine/common/whole_file.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/registry.h"

namespace dominoes_cli {
namespace {

namespace po = boost::program_options;

constexpr const char* kHelp =
    "Usage: dominoes fit-model --games FILE --player SPEC [--player SPEC ...] --out MODEL\n"
    "                          [--ridge X]\n\n"
    "Fits the opponent model that model=fitted:MODEL reads (inference, epimc, resolve,\n"
    "softmax; also playout's rollout= and adapt's prior=): a softmax over move features,\n"
    "P(move) ~ exp(sum of weight x feature), by maximum likelihood (Newton's method) on every\n"
    "decision with two or more legal moves that SPEC made in FILE, a --games-out file of\n"
    "`dominoes run`. SPEC is matched against the records' player names as written, or as the\n"
    "registry spells them out. The features (dominoes strategies lists none; see\n"
    "strategies/belief/opponent_model.h): heuristic, double, pips, lacks-both, follow-ups,\n"
    "visible, blocks, seed-order (the move's place in the order in which the Prolog study this\n"
    "project reproduces lists moves: docs/glossary.md), closed. Prints the weights and the\n"
    "fit's log-likelihood. Given --player more than once it pools the decisions of every\n"
    "player named into one fit: a model of a population of players. Records of three and four\n"
    "seats are read too; there the features that read an opponent read the next seat.\n\n"
    "Example: dominoes run --player heuristic --player random --deals 50 --out fit-example\n"
    "         --games-out games.jsonl && dominoes fit-model --games games.jsonl\n"
    "         --player heuristic --out heuristic.model\n\n";

po::options_description options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")("games", po::value<std::string>(),
                                              "the --games-out file (JSON lines) to learn from")(
      "player", po::value<std::vector<std::string>>(),
      "the player whose moves are modelled (repeat it to pool several players' moves)")(
      "out", po::value<std::string>(), "the model file to write")(
      "ridge", po::value<double>()->default_value(1.0),
      "L2 penalty on the weights (> 0; keeps them finite when a feature predicts every choice)");
  return o;
}

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

// A player to model: its spec as given and its canonical form ("" for a name the registry does
// not know, such as an external bot's).
struct Modelled {
  std::string spec, canonical;
};

// Returns the index in `players` of a record's player name `name`, or -1 when it is none of them.
int which_player(const std::string& name, const std::vector<Modelled>& players) {
  for (std::size_t k = 0; k < players.size(); ++k)
    if (same_player(name, players[k].spec, players[k].canonical)) return static_cast<int>(k);
  return -1;
}

// Adds the decisions of the seats named by any of `players` in `record` to `out`, and counts in
// seated[k] the seats players[k] took; returns the games used (0 or 1). Throws
// std::invalid_argument when a move of the record is not legal (games_reader.h).
int add_record(const tournament::GameRecord& record, const std::vector<Modelled>& players,
               std::vector<int>& seated, std::vector<strategies::FitDecision>& out) {
  // At three and four seats the features that read an opponent read the next seat, as the
  // model does when it plays there (strategies/belief/opponent_model.h).
  std::array<bool, dominoes::kMaxSeats> modelled{};
  for (int s = 0; s < record.seats; ++s) {
    const int k = which_player(record.players[static_cast<std::size_t>(s)], players);
    modelled[static_cast<std::size_t>(s)] = k >= 0;
    if (k >= 0) ++seated[static_cast<std::size_t>(k)];
  }
  if (std::find(modelled.begin(), modelled.end(), true) == modelled.end()) return 0;
  tournament::replay(record, [&](const dominoes::State& state, const dominoes::MoveList& legal,
                                 dominoes::Move played) {
    if (!modelled[static_cast<std::size_t>(state.to_move)] || legal.size() < 2) return;
    strategies::FitDecision d;
    d.moves.resize(static_cast<std::size_t>(legal.size()));
    strategies::move_features(state, legal, d.moves.data());
    while (legal[d.chosen] != played) ++d.chosen;
    out.push_back(std::move(d));
  });
  return 1;
}

// A refusal or failure of fit-model: its message and exit status (2 bad input, 1 a write).
struct FitModelError {
  std::string message;
  int status = 2;
};

// What fit-model was asked: the records, the players, the output and the ridge.
struct FitRequest {
  std::string games;
  std::vector<std::string> specs;
  std::string out;
  double ridge = 0;
  /// The players as one line: the specs joined by " + ".
  std::string players() const {
    std::string s;
    for (const std::string& spec : specs) s += (s.empty() ? "" : " + ") + spec;
    return s;
  }
};

// Reads and checks the options; returns nullopt after printing --help. Throws FitModelError.
std::optional<FitRequest> read_request(const std::vector<std::string>& args) {
  po::variables_map vm;
  try {
    vm = common::parse_command_line(args, options(), po::positional_options_description());
  } catch (const po::error& e) {
    throw FitModelError{common::describe_option_error(e) + "; see dominoes fit-model --help"};
  }
  if (vm.count("help")) {
    std::cout << kHelp << options();
    return std::nullopt;
  }
  for (const char* needed : {"games", "player", "out"})
    if (!vm.count(needed))
      throw FitModelError{std::string("--") + needed +
                          " is required; see dominoes fit-model --help"};
  FitRequest r{vm["games"].as<std::string>(), vm["player"].as<std::vector<std::string>>(),
               vm["out"].as<std::string>(), vm["ridge"].as<double>()};
  if (!(r.ridge > 0) || !std::isfinite(r.ridge))
    throw FitModelError{"--ridge must be a positive number"};
  if (common::same_existing_file(r.out, r.games))
    throw FitModelError{"--out " + common::quoted(r.out) +
                        " is the --games file: the model would replace the records; give another "
                        "--out"};
  try {
    common::check_replaceable(r.out);
  } catch (const std::runtime_error& e) {
    throw FitModelError{std::string("--out: ") + e.what()};
  }
  return r;
}

// Returns the decisions of the players `r.specs` (two or more legal moves) in `r.games`, and
// counts their games in `games`. Throws FitModelError for unreadable records, a player named that
// sits in none of them, or no decision at all.
std::vector<strategies::FitDecision> read_decisions(const FitRequest& r, int& games) {
  std::vector<Modelled> players;
  for (const std::string& spec : r.specs) {
    Modelled p{spec, ""};
    try {
      p.canonical = strategies::Registry::builtin().canonical(spec);
    } catch (const std::exception&) {
      // Not a built-in spec (an external bot): matched by name only.
    }
    players.push_back(std::move(p));
  }
  std::vector<int> seated(players.size(), 0);
  std::vector<strategies::FitDecision> decisions;
  try {
    tournament::read_game_records(r.games, [&](const tournament::GameRecord& record) {
      games += add_record(record, players, seated, decisions);
    });
  } catch (const std::exception& e) {  // common::ReadError, tournament::GameRecordError: one line
    throw FitModelError{e.what()};
  }
  // With several players a misspelt one would silently leave the pool short.
  for (std::size_t k = 0; k < players.size() && players.size() > 1; ++k)
    if (seated[k] == 0)
      throw FitModelError{"no game of " + common::quoted(players[k].spec) + " in " +
                          common::quoted(r.games)};
  if (decisions.empty())
    throw FitModelError{"no decision of " + common::quoted(r.players()) +
                        " with two or more legal moves in " + common::quoted(r.games)};
  return decisions;
}

// Writes the fitted model to r.out whole (the format line first, which parse_softmax_model reads,
// then a comment saying what was fitted). Throws FitModelError (status 1) when it cannot.
void write_model(const FitRequest& r, const strategies::FitResult& fit, std::size_t decisions,
                 int games) {
  std::string text = strategies::softmax_model_text(fit.weights);
  text.insert(text.find('\n') + 1,
              "# fitted by dominoes fit-model to " + std::to_string(decisions) + " decisions of " +
                  r.players() + " in " + std::to_string(games) + " games of " + r.games + "\n");
  try {
    common::write_whole_file(r.out, text);
  } catch (const std::runtime_error& e) {
    throw FitModelError{e.what(), 1};
  }
}

// Says how well the model fits: the mean log-likelihood per decision, against the uniform
// model's, and each feature's weight with its standard error.
void report_fit(const FitRequest& r, const strategies::FitResult& fit,
                const std::vector<strategies::FitDecision>& decisions, int games) {
  const double count = static_cast<double>(decisions.size());
  double uniform_ll = 0;
  for (const auto& d : decisions) uniform_ll -= std::log(static_cast<double>(d.moves.size()));
  std::cout << "fitted " << decisions.size() << " decisions of " << r.players() << " in " << games
            << " games (" << fit.iterations << " Newton steps"
            << (fit.converged ? "" : ", NOT converged") << ")\n"
            << "log-likelihood per decision " << fit.log_likelihood / count
            << " (uniform over legal moves: " << uniform_ll / count << ")\n";
  for (int i = 0; i < strategies::kMoveFeatures; ++i)
    std::cout << "  " << strategies::kMoveFeatureNames[i] << " " << fit.weights[i] << " (+-"
              << fit.standard_errors[i] << ")\n";
  std::cout << "model written to " << r.out << "\n";
}

}  // namespace

int fit_model_command(const std::vector<std::string>& args) {
  try {
    const std::optional<FitRequest> request = read_request(args);
    if (!request) return 0;  // --help
    int games = 0;
    const std::vector<strategies::FitDecision> decisions = read_decisions(*request, games);
    const strategies::FitResult fit = strategies::fit_softmax_model(decisions, request->ridge);
    write_model(*request, fit, decisions.size(), games);
    report_fit(*request, fit, decisions, games);
    return 0;
  } catch (const FitModelError& e) {
    std::cerr << "dominoes: fit-model: " << e.message << "\n";
    return e.status;
  }
}

}  // namespace dominoes_cli
