#include "apps/dominoes/play_settings.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <random>

#include "apps/dominoes/command_options.h"
#include "engine/common/limited_file.h"
#include "engine/common/text.h"

namespace dominoes_cli {
namespace {

namespace po = boost::program_options;

// Returns option `key`'s value, or nullptr when it was not given.
const std::string* given(const po::variables_map& vm, const char* key) {
  return vm.count(key) ? &vm[key].as<std::string>() : nullptr;
}

// Returns the strategy of option `key` (or `fallback`) as a player for a table of rules.seats
// seats; throws UsageError when the strategy does not play that many seats.
strategies::Player seat_player(const po::variables_map& vm, const char* key,
                               const std::string& fallback, bool allow_omniscient,
                               const dominoes::Rules& rules, std::string& name) {
  name = given(vm, key) ? common::trimmed(*given(vm, key)) : fallback;
  strategies::Player player = make_player(key, name, allow_omniscient);
  check_plays_seats(key, name, rules);
  return player;
}

}  // namespace

PlaySettings read_play_settings(const po::variables_map& vm) {
  // The rules keys' defaults: single games at two seats, matches to 100 at three and four
  // (table_rules); --target overrides them.
  const dominoes::Rules rules = read_rules(vm);
  const bool two = rules.seats == 2;
  std::string against, with;
  strategies::Player opponent =
      seat_player(vm, "against", two ? "minimax" : "heuristic", true, rules, against);
  strategies::Player advisor =
      seat_player(vm, "with", two ? "minimax" : "heuristic", false, rules, with);
  PlaySettings s{.rules = rules,
                 .opponent_name = against,
                 .opponent = std::move(opponent),
                 .partner_name = "",
                 .partner = std::nullopt,
                 .advisor_name = with,
                 .advisor = std::move(advisor)};
  if (rules.partners)
    s.partner = seat_player(vm, "partner", "heuristic", true, rules, s.partner_name);
  else if (given(vm, "partner"))
    throw UsageError("--partner needs a four-seat partnership (--seats 4); at " +
                     std::to_string(rules.seats) + " seats " +
                     (two ? std::string("you play --against alone")
                          : "each plays for itself: --against fills every other seat"));
  s.games = static_cast<int>(
      read_number(vm, "games", 1, 0, kMaxPlayGames, "0 (until you stop) to 100000"));
  s.seed = read_number(vm, "seed", std::random_device{}(), 0, ~std::uint64_t{0}, "0..2^64-1");
  s.hint = vm.count("hint") > 0;
  const int samples = endgame::default_samples(rules.seats);
  s.limits.samples =
      static_cast<int>(read_number(vm, "samples", samples, 1, 1000000, "1 to 1000000"));
  if (const std::string* out = given(vm, "games-out")) {
    if (common::trimmed(*out).empty())
      throw UsageError("--games-out is empty: give a file, e.g. --games-out my-games.jsonl");
    s.games_out = *out;
  }
  return s;
}

std::unique_ptr<std::ofstream> open_play_records(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode))
    throw UsageError("--games-out " + common::quoted(path) + " is " +
                     common::file_kind(info.st_mode) + ": give a regular file or a new path");
  auto out = std::make_unique<std::ofstream>(path, std::ios::app | std::ios::binary);
  if (!*out)
    throw UsageError("--games-out " + common::quoted(path) +
                     " cannot be written: " + std::strerror(errno));
  return out;
}

}  // namespace dominoes_cli
