#!/usr/bin/env bash
# A learned policy prior: an imitation of our best searcher that plays with no
# opponent-specific input (adapt). adapt plays a gauntlet against heuristic, the default PIMC
# (minimax(scenarios=200,depth=0)) and random, 300 duplicate deals each (seed 3001, not a seed of
# the ladder or the second field), and `dominoes fit-model` fits the move-feature softmax to every
# choice adapt made (ridge 1). The model is the prior of adapt(prior=fitted:...) and the rollout
# policy of playout(rollout=fitted:...) in results/strength-ladder/imitation/; the fit's report
# (decisions, log-likelihood, weights with standard errors) goes to
# results/strength-ladder/imitation/fit.txt. The training games stay in out/imitation-prior/ (not
# committed; the model file names them). Run from the repository root after scripts/setup; about a
# minute on 2 cores, the run's progress line on stderr.
# Usage: experiments/imitation-prior.sh [MODEL]   (default: experiments/models/imitation-adapt.model)
set -euo pipefail
case ${1:-} in
  -h | --help) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
  -*) echo "imitation-prior.sh: unknown option '$1': valid is -h, --help or a model path" >&2
      exit 2 ;;
esac
[ $# -le 1 ] || { echo "imitation-prior.sh: one model path at most, got $#" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dominoes="${DOMINOES:-$root/build/bin/dominoes}"  # DOMINOES: another build of it
model="${1:-experiments/models/imitation-adapt.model}"
work=out/imitation-prior
report=results/strength-ladder/imitation/fit.txt
rm -rf "$work"  # this script's own folder from an earlier run: a finished journal would play nothing
mkdir -p "$work" "$(dirname "$report")"
"$dominoes" run --format gauntlet --player adapt --player heuristic \
  --player 'minimax(scenarios=200,depth=0)' --player random --deals 300 --seed 3001 \
  --out "$work/run" --games-out "$work/games.jsonl" > /dev/null  # progress stays on stderr
"$dominoes" fit-model --games "$work/games.jsonl" --player adapt --out "$model" | tee "$report"
