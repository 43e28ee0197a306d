#!/usr/bin/env bash
# scripts/plot (issue 10): a small grid sweep run with `dominoes run --plot`, a small round robin
# plotted afterwards, and fixture ratings.csv / sprt.csv files with the columns other parts of the
# tool write; every PNG must be a PNG of a sensible size and every SVG well-formed XML that carries
# the title (name, deals, seed) and the axis labels, and players by their display names or short
# labels (`dominoes label`; without the program, every parameter; `run --plot` labels so even when
# a rebuild replaced its program's file while it ran). Bad directories and tables get one line and
# exit 2; a matplotlib that cannot be imported gives one line and exit 3, and `run --plot` still
# succeeds. Exits 77 (CTest: skipped) when /usr/bin/python3 cannot import matplotlib.
# Usage: plot_test.sh PATH/TO/dominoes PATH/TO/scripts/plot
set -u
bin=${1:?usage: $0 PATH/TO/dominoes PATH/TO/scripts/plot}
plot=${2:?usage: $0 PATH/TO/dominoes PATH/TO/scripts/plot}
py=/usr/bin/python3
if ! "$py" -c 'import matplotlib' 2>/dev/null; then
  echo "SKIP: $py cannot import matplotlib (install python3-matplotlib)"
  exit 77
fi
source "$(dirname "$0")/cli_lib.sh"

# valid_png FILE: the PNG signature, an IHDR of at least 300 x 200 pixels, more than 8 KB.
valid_png() {
  "$py" - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
assert data[12:16] == b"IHDR", "no IHDR chunk first"
width, height = struct.unpack(">II", data[16:24])
assert width >= 300 and height >= 200, f"{width} x {height} pixels"
assert len(data) > 8000, f"only {len(data)} bytes"
PY
}

# valid_svg FILE TEXT...: well-formed XML with an <svg> root, holding every TEXT.
valid_svg() {
  "$py" - "$@" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag.endswith("svg"), root.tag
text = open(sys.argv[1], encoding="utf-8").read()
for want in sys.argv[2:]:
    assert want in text, f"no {want!r} in the SVG"
PY
}

not_in_file() {  # not_in_file FILE TEXT: TEXT is nowhere in the file (an SVG, a log)
  ! grep -qF -- "$2" "$1"
}

plots_ok() {  # plots_ok DIR STEM TEXT...
  local dir=$1 stem=$2
  shift 2
  check "$stem.png in $dir" valid_png "$dir/$stem.png"
  check "$stem.svg in $dir" valid_svg "$dir/$stem.svg" "$@"
}

# 1. A 2 x 2 grid of a cheap strategy against random, plotted by the run itself.
sweep="$tmp/sweep"
check "run --plot" "$bin" run --name tiny-grid --player 'playout(playouts=4)' --player random \
  --format head-to-head --sweep 1.playouts=2,8 --sweep 1.rollout=random,lowest --deals 30 \
  --chunk 10 --seed 7 --threads 2 --quiet --out "$sweep" --plot
plots_ok "$sweep" sweep tiny-grid "30 deals per pairing" "seed 7" "points per game" "win rate" \
  "1.playouts" "1.rollout=lowest" "A = playout(playouts=*,rollout=*), B = random"
check "the sweep's labels leave the defaults out" not_in_file "$sweep/sweep.svg" "crn=true"

# 2. A round robin plotted afterwards: the cross tables as heat maps.
rr="$tmp/rr"
check "round robin" "$bin" run --name tiny-rr --player random --player lowest --player heuristic \
  --deals 20 --chunk 10 --seed 3 --threads 2 --quiet --out "$rr"
check "plot round robin" "$py" "$plot" --dominoes "$bin" "$rr"
plots_ok "$rr" crosstable_points tiny-rr "20 deals per pairing" "seed 3" "points per game" \
  "3. heuristic"
plots_ok "$rr" crosstable_winrate tiny-rr "win rate"
cp "$rr/crosstable_points.svg" "$tmp/first.svg"
"$py" "$plot" --dominoes "$bin" "$rr" >/dev/null
check "the same tables give the same SVG, byte for byte" cmp -s "$rr/crosstable_points.svg" "$tmp/first.svg"

# 2b. Display names (NAME: SPEC) and short labels: a gauntlet's pairings and ratings.
named="$tmp/named"
check "named gauntlet" "$bin" run --name tiny-names --player 'Mx: minimax(scenarios=3,depth=0)' \
  --player 'playout(playouts=4,rollout=random,crn=true)' --player random --format gauntlet \
  --deals 20 --chunk 10 --seed 5 --threads 2 --quiet --out "$named"
