#!/usr/bin/env bash
# scripts/check-results-readmes: the READMEs under results/ agree with their tables, and the
# checker catches a wrong total, an unmarked figure, a check whose figure the text does not say,
# rows that differ under each(), a missing column or file, and an unreadable check; and, for points,
# intervals, percentages, times and sizes, a figure rounded from anything but the table's own value,
# a wrong cell of a checked table, a bold cell that is not the column's largest, and a figure
# neither checked nor marked (fixtures whose values are worked out by hand below).
# Usage: results_readmes_test.sh SOURCE_DIR
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

# Points, intervals and times: two pairings, seen from A's side. heuristic against random scores
# +3.0975 ± 0.5149 (so +3.10 ± 0.51; ± 0.52 would be 0.5149 rounded twice), M200 against the
# heuristic +1.457 ± 0.2501 (+1.46 ± 0.25); random's times per decision are 0.0009 and the
# heuristic's 0.0012 and 0.0011 ms.
printf '%s\n' 'player_a,player_b,games,a_points_per_game,a_points_ci95,a_win_rate,a_win_rate_ci95_low,a_win_rate_ci95_high,a_ms_per_decision,b_ms_per_decision' \
  'heuristic,random,4000,3.0975,0.5149,0.592,0.58,0.60,0.0012,0.0009' \
  '"minimax(scenarios=200,depth=0)",heuristic,2000,1.457,0.2501,0.55,0.53,0.57,1.25,0.0011' >"$tmp/r/pairs.csv"
printf 'value 3.427102\nseconds 541.78 solve-seconds 444.73 peak-memory-mib 5430\n' >"$tmp/r/solve.txt"
printf '{"rows": [{"player_a": "x", "a_points_per_game": 0.355}], "ratings": {"points_chi_square": 198.22}}\n' >"$tmp/r/summary.json"
names='<!-- names:\nM200 = minimax(scenarios=200,depth=0*\n-->\n'

expect "points: a right figure, to its own digits" 0 "1 claims checked" \
  'It scores +3.10 points.\n<!-- check: +3.10 = a_points_per_game in pairs.csv where player_a=heuristic and player_b=random -->\n'
expect "points: a wrong figure names the table's value" 1 "+3.09: the tables say 3.0975" \
  'It scores +3.09 points.\n<!-- check: +3.09 = a_points_per_game in pairs.csv where player_a=heuristic and player_b=random -->\n'
expect "points: the sign counts" 1 "the tables say 3.0975" \
  'It scores −3.10 points.\n<!-- check: −3.10 = a_points_per_game in pairs.csv where player_a=heuristic and player_b=random -->\n'
expect "an interval rounded from the table's own value" 0 "0 problems" \
  'Give or take ± 0.51.\n<!-- check: ±0.51 = a_points_ci95 in pairs.csv where player_a=heuristic -->\n'
expect "an interval rounded twice" 1 "which rounds to 0.51" \
  'Give or take ± 0.52.\n<!-- check: ±0.52 = a_points_ci95 in pairs.csv where player_a=heuristic -->\n'
expect "a half rounds away from zero" 0 "0 problems" \
  'Ahead by 0.36.\n<!-- check: 0.36 = a_points_per_game in summary.json -->\n'
expect "a cell needs exactly one row" 1 "2 rows of pairs.csv" \
  'It scores +3.10 points.\n<!-- check: +3.10 = a_points_per_game in pairs.csv -->\n'
expect "by side, with a label" 0 "0 problems" \
  "${names}"'random scores −3.10 against the heuristic, which M200 beats by 1.46.\n<!-- check: −3.10 = points_per_game in pairs.csv by side where player=random and opponent=heuristic -->\n<!-- check: 1.46 = points_per_game in pairs.csv by side where player=M200 -->\n'
expect "a difference of two cells" 1 "1.65: the tables say 1.6405" \
  "${names}"'The heuristic gains 1.65 more.\n<!-- check: 1.65 = points_per_game[player=heuristic and opponent=random] - points_per_game[player=M200] in pairs.csv by side -->\n'
