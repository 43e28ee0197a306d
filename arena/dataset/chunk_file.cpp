#include "arena/dataset/chunk_file.h"

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/common/text.h"
#include "engine/nets/tensor_file.h"

namespace dataset {
namespace {

using Json = nlohmann::json;

// Column `values` of `rows` rows as a tensor: [rows] or, with `width`, [rows, width].
template <typename T>
nets::Tensor column(const char* name, const std::vector<T>& values, std::int64_t rows,
                    int width = 0) {
  std::vector<std::int64_t> shape = {rows};
  if (width > 0) shape.push_back(width);
  return nets::Tensor::of<T>(name, std::move(shape), std::span<const T>(values));
}

std::vector<nets::Tensor> tensors_of(const DecisionRows& rows) {
  const RowShape& s = rows.shape;
  const std::int64_t n = rows.rows();
  std::vector<nets::Tensor> tensors = {column("obs", rows.obs, n, s.observation),
                                       column("legal", rows.legal, n, s.actions),
                                       column("action", rows.action, n),
                                       column("seat", rows.seat, n),
                                       column("player", rows.player, n),
                                       column("owner", rows.owner, n, s.tiles),
                                       column("points", rows.points, n),
                                       column("deal", rows.deal, n),
                                       column("game", rows.game, n)};
  if (s.move_values) tensors.push_back(column("move_value", rows.move_value, n, s.actions));
  return tensors;
}

// The JSON header of the tensor file at `path`, read without its data.
Json header_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char length_bytes[8] = {};
  in.read(reinterpret_cast<char*>(length_bytes), 8);
  if (!in) throw std::invalid_argument("it cannot be read, or is shorter than 8 bytes");
  std::uint64_t length = 0;
  for (int i = 7; i >= 0; --i) length = length << 8 | length_bytes[i];
  std::error_code ec;
  if (length > nets::kMaxHeaderBytes || length + 8 > std::filesystem::file_size(path, ec))
    throw std::invalid_argument("its header length " + std::to_string(length) +
                                " runs past the file");
  std::string text(length, '\0');
  in.read(text.data(), static_cast<std::streamsize>(length));
  if (!in) throw std::invalid_argument("its header cannot be read");
  return Json::parse(text);
}

std::int64_t number(const std::map<std::string, std::string>& metadata, const std::string& key) {
  const auto it = metadata.find(key);
  if (it == metadata.end()) throw std::invalid_argument("its metadata has no " + key);
  return std::stoll(it->second);
}

}  // namespace

void write_chunk_file(const std::filesystem::path& path, const DecisionRows& rows,
                      const ChunkRecords& chunk, std::int64_t games) {
  const std::map<std::string, std::string> metadata = {
      {"format", kDatasetFormat},
      {"version", std::to_string(kDatasetVersion)},
      {"layout", kObservationLayout},
      {"chunk", std::to_string(chunk.global)},
      {"pairing", std::to_string(chunk.id.task)},
      {"deals", std::to_string(chunk.id.begin) + "-" + std::to_string(chunk.id.end)},
      {"games", std::to_string(games)},
      {"rows", std::to_string(rows.rows())}};
  nets::write_tensor_file(path.string(), tensors_of(rows), metadata);
}

ManifestChunk read_chunk_entry(const std::filesystem::path& path) {
  ManifestChunk entry;
  entry.file = path.filename().string();
  try {
    const Json header = header_of(path);
    if (!header.is_object() || !header.contains("__metadata__") || !header.contains("action"))
      throw std::invalid_argument("it has no metadata or no action tensor");
    const auto metadata = header.at("__metadata__").get<std::map<std::string, std::string>>();
    if (metadata.count("format") == 0 || metadata.at("format") != kDatasetFormat)
      throw std::invalid_argument("its metadata does not say format " +
                                  std::string(kDatasetFormat));
    entry.rows = number(metadata, "rows");
    if (header.at("action").at("shape") != Json::array({entry.rows}))
      throw std::invalid_argument("its action tensor does not hold its rows");
    entry.games = number(metadata, "games");
    entry.pairing = static_cast<int>(number(metadata, "pairing"));
    const std::string deals = metadata.at("deals");
    const auto dash = deals.find('-');
    entry.first_deal = std::stoll(deals.substr(0, dash));
    entry.end_deal = std::stoll(deals.substr(dash + 1));
  } catch (const std::exception& e) {
    throw std::runtime_error("chunk file " + common::quoted(path.string()) +
                             " is not a dataset chunk (" + common::quoted(e.what(), 120) + ")");
  }
  return entry;
}

}  // namespace dataset
