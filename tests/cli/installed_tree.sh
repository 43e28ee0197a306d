# shellcheck shell=bash disable=SC2154  # tmp and check come from cli_lib.sh, sourced first
# Sourced by install_test.sh and deb_package_test.sh (after cli_lib.sh): the checks that an
# installed tree works on its own.
#   check_installed_tree ROOT PYTHON_DIR SOURCE_DIR
#     ROOT: the prefix (bin/, libexec/, share/ under it); PYTHON_DIR: where the package dominoes
#     was installed; SOURCE_DIR: the source tree, which nothing installed may name.
# Every program runs from an empty folder, with the build tree off PATH and PYTHONPATH.
check_installed_tree() {
  local root=$1 python_dir=$2 source_dir=$3 here
  here=$(mktemp -d "$tmp/cwd.XXXX")
  check "bin/dominoes --version runs" bash -c "cd '$here' && '$root/bin/dominoes' --version | grep -q '^dominoes '"
  check "bin/solver --version runs" bash -c "cd '$here' && '$root/bin/solver' --version | grep -q '^solver '"
  # A position worked by hand: 6-6 cannot be played on ends 1|5, so the 0-1 holder plays 0-1 on
  # the 1 and goes out, scoring the 12 pips of 6-6 (docs/solvers.md has this example).
  check "bin/solver solves a position" bash -c \
    "cd '$here' && '$root/bin/solver' block-dominoes --hands 0-1/6-6 --ends 1,5 | grep -q '^value 12$'"
  check "bin/dominoes runs a match" bash -c \
    "cd '$here' && '$root/bin/dominoes' run --player heuristic --player random --deals 50 --quiet --out run >/dev/null 2>&1 && test -s run/summary.csv"
  if /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    check "run --plot finds the installed plot script (libexec/dominoes/plot)" bash -c \
      "cd '$here' && '$root/bin/dominoes' run --player heuristic --player random --deals 50 --quiet --out plotted --plot >/dev/null 2>plot.err && test -s plotted/crosstable_points.png"
  fi
  check "the bash completion is installed and completes dominoes" bash -c \
    "source '$root/share/bash-completion/completions/dominoes' && complete -p dominoes | grep -q dominoes"
  check "the docs are installed" test -s "$root/share/doc/dominoes/rules.md"
  check "python imports the installed package, not the build tree" bash -c \
    "cd '$here' && env -u PYTHONPATH PYTHONPATH='$python_dir' /usr/bin/python3 -c 'import dominoes, sys; assert dominoes.__file__.startswith(sys.argv[1]), dominoes.__file__; print(dominoes.Game(seed=1, deal=0).legal_moves()[0])' '$python_dir' | grep -q -- '-'"
  check "the package's subpackages are installed (dominoes.learn)" \
    test -s "$python_dir/dominoes/learn/__main__.py" -a -s "$python_dir/dominoes/learn/plot_curve.py"
  local named
  named=$(grep -rlF "$source_dir" "$root" 2>/dev/null | head -3)
  check "no installed file names the source tree ($named)" test -z "$named"
}
