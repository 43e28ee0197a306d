#include "arena/tournament/config/shard.h"

#include <regex>

#include "arena/tournament/config/config_error.h"
#include "engine/common/text.h"

namespace tournament {

constexpr int kMaxShards = 100000;

std::string Shard::text() const {
  return std::to_string(index) + "/" + std::to_string(count);
}

std::string Shard::directory() const {
  return "shard-" + std::to_string(index) + "-of-" + std::to_string(count);
}

namespace {

// Returns the shard (index, count) when both parse and 0 <= index < count <= kMaxShards.
bool make_shard(const std::string& index, const std::string& count, Shard& shard) {
  const auto k = common::parse_int<int>(index);
  const auto n = common::parse_int<int>(count);
  if (!k || !n || *n < 1 || *n > kMaxShards || *k < 0 || *k >= *n) return false;
  shard = {*k, *n};
  return true;
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard shard;
  if (slash == std::string::npos ||
      !make_shard(text.substr(0, slash), text.substr(slash + 1), shard))
    throw ConfigError("shard " + common::quoted(text) +
                      " is not valid: give K/N with 0 <= K < N <= 100000, e.g. 0/4 for the first "
                      "of four shards");
  return shard;
}

bool parse_shard_directory(const std::string& name, Shard& shard) {
  static const std::regex form("shard-([0-9]+)-of-([0-9]+)");
  std::smatch m;
  return std::regex_match(name, m, form) && make_shard(m[1], m[2], shard) &&
         shard.directory() == name;  // no leading zeros: one name per shard
}

}  // namespace tournament
