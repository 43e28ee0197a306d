#!/usr/bin/env bash
# The two-seat policy network (experiments/models/learned/two-seat-policy, results/learned/
# two-seat/): a network that plays the seed study's game (double-six, 7 tiles each) with no
# search, trained in two rounds of play on the engine's own games.
# - Round 1: the PIMC searcher minimax(scenarios=200,depth=0) against heuristic and random
#   (gauntlet, 40,000 fresh deals a pairing, seed 12), every legal move's exact open-hands value
#   recorded (`dominoes dataset --move-values`); a network (two hidden layers of 256) regresses
#   those values (`python -m dominoes.learn policy --regress-values`, 6 epochs).
# - Round 2: a round robin of the searcher, heuristic and round 1's network (80,000 fresh deals a
#   pairing, seed 13), so that the data holds the positions the network's own play reaches; the
#   final network is trained on it (8 epochs). Each keeps the epoch of lowest held-out loss.
# - An imitation of round 2's players (two hidden layers of 64, 3 epochs): a policy network that
#   gives each legal move the probability that the data's players make it, an opponent model.
# The final model and its card go to experiments/models/learned/ (committed; round 1's network
# beside it, -round1, and two-seat-imitation), the final one's metrics and learning curve to
# results/learned/two-seat/training/; the datasets and training folders stay in
# out/learned-two-seat/ (not committed; the cards name them). Every step is seeded: the same
# script gives the same bytes (training on 2 threads). Interrupted, it resumes: a finished step is
# kept, an unfinished dataset or training continues from its journal or last epoch. Run from the
# repository root after scripts/setup and scripts/python-env; about 30 minutes on 2 cores.
# Usage: experiments/learned-two-seat.sh
set -euo pipefail
case ${1:-} in
  -h | --help) sed -n '2,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
  '') ;;
  *) echo "learned-two-seat.sh: unknown argument '$1': it takes none (-h, --help explain)" >&2
     exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dominoes="${DOMINOES:-build/bin/dominoes}"  # DOMINOES, PYTHON: other builds of them
python="${PYTHON:-build/venv/bin/python}"
work=out/learned-two-seat
models=experiments/models/learned
results=results/learned/two-seat/training
mkdir -p "$work" "$models" "$results"
searcher='M200: minimax(scenarios=200,depth=0)'

# dataset NAME SEED FORMAT DEALS PLAYER...: the games of PLAYER... as rows with move values in
# out/.../NAME (resumed when unfinished, kept when finished).
dataset() {
  local name=$1 seed=$2 format=$3 deals=$4; shift 4
  local players=()
  for p in "$@"; do players+=(--player "$p"); done
  "$dominoes" dataset "${players[@]}" --format "$format" --no-duplicate --deals "$deals" \
    --seed "$seed" --move-values --out "$work/$name" > /dev/null  # progress stays on stderr
}

# train NAME EPOCHS DATA...: a value-regressing policy network in out/.../NAME.
train() {
  local name=$1 epochs=$2; shift 2
  local data=()
  for d in "$@"; do data+=(--data "$work/$d"); done
  "$python" -m dominoes.learn policy "${data[@]}" --out "$work/$name" --regress-values \
    --hidden 256,256 --epochs "$epochs" --threads 2 --seed 1
}

dataset data-1 12 gauntlet 40000 "$searcher" heuristic random
train q1 6 data-1
dataset data-2 13 round-robin 80000 "$searcher" heuristic "net-q1: net(policy=$work/q1/policy.safetensors)"
train q2 8 data-2

# model ROUND NAME: out/.../ROUND's network, with its card, as experiments/models/learned/NAME.
model() {
  cp "$work/$1/policy.safetensors" "$models/$2.safetensors"
  cp "$work/$1/policy.json" "$models/$2.json"
}
model q1 two-seat-policy-round1
model q2 two-seat-policy

# An imitation of every player of round 2's data (a smaller network: a searcher asks it once per
# world per recorded move), the opponent model of epimc(model=net:...) in
# experiments/learned-two-seat-duel.cfg.
"$python" -m dominoes.learn policy --data "$work/data-2" --out "$work/imitation" --hidden 64,64 \
  --epochs 3 --threads 2 --seed 1
model imitation two-seat-imitation
cp "$work/q2/metrics.json" "$work/q2/curve.csv" "$results/"
[ ! -f "$work/q2/curve.png" ] || cp "$work/q2/curve.png" "$results/"
echo "two-seat policy: $models/two-seat-policy.safetensors; training: $results/"