check "plot the named gauntlet" "$py" "$plot" --dominoes "$bin" "$named"
plots_ok "$named" pairings tiny-names "Mx vs playout(playouts=4)" "Mx vs random"
plots_ok "$named" ratings tiny-names ">Mx<" "playout(playouts=4)"
for stem in pairings ratings; do
  check "$stem: a name hides its spec" not_in_file "$named/$stem.svg" "scenarios=3"
  check "$stem: labels leave the defaults out" not_in_file "$named/$stem.svg" "crn=true"
done
# 2b'. Sides of two partners (four seats, SPEC & SPEC): `dominoes label` labels a pair, named or
# not, so the plot shows its name and the other side's two short labels.
check "dominoes label labels a named pair and an unnamed one" test \
  "$("$bin" label 'X: heuristic & random' 'heuristic & minimax(scenarios=200,depth=0,crn=true)')" \
  = "X
heuristic & minimax(depth=0)"
pairs="$tmp/pairs"
check "a run of pairs" "$bin" run --name tiny-pairs --seats 4 --player 'X: heuristic & random' \
  --player 'heuristic & minimax(scenarios=3,depth=0)' --format head-to-head --deals 4 --threads 2 \
  --quiet --out "$pairs"
"$py" "$plot" --dominoes "$bin" "$pairs" >/dev/null 2>"$tmp/pairs.err"
check "plot the pairs" test $? -eq 0
check "the pairs' labels come from the program" not_in_file "$tmp/pairs.err" "labels keep every"
check "the pairing shows the name and the short labels" \
  grep -qF "X vs heuristic &amp; minimax(scenarios=3,depth=0)" "$pairs/pairings.svg"
check "pairs: labels leave the defaults out" not_in_file "$pairs/pairings.svg" "crn=true"
# 2c. Matches: the tables count points per match, and so do the plots' axes.
matches="$tmp/matches"
check "matches run" "$bin" run --name tiny-matches --player heuristic --player random \
  --player lowest --format gauntlet --target 20 --deals 10 --chunk 10 --seed 5 --threads 2 \
  --quiet --out "$matches" --plot
plots_ok "$matches" pairings tiny-matches "points per match to 20"
plots_ok "$matches" ratings tiny-matches "points per match to 20"
for stem in pairings ratings; do
  check "$stem: a match is not called a game" not_in_file "$matches/$stem.svg" "per game"
done
# 2d. A long run outlives its program's file (a rebuild replaces it: /proc/self/exe then reads
# "PATH (deleted)"); run --plot still labels the players with the program now at PATH.
# The copy is laid out as installed (cmake/install.cmake): bin/dominoes and libexec/dominoes/plot.
mkdir -p "$tmp/prog/bin" "$tmp/prog/libexec/dominoes"
cp "$bin" "$tmp/prog/bin/dominoes"
cp "$plot" "$tmp/prog/libexec/dominoes/plot"
"$tmp/prog/bin/dominoes" run --name tiny-replaced --player 'playout(playouts=900)' --player heuristic \
  --deals 300 --chunk 300 --threads 1 --seed 5 --quiet --out "$tmp/replaced" --plot \
  >"$tmp/replaced.out" 2>"$tmp/replaced.err" &
job=$!
for _ in $(seq 100); do  # until the child runs the copy (exec done), 5 s at most
  [ "$(readlink "/proc/$job/exe" 2>/dev/null)" = "$tmp/prog/bin/dominoes" ] && break
  sleep 0.05
done
cp "$bin" "$tmp/prog/bin/dominoes.new" && mv "$tmp/prog/bin/dominoes.new" "$tmp/prog/bin/dominoes"
check "the run's program was replaced while it played" \
  grep -q ' (deleted)$' <(readlink "/proc/$job/exe" 2>/dev/null)
wait "$job"
check "the run whose program was replaced exits 0" test $? -eq 0
check "and its plots still label by short labels" not_in_file "$tmp/replaced.err" "labels keep every parameter"
plots_ok "$tmp/replaced" crosstable_points tiny-replaced "playout(playouts=900)"
check "crosstable_points: the label leaves the defaults out" \
  not_in_file "$tmp/replaced/crosstable_points.svg" "crn=true"
# Without a dominoes program to ask, the labels keep every parameter, and a line says so.
"$py" "$plot" --dominoes "$tmp/no-such-dominoes" "$named" >"$tmp/out" 2>"$tmp/err"
check "plot without dominoes exits 0" test $? -eq 0
check "and says the labels keep every parameter" grep -q "labels keep every parameter" "$tmp/err"
check "which they do" valid_svg "$named/pairings.svg" "Mx vs playout(playouts=4,rollout=random,crn=true)"
# A long label wraps onto two lines at most.
check "wrap keeps two lines at most" "$py" - "$plot" <<'PY'
import importlib.machinery, sys
plot = importlib.machinery.SourceFileLoader("plot", sys.argv[1]).load_module()
text = "epimc(postpone=2,exhaustive=512,reply=min,model=fitted:minimax-200-0.model,scenarios=500,samples=2000)"
for width in (20, 40, 60):
    lines = plot.wrap(text, width).split("\n")
    assert len(lines) <= 2, lines
    assert "".join(lines) == text, lines
