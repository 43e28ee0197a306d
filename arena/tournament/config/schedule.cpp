#include "arena/tournament/config/schedule.h"

namespace tournament {

std::string to_string(Format format) {
  switch (format) {
    case Format::kHeadToHead:
      return "head-to-head";
    case Format::kRoundRobin:
      return "round-robin";
    case Format::kGauntlet:
      return "gauntlet";
  }
  return "round-robin";
}

std::optional<Format> parse_format(std::string_view text) {
  for (Format f : {Format::kHeadToHead, Format::kRoundRobin, Format::kGauntlet})
    if (to_string(f) == text) return f;
  return std::nullopt;
}

std::vector<Pairing> make_schedule(Format format, int players) {
  std::vector<Pairing> out;
  switch (format) {
    case Format::kHeadToHead:
      out.push_back({0, 1});
      break;
    case Format::kRoundRobin:
      for (int i = 0; i < players; ++i)
        for (int j = i + 1; j < players; ++j) out.push_back({i, j});
      break;
    case Format::kGauntlet:
      for (int j = 1; j < players; ++j) out.push_back({0, j});
      break;
  }
  return out;
}

}  // namespace tournament
