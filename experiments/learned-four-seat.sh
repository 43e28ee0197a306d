#!/usr/bin/env bash
# Learned models for the four-seat partnership table (double-six, 7 each, all 28 dealt, the holder
# of 6-6 leads it, partners opposite, single hands): a policy network and a belief network,
# trained on the engine's own games. `dominoes dataset --move-values` records every turn of every
# seat with each legal move's exact open-hands value for the decider's team, from five runs of
# single deals (no duplicate deals), each with its own random seed (4101 to 4105, not a seed of
# any table) so that no deal repeats across runs: a round robin of heuristic, playout100
# (playout(playouts=100)), minimax10 (minimax(scenarios=10,depth=0)) and inference10
# (inference(scenarios=10,samples=40)), cheap relatives of the partnership ladder's searchers,
# 6,000 deals a pairing; three head-to-heads of 8,000 deals among the three searchers; then, once
# a first policy is trained, that policy against minimax10 (8,000 deals: its own positions, as
# DAgger adds them). `python -m dominoes.learn` trains, seeded, on one thread:
#   policy  (--regress-advantages) each legal move's expected open-hands value, less the mean of
#           the decision's legal moves', given what the seat sees; net(policy=...) plays the
#           highest, with no search; trained twice, the second time with the last run's rows;
#   belief  for each tile the seat cannot see, the probability of each place it may be in, on
#           the first four runs.
# Writes experiments/models/learned/four-seat-{policy,belief}.{safetensors,json} and each
# training's curve.png, curve.csv and metrics.json in results/learned/four-seat/training/KIND/.
# The data and the trainings stay in out/learned-four-seat/ (not committed; the cards name
# them); an interrupted run resumes there. Run from the repository root after scripts/setup and
# scripts/python-env; about 40 CPU minutes on 2 cores, progress on stderr.
# Usage: experiments/learned-four-seat.sh [--help]
set -euo pipefail
case ${1:-} in
  -h | --help) sed -n '2,23s/^# \{0,1\}//p' "$0"; exit 0 ;;
esac
[ $# -eq 0 ] || { echo "learned-four-seat.sh: it takes no arguments but --help, got '$1'" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dominoes="${DOMINOES:-$root/build/bin/dominoes}"  # DOMINOES: another build of it
python=build/venv/bin/python
[ -x "$python" ] || { echo "learned-four-seat.sh: no $python: run scripts/python-env first" >&2; exit 2; }
work=out/learned-four-seat
models=experiments/models/learned
results=results/learned/four-seat/training
mkdir -p "$work" "$models"
# The same command on a finished dataset plays nothing; on another configuration it is refused.
dataset() {  # FOLDER SEED DEALS PLAYER...: single deals with move values
  local folder=$1 seed=$2 deals=$3
  shift 3
  local players=()
  for p in "$@"; do players+=(--player "$p"); done
  local format=round-robin
  [ $# -gt 2 ] || format=head-to-head
  "$dominoes" dataset --seats 4 --target 0 --format "$format" --no-duplicate --move-values \
    --seed "$seed" \
    --deals "$deals" --out "$work/$folder" "${players[@]}"
}
heuristic=heuristic
playout='playout100: playout(playouts=100)'
minimax='minimax10: minimax(scenarios=10,depth=0)'
inference='inference10: inference(scenarios=10,samples=40)'
dataset data-1 4101 6000 "$heuristic" "$playout" "$minimax" "$inference"  # a round robin
dataset data-2 4102 8000 "$minimax" "$inference"
dataset data-3 4103 8000 "$playout" "$minimax"
dataset data-4 4104 8000 "$playout" "$inference"
first=(--data "$work/data-1" --data "$work/data-2" --data "$work/data-3" --data "$work/data-4")
learn() {  # KIND OUT OPTIONS...: trains (or, when finished, writes the same outputs again)
  local kind=$1 out=$2
  shift 2
  "$python" -m dominoes.learn "$kind" --out "$work/$out" --seed 1 "$@"
}
publish() {  # KIND FOLDER: copies a training's model and records into the repository
  local kind=$1 folder=$work/$2
  cp "$folder/$kind.safetensors" "$models/four-seat-$kind.safetensors"
  cp "$folder/$kind.json" "$models/four-seat-$kind.json"
  mkdir -p "$results/$kind"
  cp "$folder"/{curve.png,curve.csv,metrics.json} "$results/$kind/"
}
learn belief belief "${first[@]}" --epochs 6
publish belief belief
learn policy policy-1 "${first[@]}" --regress-advantages --epochs 8
dataset data-5 4105 8000 "net1: net(policy=$work/policy-1/policy.safetensors)" "$minimax"
learn policy policy-2 "${first[@]}" --data "$work/data-5" --regress-advantages --epochs 8
publish policy policy-2
