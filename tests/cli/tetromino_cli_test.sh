#!/usr/bin/env bash
# `solver tetromino` from the outside: the answer comes first on one line (a JSON list, exit 0, or
# `impossible: ...`, exit 1); bad input gets one line on stderr, nothing on stdout and exit code 2.
# Usage: tetromino_cli_test.sh PATH/TO/solver
set -u
bin=${1:?usage: $0 PATH/TO/solver}
puzzles="$(dirname "$0")/../data/tetromino-contest-puzzles.txt"
source "$(dirname "$0")/cli_lib.sh"

# A JSON list of [FIGURE,ANGLE,X,Y] entries, nothing else, for PIECES pieces.
is_answer() {  # is_answer LINE PIECES
  local entry='\["[IJLOSTZ]",[0-3],[0-9]+,[0-9]+\]'
  [[ $1 =~ ^\[$entry(,$entry)*\]$ ]] && [ "$(grep -o '\["' <<<"$1" | wc -l)" -eq "$2" ]
}
# Every line of the drawing: N letters.
is_drawing() {  # is_drawing FILE N
  [ "$(wc -l <"$1")" -eq "$2" ] && ! grep -qvE "^[IJLOSTZ]{$2}\$" "$1"
}
# The letters drawn are the signature's: COUNTS is e.g. "I1 J1 L1 Z1", each figure 4 cells.
drawing_counts() {  # drawing_counts FILE -> "I1 J1 L1 Z1"
  local out="" f k
  for f in I J L O S T Z; do
    k=$(tr -cd "$f" <"$1" | wc -c)
    [ "$k" -gt 0 ] && out="$out $f$((k / 4))"
  done
  echo "${out# }"
}

# The seed's 4x4 example.
"$bin" tetromino --size 4 --signature I1,J1,L1,Z1 >"$tmp/out" 2>"$tmp/err"
check "4x4 example: exit 0" test $? -eq 0
check "4x4 example: a JSON list of 4 pieces" is_answer "$(head -n1 "$tmp/out")" 4
check "4x4 example: one line" test "$(wc -l <"$tmp/out")" -eq 1
check "4x4 example: quiet stderr" test ! -s "$tmp/err"
"$bin" tetromino --size 4 --signature I1,J1,L1,Z1 --draw >"$tmp/out" 2>&1
check "--draw: exit 0" test $? -eq 0
check "--draw: the answer first" is_answer "$(head -n1 "$tmp/out")" 4
tail -n +2 "$tmp/out" >"$tmp/drawing"
check "--draw: 4 lines of 4 letters" is_drawing "$tmp/drawing" 4
check "--draw: the signature's figures" test "$(drawing_counts "$tmp/drawing")" = "I1 J1 L1 Z1"

# A JSON puzzle on stdin, and in a file.
echo '{"size":4,"signature":"I1,J1,L1,Z1"}' | "$bin" tetromino >"$tmp/out" 2>"$tmp/err"
check "JSON on stdin: exit 0" test $? -eq 0
check "JSON on stdin: answer" is_answer "$(head -n1 "$tmp/out")" 4
echo '{"size":2,"signature":"O1"}' >"$tmp/puzzle.json"
check "JSON file: one O" test "$("$bin" tetromino "$tmp/puzzle.json")" = '[["O",0,0,0]]'

# Impossible: odd T (checkerboard), S4 (no tiling: exhaustive), area.
impossible() {  # impossible NAME ARGS...
  local name=$1; shift
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -q '^impossible: ..' "$tmp/out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name (exit $rc): $(cat "$tmp/out" "$tmp/err")"
  fi
}
impossible "odd T" tetromino --size 4 --signature T1,O1,I2
impossible "S4" tetromino --size 4 --signature S4
impossible "area" tetromino --size 4 --signature I1,J1,L1
impossible "odd size" tetromino --size 5 --signature I6
echo '{"size":4,"signature":"J1,O3"}' | "$bin" tetromino >"$tmp/out" 2>"$tmp/err"
check "impossible JSON on stdin: exit 1" test $? -eq 1
check "impossible JSON on stdin: reason" grep -q '^impossible: ' "$tmp/out"

bad "unknown letter" tetromino --size 4 --signature X1
bad "letter without count" tetromino --size 4 --signature I
bad "letter twice" tetromino --size 4 --signature I1,I3
bad "negative count" tetromino --size 4 --signature I-1
bad "empty signature" tetromino --size 4 --signature ""
bad "size 0" tetromino --size 0 --signature I1
bad "size 100000" tetromino --size 100000 --signature I1
bad "size not a number" tetromino --size four --signature I1
bad "size without signature" tetromino --size 4
bad "signature without size" tetromino --signature I1,J1,L1,Z1
bad "unknown option" tetromino --size 4 --signature I1,J1,L1,Z1 --bogus
expect_error "missing file" 1 "No such file or directory" tetromino /nonexistent/puzzle.json
expect_error "directory" 2 "is a directory" tetromino "$tmp"
expect_error "batch directory" 2 "is a directory" tetromino --batch "$tmp"
expect_error "seed -1" 2 "0..18446744073709551615" tetromino --random 8 --seed -1
expect_error "seed 2^64" 2 "0..18446744073709551615" tetromino --random 8 --seed 18446744073709551616
expect_error "time limit inf" 2 "time-limit" tetromino --size 4 --signature I1,J1,L1,Z1 --time-limit inf
printf '{"size":4,"size":5,"signature":"I1,J1,L1,Z1"}' >"$tmp/twice.json"
expect_error "duplicate key" 2 '"size" is given twice' tetromino "$tmp/twice.json"
bad "random odd size" tetromino --random 5
bad "zero time limit" tetromino --size 4 --signature I1,J1,L1,Z1 --time-limit 0
bad_stdin "malformed JSON" '{"size":4,"signature":' tetromino
bad_stdin "JSON without signature" '{"size":4}' tetromino
bad_stdin "JSON size 0" '{"size":0,"signature":"I1"}' tetromino
bad_stdin "JSON unknown letter" '{"size":4,"signature":"Q1"}' tetromino
bad_stdin "batch bad line" $'4 I1,J1,L1,Z1 extra\n' tetromino --batch -

# --batch over the contest's 28 puzzles: one JSON object a line, all solved.
"$bin" tetromino --batch "$puzzles" >"$tmp/out" 2>"$tmp/err"
check "batch: exit 0" test $? -eq 0
check "batch: 28 lines" test "$(wc -l <"$tmp/out")" -eq 28
check "batch: 28 solved" test "$(grep -c '"status":"solved"' "$tmp/out")" -eq 28
check "batch: solutions" test "$(grep -c '"solution":\[\["' "$tmp/out")" -eq 28
check "batch: first is the 4x4 example" grep -q '^{"size":4,"signature":"I1,J1,L1,Z1","status":"solved"' "$tmp/out"
# The same puzzles through stdin, mixed with JSON, an impossible one and a comment.
printf '# comment\n{"size":4,"signature":"I1,J1,L1,Z1"}\n4 S4\n\n' | "$bin" tetromino --batch - >"$tmp/out" 2>"$tmp/err"
check "batch stdin: exit 1 (one impossible)" test $? -eq 1
check "batch stdin: 2 lines" test "$(wc -l <"$tmp/out")" -eq 2
check "batch stdin: impossible S4" grep -q '"signature":"S4","status":"impossible"' "$tmp/out"

# --random: a signature of N^2/4 pieces, which the solver then solves.
signature=$("$bin" tetromino --random 20 --seed 3 2>"$tmp/err")
check "random: exit 0" test $? -eq 0
check "random: a signature" eval '[[ $signature =~ ^[IJLOSTZ][0-9]+(,[IJLOSTZ][0-9]+)*$ ]]'
total=0
for item in ${signature//,/ }; do total=$((total + ${item:1})); done
check "random: counts sum to 100" test "$total" -eq 100
check "random: reproducible" test "$("$bin" tetromino --random 20 --seed 3)" = "$signature"
"$bin" tetromino --size 20 --signature "$signature" --draw >"$tmp/out" 2>"$tmp/err"
check "random: solved" test $? -eq 0
check "random: 100 pieces" is_answer "$(head -n1 "$tmp/out")" 100
tail -n +2 "$tmp/out" >"$tmp/drawing"
check "random: 20 lines of 20 letters" is_drawing "$tmp/drawing" 20
check "random: drawing has the signature's figures" \
  test "$(drawing_counts "$tmp/drawing")" = "$(tr ',' ' ' <<<"$signature")"

check "random: the largest seed" test -n "$("$bin" tetromino --random 8 --seed 18446744073709551615)"

# --random honours --time-limit: N = 2000 with seed 1 takes far more than a minute, so the draw
# gives up with `unknown: ...` (exit 3, as a solve that runs out of time) within the limit.
start=$SECONDS
timeout 20 "$bin" tetromino --random 2000 --time-limit 1 >"$tmp/out" 2>"$tmp/err"
check "random 2000: exit 3" test $? -eq 3
check "random 2000: one unknown line" test "$(grep -c '^unknown: ' "$tmp/out")" -eq 1 -a "$(wc -l <"$tmp/out")" -eq 1
check "random 2000: within the limit" test $((SECONDS - start)) -le 5

"$bin" tetromino --help >"$tmp/out" 2>&1
check "help" grep -q "tetromino" "$tmp/out"

finish
