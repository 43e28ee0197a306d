// Display names of players (docs/experiments.md, "Players and their names"): a player may be
// written `NAME: SPEC` (a config's `player` line, `--player`, a spec string of Python's
// dominoes.run), e.g. `M200: minimax(scenarios=200,depth=0)`. The name is for people only: the
// tables for people (summary.md, crosstable.md, ratings.md), the progress line and the plots show
// it instead of the spec; summary.csv, the other CSV files, the journal's check and the
// fingerprint keep the canonical spec, so renaming a player never changes a result and a run
// resumes under new names. config.cfg keeps `player = NAME: SPEC`, so a rerun shows the same names.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "arena/tournament/config/experiment_fields.h"

namespace strategies {
class Registry;
}

namespace tournament {

/// The longest display name, in characters.
inline constexpr std::size_t kMaxPlayerNameLength = 24;

/// A player as written: its display name ("" when none) and its spec.
struct NamedSpec {
  std::string name;
  std::string spec;
};

/// Returns "" when `name` is a valid display name: 1 to kMaxPlayerNameLength letters, digits,
/// '-', '_', '.' or '+' (so never ':', '(' or ','); else one line saying why not, what is valid,
/// and an example.
std::string player_name_error(std::string_view name);

/// Returns the player written `text` split into name and spec. A name is recognised only before
/// the first '(' (a spec's parameters hold ':' of their own, as in model=fitted:FILE): the text up
/// to the first ':' there, trimmed, and the spec is what follows, trimmed (`NAME: SPEC`; the space
/// after ':' is optional, as no strategy name holds ':'). Without a ':' before the first '(' the
/// name is "" and the spec is `text`. Throws ConfigError, one line naming `text`, when the name is
/// not valid (player_name_error) or no spec follows it.
NamedSpec split_player(std::string_view text);

/// Returns the player as config.cfg writes it: "NAME: SPEC", or SPEC when `name` is "".
std::string player_text(const std::string& name, const std::string& spec);

/// Moves the names written in `config.players` (split_player) into `config.player_names`, which
/// it makes as long as `players` ("" = unnamed); a name already in `player_names` stays when the
/// text has none, so a second call changes nothing. Throws ConfigError as split_player does.
void split_player_names(ExperimentConfig& config);

/// Checks the names of a config whose specs are canonical (validate() calls it): no name is the
/// name of a strategy of `registry` (built-in, bot or Python) other than its own spec's strategy,
/// and no two players show the same name (two equal names, or a name equal to an unnamed
/// player's spec). Throws ConfigError naming the player and what would be valid.
void check_player_names(const ExperimentConfig& config, const strategies::Registry& registry);

/// Returns player `seat`'s display name, or "" when it has none (or `seat` is out of range).
std::string player_name(const ExperimentConfig& config, int seat);

/// Returns how the tables for people show player `seat` of spec `spec`: its name, else `spec`.
std::string shown_player(const ExperimentConfig& config, int seat, const std::string& spec);

/// Returns the players as the tables for people show them: shown_player of each, in seat order.
std::vector<std::string> shown_players(const ExperimentConfig& config);

/// Returns every lineup's labels (config.lineups, so validated): each player's name, else the
/// short label of its spec (strategies/short_label.h), for the progress line; scripts/plot labels
/// its plots the same way.
std::vector<std::vector<std::string>> lineup_labels(const ExperimentConfig& config,
                                                    const strategies::Registry& registry);

}  // namespace tournament
