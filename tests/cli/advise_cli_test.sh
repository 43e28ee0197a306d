#!/usr/bin/env bash
# `dominoes advise` on positions worked out by hand (issue 9).
#
# With --hand-size 3 (6 tiles dealt), the line 3-4,4-4,4-1,1-6 (open ends 3 and 6) and the hand
# 2-3, the opponent holds 1 tile and 2-3L, the only move, dominoes: the person scores the
# opponent's tile's pips. The opponent may hold any of the 28 - 1 - 4 = 23 tiles seen nowhere;
# the set's 168 pips minus 5 (2-3) and 27 (the line) leave 136, so the expected points are
# 136/23 = 5.913. Knowing it lacks 5 and 6 leaves the 15 tiles of values 0..4 (60 pips) minus the
# hand and the three line tiles without a 6 (5 + 7 + 8 + 5 = 25 pips): 35/11 = 3.182 over 11.
# Usage: advise_cli_test.sh PATH/TO/dominoes
set -u
bin=${1:?usage: $0 PATH/TO/dominoes}
source "$(dirname "$0")/cli_lib.sh"

has() { grep -qE -- "$1" "$tmp/out"; }
A=(advise --hand-size 3 --hand 2-3 --line 3-4,4-4,4-1,1-6)

"$bin" "${A[@]}" >"$tmp/out" 2>"$tmp/err"
check "exit 0" [ $? -eq 0 ]
check "the verdict comes first" [ "$(head -n1 "$tmp/out")" = "best 2-3L" ]
check "the strategy's move next" [ "$(sed -n 2p "$tmp/out")" = "minimax plays 2-3L (the only move)" ]
check "136/23 expected points" has '^2-3L +\+5\.91 '
check "over all 23 hands" has 'worlds: all 23 opponent hands'

"$bin" "${A[@]}" --lacks 5,6 --opp-count 1 --with lowest >"$tmp/out" 2>"$tmp/err"
check "35/11 expected points when it lacks 5 and 6" has '^2-3L +\+3\.18 '
check "over 11 hands" has 'worlds: all 11 opponent hands'
check "--with names the strategy" has '^lowest plays 2-3L'
check "the position is echoed" has 'open ends 3 and 6; the opponent holds 1 tile and lacks 5, 6'

# Holding 0-1 on ends 3 and 6 the person must pass. 11 of the 23 hands hold a 3 or a 6 (7 tiles
# carry a 3, 7 a 6, 3-6 both, and 3-4 and 1-6 lie on the line); with one of them the opponent
# dominoes and scores the person's 1 pip. With the other 12 neither side could move: a blocked
# game, which nobody would be asked to move in, so those worlds are left out.
"$bin" advise --hand-size 3 --hand 0-1 --line 3-4,4-4,4-1,1-6 >"$tmp/out" 2>"$tmp/err"
check "a forced pass" [ "$(head -n1 "$tmp/out")" = "best pass" ]
check "loses the 1 pip left" has '^pass +-1\.00 '
check "over the 11 hands that can move" has 'worlds: 11 of 23 consistent opponent hands \(12 leave the game blocked\)'

# The lead of a full deal: 116280 consistent hands, so 1000 are sampled, with intervals; the
# moves are the seven tiles, best first.
"$bin" advise --hand 0-1,2-3,3-3,4-6,5-5,1-6,2-2 --samples 300 >"$tmp/out" 2>"$tmp/err"
check "a lead is sampled" has 'worlds: 300 sampled of 116280 consistent opponent hands'
check "with 95% intervals" has '95% interval'
check "every tile of the hand is a move" [ "$(grep -cE '^[0-6]-[0-6] ' "$tmp/out")" -eq 7 ]
best=$(head -n1 "$tmp/out" | sed 's/^best //')
check "the best move heads the table" [ "$(grep -m1 -E '^[0-6]-[0-6] ' "$tmp/out" | cut -d' ' -f1)" = "$best" ]
"$bin" advise --hand 0-1,2-3,3-3,4-6,5-5,1-6,2-2 --samples 300 >"$tmp/again" 2>&1
check "the same seed gives the same advice" cmp -s "$tmp/out" "$tmp/again"

