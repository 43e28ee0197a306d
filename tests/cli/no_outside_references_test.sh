#!/usr/bin/env bash
# Nothing in the repository may send a reader to a file outside it: the rules, the bot protocol
# and the file formats live in docs/ (docs/README.md). Fails, naming each file and line, when a
# tracked file mentions the old specification files (the design notes, the protocol, the style
# guide or the tetromino notes by their outside names), a path that climbs into a sibling
# "shared" folder, or an absolute path into a home or work directory of this machine.
# Usage: no_outside_references_test.sh SOURCE_DIR
set -u
root=${1:?usage: no_outside_references_test.sh SOURCE_DIR}
cd "$root" || exit 1
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "SKIP: $root is not a git checkout, so there is no list of tracked files"; exit 77
fi

# Built from pieces so that this file does not match itself.
md='\.md'
names="(DESIGN|PROTOCOL|STYLE|TETROMINO)$md"   # upper-case outside names; docs/ uses lower case
shared='\.\./+shared|(^|[^A-Za-z0-9_])shared/(seeds|tools|hooks)'
# An absolute path starts a word: its first slash follows a space, quote, bracket, '=' or ':'; a
# path that merely ends in a folder named work (a variable's subfolder, "$tmp/work") is not one.
absolute='(^|[][[:space:]"'"'"'(=:`<])/(work|home|root|Users|mnt|tmp/shared)/'
pattern="$names|$shared|$absolute"

check_pattern() {  # the pattern must see what it is meant to see, and nothing of the rest
  local text=$1 want=$2 got=0
  printf '%s\n' "$text" | grep -qE "$pattern" && got=1
  if [ "$got" != "$want" ]; then
    echo "FAIL: the pattern $( [ "$want" = 1 ] && echo misses || echo flags ) the line: $text"
    exit 1
  fi
}
# Lines it must flag.
check_pattern "see ../sha""red/PROTO""COL.md" 1
check_pattern "(DES""IGN.md section 3)" 1
check_pattern "the seed documents (../sha""red/seeds/)" 1
check_pattern "cp /wo""rk/shared/x ." 1
check_pattern "open(\"/ho""me/me/notes\")" 1
check_pattern "see TETRO""MINO.md" 1
# Lines it must leave alone: the project's own words and paths.
check_pattern "see docs/protocol.md and docs/tetromino.md" 0
check_pattern "#define TETROMINO_PUZZLES \"tests/data/tetromino-contest-puzzles.txt\"" 0
check_pattern "printf 'deals = 600' >\"\$tmp/work/fast.cfg\"" 0
check_pattern "work=\"\$dir/work/\$t\"" 0
check_pattern "std::shared_ptr<const OpponentModel> model_;" 0
check_pattern "[clients/README.md](../clients/README.md)" 0

# Every tracked file, as it is in the work tree (binary files skipped by grep -I).
hits=$(git ls-files -z | xargs -0 grep -nIE "$pattern" -- 2>/dev/null)
if [ -n "$hits" ]; then
  echo "FAIL: these lines refer to files outside the repository; point them to docs/ instead:"
  printf '%s\n' "$hits"
  exit 1
fi
echo "ok: no tracked file refers to a file outside the repository ($(git ls-files | wc -l) files)"
