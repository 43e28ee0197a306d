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

"$bin" fit-model --games "$tmp/games.jsonl" --player random --out "$tmp/r.model" >"$tmp/out" 2>&1
check "fit random: exit 0" [ $? -eq 0 ]
uniform() { sed -n 's/.*(uniform over legal moves: \([-0-9.e]*\)).*/\1/p' "$tmp/out"; }
check "random's fit near uniform" awk -v l="$(ll)" -v u="$(uniform)" 'BEGIN { exit !(l - u < 0.05) }'

"$bin" run --player "inference(model=fitted:$tmp/h.model,scenarios=20)" --player heuristic \
  --format head-to-head --deals 5 --quiet --out "$tmp/run2" >/dev/null 2>&1
check "inference plays with the fitted model" [ -s "$tmp/run2/summary.csv" ]

# experiments/imitation-prior.sh (the fit of issue 24's policy prior) explains itself and refuses
# what it does not take in one line, before it runs anything.
script="$(dirname "$0")/../../experiments/imitation-prior.sh"
"$script" --help >"$tmp/out" 2>&1
check "imitation-prior.sh --help: exit 0" [ $? -eq 0 ]
check "imitation-prior.sh --help: its usage" grep -q '^Usage: experiments/imitation-prior.sh' "$tmp/out"
for bad in "--bogus" "a.model b.model"; do
  # shellcheck disable=SC2086  # the second case is two words on purpose
  "$script" $bad >"$tmp/out" 2>&1
  check "imitation-prior.sh $bad: exit 2, one line" [ $? -eq 2 -a "$(wc -l <"$tmp/out")" -eq 1 ]
done

finish
