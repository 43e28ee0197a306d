#!/usr/bin/env bash
# The two equilibrium solvers on the same variants: the whole game tree with CFR+
# (--method tree, the oracle) and the public tree with discounted CFR (--method public), each to
# exploitability 0.0002 (d4h4: 0.0005) so that their game values must agree to 0.001 or so (each
# value is within twice its exploitability of the true one), and the exploitability of strategies
# measured by both: heuristic and random state their policy; minimax and inference with 2000
# worlds use every consistent opponent hand on these sets, so they are deterministic and asked
# once (with 200 they would sample worlds, differently on each tree). Writes
# results/equilibrium/agreement/VARIANT-{tree,public}-{solve.txt,players.csv} and
# results/equilibrium/agreement.csv (one row per variant and quantity, both methods and their
# difference). Run from the repository root after scripts/setup.
# Usage: experiments/equilibrium-agreement.sh [VARIANT ...]   (default: every variant both solve,
#        d2h2 d3h2 d4h2 d5h2 d6h2 d3h3 d4h3 d5h3 d4h4;
#        d4h4 on the game tree takes about 6 GiB and most of an hour on 2 cores)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
solver="${SOLVER:-$root/build/bin/solver}"  # SOLVER: another build of it
out="$root/results/equilibrium/agreement"
mkdir -p "$out"
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(d2h2 d3h2 d4h2 d5h2 d6h2 d3h3 d4h3 d5h3 d4h4)
strategy=$(mktemp)
trap 'rm -f "$strategy"' EXIT
for v in "${variants[@]}"; do
  double=${v#d}; double=${double%h*}; hand=${v#*h}
  target=0.0002
  [ "$v" = d4h4 ] && target=0.0005  # the game tree's CFR+ would take over an hour to 0.0002
  for method in tree public; do
    echo "== double-$double, $hand tiles each: $method"
    "$solver" equilibrium --double "$double" --hand "$hand" --target "$target" --method "$method" \
      --out "$strategy" --quiet | tee "$out/$v-$method-solve.txt"
    "$solver" exploitability --double "$double" --hand "$hand" --method "$method" --quiet \
      --equilibrium "$strategy" --samples 1 --player heuristic --player random \
      --player 'minimax(scenarios=2000,depth=0)' --player 'inference(scenarios=2000)' \
      --csv "$out/$v-$method-players.csv" >/dev/null
  done
done
/usr/bin/python3 - "$out" "$root/results/equilibrium/agreement.csv" <<'EOF'
import csv, glob, os, re, sys
directory, target = sys.argv[1], sys.argv[2]
def solve(path):
    with open(path) as f:
        fields = dict(line.split(None, 1) for line in f if line.strip())
    return {k: fields[k].split()[0] for k in ("value", "exploitability")}
rows = []
variants = sorted({re.match(r"(d\d+h\d+)-", os.path.basename(p)).group(1)
                   for p in glob.glob(os.path.join(directory, "*-solve.txt"))},
                  key=lambda v: tuple(int(x) for x in re.findall(r"\d+", v))[::-1])
for v in variants:
    paths = {m: os.path.join(directory, f"{v}-{m}-solve.txt") for m in ("tree", "public")}
    if not all(os.path.exists(p) for p in paths.values()):
        continue
    tree, public = solve(paths["tree"]), solve(paths["public"])
    for key in ("value", "exploitability"):
        rows.append([v, f"equilibrium {key}", tree[key], public[key]])
    players = {}
    for m in ("tree", "public"):
        with open(os.path.join(directory, f"{v}-{m}-players.csv")) as f:
            for r in csv.DictReader(f):
                players.setdefault(r["player"], {})[m] = r["exploitability"]
    for player, by in players.items():
        rows.append([v, f"exploitability of {player}", by["tree"], by["public"]])
with open(target, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["variant", "quantity", "tree", "public", "difference"])
    for v, q, a, b in rows:
        w.writerow([v, q, a, b, f"{float(b) - float(a):.6f}"])
print(f"wrote {target}: {len(rows)} rows")
EOF
