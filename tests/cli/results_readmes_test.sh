#!/usr/bin/env bash
# scripts/check-results-readmes: the READMEs under results/ agree with their tables, and the
# checker catches a wrong total, an unmarked figure, a check whose figure the text does not say,
# rows that differ under each(), a missing column or file, and an unreadable check (fixtures whose
# totals are worked out by hand below). Usage: results_readmes_test.sh SOURCE_DIR
src=$1
bin=$src/scripts/check-results-readmes
. "$(dirname "$0")/cli_lib.sh"

"$bin" "$src/results" >"$tmp/out" 2>&1
rc=$?
check "results/ READMEs agree with their tables: $(cat "$tmp/out")" test "$rc" -eq 0
check "it checked some claims" grep -Eq '^[1-9][0-9]* claims checked' "$tmp/out"

# A folder whose summary.csv sums to 400 games and 200 deals, 100 to 300 games a row.
mkdir -p "$tmp/r"
printf 'player_a,player_b,games,deals_played,seconds\na,b,100,50,1.5\na,c,300,150,2\n' >"$tmp/r/summary.csv"
printf 'player_a,games\na,40\nb,40\n' >"$tmp/r/even.csv"

# expect NAME EXIT WORD README-TEXT: the checker's exit code and a word of its output.
expect() {
  local name=$1 want=$2 word=$3
  printf '%b' "$4" >"$tmp/r/README.md"
  "$bin" "$tmp/r/README.md" >"$tmp/out" 2>&1
  local rc=$?
  if [ "$rc" -eq "$want" ] && grep -qF -- "$word" "$tmp/out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name (exit $rc, expected $want; wanted \"$word\"): $(cat "$tmp/out")"
  fi
}

expect "a right sum" 0 "1 claims checked" \
  'We played 400 games.\n<!-- check: 400 = sum(games) in summary.csv -->\n'
expect "a wrong sum names the line and the true total" 1 "README.md:2: 500: the tables say 400" \
  '# Title\nWe played 500 games.\n<!-- check: 500 = sum(games) in summary.csv -->\n'
expect "an unmarked figure" 1 '"400 games" is neither checked' 'We played 400 games.\n'
expect "a figure with a word between" 1 '"200 duplicate deals"' 'On 200 duplicate deals.\n'
expect "a check of a figure the text does not say" 1 "does not say" \
  'We played 400 games.\n<!-- check: 400 = sum(games) in summary.csv -->\n<!-- check: 999 = sum(games) in summary.csv -->\n'
expect "min, max and rows" 0 "3 claims checked" \
  '2 pairings of 50 to 150 deals.\n<!-- check: 2 = rows in summary.csv -->\n<!-- check: 50 = min(deals_played) in summary.csv -->\n<!-- check: 150 = max(deals_played) in summary.csv -->\n'
expect "each, when every row agrees" 0 "1 claims checked" \
  'Each pairing played 40 games.\n<!-- check: 40 = each(games) in even.csv -->\n'
expect "each, when rows differ" 1 "differ" \
  'Each pairing played 100 games.\n<!-- check: 100 = each(games) in summary.csv -->\n'
expect "a missing column" 1 "no column wins" \
  'We played 400 games.\n<!-- check: 400 = sum(wins) in summary.csv -->\n'
expect "a missing table" 1 "no table" \
  'We played 400 games.\n<!-- check: 400 = sum(games) in nowhere.csv -->\n'
expect "an unreadable check" 1 "cannot read the check" \
  'We played 400 games.\n<!-- check: 400 is the sum of games -->\n'
expect "an unchecked figure with its reason" 0 "0 problems" \
  'Fitted to 500 deals.\n<!-- unchecked: 500 deals: the training run, not committed -->\n'
expect "a figure in a code block is not a claim" 0 "0 problems" \
  '```\n900 games\n```\n'
expect "a figure or a check in a code span is not read" 0 "0 problems" \
  'Write `900 games <!-- check: 900 = sum(games) in\nsummary.csv -->` to check.\n'
expect "a check after a table" 0 "1 claims checked" \
  '| a | 400 games |\n|---|---|\n\n<!-- check: 400 = sum(games) in summary.csv -->\n'
expect "a check two paragraphs away does not count" 1 "neither checked" \
  'We played 400 games.\n\nOther text.\n<!-- check: 400 = sum(games) in summary.csv -->\n'
finish
