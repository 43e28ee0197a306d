#!/usr/bin/env bash
# `solver takeaway` from the outside: the verdict comes first, bad input gets one line on stderr
# and exit code 2, an unknown answer exit code 3. Usage: takeaway_cli_test.sh PATH/TO/solver
set -u
bin=${1:?usage: $0 PATH/TO/solver}
source "$(dirname "$0")/cli_lib.sh"

# Seed 004 (moves 2,3,5): 9 stones win by taking 2 (leaving 7, a loss); 7 stones lose.
"$bin" takeaway --moves 2,3,5 --n 9 >"$tmp/out" 2>"$tmp/err"
check "9 stones: Win first" test "$(head -n1 "$tmp/out")" = "Win"
check "9 stones: take 2" grep -qx "winning moves: 2" "$tmp/out"
check "9 stones: grundy 1" grep -qx "grundy 1" "$tmp/out"
check "period 7" grep -qx "period 7 preperiod 0" "$tmp/out"
"$bin" takeaway --n 7 >"$tmp/out" 2>&1
check "7 stones, default moves: Lose" test "$(head -n1 "$tmp/out")" = "Lose"
check "7 stones: no winning move" grep -qx "winning moves: none" "$tmp/out"
# By hand: 10^18 = 1 (mod 7) and 2^63 - 1 = 0 (mod 7), both losses like 1 and 0 stones.
"$bin" takeaway --moves 2,3,5 --n 1000000000000000000 >"$tmp/out" 2>&1
check "10^18 stones: Lose" test "$(head -n1 "$tmp/out")" = "Lose"
"$bin" takeaway --moves 5,3,2,3 --n 9223372036854775807 >"$tmp/out" 2>&1
check "2^63-1 stones, duplicate move: Lose" test "$(head -n1 "$tmp/out")" = "Lose"
# The table alone; S = {2,4,7} by hand (tests/puzzles/takeaway_test.cpp): preperiod 8, period 3.
"$bin" takeaway --table 10 >"$tmp/out" 2>&1
check "table alone" test "$(cat "$tmp/out")" = "table: 0 0 1 1 2 2 3 0 0 1"
"$bin" takeaway --moves 2,4,7 --n 100 --table 12 >"$tmp/out" 2>&1
check "verdict then table" test "$(head -n1 "$tmp/out")" = "Win"
check "preperiod 8" grep -qx "period 3 preperiod 8" "$tmp/out"
check "table last" test "$(tail -n1 "$tmp/out")" = "table: 0 0 1 1 2 2 0 3 1 0 2 1"
# Within the bound but no period yet: answered, period unknown. Beyond it: unknown, exit 3.
"$bin" takeaway --moves 1000 --n 50 --bound 100 >"$tmp/out" 2>&1
check "within the bound" test "$(head -n1 "$tmp/out")" = "Lose"
check "says no period" grep -q "^period unknown" "$tmp/out"
"$bin" takeaway --moves 1000 --n 5000 --bound 100 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "beyond the bound: exit 3" test $rc -eq 3
check "beyond the bound: unknown" grep -q "^unknown: no period found within the first 100" "$tmp/out"
"$bin" takeaway --help >"$tmp/out"
check "help names the exit codes" grep -q "3 unknown" "$tmp/out"
check "help says duplicates count once" grep -q "duplicates are" "$tmp/out"

bad "no moves" takeaway --moves "" --n 3
bad "move 0" takeaway --moves 0,2 --n 3
bad "negative move" takeaway --moves -1 --n 3
bad "move not a number" takeaway --moves 2,x --n 3
bad "empty entry" takeaway --moves 2,,3 --n 3
bad "move too large" takeaway --moves 9223372036854775808 --n 3
bad "negative N" takeaway --n -5
bad "N not a number" takeaway --n abc
bad "N in e-notation" takeaway --n 1e3
bad "N above 2^63-1" takeaway --n 9223372036854775808
bad "neither --n nor --table" takeaway --moves 2,3
bad "table 0" takeaway --table 0
bad "bound 0" takeaway --n 3 --bound 0
bad "unknown option" takeaway --n 3 --bogus
bad "no guessing" takeaway --mo 2,3 --n 3
bad "stray word" takeaway --n 3 extra

# Boost 1.74 formats its messages by replacing %name% placeholders until none is left: an option
# name holding one looped forever. The message names the option as given, cut to 80 characters.
expect_error "%canonical_option% option" 2 '"--%canonical_option%"' takeaway --%canonical_option%
expect_error "%canonical_option% short option" 2 "unknown option" takeaway -%canonical_option%
expect_error "%value% as a value" 2 '"%value%"' takeaway --n %value%
expect_error "long unknown option cut" 2 "more bytes" takeaway "--$(printf 'x%.0s' {1..5000})"
# --bound is refused beyond what memory holds, and a period search that still runs out of memory
# (under an address-space limit) is one line and exit 1. One move m has the period 2m.
(ulimit -v 400000; expect_error "bound out of memory" 1 "out of memory" \
  takeaway --moves 500000000 --n 1 --bound 1000000000; echo "$passed $failed" >"$tmp/counts")
read -r passed failed <"$tmp/counts"

finish
