#include "apps/dominoes/plot_results.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/posix_calls.h"

extern char** environ;

namespace dominoes_cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPython = "/usr/bin/python3";
constexpr int kNoMatplotlib = 3;  // scripts/plot's exit status when matplotlib cannot be imported

// Returns this program's path, or "" when it cannot be read. A long run may outlive its program's
// file: a rebuild replaces it, and the link then reads "PATH (deleted)". The program now at PATH
// labels players and finds the plot script as well (labels are a function of the specs alone), so
// PATH is returned when a file is there.
std::string this_program() {
  std::string exe = common::executable_path();
  if (exe.empty()) return "";
  std::error_code ec;
  constexpr std::string_view kDeleted = " (deleted)";
  if (exe.ends_with(kDeleted)) {
    exe.resize(exe.size() - kDeleted.size());
    if (!fs::is_regular_file(exe, ec)) return "";
  }
  return exe;
}

// Returns the plot script beside this program: installed (BIN/../libexec/dominoes/plot, as
// cmake/install.cmake lays it out), installed from the wheel auditwheel repaired (which moves the
// program to PREFIX/lib/pythonX.Y/site-packages/dominoes_tournament.scripts/ and leaves the plot
// script in PREFIX/libexec/dominoes/), or in a build tree (build/bin/../../scripts/plot); "" when
// none is there. Nothing else is looked at, so an installed program never reads a source tree.
std::string plot_script() {
  std::error_code ec;
  const fs::path exe = this_program();
  if (exe.empty()) return "";
  const fs::path bin = exe.parent_path();
  std::vector<fs::path> candidates = {bin / ".." / "libexec" / "dominoes" / "plot",
                                      bin / ".." / ".." / "scripts" / "plot"};
  if (bin.filename() == "dominoes_tournament.scripts")  // site-packages, pythonX.Y, lib, PREFIX
    candidates.push_back(bin / ".." / ".." / ".." / ".." / "libexec" / "dominoes" / "plot");
  for (const fs::path& candidate : candidates)
    if (fs::is_regular_file(candidate, ec)) return candidate.lexically_normal().string();
  return "";
}

// Returns the script's exit status, or -1 when it could not be started.
int run_script(const std::string& script, const std::string& out_dir) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  std::vector<std::string> words = {kPython, script, out_dir};
  if (const std::string self = this_program(); !self.empty()) {
    words.push_back("--dominoes");  // the players' labels come from this program (label_command.h)
    words.push_back(self);
  }
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int error = posix_spawn(&pid, kPython, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

bool plot_results(const std::string& out_dir) {
  std::error_code ec;
  if (!fs::exists(kPython, ec)) {
    std::cerr << "plot: skipped: " << kPython << " is not installed (the tables are written)\n";
    return false;
  }
  const std::string script = plot_script();
  if (script.empty()) {
    std::cerr
        << "plot: skipped: the plot script is not beside this program (../libexec/dominoes/plot "
           "installed, ../../scripts/plot in a build tree); the tables are written\n";
    return false;
  }
  const int status = run_script(script, out_dir);
  if (status == 0) return true;
  // scripts/plot has said why on its own line (for a missing matplotlib: exit 3).
  if (status != kNoMatplotlib)
    std::cerr << "plot: " << script << " failed (exit " << status << "); the tables are written\n";
  return false;
}

}  // namespace dominoes_cli
