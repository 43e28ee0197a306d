#!/usr/bin/env bash
# Every whole-file writer (view's page, a run's and a merge's tables, the solver's --out, --curve
# and --csv) replaces regular files only and never writes through a link: a device node, a FIFO,
# a directory or a symbolic link where the output or its FILE.partial would go is refused in one
# line, and what it names is left as it was; a refused or failed write leaves no FILE.partial.
# Also: two outputs of one solve naming one file, and options of the other solver method, are
# refused before any work.
# Usage: output_files_test.sh PATH/TO/dominoes PATH/TO/solver
set -u
bin=${1:?usage: $0 PATH/TO/dominoes PATH/TO/solver}
solver=${2:?usage: $0 PATH/TO/dominoes PATH/TO/solver}
source "$(dirname "$0")/cli_lib.sh"

"$bin" run --player heuristic --player random --deals 3 --seed 1 --out "$tmp/run" \
  --games-out "$tmp/g.jsonl" --quiet >/dev/null 2>&1
check "records to view" test -s "$tmp/g.jsonl"
echo "precious" >"$tmp/victim"

# view --out over a FIFO (and, as root, a character device like /dev/null): refused, kept.
mkfifo "$tmp/fifo"
expect_error "view --out a FIFO" 1 "FIFO" view "$tmp/g.jsonl" --out "$tmp/fifo"
check "the FIFO is still a FIFO" test -p "$tmp/fifo"
if [ "$(id -u)" -eq 0 ]; then
  mknod "$tmp/null" c 1 3
  expect_error "view --out a device node" 1 "character device" view "$tmp/g.jsonl" --out "$tmp/null"
  check "the device node is still one" test -c "$tmp/null"
fi
# A symbolic link as the page's FILE.partial: never written through.
ln -s "$tmp/victim" "$tmp/g.html.partial"
expect_error "view with a linked g.html.partial" 1 "symbolic link" view "$tmp/g.jsonl"
check "the link's target is untouched" grep -qx precious "$tmp/victim"
check "no page was written" test ! -e "$tmp/g.html"
rm "$tmp/g.html.partial"
# --out naming a directory: refused, no FILE.partial left beside it.
mkdir "$tmp/dir"
expect_error "view --out a directory" 1 "directory" view "$tmp/g.jsonl" --out "$tmp/dir"
check "no dir.partial left" test ! -e "$tmp/dir.partial"
"$bin" view "$tmp/g.jsonl" >/dev/null 2>&1
check "a plain view still writes its page" test -s "$tmp/g.html"
check "and leaves no partial file" test ! -e "$tmp/g.html.partial"

# A run's tables: a linked summary.csv.partial is not written through.
mkdir "$tmp/out2"
ln -s "$tmp/victim" "$tmp/out2/summary.csv.partial"
"$bin" run --player heuristic --player random --deals 2 --out "$tmp/out2" --quiet \
  >"$tmp/out" 2>"$tmp/err"
check "a run with a linked summary.csv.partial fails" test $? -ne 0
check "and says which file" grep -q "summary.csv.partial" "$tmp/err"
check "the link's target is untouched (run)" grep -qx precious "$tmp/victim"

# The solver's outputs.
bin=$solver
small=(equilibrium --double 2 --hand 2 --quiet)
cp "$tmp/victim" "$tmp/F"
expect_error "--out and --curve one file" 2 "same file" "${small[@]}" --out "$tmp/F" --curve "$tmp/F"
check "F is unchanged" grep -qx precious "$tmp/F"
expect_error "--out and --curve one file, spelt two ways" 2 "same file" "${small[@]}" \
  --out "$tmp/new" --curve "$tmp/dir/../new"
expect_error "--out a FIFO" 2 "FIFO" "${small[@]}" --out "$tmp/fifo"
expect_error "--out in a missing folder" 2 "does not exist" "${small[@]}" --out "$tmp/nope/s"
ln -s "$tmp/victim" "$tmp/s.partial"
expect_error "--out with a linked s.partial" 2 "symbolic link" "${small[@]}" --out "$tmp/s"
check "the link's target is untouched (solver)" grep -qx precious "$tmp/victim"
expect_error "--csv a directory" 2 "directory" exploitability --double 2 --hand 2 --quiet \
  --player random --csv "$tmp/dir"
"$solver" "${small[@]}" --out "$tmp/s2" --curve "$tmp/c2" >/dev/null 2>&1
check "a good solve writes both files" test -s "$tmp/s2" -a -s "$tmp/c2"
check "and no partial file" test ! -e "$tmp/s2.partial" -a ! -e "$tmp/c2.partial"
expect_error "--regrets with --method tree" 2 "--regrets is for --method public" \
  "${small[@]}" --method tree --regrets cfr+
expect_error "--max-memory with --method tree" 2 "--max-memory is for --method public" \
  "${small[@]}" --method tree --max-memory 100
expect_error "--max-nodes with --method public" 2 "--max-nodes is for --method tree" \
  "${small[@]}" --max-nodes 1000
finish
