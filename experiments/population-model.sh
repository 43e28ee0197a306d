#!/usr/bin/env bash
# A population opponent model (policy-based inference: Rebstock, Solinas, Buro & Sturtevant,
# IEEE CoG 2019): one move-feature softmax fitted to the pooled choices of four searchers, not to
# any one opponent. adapt, the told inference (inference with the model fitted to minimax's games,
# 1,000 worlds), minimax(200, depth 0) and ismcts(20000) play a round robin, 200 duplicate deals a
# pairing (2,400 games, seed 4001, not a seed of the ladder, the second field or the duel), and
# `dominoes fit-model` fits one model to every choice of all four (--player four times, ridge 1).
# The told EPIMC is not in the population: the model is measured against it
# (experiments/duel-told-epimc.cfg). The training games stay in out/population-model/ (not
# committed; the model file names them). Run from the repository root after scripts/setup; about
# 8 minutes on one core, the run's progress line on stderr.
# Usage: experiments/population-model.sh [MODEL]
#        (default: experiments/models/population-searchers.model)
set -euo pipefail
case ${1:-} in
  -h | --help) sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
  -*) echo "population-model.sh: unknown option '$1': valid is -h, --help or a model path" >&2
      exit 2 ;;
esac
[ $# -le 1 ] || { echo "population-model.sh: one model path at most, got $#" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dominoes="${DOMINOES:-$root/build/bin/dominoes}"  # DOMINOES: another build of it
model="${1:-experiments/models/population-searchers.model}"
work=out/population-model
told='inference(model=fitted:experiments/models/minimax-200-0.model,scenarios=1000,samples=4000)'
rm -rf "$work"  # this script's own folder from an earlier run: a finished journal would play nothing
mkdir -p "$work"
"$dominoes" run --format round-robin --player adapt --player "$told" \
  --player 'minimax(scenarios=200,depth=0)' --player 'ismcts(iterations=20000)' --deals 200 \
  --chunk 100 --seed 4001 --threads 1 --out "$work/run" \
  --games-out "$work/games.jsonl" > /dev/null  # progress stays on stderr
"$dominoes" fit-model --games "$work/games.jsonl" --player adapt --player "$told" \
  --player 'minimax(scenarios=200,depth=0)' --player 'ismcts(iterations=20000)' --out "$model"
