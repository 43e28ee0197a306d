#include "apps/dominoes/print_tables.h"

#include <unistd.h>

#include <fstream>
#include <iostream>

#include "arena/tournament/report/summary.h"
#include "arena/tournament/report/terminal_tables.h"
#include "arena/tournament/report/write_tables.h"

namespace dominoes_cli {

void print_tables(const tournament::ExperimentConfig& config,
                  const std::vector<tournament::TaskResult>& tasks, bool may_be_terminal) {
  if (may_be_terminal && ::isatty(STDOUT_FILENO)) {
    std::cout << tournament::terminal_tables(tournament::summary_rows(tasks, config), tasks, config,
                                             tournament::run_ratings(config, tasks));
    return;
  }
  std::ifstream md(config.out_dir + "/summary.md");
  std::cout << md.rdbuf();
}

}  // namespace dominoes_cli
