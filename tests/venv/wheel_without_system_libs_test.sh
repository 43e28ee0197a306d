#!/usr/bin/env bash
# The repaired wheel (scripts/python-env: pip wheel, then auditwheel repair, into build/wheels/)
# installs into a fresh virtual environment from that folder alone (no package index) and works
# where Debian's oneTBB, Boost.Program_options and Open MPI are absent: inside a mount namespace
# that hides them (hide_system_libs.sh), `import dominoes`, a game played from Python, a
# dominoes.run, the dominoes program's run and the solver program all work. First it checks that
# the namespace does hide them (Debian's libtbb cannot be loaded there). Set DOMINOES_WHEEL to a
# wheel file to try another one (the wheel before auditwheel repair fails here).
# Exits 77 (CTest: skipped) with one line when there is no repaired wheel or no mount namespace.
# Usage: wheel_without_system_libs_test.sh VENV_DIR WHEEL_DIR
set -u
venv=${1:?usage: $0 VENV_DIR WHEEL_DIR}
wheels=${2:?usage: $0 VENV_DIR WHEEL_DIR}
here=$(cd "$(dirname "$0")" && pwd)
bin=/bin/false  # cli_lib.sh's checks of one program are not used here
source "$here/../cli/cli_lib.sh"

repaired=("$wheels"/dominoes_tournament-*-manylinux_*.whl)
wheel=${DOMINOES_WHEEL:-${repaired[0]}}
if [ ! -x "$venv/bin/python" ] || [ ! -f "$wheel" ]; then
  echo "SKIP: no repaired wheel in $wheels or no venv at $venv (scripts/python-env makes both)"
  exit 77
fi
# A mount namespace: as root directly, otherwise as root of a user namespace of our own.
namespace=(unshare -m)
[ "$(id -u)" -eq 0 ] || namespace=(unshare -r -m)
if ! "${namespace[@]}" true 2>/dev/null; then
  echo "SKIP: cannot make a mount namespace here (${namespace[*]} true failed)"
  exit 77
fi
hidden() { "${namespace[@]}" "$here/hide_system_libs.sh" "$@"; }

check "Debian's libtbb loads outside the namespace" \
  /usr/bin/python3 -c 'import ctypes; ctypes.CDLL("libtbb.so.12")'
hidden /usr/bin/python3 -c 'import ctypes; ctypes.CDLL("libtbb.so.12")' 2>/dev/null
check "Debian's libtbb cannot be loaded inside it" test $? -ne 0

# A fresh venv without pip (quicker), filled by build/venv's pip from the wheel folder alone:
# the wheel and the numpy wheel scripts/python-env put beside it.
"$venv/bin/python" -m venv --without-pip "$tmp/fresh"
"$venv/bin/pip" --python "$tmp/fresh/bin/python" install --quiet --disable-pip-version-check \
  --no-index --find-links "$wheels" "$wheel" >"$tmp/pip.log" 2>&1
rc=$?  # taken at once: a $(...) in check's arguments would reset $?
check "the wheel installs from $wheels alone ($(tail -1 "$tmp/pip.log"))" test $rc -eq 0
fresh=$tmp/fresh/bin
cd "$tmp" || exit 1

# Seat 0 leads 0-1, seat 1 cannot follow with 6-6 and passes, seat 0 is out: it scores the 12
# pips left in seat 1's hand. Ten duplicate deals are 20 games.
hidden env -u PYTHONPATH "$fresh/python" - >"$tmp/py.out" 2>"$tmp/py.err" <<'EOF'
import sys
import dominoes
assert dominoes.__file__.startswith(sys.prefix), dominoes.__file__
game = dominoes.Game.from_hands(["0-1", "6-6"])
while not game.is_terminal():
    game.apply(game.legal_moves()[0])
print("points", game.points())
rows = dominoes.run(players=["heuristic", "random"], format="head-to-head", deals=10, out="py")
print("games", rows[0].games)
EOF
rc=$?
check "python: import dominoes, a Game, dominoes.run ($(tail -1 "$tmp/py.err"))" test $rc -eq 0
check "python: the game scores 12 for seat 0 ($(cat "$tmp/py.out"))" grep -qx 'points \[12, 0\]' "$tmp/py.out"
check "python: 10 deals are 20 games" grep -qx 'games 20' "$tmp/py.out"

hidden "$fresh/dominoes" run --player heuristic --player random --format head-to-head \
  --deals 10 --out run --quiet >"$tmp/run.out" 2>"$tmp/run.err"
rc=$?
check "dominoes run ($(tail -1 "$tmp/run.err"))" test $rc -eq 0
check "dominoes run wrote 20 games to summary.csv" grep -qs '^heuristic,random,20,' "$tmp/run/summary.csv"
# The wheel leaves MPI out: --mpi is refused in one line saying so and naming the installs that
# have it.
hidden "$fresh/dominoes" run --player heuristic --player random --deals 10 --out mpi --mpi \
  >"$tmp/mpi.out" 2>"$tmp/mpi.err"
rc=$?
check "dominoes run --mpi exits 2 ($rc) with one line ($(cat "$tmp/mpi.err"))" \
  test $rc -eq 2 -a "$(wc -l <"$tmp/mpi.err")" -eq 1
check "the line says this build has no MPI" grep -q 'this build of dominoes has no MPI' "$tmp/mpi.err"
check "the line names the Debian package and scripts/setup" \
  grep -q 'Debian package (scripts/package).*(scripts/setup) have it' "$tmp/mpi.err"
hidden "$fresh/solver" block-dominoes --hands 0-1/6-6 --ends 1,5 >"$tmp/solver.out" 2>&1
check "solver ($(tail -1 "$tmp/solver.out"))" grep -qx 'value 12' "$tmp/solver.out"
finish
