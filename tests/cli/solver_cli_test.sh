#!/usr/bin/env bash
# `solver block-dominoes` from the outside: the verdict comes first, bad positions get one line on
# stderr and exit code 2. Usage: solver_cli_test.sh PATH/TO/solver
set -u
bin=${1:?usage: $0 PATH/TO/solver}
source "$(dirname "$0")/cli_lib.sh"

# Worked by hand: seat 0 holds 0-1 on ends 1 and 5, seat 1 holds 6-6; 0-1 on the 1 is a domino
# worth the opponent's 12 pips.
"$bin" block-dominoes --hands 0-1/6-6 --ends 1,5 >"$tmp/out" 2>"$tmp/err"
check "solves a one-move position" test "$(head -n1 "$tmp/out")" = "value 12"
check "lists the move" grep -qx "move 0-1L 12" "$tmp/out"
check "prints the pv" grep -qx "pv 0-1L" "$tmp/out"
# The side to move cannot play (ends 3,3, holds 0-1) and passes; seat 1 plays 3-4 and is out,
# scoring seat 0's 1 pip: value -1 for seat 0.
"$bin" block-dominoes --hands 0-1/3-4 --ends 3,3 >"$tmp/out" 2>&1
check "a forced pass" test "$(head -n1 "$tmp/out")" = "value -1"
# A small set with hands of any size: seat 0 plays 0-1 on the 1 and is out, scoring 3-3's 6 pips.
"$bin" block-dominoes --hands 0-1/3-3 --ends 1,2 --double 3 >"$tmp/out" 2>&1
check "double-3 with one tile each" test "$(head -n1 "$tmp/out")" = "value 6"
# Four seats in partnerships, worked by hand: on ends 3,5 seat 0 must play 2-3 (left, 2), seat 1
# 1-5 (right, 1), seat 2 (3-6, 0-0) cannot play and passes, seat 3 plays 2-2 or 1-1, and seat 0
# goes out with 0-1 on the 1: team 0 scores the pips left with seats 1 and 3, 4-4 and one of
# 2-2 and 1-1; seat 3 keeps the lighter 1-1, so 8 + 2 = 10.
"$bin" block-dominoes --hands 0-1,2-3/4-4,1-5/3-6,0-0/2-2,1-1 --ends 3,5 >"$tmp/out" 2>&1
check "four seats, partners" test "$(head -n1 "$tmp/out")" = "value 10"
check "four seats, the pass in the pv" grep -qx "pv 2-3L 1-5R pass 2-2L 0-1R" "$tmp/out"
# The same three hands as three seats, cut-throat: the same play without seat 3, and seat 0 alone
# scores every other hand's pips: 4-4 (8) and 3-6, 0-0 (9) = 17.
"$bin" block-dominoes --hands 0-1,2-3/4-4,1-5/3-6,0-0 --ends 3,5 >"$tmp/out" 2>&1
check "three seats, cut-throat" test "$(head -n1 "$tmp/out")" = "value 17"
# Four seats without partners, seat 1 to move on ends 3,5, every move forced: seat 1 plays 1-5 on
# the 5 (ends 3,1), seat 2 3-6 on the 3 (6,1), seat 3 1-1 (6,1), seat 0 0-1 (6,0), seat 1 holding
# 4-4 passes, seat 2 goes out with 0-0 and scores every other hand: 2-3 (5) + 4-4 (8) + 2-2 (4)
# = 17, so seat 1's net is -17.
"$bin" block-dominoes --hands 0-1,2-3/4-4,1-5/3-6,0-0/2-2,1-1 --ends 3,5 --no-partners \
  --to-move 1 >"$tmp/out" 2>&1
check "four seats, cut-throat, paranoid" test "$(head -n1 "$tmp/out")" = "value -17"
"$bin" block-dominoes --help >"$tmp/out"
check "help" grep -q "value V" "$tmp/out"

bad "tile twice" block-dominoes --hands 0-1/0-1
bad "tile outside the set" block-dominoes --hands 0-7/1-1
bad "double-9 tile in double-6" block-dominoes --hands 9-9/1-1
bad "impossible ends" block-dominoes --hands 0-0,0-1,0-2,0-3/0-4,0-5,0-6 --ends 0,2
bad "broken line" block-dominoes --hands 0-1/2-2 --line 3-5,1-6
bad "line and ends" block-dominoes --hands 0-1/2-2 --line 3-5 --ends 3,5
bad "no hands" block-dominoes --ends 3,5
bad "to-move 2" block-dominoes --hands 0-1/2-2 --to-move 2
bad "negative depth" block-dominoes --hands 0-1/2-2 --depth -1
bad "double 1" block-dominoes --hands 0-1/1-1 --double 1
bad "unknown option" block-dominoes --hands 0-1/2-2 --bogus
bad "stray word" block-dominoes --hands 0-1/6-6 --ends 1,5 extra
bad "unknown game" tic-tac-toe