# Three and four seats (issue 22): the same line and hand with --hand-size 3, so 12 tiles are dealt
# at four seats (9 at three) and the other seats hold 12 - 1 - 4 = 7 (9 - 1 - 4 = 4). 2-3L is the
# only move and goes out. Partners: team 0 scores seats 1 and 3's pips. Under a uniform deal each
# of the 23 unseen tiles (136 pips) is in seat 1 or 3 with probability (2 + 3)/23, so the mean is
# 5/23 x 136 = 29.565; the deals number 23!/(2! 2! 3! 16!) = 51482970. When seat 3 has shown it
# lacks 3 and 6 it holds 3 of the 13 unseen tiles without a 3 or a 6 (59 pips): 3 x 59/13 =
# 13.615 on average, and seat 1 two of the 20 tiles left: 2 x (136 - 13.615)/20 = 12.238, 25.854
# in all, over C(13,3) C(20,2) C(18,2) = 8314020 deals. Cut-throat at three seats: the person
# scores both others' pips, 4/23 x 136 = 23.652.
# covers EXACT: the move row's 95% interval holds EXACT (the means are over sampled worlds).
covers() {
  awk -v x="$1" '/^2-3L / { gsub(/[\[\],]/, " "); if ($3 <= x && x <= $4) ok = 1 } END { exit !ok }' "$tmp/out"
}
T=(advise --hand-size 3 --hand 2-3 --line 3-4,4-4,4-1,1-6 --samples 100000)
"$bin" "${T[@]}" --seats 4 --counts 2,2,3 >"$tmp/out" 2>"$tmp/err"
check "four seats: exit 0" [ $? -eq 0 ]
check "four seats: the only move" [ "$(sed -n 2p "$tmp/out")" = "heuristic plays 2-3L (the only move)" ]
check "four seats: every seat's count, the partner named" has 'seat 1 holds 2 tiles; seat 2 \(partner\) holds 2 tiles; seat 3 holds 3 tiles$'
check "four seats: 5/23 x 136 = 29.565 in the interval" covers 29.565
check "four seats: over 51482970 deals" has 'worlds: 100000 sampled of 5.148e\+07 deals'
check "four seats: the team's points" has "^points: your team's minus the other team's"
"$bin" "${T[@]}" --seats 4 --counts 2,2,3 --lacks -/-/3,6 >"$tmp/out" 2>"$tmp/err"
check "four seats, seat 3 lacks 3 and 6: 25.854 in the interval" covers 25.854
check "four seats, seat 3 lacks 3 and 6: over 8314020 deals" has 'sampled of 8.314e\+06 deals'
check "four seats: the lacks are echoed" has 'seat 3 holds 3 tiles and lacks 3, 6$'
"$bin" "${T[@]}" --seats 3 --counts 2,2 >"$tmp/out" 2>"$tmp/err"
check "three seats: 4/23 x 136 = 23.652 in the interval" covers 23.652
check "three seats: no partner" has 'seat 1 holds 2 tiles; seat 2 holds 2 tiles$'
# Without --counts nobody has passed: 4 tiles on the line at four seats were played one each, so
# every other seat holds 3 - 1 = 2, and so does the person.
"$bin" advise --seats 4 --hand-size 3 --hand 2-3,0-6 --line 3-4,4-4,4-1,1-6 --samples 200 >"$tmp/out" 2>"$tmp/err"
check "four seats: counts as if nobody passed" has 'seat 1 holds 2 tiles; seat 2 \(partner\) holds 2 tiles; seat 3 holds 2 tiles$'
best=$(head -n1 "$tmp/out" | sed 's/^best //')
check "four seats: the best move heads the table" [ "$(grep -m1 -E '^[0-6]-[0-6][LR]? ' "$tmp/out" | cut -d' ' -f1)" = "$best" ]
"$bin" advise --seats 4 --hand-size 3 --hand 2-3,0-6 --line 3-4,4-4,4-1,1-6 --samples 200 >"$tmp/again" 2>&1
check "four seats: the same seed gives the same advice" cmp -s "$tmp/out" "$tmp/again"

"$bin" advise --help >"$tmp/out" 2>&1
check "--help explains" has '^Usage: dominoes advise'
finish
