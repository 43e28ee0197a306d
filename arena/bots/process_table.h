// The processes running on this machine, as /proc lists them: for finding what a bot left
// behind, in its process group (BotProcess) or, moved out of it with setsid, among check-bot's
// adopted children.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace bots {

/// One live process (zombies are left out), from /proc/PID/stat.
struct ProcessEntry {
  pid_t pid = 0;
  std::string name;  ///< the command name (COMM)
  pid_t parent = 0, group = 0, session = 0;
};

/// Returns every live process /proc shows now; a process that ends meanwhile is skipped.
std::vector<ProcessEntry> live_processes();

/// Returns `processes` in words, "N process(es) (name, name, name, ...)", the first three named;
/// "" when there are none.
std::string describe_processes(const std::vector<ProcessEntry>& processes);

}  // namespace bots