expect "an inequality that holds" 0 "0 problems" \
  'They take under 0.01 ms.\n<!-- check: 0.01 > max(ms_per_decision) in pairs.csv by side where player=heuristic|random -->\n'
expect "an inequality that does not hold" 1 "does not hold" \
  'They take under 0.001 ms.\n<!-- check: 0.001 > max(ms_per_decision) in pairs.csv by side where player=heuristic|random -->\n'
expect "a percentage" 1 "59.1%: the tables say 59.2" \
  'It wins 59.1% of games.\n<!-- check: 59.1% = 100 * a_win_rate in pairs.csv where player_a=heuristic -->\n'
expect "a solver report and a JSON member" 0 "2 claims checked" \
  'It took 542 s; chi² = 198.2.\n<!-- check: 542 = seconds in solve.txt -->\n<!-- check: 198.2 = points_chi_square in summary.json:ratings -->\n'
expect "a wrong time" 1 "545: the tables say 541.78" \
  'It took 545 s.\n<!-- check: 545 = seconds in solve.txt -->\n'
expect "bytes per node from arithmetic" 1 "which rounds to 69" \
  'About 65 bytes per node.\n<!-- check: 65 = peak-memory-mib * 1048576 / 82335970 in solve.txt -->\n'
expect "an unmarked decimal" 1 '"0.31" is neither checked' 'resolve is 0.31 below it.\n'
expect "an unmarked interval" 1 '"± 0.25" is neither checked' 'Each is ± 0.25.\n'
expect "an unmarked percentage" 1 '"60%" is neither checked' 'It wins 60% of hands.\n'
expect "an unmarked time" 1 '"545 s" is neither checked' 'It took 545 s.\n'
expect "an unmarked size, both ends of a range" 1 '"55" is neither checked' 'It takes 55 to 65 bytes per node.\n'
expect "an unmarked signed number" 1 '"+76" is neither checked' 'Its Elo is +76.\n'
expect "an unmarked number in a table" 1 '"63" is neither checked' '| variant | bytes |\n|---|--:|\n| d6h2 | 63 |\n'
expect "a marked decimal" 0 "0 problems" 'The target is +0.3.\n<!-- unchecked: +0.3: a target -->\n'
expect "a confidence level and numbers inside words are not figures" 0 "0 problems" \
  'A 95% interval on double-6, d4h4 and soft-0.5, with 7 tiles.\n'

table='| row against column | heuristic | random |\n|---|--:|--:|\n| heuristic | | +3.10 ± 0.51 |\n| random | −3.10 ± 0.51 | |\n| M200 | +1.46 ± 0.25 | |\n'
check='\n<!-- check table: pairs.csv by side\nrow: player\ncolumn: opponent\n2-3: points_per_game, points_ci95\n-->\n'
expect "a table check" 0 "6 claims checked" "${names}${table}${check}"
expect "a table check finds a wrong cell" 1 "which rounds to 1.46" "${names}${table/+1.46/+1.45}${check}"
expect "a table check finds an interval rounded twice" 1 "which rounds to 0.51" "${names}${table/+3.10 ± 0.51/+3.10 ± 0.52}${check}"
expect "a table check names an unknown row" 1 "0 rows of pairs.csv" "${names}${table/M200/M1000}${check}"
bold='| row against column | heuristic |\n|---|--:|\n| random | −3.10 |\n| M200 | **+1.46** |\n'
boldcheck='\n<!-- check table: pairs.csv by side\nrow: player\ncolumn: opponent\n2: points_per_game\nbold: max\n-->\n'
expect "bold: the column's largest" 0 "0 problems" "${names}${bold}${boldcheck}"
bold2='| row against column | heuristic |\n|---|--:|\n| random | **−3.10** |\n| M200 | +1.46 |\n'
expect "bold: a bold cell that is not the largest" 1 "bold but not the largest" "${names}${bold2}${boldcheck}"
expect "bold: the largest cell not bold" 1 "the largest but not bold" "${names}${bold2}${boldcheck}"
finish
