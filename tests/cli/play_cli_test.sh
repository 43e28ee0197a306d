#!/usr/bin/env bash
# `dominoes play` driven through a pipe (issue 9): scripted moves on stdin, the screen read back.
# Bad moves are re-asked with a reason; end of input stops cleanly with the score so far; whole
# games end with both hands shown, and what is shown is checked against the rules here: the line
# and the hands left are exactly the tiles dealt, each hand left is part of its dealt hand, the pips
# add up, the points follow seed 002's scoring, and the final score is the sum of the games.
# Usage: play_cli_test.sh PATH/TO/dominoes
set -u
bin=${1:?usage: $0 PATH/TO/dominoes}
source "$(dirname "$0")/cli_lib.sh"

# --leader alternate: the person (hand 0) leads game 1. lowest answers at once.
P=(play --against lowest --leader alternate --seed 11)

# play INPUT ARGS...: runs "$bin" ARGS with INPUT on stdin; screen in $tmp/out, exit code in $rc.
play() {
  local input=$1; shift
  printf '%b' "$input" | timeout 60 "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
has() { grep -qF -- "$1" "$tmp/out"; }
count() { grep -cF -- "$1" "$tmp/out"; }

# Bad moves: each gets its reason and the prompt again; then end of input stops the game.
play '0\nfoo\npass\n99\n' "${P[@]}"
check "exit 0 after end of input" [ "$rc" -eq 0 ]
check "nothing on stderr" [ ! -s "$tmp/err" ]
check "a number out of range is refused" has 'there is no move "0"'
check "a word is refused" has '"foo" is not a move'
check "a pass with moves in hand is refused" has 'you cannot pass while you have a move'
check "the prompt comes back after each bad move" [ "$(count 'your move>')" -eq 5 ]
check "end of input stops the game" has 'stopped during game 1.'
check "and shows the score so far" has 'final score after 0 games: you 0, lowest 0'
check "the person is told who leads" has 'game 1 of 1: you lead'
check "the position is shown" has 'lowest: 7 tiles'

# A tile the person does not hold is refused with that reason: find one from the hand shown.
hand=$(grep -m1 '^you ' "$tmp/out" | sed 's/^you *//; s/ *(.*//')
for t in 0-0 1-1 2-2 3-3 4-4 5-5 6-6 0-1; do
  case " $hand " in *" $t "*) ;; *) missing=$t; break ;; esac
done
play "$missing\nquit\n" "${P[@]}"
check "a tile not held is refused ($missing)" has "you do not hold $missing"
check "quit stops the game" has 'stopped during game 1.'

# Whole games: always the first listed move, two games in a row.
moves=$(printf '1\\n%.0s' $(seq 60))
play "$moves" "${P[@]}" --games 2
check "two whole games end with exit 0" [ "$rc" -eq 0 ]
check "two games are played" [ "$(count ' over: ')" -eq 2 ]

# tiles TEXT: one normalised tile (low-high) per line, sorted.
tiles() { tr ' ' '\n' | grep -- - | awk -F- '{ print ($1 < $2 ? $1 "-" $2 : $2 "-" $1) }' | sort; }
pips() { tr ' ' '\n' | grep -- - | awk -F- '{ s += $1 + $2 } END { print s + 0 }'; }
field() { sed -n "$1p" "$tmp/game" | sed "s/.*$2 *//; s/ *(.*//; s/ *dealt.*//"; }

total_you=0 total_opp=0
for g in 1 2; do
  # The block of game g: the "over" line, the line, both hands, the points.
  grep -A4 -F -- "--- game $g over" "$tmp/out" >"$tmp/game"
  line=$(sed -n 2p "$tmp/game" | sed 's/^line *//')
  you_left=$(field 3 left) opp_left=$(field 4 left)
  you_dealt=$(sed -n 3p "$tmp/game" | sed 's/.*dealt //') opp_dealt=$(sed -n 4p "$tmp/game" | sed 's/.*dealt //')
  shown=$(echo "$line $you_left $opp_left" | tiles | tr '\n' ' ')
  dealt=$(echo "$you_dealt $opp_dealt" | tiles | tr '\n' ' ')
  check "game $g: the line and the hands left are the tiles dealt" [ "$shown" = "$dealt" ]
  check "game $g: your hand left was dealt to you" \
    [ -z "$(comm -23 <(echo "$you_left" | tiles) <(echo "$you_dealt" | tiles))" ]
  check "game $g: the opponent's hand left was dealt to it" \
    [ -z "$(comm -23 <(echo "$opp_left" | tiles) <(echo "$opp_dealt" | tiles))" ]
  check "game $g: 7 tiles dealt to each" [ "$(echo "$you_dealt" | tiles | wc -l)" -eq 7 ] 
  yp=$(echo "$you_left" | pips) op=$(echo "$opp_left" | pips)
  check "game $g: your pips shown" grep -qE "^you: .*\( ?$yp pips\)" "$tmp/game"
  check "game $g: the opponent's pips shown" grep -qE "^lowest: .*\( ?$op pips\)" "$tmp/game"
  if [ "$yp" -lt "$op" ]; then want="you score $op"; total_you=$((total_you + op))
  elif [ "$yp" -gt "$op" ]; then want="lowest scores $yp"; total_opp=$((total_opp + yp))
  else want="equal pips: nobody scores"; fi
  check "game $g: $want" grep -qxF "$want" "$tmp/game"
done
check "the final score is the sum of the games" \
  has "final score after 2 games: you $total_you, lowest $total_opp"

# Reproducible: the same seed and the same typed moves give the same screen.
cp "$tmp/out" "$tmp/first"
play "$moves" "${P[@]}" --games 2
check "the same seed replays the same games" cmp -s "$tmp/out" "$tmp/first"

# --hint shows the expected points of every listed move before the choice.
play 'quit\n' "${P[@]}" --hint --samples 50
check "--hint shows the table" has '95% interval'
check "--hint names the strategy's move" has 'minimax would play'

# --games-out: each finished game appended as a record (two sessions, three games); a directory
# or an empty name is refused in one line.
play "$moves" "${P[@]}" --games 2 --games-out "$tmp/mine.jsonl"
play "$moves" "${P[@]}" --games 1 --games-out "$tmp/mine.jsonl"
check "--games-out keeps every finished game of both sessions" \
  test "$(grep -c '"players":\["person","lowest"\]' "$tmp/mine.jsonl")" -eq 3
check "and says where" has "games saved in $tmp/mine.jsonl"
bad_stdin "--games-out a directory" 'quit\n' "${P[@]}" --games-out "$tmp"
bad_stdin "--games-out empty" 'quit\n' "${P[@]}" --games-out ''
finish
