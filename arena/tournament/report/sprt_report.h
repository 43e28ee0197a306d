// How an SPRT's end and a pairing's pentanomial counts read for people (summary.csv's sprt_* and
// penta_* cells are summary_columns.h's): the lines summary.md adds under its table when an SPRT
// ran, and the one-line verdict, e.g. "H1 accepted after 3200 deals (LLR 2.96, bounds
// -2.94..2.94)".
#pragma once

#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/report/summary_row.h"

namespace tournament {

/// Returns "<decision> after <deals> deals (LLR x.xx, bounds l.ll..u.uu)" (two decimals).
std::string sprt_verdict(SprtDecision decision, std::int64_t deals, double llr,
                         const SprtBounds& bounds);

/// Returns the Markdown paragraph summary.md adds when an SPRT ran: the hypotheses, the verdict
/// of each row and, with duplicate deals, its pentanomial line.
std::string sprt_markdown(const std::vector<SummaryRow>& rows, const ExperimentConfig& config);

}  // namespace tournament
