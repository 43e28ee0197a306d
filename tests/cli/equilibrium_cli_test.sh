#!/usr/bin/env bash
# `solver equilibrium`, `solver exploitability` and the `equilibrium` strategy from the outside
# (issue 13): the value comes first and matches a case worked by hand, a saved strategy measures
# as the solve said, and the tournament runner seating the saved strategy scores against random
# what the exact tree says it should.
# Usage: equilibrium_cli_test.sh PATH/TO/solver PATH/TO/dominoes
set -u
bin=${1:?usage: $0 PATH/TO/solver PATH/TO/dominoes}
dominoes=${2:?usage: $0 PATH/TO/solver PATH/TO/dominoes}
source "$(dirname "$0")/cli_lib.sh"

# Worked by hand: one tile each, the leader's only move empties its hand and it scores the other
# hand's pips; over the 30 ordered deals of double-2 that is the mean tile, (0+1+2+2+3+4)/6 = 2.
"$bin" equilibrium --double 2 --hand 1 >"$tmp/out" 2>"$tmp/err"
check "value first, worked by hand" test "$(head -n1 "$tmp/out")" = "value 2.000000"
check "nothing to exploit" grep -qx "exploitability 0" "$tmp/out"

# double-3, 2 tiles each, solved to 0.001 with the strategy and the curve saved.
"$bin" equilibrium --double 3 --hand 2 --target 0.001 --out "$tmp/d3h2.strategy" --curve "$tmp/curve.csv" \
  >"$tmp/out" 2>"$tmp/err"
check "solve exits 0" test $? -eq 0
check "target reached" grep -qx "target 0.001 reached" "$tmp/out"
reached=$(awk '$1 == "exploitability" { print $2 }' "$tmp/out")
value=$(awk '$1 == "value" { print $2 }' "$tmp/out")
check "exploitability at most the target" awk -v e="$reached" 'BEGIN { exit !(e <= 0.001) }'
check "strategy file header" test "$(head -n1 "$tmp/d3h2.strategy")" = "dominoes-equilibrium v1"
check "curve header" test "$(head -n1 "$tmp/curve.csv")" = "iterations,exploitability,value,seconds"
check "curve ends at the result" awk -F, -v e="$reached" 'END { exit !($2 - e < 1e-9 && e - $2 < 1e-9) }' "$tmp/curve.csv"

# The two methods solve the same game: the whole game tree (the oracle) and the public tree,
# with CFR+ or discounted CFR, all to 0.001, agree on the value to 0.001.
for method in "--method tree" "--regrets dcfr"; do
  "$bin" equilibrium --double 3 --hand 2 --target 0.001 $method --quiet >"$tmp/other" 2>"$tmp/err"
  check "$method reaches the target" grep -qx "target 0.001 reached" "$tmp/other"
  check "$method agrees on the value" awk -v v="$value" \
    '$1 == "value" { d = $2 - v; exit !(d < 0.001 && d > -0.001) }' "$tmp/other"
done
check "the public tree says its size" grep -q "^public-nodes [0-9]* infosets [0-9]*" "$tmp/out"

# The saved strategy, measured as a player through its Observations, is exactly as exploitable as
# the solve reported, and scores 0 against itself.
"$bin" exploitability --double 3 --hand 2 --equilibrium "$tmp/d3h2.strategy" \
  --player "equilibrium(file=$tmp/d3h2.strategy)" --player random >"$tmp/out" 2>"$tmp/err"
check "exploitability exits 0" test $? -eq 0
check "game value as saved" awk -v v="$value" '$1 == "game-value" { d = $2 - v; exit !(d < 1e-5 && d > -1e-5) }' "$tmp/out"
measured=$(awk '$1 == "exploitability" { print $2; exit }' "$tmp/out")
check "the saved strategy measures as solved" awk -v a="$measured" -v b="$reached" 'BEGIN { d = a - b; exit !(d < 1e-5 && d > -1e-5) }'
random_vs_eq=$(awk '$1 == "against-equilibrium" { v = $2 } END { print v }' "$tmp/out")

# The runner seats the strategy: over 20,000 duplicate deals its points per game against random
# lie within the run's own 95% interval (widened by half for the solve's exploitability) of the
# exact value, minus random's points against the equilibrium.
"$dominoes" run --format head-to-head --player "equilibrium(file=$tmp/d3h2.strategy)" --player random \
  --double 3 --hand-size 2 --leader alternate --deals 20000 --chunk 5000 --seed 5 --quiet \
  --out "$tmp/run" >/dev/null 2>"$tmp/err"
check "run exits 0" test $? -eq 0
check "run agrees with the exact tree" awk -F, -v exact="$random_vs_eq" \
  'NR == 2 { d = $7 + exact; if (d < 0) d = -d; exit !(d <= 1.5 * $8 + 0.002) }' "$tmp/run/summary.csv"

# scripts/plot-equilibrium draws both plots from the files experiments/equilibrium.sh writes.
if /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
  mkdir -p "$tmp/res"
  "$bin" equilibrium --double 3 --hand 2 --curve "$tmp/res/d3h2-curve.csv" >"$tmp/res/d3h2-solve.txt"
  "$bin" exploitability --double 3 --hand 2 --player random --player heuristic \
    --csv "$tmp/res/d3h2-players.csv" >/dev/null
  "$(dirname "$0")/../../scripts/plot-equilibrium" "$tmp/res" >/dev/null 2>"$tmp/err"
  check "plot-equilibrium exits 0" test $? -eq 0
  for png in convergence strategies; do
    check "$png.png is a PNG of some size" test "$(head -c 4 "$tmp/res/$png.png" | tail -c 3)" = "PNG" -a \
      "$(wc -c <"$tmp/res/$png.png")" -gt 8000
  done
  "$(dirname "$0")/../../scripts/plot-equilibrium" --help >"$tmp/out"
  check "plot-equilibrium --help explains its files" grep -q "convergence.png" "$tmp/out"
  "$(dirname "$0")/../../scripts/plot-equilibrium" "$tmp/nothing" >/dev/null 2>"$tmp/err"
  check "plot-equilibrium refuses a missing directory" test $? -eq 2 -a "$(wc -l <"$tmp/err")" -eq 1
else
  echo "SKIP: plot-equilibrium (/usr/bin/python3 cannot import matplotlib)"
fi

"$bin" equilibrium --help >"$tmp/out"
check "help names the output" grep -q "value V" "$tmp/out"
"$bin" exploitability --help >"$tmp/out"
check "help explains exploitability" grep -q "best response" "$tmp/out"
finish
