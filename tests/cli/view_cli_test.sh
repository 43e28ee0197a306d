#!/usr/bin/env bash
# `dominoes view` at the command line (issue 21): the page lands beside the records or at --out,
# holds its games inline, and every bad input is one line with exit 2: no file, a directory, a line
# that is not a record (named by its number), an illegal move, no records, --out naming the input,
# a file over the page's limits. (The page itself is tested in a browser: viewer_browser_test.py.)
# Usage: view_cli_test.sh PATH/TO/dominoes
set -u
bin=${1:?usage: $0 PATH/TO/dominoes}
source "$(dirname "$0")/cli_lib.sh"

"$bin" run --player heuristic --player random --deals 5 --seed 3 --out "$tmp/run" \
  --games-out "$tmp/games.jsonl" --quiet >/dev/null 2>&1
check "records to view" test "$(wc -l <"$tmp/games.jsonl")" -eq 10

"$bin" view "$tmp/games.jsonl" >"$tmp/out" 2>"$tmp/err"
check "view exits 0" test $? -eq 0
check "the page lands beside the records" test -s "$tmp/games.html"
check "and says where, with the games' count" grep -qF "wrote $tmp/games.html: 10 games" "$tmp/out"
check "nothing on stderr" test ! -s "$tmp/err"
# The data is inline: each record's first move appears in the page, as JSON.
first=$(head -1 "$tmp/games.jsonl" | grep -o '"moves":\[{[^}]*}')
check "the records are inside the page" grep -qF -- "$first" "$tmp/games.html"
check "one <script> for the data and one for the code, nothing loaded" \
  test "$(grep -c '<script' "$tmp/games.html")" -eq 2 -a "$(grep -c 'src=' "$tmp/games.html")" -eq 0
"$bin" view "$tmp/games.jsonl" --out "$tmp/elsewhere.html" >"$tmp/out" 2>&1
check "--out names the page" test -s "$tmp/elsewhere.html"
"$bin" view --help >"$tmp/out" 2>&1
check "--help has an example" grep -qF 'dominoes view /tmp/hr/games.jsonl' "$tmp/out"

# Bad inputs.
expect_error "no games file" 2 "games file" view
expect_error "a missing file" 2 "cannot read" view "$tmp/none.jsonl"
expect_error "a directory" 2 "directory" view "$tmp"
expect_error "an unknown option" 2 "bogus" view "$tmp/games.jsonl" --bogus
expect_error "--out is the input" 2 "games file itself" view "$tmp/games.jsonl" --out "$tmp/games.jsonl"
expect_error "an input named .html would be overwritten" 2 "games file itself" view "$tmp/games.html"
: >"$tmp/empty.jsonl"
expect_error "no records" 2 "no game records" view "$tmp/empty.jsonl"
{ head -3 "$tmp/games.jsonl"; echo '{"deal":1}'; } >"$tmp/bad.jsonl"
expect_error "a line that is not a record, by number" 2 "line 4" view "$tmp/bad.jsonl"
# A four-seat partnership record whose teams contradict its rules (the page scores by the teams).
"$bin" run --seats 4 --player heuristic --player random --deals 1 --target 0 --out "$tmp/run4" \
  --games-out "$tmp/four.jsonl" --quiet >/dev/null 2>&1
check "four-seat records say their teams" grep -qF '"teams":[0,1,0,1]' "$tmp/four.jsonl"
sed 's/"teams":\[0,1,0,1\]/"teams":[0,1,1,0]/' "$tmp/four.jsonl" >"$tmp/teams.jsonl"
expect_error "teams that contradict the rules" 2 "teams must be the rules' teams" view "$tmp/teams.jsonl"
sed 's/"teams":\[0,1,0,1\]/"teams":[0,1]/' "$tmp/four.jsonl" >"$tmp/teams2.jsonl"
expect_error "teams of the wrong length" 2 "teams must list 4 seats" view "$tmp/teams2.jsonl"
# An illegal move: the first move's tile replaced by one its seat does not hold.
head -1 "$tmp/games.jsonl" | sed 's/"moves":\[{"seat":\([01]\),"tile":"[0-9]-[0-9]"/"moves":[{"seat":\1,"tile":"9-9"/' >"$tmp/illegal.jsonl"
expect_error "an illegal move" 2 "line 1" view "$tmp/illegal.jsonl"
check "no page is written for bad input" test ! -e "$tmp/illegal.html" -a ! -e "$tmp/bad.html"
# A record whose "deal" is not a number.
head -1 "$tmp/games.jsonl" | sed 's/"deal":0/"deal":"zero"/' >"$tmp/deal.jsonl"
expect_error "a deal that is not an integer" 2 "deal must be an integer" view "$tmp/deal.jsonl"

# The limits: 20000 games (here 20001 copies of one record) and 32 MiB.
line=$(head -1 "$tmp/games.jsonl")
yes "$line" | head -n 20001 >"$tmp/many.jsonl"
time_limit=60 expect_error "more games than a page holds" 2 "more than 20000 games" view "$tmp/many.jsonl"
head -c $((33 << 20)) /dev/zero | tr '\0' ' ' >"$tmp/big.jsonl"
expect_error "a file over 32 MiB" 2 "at most 32 MiB" view "$tmp/big.jsonl"

finish
