#include "arena/dataset/manifest.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "arena/tournament/config/team_spec.h"
#include "arena/tournament/play/games_writer.h"
#include "engine/common/limited_file.h"
#include "engine/common/text.h"
#include "strategies/short_label.h"

namespace dataset {
namespace {

using Json = nlohmann::json;

// A manifest lists a chunk a line; a million chunks stay far below this.
constexpr common::ReadLimits kManifestLimits{std::size_t{1} << 20, std::uint64_t{1} << 30, true};

// Each tensor of a chunk file: its name, dtype, shape after the row count N, and meaning.
struct TensorDoc {
  const char* name;
  const char* dtype;
  const char* width;  // "D", "A", "T" or "" (one value a row)
  const char* meaning;
};

constexpr TensorDoc kTensors[] = {
    {"obs", "U8", "D", "the deciding seat's observation tensor (layout observation-v1)"},
    {"legal", "U8", "A", "1 for each legal action, else 0"},
    {"action", "I16", "", "the action taken (the action numbering)"},
    {"seat", "U8", "", "the deciding seat (absolute)"},
    {"player", "U8", "", "the deciding player's index in players"},
    {"owner", "I8", "T",
     "each tile's place: -1 known to the decider (its hand, or played), p in 0..S-2 the seat p+1 "
     "places after the decider, S-1 never dealt"},
    {"points", "F32", "", "the hand's final net points of the deciding seat"},
    {"deal", "I64", "", "the deal's number"},
    {"game", "I16", "", "the game's seating index within its deal"},
    {"move_value", "F32", "A",
     "each legal action's exact open-hands value for the decider in points, NaN if illegal"},
};

int width_of(const RowShape& shape, const std::string& width) {
  if (width == "D") return shape.observation;
  if (width == "A") return shape.actions;
  return shape.tiles;
}

Json tensors_json(const RowShape& shape) {
  Json tensors = Json::object();
  for (const TensorDoc& t : kTensors) {
    if (std::string(t.name) == "move_value" && !shape.move_values) continue;
    Json dims = Json::array({"N"});
    if (*t.width) dims.push_back(width_of(shape, t.width));
    tensors[t.name] = {{"dtype", t.dtype}, {"shape", dims}, {"meaning", t.meaning}};
  }
  return tensors;
}

Json chunks_json(const std::vector<ManifestChunk>& chunks, std::int64_t& rows,
                 std::int64_t& games) {
  Json list = Json::array();
  for (const ManifestChunk& c : chunks) {
    list.push_back({{"file", c.file},
                    {"rows", c.rows},
                    {"games", c.games},
                    {"pairing", c.pairing},
                    {"deals", {c.first_deal, c.end_deal}}});
    rows += c.rows;
    games += c.games;
  }
  return list;
}

// A member's value as the manifest writes it: the tensors and the chunks one a line, anything
// else on its member's line.
std::string member_text(const std::string& key, const Json& value) {
  if (key != "tensors" && key != "chunks") return value.dump();
  std::string text = value.is_array() ? "[" : "{";
  bool first = true;
  for (const auto& [name, item] : value.items()) {
    text += first ? "\n    " : ",\n    ";
    text += (value.is_array() ? "" : Json(name).dump() + ": ") + item.dump();
    first = false;
  }
  return text + (first ? "" : "\n  ") + (value.is_array() ? "]" : "}");
}

Json players_json(const Manifest& manifest) {
  Json players = Json::array();
  for (std::size_t i = 0; i < manifest.players.size(); ++i)
    players.push_back({{"spec", manifest.players[i]}, {"name", manifest.player_names[i]}});
  return players;
}

tournament::ConfigError unreadable(const std::string& path, const std::string& why) {
  return tournament::ConfigError("dataset manifest " + common::quoted(path) + " " + why);
}

}  // namespace

tournament::JournalKeys dataset_keys(const Manifest& manifest) {
  tournament::JournalKeys keys = manifest.config;
  keys.emplace_back("move-values", manifest.move_values ? "true" : "false");
  return keys;
}

void set_players(const tournament::ExperimentConfig& config, const strategies::Registry& seated,
                 Manifest& manifest) {
  manifest.players.clear();
  manifest.player_names.clear();
  for (std::size_t l = 0; l < config.lineups.size(); ++l)
    for (std::size_t i = 0; i < config.lineups[l].size(); ++i) {
      const std::vector<std::string> members = tournament::team_members(config.lineups[l][i]);
      for (const std::string& member : members) {
        if (std::find(manifest.players.begin(), manifest.players.end(), member) !=
            manifest.players.end())
          continue;
        manifest.players.push_back(member);
        manifest.player_names.push_back(members.size() == 1 && l < config.labels.size()
                                            ? config.labels[l][i]
                                            : strategies::short_label(member, seated));
      }
    }
  if (manifest.players.size() > 255)
    throw tournament::ConfigError(
        "a dataset names at most 255 players (a row holds the player's index in one byte), not " +
        std::to_string(manifest.players.size()));
}

std::string manifest_json(const Manifest& manifest) {
  const RowShape shape = row_shape(manifest.rules, manifest.move_values);
  Json rules = Json::parse(tournament::rules_json_text(manifest.rules));
  rules["seats"] = manifest.rules.seats;
  Json config = Json::array();
  for (const auto& [key, value] : manifest.config) config.push_back({key, value});
  std::int64_t rows = 0, games = 0;
  const Json chunks = chunks_json(manifest.chunks, rows, games);
  const std::vector<std::pair<std::string, Json>> members = {{"format", kDatasetFormat},
                                                             {"version", kDatasetVersion},
                                                             {"complete", manifest.complete},
                                                             {"rows", rows},
                                                             {"games", games},
                                                             {"layout", kObservationLayout},
                                                             {"move_values", manifest.move_values},
                                                             {"rules", rules},
                                                             {"players", players_json(manifest)},
                                                             {"pairings", manifest.pairings},
                                                             {"sizes",
                                                              {{"observation", shape.observation},
                                                               {"actions", shape.actions},
                                                               {"tiles", shape.tiles},
                                                               {"seats", shape.seats}}},
                                                             {"tensors", tensors_json(shape)},
                                                             {"config", config},
                                                             {"chunks", chunks}};
  std::string text = "{\n";
  for (std::size_t i = 0; i < members.size(); ++i) {
    const auto& [key, value] = members[i];
    text += "  " + Json(key).dump() + ": " + member_text(key, value);
    text += i + 1 < members.size() ? ",\n" : "\n";
  }
  return text + "}\n";
}

tournament::JournalKeys read_manifest_keys(const std::string& path) {
  Json j;
  try {
    j = Json::parse(common::read_limited_file(path, "dataset manifest", kManifestLimits));
  } catch (const common::ReadError& e) {
    throw tournament::ConfigError(e.what());
  } catch (const std::exception& e) {
    throw unreadable(path, "is not JSON (" + common::quoted(e.what(), 120) + ")");
  }
  if (!j.is_object() || j.value("format", "") != kDatasetFormat)
    throw unreadable(path, "is not a dataset manifest (its \"format\" is not \"" +
                               std::string(kDatasetFormat) + "\")");
  if (j.value("version", 0) != kDatasetVersion)
    throw unreadable(path, "is of another version than " + std::to_string(kDatasetVersion) +
                               ", which this build writes");
  Manifest m;
  try {
    for (const auto& pair : j.at("config"))
      m.config.emplace_back(pair.at(0).get<std::string>(), pair.at(1).get<std::string>());
    m.move_values = j.at("move_values").get<bool>();
  } catch (const std::exception& e) {
    throw unreadable(path, "has no readable config (" + common::quoted(e.what(), 120) + ")");
  }
  return dataset_keys(m);
}

}  // namespace dataset