assert plot.wrap("random vs heuristic", 40) == "random vs heuristic"
assert plot.split_player("M1: inference(model=fitted:a/b.model)") == ("M1", "inference(model=fitted:a/b.model)")
assert plot.split_player("inference(model=fitted:a/b.model)") == ("", "inference(model=fitted:a/b.model)")
assert plot.shorten_paths("inference(model=fitted:x/y/m.model,a=1)") == "inference(model=fitted:m.model,a=1)"
PY

# 3. Fixtures: ratings.csv and sprt.csv with the columns the ratings and the SPRT write.
fx="$tmp/fixtures"
mkdir -p "$fx"
printf 'name = fixture-run\ndeals = 500\nseed = 11\nplayer = a\nplayer = b\n' >"$fx/config.cfg"
printf '%s\n' 'player,points_rating,points_ci95,elo,elo_ci95_low,elo_ci95_high,games' \
  'heuristic,3.1,0.4,120.5,100.2,140.9,2000' 'random,-2.5,0.5,-95.0,-118.0,-72.0,2000' \
  '"minimax(scenarios=200,depth=0)",-0.6,0.3,-25.5,-40.0,-11.0,2000' >"$fx/ratings.csv"
{
  echo 'deals,games,llr,lower,upper'
  for d in 50 100 150 200 250 300; do echo "$d,$((2 * d)),$(((d - 60) / 100)).$((d % 7)),-2.94,2.94"; done
} >"$fx/sprt.csv"
check "plot fixtures" "$py" "$plot" --dominoes "$bin" "$fx"
plots_ok "$fx" ratings fixture-run "500 deals per pairing" "seed 11" "Elo" "points rating" \
  "minimax(depth=0)"
check "the fixture's label leaves the default out" not_in_file "$fx/ratings.svg" "scenarios=200"
plots_ok "$fx" sprt fixture-run "at most 500 deals" "deals played" "log-likelihood ratio" "accept H1" "accept H0"
check "no pairings plot beside the fixtures" test ! -e "$fx/pairings.png"

# 4. Bad input: one line on stderr, exit 2; nothing written.
plot_error() {  # plot_error NAME WANT_EXIT WORD ARGS...
  local name=$1 want=$2 word=$3
  shift 3
  "$py" "$plot" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" -eq "$want" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qi -- "$word" "$tmp/err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name (exit $rc): $(head -c 300 "$tmp/err")"
  fi
}
mkdir -p "$tmp/empty" "$tmp/broken"
plot_error "no such directory" 2 "not a directory" "$tmp/nowhere"
plot_error "no tables" 2 "no tables" "$tmp/empty"
printf 'player,elo\nx,1\n' >"$tmp/broken/ratings.csv"
plot_error "ratings without columns" 2 "points_rating" "$tmp/broken"
check "no plot from a broken table" test ! -e "$tmp/broken/ratings.png"
# Binary files in a table's place (issue 20): one line, not a traceback.
mkdir -p "$tmp/binary" "$tmp/binary-config"
head -c 4096 /dev/urandom | tr -d '\n' | sed 's/^/\xff/' >"$tmp/binary/summary.csv"
plot_error "binary summary.csv" 2 "not UTF-8" "$tmp/binary"
printf 'player,points_rating,points_ci95,elo,elo_ci95_low,elo_ci95_high,games\nx,1,1,1,1,1,2\n' \
  >"$tmp/binary-config/ratings.csv"
printf 'name = \xff\xfe\n' >"$tmp/binary-config/config.cfg"
plot_error "binary config.cfg" 2 "not UTF-8" "$tmp/binary-config"
printf 'player_a,x\n\0\0\n' >"$tmp/binary/summary.csv"
plot_error "NUL bytes in summary.csv" 2 "summary.csv" "$tmp/binary"

# 5. matplotlib not importable (a stand-in package that fails): exit 3, and run --plot succeeds.
mkdir -p "$tmp/nompl/matplotlib"
echo 'raise ImportError("stand-in: no matplotlib")' >"$tmp/nompl/matplotlib/__init__.py"
PYTHONPATH="$tmp/nompl" plot_error "matplotlib missing" 3 "python3-matplotlib" "$sweep"
PYTHONPATH="$tmp/nompl" "$bin" run --player random --player lowest --deals 5 --quiet \
  --out "$tmp/nompl-run" --plot >"$tmp/out" 2>"$tmp/err"
check "run --plot without matplotlib succeeds" test $? -eq 0
check "and says so" grep -q "python3-matplotlib" "$tmp/err"
check "and writes its tables" test -s "$tmp/nompl-run/summary.csv"

finish
