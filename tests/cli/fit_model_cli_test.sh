#!/usr/bin/env bash
# `dominoes fit-model` end to end (strategies/inference): records of heuristic against random,
# the fit, and the fitted model seated in inference(model=fitted:FILE). The seed heuristic plays
# exactly the move the `heuristic` feature marks, so its fitted weight must dominate every other
# and the fit must predict nearly every move; a random player's moves carry no feature, so its
# fit stays near the uniform model.
# Usage: fit_model_cli_test.sh PATH/TO/dominoes
set -u
bin=${1:?usage: $0 PATH/TO/dominoes}
source "$(dirname "$0")/cli_lib.sh"

"$bin" run --player heuristic --player random --format head-to-head --deals 100 --quiet \
  --out "$tmp/run" --games-out "$tmp/games.jsonl" >/dev/null 2>&1
check "records written" [ -s "$tmp/games.jsonl" ]

"$bin" fit-model --games "$tmp/games.jsonl" --player heuristic --out "$tmp/h.model" >"$tmp/out" 2>&1
check "fit heuristic: exit 0" [ $? -eq 0 ]
weight() { awk -v f="$1" '$1 == f { print $2 }' "$2"; }
check "heuristic weight above 3" awk -v w="$(weight heuristic "$tmp/h.model")" 'BEGIN { exit !(w > 3) }'
for f in double pips lacks-both follow-ups visible blocks seed-order closed; do
  check "heuristic weight above $f's" awk -v h="$(weight heuristic "$tmp/h.model")" \
    -v w="$(weight "$f" "$tmp/h.model")" 'BEGIN { exit !(h > w) }'
done
# Mean log-likelihood per decision: near 0 (every move predicted) for the heuristic.
ll() { sed -n 's/^log-likelihood per decision \([-0-9.e]*\) .*/\1/p' "$tmp/out"; }
check "heuristic's moves predicted" awk -v l="$(ll)" 'BEGIN { exit !(l > -0.1) }'

# Four seats: the heuristic fills one team's seats, random the other's. The fit reads only the
# heuristic's seats (a random seat's moves would pull its weight down) and predicts nearly
# every move, as at two seats.
"$bin" run --seats 4 --target 0 --player heuristic --player random --format head-to-head \
  --deals 100 --quiet --out "$tmp/run4" --games-out "$tmp/games4.jsonl" >/dev/null 2>&1
"$bin" fit-model --games "$tmp/games4.jsonl" --player heuristic --out "$tmp/h4.model" >"$tmp/out" 2>&1
check "fit heuristic at four seats: exit 0" [ $? -eq 0 ]
check "four seats: 200 games, both of the heuristic's seats" \
  grep -q '^fitted [0-9]* decisions of heuristic in 200 games' "$tmp/out"
check "four seats: heuristic's moves predicted" awk -v l="$(ll)" 'BEGIN { exit !(l > -0.1) }'

"$bin" fit-model --games "$tmp/games.jsonl" --player random --out "$tmp/r.model" >"$tmp/out" 2>&1
check "fit random: exit 0" [ $? -eq 0 ]
uniform() { sed -n 's/.*(uniform over legal moves: \([-0-9.e]*\)).*/\1/p' "$tmp/out"; }
check "random's fit near uniform" awk -v l="$(ll)" -v u="$(uniform)" 'BEGIN { exit !(l - u < 0.05) }'

# A population: --player twice pools both players' decisions into one fit. Every game of this
# run seats both, so the pool holds the two fits' decisions together, and the games once; the
# pooled heuristic weight lies between the heuristic's own and random's.
decisions() { sed -n 's/^fitted \([0-9]*\) decisions of .* in \([0-9]*\) games.*/\1 \2/p' "$1"; }
"$bin" fit-model --games "$tmp/games.jsonl" --player heuristic --out "$tmp/h.model" >"$tmp/h.out" 2>&1
"$bin" fit-model --games "$tmp/games.jsonl" --player random --out "$tmp/r.model" >"$tmp/r.out" 2>&1
"$bin" fit-model --games "$tmp/games.jsonl" --player heuristic --player random \
  --out "$tmp/p.model" >"$tmp/p.out" 2>&1
check "fit a population: exit 0" [ $? -eq 0 ]
read -r hd hg <<<"$(decisions "$tmp/h.out")"
read -r rd rg <<<"$(decisions "$tmp/r.out")"
read -r pd pg <<<"$(decisions "$tmp/p.out")"
check "population: decisions are the sum" [ "$pd" -eq $((hd + rd)) -a "$hd" -gt 0 -a "$rd" -gt 0 ]
check "population: the games counted once" [ "$pg" -eq "$hg" -a "$pg" -eq "$rg" ]
check "population: the model names both players" \
  grep -q '^# fitted by dominoes fit-model to [0-9]* decisions of heuristic + random in ' "$tmp/p.model"
check "population: heuristic weight between random's and heuristic's" \
  awk -v p="$(weight heuristic "$tmp/p.model")" -v h="$(weight heuristic "$tmp/h.model")" \
  -v r="$(weight heuristic "$tmp/r.model")" 'BEGIN { exit !(r < p && p < h) }'
"$bin" fit-model --games "$tmp/games.jsonl" --player heuristic --player heuristc \
  --out "$tmp/x.model" >"$tmp/out" 2>&1
check "population: a player in no game: exit 2" [ $? -eq 2 ]
check "population: a player in no game: named in one line" \
  [ "$(wc -l <"$tmp/out")" -eq 1 -a "$(grep -c 'no game of "heuristc"' "$tmp/out")" -eq 1 ]
check "population: a player in no game: no model" [ ! -e "$tmp/x.model" ]

"$bin" run --player "inference(model=fitted:$tmp/h.model,scenarios=20)" --player heuristic \
  --format head-to-head --deals 5 --quiet --out "$tmp/run2" >/dev/null 2>&1
check "inference plays with the fitted model" [ -s "$tmp/run2/summary.csv" ]

# experiments/imitation-prior.sh (the fit of issue 24's policy prior),
# experiments/population-model.sh (the two-seat population model's fit) and
# experiments/four-seat-model.sh (the four-seat one's), and experiments/learned-four-seat.sh (the
# four-seat networks, which takes no argument) explain themselves and refuse what they do not
# take in one line, before they run anything.
for name in imitation-prior population-model four-seat-model learned-four-seat; do
  script="$(dirname "$0")/../../experiments/$name.sh"
  "$script" --help >"$tmp/out" 2>&1
  check "$name.sh --help: exit 0" [ $? -eq 0 ]
  check "$name.sh --help: its usage" grep -q "^Usage: experiments/$name.sh" "$tmp/out"
  for bad in "--bogus" "a.model b.model"; do
    # shellcheck disable=SC2086  # the second case is two words on purpose
    "$script" $bad >"$tmp/out" 2>&1
    check "$name.sh $bad: exit 2, one line" [ $? -eq 2 -a "$(wc -l <"$tmp/out")" -eq 1 ]
  done
done

finish
