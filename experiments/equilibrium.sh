#!/usr/bin/env bash
# Regenerates results/equilibrium/. Per variant, an equilibrium solved to a
# target exploitability (its strategy file is not committed: it is rebuilt in seconds to minutes),
# its exploitability curve, and, where asked, every built-in fair strategy's exploitability and
# points per game against it. Run from the repository root after scripts/setup.
#   small   d2h2 d3h2 d4h2 d5h2 d6h2 d3h3 d4h3: the whole game tree (--method tree, CFR+) to 0.001,
#           every strategy asked 16 times per set (about 25 minutes on 2 cores)
#   real    d6h3, the double-six set: the public tree (discounted CFR) to 0.001, every strategy
#           asked 8 times per set its own play reaches (about 40 minutes on 2 cores)
#   solved  d5h3 d4h4 d5h4: the public tree to 0.001, for the value, time and memory only
#           (d5h4: about 25 minutes, 2 GiB)
#   large   d6h4: the public tree to 0.01 (hours, about 9 GiB; only when named)
# Usage: experiments/equilibrium.sh [GROUP ...]   groups as above; with none: small real solved
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
solver="${SOLVER:-$root/build/bin/solver}"  # SOLVER: another build of it
out="$root/results/equilibrium"
mkdir -p "$out"
groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(small real solved)
players=(random lowest heuristic playout
         'minimax(scenarios=200,depth=10,exact=false,crn=false)' 'minimax(scenarios=200,depth=0)'
         ismcts inference epimc)
strategy=$(mktemp)
trap 'rm -f "$strategy"' EXIT

# solve VARIANT TARGET METHOD [save]: its curve and solve output; with `save`, the equilibrium
# into $strategy (for measure; not for the largest, whose files would take gigabytes).
solve() {
  local v=$1 target=$2 method=$3 double hand save=()
  double=${v#d}; double=${double%h*}; hand=${v#*h}
  [ "${4:-}" = save ] && save=(--out "$strategy")
  echo "== double-$double, $hand tiles each, to $target ($method)"
  "$solver" equilibrium --double "$double" --hand "$hand" --target "$target" --method "$method" \
    "${save[@]}" --curve "$out/$v-curve.csv" | tee "$out/$v-solve.txt"
}

# measure VARIANT METHOD SAMPLES: every player against the equilibrium in $strategy.
measure() {
  local v=$1 method=$2 samples=$3 double hand args=()
  double=${v#d}; double=${double%h*}; hand=${v#*h}
  for p in "${players[@]}"; do args+=(--player "$p"); done
  "$solver" exploitability --double "$double" --hand "$hand" --equilibrium "$strategy" \
    --samples "$samples" --seed 1 --method "$method" --quiet "${args[@]}" \
    --csv "$out/$v-players.csv" >"$out/$v-players.txt"
}

for group in "${groups[@]}"; do
  case $group in
    small) for v in d2h2 d3h2 d4h2 d5h2 d6h2 d3h3 d4h3; do
             solve "$v" 0.001 tree save; measure "$v" tree 16
           done ;;
    real) solve d6h3 0.001 public save; measure d6h3 public 8 ;;
    solved) for v in d5h3 d4h4 d5h4; do solve "$v" 0.001 public; done ;;
    large) solve d6h4 0.01 public ;;
    *) echo "equilibrium.sh: unknown group '$group': valid small, real, solved, large" >&2; exit 2 ;;
  esac
done
"$root/scripts/plot-equilibrium" "$out"
