// `dominoes run --plot`: after a finished run, draws its tables with scripts/plot
// (Python 3 and Debian's python3-matplotlib, under /usr/bin/python3, the interpreter Debian's
// packages belong to).
#pragma once

#include <string>

namespace dominoes_cli {

/// Runs `/usr/bin/python3 scripts/plot OUT_DIR --dominoes THIS_PROGRAM` (which labels the players:
/// `dominoes label`), its output sent to stderr (stdout keeps the
/// summary). The script is found beside the executable: BIN/../libexec/dominoes/plot where it is
/// installed (cmake/install.cmake), BIN/../../scripts/plot in a build tree (build/bin). When
/// Python, the script or matplotlib is missing, or the script fails, says so on one line of stderr.
/// Returns true when the plots were written; never throws: the run has succeeded either way.
bool plot_results(const std::string& out_dir);

}  // namespace dominoes_cli
