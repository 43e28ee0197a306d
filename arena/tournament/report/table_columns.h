// The columns of a table declared once: each column's name, type, meaning and cell, from which the
// CSV file, summary.json's members, Python's rows and the docs' column tables are all made
// (summary_columns.h declares summary.csv's and ratings.csv's).
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "arena/tournament/report/cell_text.h"
#include "engine/common/text.h"

namespace tournament {

/// One cell: empty (an empty CSV cell, JSON null, Python None), text, a whole number, or a real
/// number with the digits its CSV cell shows. A NaN number reads as empty everywhere.
struct Cell {
  enum class Kind { kEmpty, kText, kInteger, kNumber };
  /// `decimals` value for "%.4g", four significant digits (p-values).
  static constexpr int kSignificant = -1;

  Kind kind = Kind::kEmpty;
  std::string text;
  std::int64_t integer = 0;
  double number = 0;
  int decimals = 4;

  static Cell empty() { return {}; }
  static Cell of_text(std::string s) { return {Kind::kText, std::move(s), 0, 0, 0}; }
  static Cell of_integer(std::int64_t i) { return {Kind::kInteger, {}, i, 0, 0}; }
  /// A number written with `decimals` places (4 unless said: the tables' usual precision).
  static Cell of_number(double x, int decimals = 4) { return {Kind::kNumber, {}, 0, x, decimals}; }
  /// Returns true for an empty cell or a NaN number.
  bool is_empty() const {
    return kind == Kind::kEmpty || (kind == Kind::kNumber && std::isnan(number));
  }
};

/// Returns the cell as a CSV field: "" when empty, text quoted as csv_field() does, integers in
/// decimal, numbers with their decimals (fixed(), or "%.4g" for kSignificant).
inline std::string csv_text(const Cell& cell) {
  if (cell.is_empty()) return "";
  switch (cell.kind) {
    case Cell::Kind::kText:
      return csv_field(cell.text);
    case Cell::Kind::kInteger:
      return std::to_string(cell.integer);
    case Cell::Kind::kNumber:
      if (cell.decimals == Cell::kSignificant) return significant(cell.number);
      return fixed(cell.number, cell.decimals);
    case Cell::Kind::kEmpty:
      break;
  }
  return "";
}

/// One column of a table of `Row`s.
template <typename Row>
struct Column {
  std::string name;     ///< the CSV header's spelling, also the JSON member and Python key
  std::string type;     ///< "text", "integer" or "number", as the docs' tables show it
  std::string meaning;  ///< one line, with when the cell is empty
  std::function<Cell(const Row&)> cell;
};

/// Returns the columns' names joined by commas: a CSV header without its newline.
template <typename Row>
std::string csv_header(const std::vector<Column<Row>>& columns) {
  std::string header;
  for (const auto& column : columns) {
    if (!header.empty()) header += ',';
    header += column.name;
  }
  return header;
}

/// Returns one CSV line of `row` without its newline.
template <typename Row>
std::string csv_line(const std::vector<Column<Row>>& columns, const Row& row) {
  std::string line;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i) line += ',';
    line += csv_text(columns[i].cell(row));
  }
  return line;
}

/// Returns the columns as a Markdown table: name, type and meaning, `|` in a cell escaped.
template <typename Row>
std::string columns_markdown(const std::vector<Column<Row>>& columns) {
  std::string table = "| column | type | meaning |\n|---|---|---|\n";
  for (const auto& column : columns)
    table.append("| `")
        .append(column.name)
        .append("` | ")
        .append(column.type)
        .append(" | ")
        .append(common::markdown_cell(column.meaning))
        .append(" |\n");
  return table;
}

}  // namespace tournament
