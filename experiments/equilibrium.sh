#!/usr/bin/env bash
# Regenerates results/equilibrium/ (issue 13): for each small variant, a CFR+ equilibrium solved to
# exploitability 0.001 (its strategy file is not committed: it is rebuilt in seconds), its
# exploitability curve, and every built-in fair strategy's exploitability and points per game
# against it; then the two largest variants solved to 0.01 for their time and memory only. Run from
# the repository root after scripts/setup; about 30 minutes on 2 cores, 6 GiB of memory at most.
# Usage: experiments/equilibrium.sh [VARIANT ...]   variants as dNhH; with none: every strategy on
#        d2h2 d3h2 d4h2 d5h2 d6h2 d3h3 d4h3, then d5h3 and d4h4 timed
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
solver="$root/build/bin/solver"
out="$root/results/equilibrium"
mkdir -p "$out"
variants=("$@") timed=()
[ ${#variants[@]} -gt 0 ] || { variants=(d2h2 d3h2 d4h2 d5h2 d6h2 d3h3 d4h3); timed=(d5h3 d4h4); }
players=(random lowest heuristic playout
         'minimax(scenarios=200,depth=10,exact=false,crn=false)' 'minimax(scenarios=200,depth=0)'
         ismcts inference epimc)
for v in "${variants[@]}"; do
  double=${v#d}; double=${double%h*}; hand=${v#*h}
  echo "== double-$double, $hand tiles each"
  strategy=$(mktemp)
  trap 'rm -f "$strategy"' EXIT
  "$solver" equilibrium --double "$double" --hand "$hand" --target 0.001 --out "$strategy" \
    --curve "$out/$v-curve.csv" | tee "$out/$v-solve.txt"
  args=()
  for p in "${players[@]}"; do args+=(--player "$p"); done
  "$solver" exploitability --double "$double" --hand "$hand" --equilibrium "$strategy" --samples 16 \
    --seed 1 "${args[@]}" --csv "$out/$v-players.csv" >"$out/$v-players.txt"
  rm -f "$strategy"
done
for v in "${timed[@]}"; do
  double=${v#d}; double=${double%h*}; hand=${v#*h}
  echo "== double-$double, $hand tiles each (timed, to 0.01)"
  "$solver" equilibrium --double "$double" --hand "$hand" --target 0.01 --curve "$out/$v-curve.csv" \
    | tee "$out/$v-solve.txt"
done
"$root/scripts/plot-equilibrium" "$out"