# dance-battle: the seed's example (n = 5 after 0 1, 1 3) is a win by dancing the double 3 3.
printf '5\n2\n0 1\n1 3\n' | "$bin" dance-battle --moves >"$tmp/out" 2>&1
check "dance-battle seed example" test "$(tr '\n' ' ' <"$tmp/out")" = "Win 3 3 "
printf '5\n2\n0 1\n1 3\n' >"$tmp/puzzle"
check "dance-battle reads a file" test "$("$bin" dance-battle "$tmp/puzzle")" = "Win"
check "dance-battle empty start" test "$("$bin" dance-battle --n 3 | head -n1)" = "Win"
bad_line() {  # bad_line NAME INPUT MUST_MENTION: rejected, naming the offending line
  bad_stdin "$1" "$2" dance-battle
  check "$1: names $3" grep -q "$3" "$tmp/err"
}
bad_line "turn off the tail" $'5\n2\n0 1\n2 3\n' "line 4"
bad_line "tile twice" $'5\n2\n0 1\n1 0\n' "line 4"
bad_line "value not below N" $'5\n1\n0 5\n' "line 3"
bad_line "count mismatch" $'5\n3\n0 1\n1 2\n' "line 5"
bad "dance-battle N 0" dance-battle --n 0
bad "dance-battle N 33" dance-battle --n 33
expect_error "dance-battle missing file" 1 "No such file or directory" dance-battle /nonexistent/puzzle.txt
expect_error "dance-battle directory" 2 "is a directory" dance-battle "$tmp"

# Table sizes: at most half the physical memory (MemTotal, independent of the program's sysconf),
# refused up front with the largest allowed; a table that still cannot be allocated (here under
# an address-space limit) is one line and exit 1, not an abort.
largest=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 2048))
[ "$largest" -gt 65536 ] && largest=65536
too_big=$((largest + 1))
expect_error "block-dominoes table above memory" 2 "valid 1..$largest" \
  block-dominoes --hands 0-1/2-2 --table-mb "$too_big"
expect_error "dance-battle table above memory" 2 "valid 1..$largest" dance-battle --n 3 --table-mb "$too_big"
expect_error "block-dominoes table-mb 65536" 2 "valid 1..$largest" \
  block-dominoes --hands 0-1/2-2 --table-mb 65536
if [ "$largest" -ge 1024 ]; then
  (ulimit -v 400000; expect_error "block-dominoes out of memory" 1 "out of memory" \
    block-dominoes --hands 0-1/2-2 --table-mb 1024; echo "$passed $failed" >"$tmp/counts")
  read -r passed failed <"$tmp/counts"
  (ulimit -v 400000; expect_error "dance-battle out of memory" 1 "out of memory" \
    dance-battle --n 3 --table-mb 1024; echo "$passed $failed" >"$tmp/counts")
  read -r passed failed <"$tmp/counts"
fi

# magic-fingers: the chart's 14 rows, then the verdict (seed 001: the second player wins).
"$bin" magic-fingers >"$tmp/out" 2>&1
check "magic-fingers rows" test "$(grep -c '^[0-4][0-4]: ' "$tmp/out")" -eq 14
check "magic-fingers verdict" grep -q "^11 v 11: the player to move loses" "$tmp/out"
bad "magic-fingers unknown flag" magic-fingers --bogus

# A search too large for its budget: `unknown: ...` first and alone on stdout, exit 3, at once.
big=$(printf '%s' 0-0,0-1,0-2,0-3,0-4,0-5,0-6,1-1,1-2,1-3,1-4,1-5,1-6,2-2/2-3,2-4,2-5,2-6,3-3,3-4,3-5,3-6,4-4,4-5,4-6,5-5,5-6,6-6)
"$bin" block-dominoes --hands "$big" --max-nodes 20000 --quiet >"$tmp/out" 2>"$tmp/err"
rc=$?
check "block-dominoes over --max-nodes exits 3 (got $rc)" test "$rc" -eq 3
check "and says unknown, alone" test "$(wc -l <"$tmp/out")" -eq 1 -a "$(cut -c1-8 "$tmp/out")" = "unknown:"
"$bin" block-dominoes --hands "$big" --time-limit 0.2 --quiet >"$tmp/out" 2>"$tmp/err"
check "block-dominoes over --time-limit exits 3" test $? -eq 3
check "and names the time limit" grep -q 'time limit' "$tmp/out"
finish
