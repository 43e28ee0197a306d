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

"$bin" advise --help >"$tmp/out" 2>&1
check "--help explains" has '^Usage: dominoes advise'
finish
