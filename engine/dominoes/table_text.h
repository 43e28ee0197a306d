// The table as one seat sees it, as text: the line as laid, its open ends, every other seat's tile
// count and the values it has shown it lacks, and the seat's own hand with its pips. This is the
// position `dominoes play` shows the person before each move, and what Python's environments draw
// with render_mode="ansi" (docs/python.md).
#pragma once

#include <span>
#include <string>

#include "engine/dominoes/history.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// Returns the values of `values` in increasing order, e.g. "2, 5"; "" for none.
std::string values_text(ValueSet values);

/// Returns the line of play replayed from `history`: the tiles from the left end to the right, each
/// turned so that touching values meet ("5-2 2-2 2-3"), or "(empty)" before the lead.
std::string line_as_laid(const History& history);

/// Returns the table as seat `viewer` sees it, in lines ending with '\n':
///
///   line     5-2 2-2 2-3    open ends 5 (L) and 3 (R)
///   LABEL: 6 tiles, has shown it lacks 1, 4        (each other seat, in turn order after viewer)
///   LABEL    0-1 3-3 4-6   (17 pips)                (the viewer's hand; label padded to 9)
///
/// `labels` names each seat (labels.size() == state.seats; `dominoes play` gives "you" and the
/// opponents' specs). Shows no other seat's tiles. `history` holds the moves that led to `state`.
std::string table_text(const State& state, const History& history, Seat viewer,
                       std::span<const std::string> labels);

}  // namespace dominoes
