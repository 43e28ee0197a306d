// The columns of summary.csv, declared once (table_columns.h; ratings.csv's are in ratings.h):
// summary.csv, summary.json's rows, Python's rows, and the column table of
// docs/formats.md (`dominoes keys --markdown columns`) are all made from these lists, so a column
// added here appears in every one of them, in the same order.
#pragma once

#include <vector>

#include "arena/tournament/report/summary_row.h"
#include "arena/tournament/report/table_columns.h"

namespace tournament {

/// Returns summary.csv's fixed columns in order, player_a first and seconds last (36 of them). A
/// sweep's rows begin with one more text column per swept parameter, "P.PARAM" (SummaryRow::sweep),
/// before these.
const std::vector<Column<SummaryRow>>& summary_columns();

/// Returns the cells of `row` in summary.csv's order: its sweep values as text, then one cell
/// per summary_columns() entry; `names` (when not null) gets the matching column names.
std::vector<Cell> summary_cells(const SummaryRow& row, std::vector<std::string>* names = nullptr);

}  // namespace tournament
