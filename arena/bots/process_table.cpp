#include "arena/bots/process_table.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/common/text.h"

namespace bots {

std::vector<ProcessEntry> live_processes() {
  std::vector<ProcessEntry> processes;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const auto pid = common::parse_int<pid_t>(entry.path().filename().string());
    if (!pid) continue;
    std::ifstream in(entry.path() / "stat");
    std::string stat;
    if (!std::getline(in, stat)) continue;  // gone meanwhile
    // "PID (COMM) STATE PPID PGRP SESSION ...": COMM may hold spaces and parentheses, so the rest
    // is read from the last ')'.
    const auto open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 1));
    char state = 0;
    long parent = 0, group = 0, session = 0;
    if (!(rest >> state >> parent >> group >> session) || state == 'Z') continue;
    processes.push_back({*pid, stat.substr(open + 1, close - open - 1), static_cast<pid_t>(parent),
                         static_cast<pid_t>(group), static_cast<pid_t>(session)});
  }
  return processes;
}

std::string describe_processes(const std::vector<ProcessEntry>& processes) {
  if (processes.empty()) return "";
  std::string names;
  for (std::size_t k = 0; k < processes.size() && k < 3; ++k)
    names += (k ? ", " : "") + processes[k].name;
  return std::to_string(processes.size()) +
         (processes.size() == 1 ? " process (" : " processes (") + names +
         (processes.size() > 3 ? ", ...)" : ")");
}

}  // namespace bots
