// A dataset folder's manifest, dataset.json (docs/formats.md, "Training data"): what the dataset
// was made from (the experiment's keys, the rules, the players), the shape and element type of
// every tensor of its chunk files, and the list of chunks. It is written first, when the folder
// is claimed (with "complete": false and no chunks), and again when every chunk is converted.
// Its keys are the folder's fingerprint: a later run with other keys is refused there.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "arena/dataset/decision_rows.h"
#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/run/journal.h"
#include "strategies/registry.h"

namespace dataset {

/// The manifest's file name in a dataset folder.
inline constexpr const char* kManifestFile = "dataset.json";
/// The manifest's "format", and the version of the folder's layout.
inline constexpr const char* kDatasetFormat = "dominoes-dataset";
inline constexpr int kDatasetVersion = 1;
/// The observation tensor's layout name (docs/formats.md, "Observation tensor").
inline constexpr const char* kObservationLayout = "observation-v1";

/// One chunk file as the manifest lists it.
struct ManifestChunk {
  std::string file;                           ///< its name in the folder: chunk-NNNNNN.safetensors
  std::int64_t rows = 0;                      ///< decisions in it
  std::int64_t games = 0;                     ///< games whose decisions it holds
  int pairing = 0;                            ///< the pairing (task) it is a chunk of, from 0
  std::int64_t first_deal = 0, end_deal = 0;  ///< its deals [first_deal, end_deal)
};

/// What the manifest says.
struct Manifest {
  bool complete = false;             ///< every chunk converted
  tournament::JournalKeys config;    ///< the experiment's keys (result_keys, no games-out)
  bool move_values = false;          ///< the chunks hold move_value
  dominoes::Rules rules;             ///< the game's rules
  std::vector<std::string> players;  ///< the specs (or bot names) the rows' `player` indexes
  /// Each player's name as tables and plots show it: its display name, else its short label.
  std::vector<std::string> player_names;
  /// Each pairing's sides {A, B} (specs; a side of two partners "a & b"), in pairing order: the
  /// chunks' `pairing` indexes it.
  std::vector<std::array<std::string, 2>> pairings;
  std::vector<ManifestChunk> chunks;  ///< in chunk order
};

/// Returns the keys a dataset folder is identified by: `manifest.config`, then "move-values".
tournament::JournalKeys dataset_keys(const Manifest& manifest);

/// Sets manifest.players and player_names to the players of `config` (validated) as rows name
/// them: each side's spec, or each partner's spec of a side that pairs two (team_spec.h), in the
/// order of first appearance over the lineups; a side's name is its display name or short label
/// (config.labels), a partner's its short label by `seated` (the registry with the config's
/// bots). Throws ConfigError when there are more than 255 (a row holds the index in a byte).
void set_players(const tournament::ExperimentConfig& config, const strategies::Registry& seated,
                 Manifest& manifest);

/// Returns the manifest as JSON text, each member on a line of its own (each tensor and each chunk
/// too) and a final newline: format, version, complete, rows and games (the chunks' sums),
/// layout, move_values, rules (a game record's rules object plus "seats"), players (each {"spec",
/// "name"}), pairings, sizes
/// (observation, actions, tiles, seats), tensors (each tensor's dtype, shape with "N" for the
/// rows, and meaning), config (the experiment's keys as [key, value] pairs) and chunks.
std::string manifest_json(const Manifest& manifest);

/// Returns the keys (dataset_keys) of the manifest at `path`. Throws ConfigError, one line naming
/// the file, when it cannot be read, is not a dataset manifest, or is of another version.
tournament::JournalKeys read_manifest_keys(const std::string& path);

}  // namespace dataset
