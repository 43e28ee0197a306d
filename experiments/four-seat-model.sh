#!/usr/bin/env bash
# A population opponent model for the four-seat partnership table (policy-based inference:
# Rebstock, Solinas, Buro & Sturtevant, IEEE CoG 2019): one move-feature softmax fitted to the
# pooled choices of three searching teams, not to any one player. minimax50, epimc50 (reading the
# other seats by the heuristic) and playout500 of the partnership ladder play a round robin of
# matches to 100, 120 duplicate deals a pairing (720 matches, about 5,800 hands, seed 77, not a
# seed of the ladder or the head-to-heads), and `dominoes fit-model` fits one model to every
# choice of all three teams (--player three times, ridge 1). The inference teams are not in the
# population: the model is measured against inference50. The fit's report goes to
# results/partnership/model/fit.txt. The training games stay in out/four-seat-model/ (not
# committed; the model file names them). Run from the repository root after scripts/setup; about
# 23 CPU minutes, the run's progress line on stderr.
# Usage: experiments/four-seat-model.sh [MODEL]
#        (default: experiments/models/four-seat-searchers.model)
set -euo pipefail
case ${1:-} in
  -h | --help) sed -n '2,14s/^# \{0,1\}//p' "$0"; exit 0 ;;
  -*) echo "four-seat-model.sh: unknown option '$1': valid is -h, --help or a model path" >&2
      exit 2 ;;
esac
[ $# -le 1 ] || { echo "four-seat-model.sh: one model path at most, got $#" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dominoes="${DOMINOES:-$root/build/bin/dominoes}"  # DOMINOES: another build of it
model="${1:-experiments/models/four-seat-searchers.model}"
work=out/four-seat-model
report=results/partnership/model/fit.txt
minimax='minimax(scenarios=50,depth=0)'
epimc='epimc(reply=search,scenarios=50,samples=200,postpone-tiles=20)'
playout='playout(playouts=500)'
rm -rf "$work"  # this script's own folder from an earlier run: a finished journal would play nothing
mkdir -p "$work" "$(dirname "$report")"
"$dominoes" run --seats 4 --format round-robin --player "minimax50: $minimax" \
  --player "epimc50: $epimc" --player "playout500: $playout" --deals 120 --seed 77 --threads 2 \
  --out "$work/run" --games-out "$work/games.jsonl" > /dev/null  # progress stays on stderr
"$dominoes" fit-model --games "$work/games.jsonl" --player "$minimax" --player "$epimc" \
  --player "$playout" --out "$model" | tee "$report"
