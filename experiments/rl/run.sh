#!/usr/bin/env bash
# The reinforcement-learning example end to end: trains the policy (train_policy.py), seats it in
# a round robin with heuristic and random (evaluate_policy.py), and plots the learning curve
# (plot_curve.py, Debian's /usr/bin/python3 with matplotlib). results/rl/ was made by
#   experiments/rl/run.sh 10 results/rl
# Usage: experiments/rl/run.sh [MINUTES [OUT]]   (defaults: 10 minutes, results/rl)
# Environment: BUILD (default build/: the package in BUILD/python), PYTHON (default
# build/venv/bin/python, with numpy and gymnasium), SEED (training seed, default 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
minutes=${1:-10}
out=${2:-$root/results/rl}
build=${BUILD:-$root/build}
python=${PYTHON:-$root/build/venv/bin/python}
seed=${SEED:-1}
mkdir -p "$out"
export PYTHONPATH=$build/python
"$python" "$root/experiments/rl/train_policy.py" --minutes "$minutes" --seed "$seed" \
  --out "$out" | tee "$out/training.log"
"$python" "$root/experiments/rl/evaluate_policy.py" --weights "$out/policy.npz" --deals 30000 \
  --seed 2 --out "$out/evaluation"
/usr/bin/python3 "$root/experiments/rl/plot_curve.py" "$out"
