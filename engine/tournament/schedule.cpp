#include "engine/tournament/schedule.h"

namespace tournament {

std::vector<Pairing> make_schedule(Format format, int players) {
  std::vector<Pairing> out;
  switch (format) {
    case Format::kHeadToHead: out.push_back({0, 1}); break;
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
