#!/usr/bin/env bash
# scripts/check-rooms on small trees made here, each with one defect it must name, and a clean
# one it must pass; then on the project itself (the `rooms` test proper).
# Usage: check_rooms_test.sh PATH/TO/scripts/check-rooms
set -u
checker=${1:?usage: $0 PATH/TO/scripts/check-rooms}
source "$(dirname "$0")/cli_lib.sh"

# tree NAME: a copy of the checker in $tmp/NAME/scripts and a table allowing b -> a only.
tree() {
  local dir=$tmp/$1
  mkdir -p "$dir/scripts" "$dir/engine/a" "$dir/engine/b"
  cp "$checker" "$dir/scripts/check-rooms"
  printf '## Rooms and what each may include\n\n| room | floor | may include |\n|---|--:|---|\n| `engine/a` | 0 | |\n| `engine/b` | 0 | `engine/a` |\n' \
    >"$dir/engine/README.md"
  printf '#pragma once\n' >"$dir/engine/a/x.h"
  printf '#include "engine/a/x.h"\n' >"$dir/engine/b/y.h"
  echo "$dir"
}

# expect NAME WORD: the checker on tree NAME exits 1 and names WORD.
expect() {
  local out
  out=$("$tmp/$1/scripts/check-rooms" 2>&1)
  local code=$?
  check "$1: exit 1" test "$code" -eq 1
  check "$1: says \"$2\"" grep -q -- "$2" <<<"$out"
}

dir=$(tree clean)
check "a clean tree passes" "$dir/scripts/check-rooms"

dir=$(tree forbidden)
printf '#include "engine/b/y.h"\n' >"$dir/engine/a/z.cpp"
expect forbidden "engine/a includes engine/b, which its row (engine/a) in engine/README.md does not allow"

dir=$(tree room-cycle)
printf '| `engine/a` | 0 | `engine/b` |\n' >>"$dir/engine/README.md"
printf '#include "engine/b/y.h"\n' >"$dir/engine/a/z.cpp"
expect room-cycle "rooms include each other in a cycle: engine/a <-> engine/b"

dir=$(tree unit-cycle)
printf '#pragma once\n' >"$dir/engine/a/p.h"
printf '#include "engine/a/q.h"\n' >"$dir/engine/a/p.cpp"
printf '#pragma once\n#include "engine/a/p.h"\n' >"$dir/engine/a/q.h"
expect unit-cycle "units include each other in a cycle: engine/a/p <-> engine/a/q"

dir=$(tree no-line)
mkdir -p "$dir/engine/c"
printf '#pragma once\n' >"$dir/engine/c/w.h"
expect no-line "engine/c has no line in engine/README.md's table of rooms"

# A room on a lower floor including one on a higher floor, even where its row allows it.
dir=$(tree floors)
mkdir -p "$dir/strategies/s"
printf '#pragma once\n' >"$dir/strategies/s/v.h"
printf '| `strategies/s` | 1 | `engine/a` |\n| `engine/c` | 0 | `strategies/s` |\n' >>"$dir/engine/README.md"
mkdir -p "$dir/engine/c"
printf '#include "strategies/s/v.h"\n' >"$dir/engine/c/w.cpp"
expect floors "engine/c (floor 0) includes strategies/s, on floor 1"

# A row whose floor column is not its path's.
dir=$(tree wrong-floor)
printf '| `strategies/t` | 0 | |\n' >>"$dir/engine/README.md"
expect wrong-floor "the row of strategies/t says floor 0, but its path is on floor 1"

# A room's own row is its rule, not the union with a pattern's: strategies/u's row allows
# nothing, so its include of engine/a is refused though strategies/* allows it.
dir=$(tree own-row)
mkdir -p "$dir/strategies/u"
printf '| `strategies/*` | 1 | `engine/a` |\n| `strategies/u` | 1 | |\n' >>"$dir/engine/README.md"
printf '#include "engine/a/x.h"\n' >"$dir/strategies/u/k.cpp"
expect own-row "strategies/u includes engine/a, which its row (strategies/u)"

check "the project's own rooms pass" "$checker"
finish
