// One chunk file of a dataset (docs/formats.md, "Training data"): the rows of one chunk of deals as
// named tensors in a safetensors file, written by the project's tensor file writer
// (engine/nets/tensor_file.h: whole or not at all, the tensors aligned), with the chunk's facts in
// its metadata, which the manifest's chunk list is read back from.
#pragma once

#include <cstdint>
#include <filesystem>

#include "arena/dataset/chunk_records.h"
#include "arena/dataset/decision_rows.h"
#include "arena/dataset/manifest.h"

namespace dataset {

/// Writes `rows`, the rows of `chunk`'s `games` games, to `path` as the tensors obs, legal,
/// action, seat, player, owner, points, deal, game and (when the rows have it) move_value, with
/// the metadata format, version, layout, chunk, pairing, deals ("BEGIN-END"), games and rows, all
/// as text. Throws std::runtime_error naming the file when it cannot be written.
void write_chunk_file(const std::filesystem::path& path, const DecisionRows& rows,
                      const ChunkRecords& chunk, std::int64_t games);

/// Returns the manifest entry of the chunk file at `path`, read from its header alone (the data,
/// megabytes, is not read): rows, games, pairing and deals from its metadata, the rows checked
/// against its action tensor's shape. Throws std::runtime_error naming the file when it cannot be
/// read or is not a dataset chunk file.
ManifestChunk read_chunk_entry(const std::filesystem::path& path);

}  // namespace dataset
