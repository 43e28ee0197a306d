// Which folders a dataset may be written into: a new or empty one, or one that holds this same
// dataset (to resume it, or to find it finished). A folder holding anything else, or a dataset
// made from another configuration, is refused before a file is written, as `dominoes run --out`
// refuses another experiment's folder (arena/tournament/run/finished_tables.h), so a dataset never
// writes over files it did not make.
//
// The files of a dataset folder: dataset.json (the manifest, manifest.h), journal.txt (the run's
// journal, kept: it indexes the records by chunk), games.jsonl (the game records; .partial while
// the run plays), chunk-NNNNNN.safetensors (the rows; .partial while written), run.lock while a
// process holds the folder, and bots/ with external bots.
#pragma once

#include <cstdint>
#include <string>

#include "arena/tournament/run/journal.h"

namespace dataset {

/// The names of the run's files in a dataset folder.
inline constexpr const char* kRecordsFile = "games.jsonl";

/// Returns the file name of chunk `global` (chunk_plan.h's number): chunk-000012.safetensors (six
/// digits at least).
std::string chunk_file_name(std::int64_t global);

/// Returns normally when `dir` may hold the dataset identified by `keys` (manifest.h's
/// dataset_keys): it does not exist, is an empty folder (or holds only a lock or a half-written
/// manifest left by a process killed as it started), or holds a manifest with the same keys.
/// Throws tournament::ConfigError, one line naming the folder: a file; a folder with other files
/// and no manifest (naming one of them); a manifest of other keys (naming every key that differs,
/// journal.h's differing_keys) or that cannot be read.
void check_dataset_folder(const std::string& dir, const tournament::JournalKeys& keys);

}  // namespace dataset
