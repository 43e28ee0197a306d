#!/usr/bin/env bash
# Learned models on the small variants, where the right answers are known exactly
# (results/learned/small/). Per variant (double-3 and double-4, 3 tiles each, two seats):
# - four known strategies whose move probabilities are exact (random; softmax, the heuristic's
#   rank softmax at temperature 1; heuristic; the CFR equilibrium of `solver equilibrium`) each
#   play themselves on 20,000 duplicate deals (`dominoes dataset`, seed 53), and a belief network
#   (two hidden layers of 64, 10 epochs) trains on each dataset;
# - `solver posterior` compares each belief network, over 2,000 games of its own strategy, with
#   the exact posterior and with the enumerated posteriors of the hand-made opponent models;
# - policy networks (the same size) imitate the equilibrium and the PIMC searcher
#   minimax(scenarios=200,depth=0) from their self-play, and `solver exploitability` measures them
#   (argmax and softmax at temperature 1) beside the equilibrium and the hand-made strategies.
# The models go to experiments/models/learned/ (committed), the tables to results/learned/small/;
# the datasets and training folders stay in out/learned-small/ (not committed; the cards name
# them). Run from the repository root after scripts/setup and scripts/python-env; about 5 minutes
# on 2 cores.
# Usage: experiments/learned-small.sh [VARIANT ...]   (default: d3h3 d4h3)
set -euo pipefail
case ${1:-} in
  -h | --help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
esac
for v in "$@"; do
  case $v in
    d3h3 | d4h3) ;;
    *) echo "learned-small.sh: unknown variant '$v': valid d3h3 or d4h3" >&2; exit 2 ;;
  esac
done
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(d3h3 d4h3)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dominoes="${DOMINOES:-build/bin/dominoes}"  # DOMINOES, SOLVER, PYTHON: other builds of them
solver="${SOLVER:-build/bin/solver}"
python="${PYTHON:-build/venv/bin/python}"
work=out/learned-small
models=experiments/models/learned
results=results/learned/small
mkdir -p "$work" "$models" "$results"
start=$(date +%s)

# dataset NAME RULES... -- PLAYER SPEC: the self-play of SPEC on 20,000 duplicate deals.
dataset() {
  local out=$work/$1; shift
  local rules=()
  while [ "$1" != -- ]; do rules+=("$1"); shift; done
  local name=$2 spec=$3
  rm -rf "$out"  # this script's own folder from an earlier run
  "$dominoes" dataset "${rules[@]}" --format head-to-head --player "$name: $spec" \
    --player "${name}2: $spec" --deals 20000 --seed 53 --quiet --out "$out" > /dev/null
}

# train KIND DATA MODEL: a network of KIND on out/DATA, copied to the models folder as MODEL.
train() {
  rm -rf "$work/train-$3"
  "$python" -m dominoes.learn "$1" --data "$work/$2" --out "$work/train-$3" --hidden 64,64 \
    --epochs 10 --seed 1 --no-plot 2> /dev/null | tail -n 1
  cp "$work/train-$3/$1.safetensors" "$models/$3.safetensors"
  cp "$work/train-$3/$1.json" "$models/$3.json"
}

for v in "${variants[@]}"; do
  double=${v#d}; double=${double%h*}; hand=${v#*h}
  rules=(--double "$double" --hand-size "$hand")
  echo "== double-$double, $hand tiles each"
  equilibrium=$work/$v.strategy
  "$solver" equilibrium --double "$double" --hand "$hand" --out "$equilibrium" > /dev/null
  names=(random softmax heuristic equilibrium)
  specs=(random softmax heuristic "equilibrium(file=$equilibrium)")
  for i in "${!names[@]}"; do
    dataset "$v-${names[$i]}" "${rules[@]}" -- "${names[$i]}" "${specs[$i]}"
    train belief "$v-${names[$i]}" "belief-$v-${names[$i]}"
  done
  dataset "$v-minimax" "${rules[@]}" -- minimax 'minimax(scenarios=200,depth=0)'
  train policy "$v-minimax" "policy-$v-minimax"
  train policy "$v-equilibrium" "policy-$v-equilibrium"

  for i in "${!names[@]}"; do
    extra=()
    [ "${names[$i]}" != equilibrium ] ||
      extra=(--model "net:$models/policy-$v-equilibrium.safetensors")
    "$solver" posterior --double "$double" --hand "$hand" --player "${specs[$i]}" \
      --belief "$models/belief-$v-${names[$i]}.safetensors" --model none --model uniform \
      --model heuristic --model self "${extra[@]}" --games 2000 --seed 1 --quiet \
      --csv "$results/posterior-$v-${names[$i]}.csv" | tee "$results/posterior-$v-${names[$i]}.md"
  done

  players=("equilibrium(file=$equilibrium)" random heuristic softmax
           'minimax(scenarios=200,depth=0)'
           "net(policy=$models/policy-$v-equilibrium.safetensors)"
           "net(policy=$models/policy-$v-equilibrium.safetensors,temperature=1)"
           "net(policy=$models/policy-$v-minimax.safetensors)"
           "net(policy=$models/policy-$v-minimax.safetensors,temperature=1)")
  args=()
  for p in "${players[@]}"; do args+=(--player "$p"); done
  "$solver" exploitability --double "$double" --hand "$hand" --samples 8 --seed 1 --quiet \
    "${args[@]}" --csv "$results/exploitability-$v.csv" > "$results/exploitability-$v.txt"
  grep -E '^(game-value|equilibrium-exploitability|player|exploitability) ' \
    "$results/exploitability-$v.txt"
done
echo "learned-small.sh: $(( $(date +%s) - start )) s"
