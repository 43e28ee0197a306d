// Reading the move a person types at `dominoes play`'s prompt: the number of a listed move, or
// notation (docs/rules.md, "Notation") in either case: `3-5L`, `5-3r`, a bare tile `3-5` when it
// fits only one way (or leads), `pass`. Anything else gets a reason to show before asking again.
#pragma once

#include <string>
#include <variant>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/state.h"

namespace dominoes_cli {

/// Returns the legal move (one of `legal`, the legal moves of the person to move in `state`, in
/// the order they were listed and numbered from 1) that `text` names, or a one-line reason why
/// `text` names none: not a move, a number out of range, a tile not held, a tile that does not
/// match the end named, a bare tile that fits both ends. Requires at least one legal move.
std::variant<dominoes::Move, std::string> read_typed_move(const std::string& text,
                                                          const dominoes::State& state,
                                                          const dominoes::MoveList& legal,
                                                          int max_pip);

}  // namespace dominoes_cli
