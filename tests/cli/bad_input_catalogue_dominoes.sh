#!/usr/bin/env bash
# The bad-input catalogue of `dominoes` (issue 8): malformed options, config files, strategy specs,
# paths and journals. Every case must end within a bounded time with exit 2 (1 for I/O failures),
# exactly one line on stderr, no longer than 400 bytes, that mentions the named word, nothing on
# stdout, and no table in the output directory.
# (cli_lib.sh's expect_error checks all but the tables.)
# Usage: bad_input_catalogue_dominoes.sh PATH/TO/dominoes
set -u

bin=${1:?usage: $0 PATH/TO/dominoes}
source "$(dirname "$0")/cli_lib.sh"
max_error_bytes=500  # an unknown option's message lists every valid key
tables="$tmp/tables"

# reject EXIT WORD ARGS...: expect_error (cli_lib.sh) on "$bin" ARGS, and no table written.
reject() {
  local want=$1 word=$2
  shift 2
  rm -rf "$tables"
  expect_error "$(printf '%q ' "$@" | head -c 120)" "$want" "$word" "$@"
  if [ -e "$tables/summary.csv" ]; then
    passed=$((passed - 1)) failed=$((failed + 1))
    echo "FAIL: $(printf '%q ' "$@" | head -c 120): wrote tables"
  fi
}

P=(--player random --player heuristic)
O=(--out "$tables" --quiet)
cfg() { printf '%b' "$2" >"$tmp/$1"; echo "$tmp/$1"; }

# Options: unknown, repeated, valueless, and Boost's own placeholders (which once hung the run).
reject 2 bogus run --bogus "${P[@]}" "${O[@]}"
reject 2 '%canonical_option%' run --%canonical_option% "${P[@]}" "${O[@]}"
reject 2 '%prefix%' run '--%prefix%%option%' "${P[@]}" "${O[@]}"
reject 2 deals run --deals 5 --deals 6 "${P[@]}" "${O[@]}"
reject 2 deals run "${P[@]}" "${O[@]}" --deals
reject 2 help run --help=yes
reject 2 'not options' run a.cfg b.cfg
reject 2 'unknown command' frobnicate
reject 2 extra strategies extra
# Types and ranges of every key.
reject 2 deals run --deals 0 "${P[@]}" "${O[@]}"
reject 2 deals run --deals -3 "${P[@]}" "${O[@]}"
reject 2 deals run --deals 12x "${P[@]}" "${O[@]}"
reject 2 deals run --deals 99999999999999999999999 "${P[@]}" "${O[@]}"
reject 2 seed run --seed -1 "${P[@]}" "${O[@]}"
reject 2 seed run --seed 18446744073709551616 "${P[@]}" "${O[@]}"
reject 2 threads run --threads -1 "${P[@]}" "${O[@]}"
reject 2 threads run --threads 100000 "${P[@]}" "${O[@]}"
reject 2 target run --target 200000 "${P[@]}" "${O[@]}"
reject 2 100000 run --target 100001 "${P[@]}" "${O[@]}"
reject 2 target run --target -5 "${P[@]}" "${O[@]}"
reject 2 double run --double 1 "${P[@]}" "${O[@]}"
reject 2 double run --double 10 "${P[@]}" "${O[@]}"
reject 2 hand-size run --hand-size 15 "${P[@]}" "${O[@]}"
reject 2 hand-size run --hand-size 0 "${P[@]}" "${O[@]}"
reject 2 chunk run --chunk 0 "${P[@]}" "${O[@]}"
reject 2 format run --format swiss "${P[@]}" "${O[@]}"
reject 2 duplicate run --duplicate maybe "${P[@]}" "${O[@]}"
reject 2 quiet run --quiet 1 "${P[@]}" --out "$tables"
reject 2 scoring run --scoring most-pips "${P[@]}" "${O[@]}"
reject 2 leader run --leader youngest "${P[@]}" "${O[@]}"
reject 2 control-variate run --control-variate maybe "${P[@]}" "${O[@]}"
reject 2 alternate run --control-variate on --leader alternate "${P[@]}" "${O[@]}"
reject 2 target run --control-variate on --target 50 "${P[@]}" "${O[@]}"
# Three and four seats (docs/rules.md): the seat count, partners, the hand size at that table,
# their rules' words, a strategy that does not play the table, a pair of specs without partners.
reject 2 seats run --seats 5 "${P[@]}" "${O[@]}"
reject 2 partners run --seats 3 --partners "${P[@]}" "${O[@]}"
reject 2 'at 4 seats' run --seats 4 --hand-size 8 "${P[@]}" "${O[@]}"
reject 2 block run --seats 4 --block fewest "${P[@]}" "${O[@]}"
reject 2 next-leader run --seats 4 --next-leader oldest "${P[@]}" "${O[@]}"
reject 2 'plays 2 seats' run --seats 4 --player resolve --player random "${O[@]}"
reject 2 'needs a table of partners' run --seats 4 --no-partners --player 'heuristic & random' --player random "${O[@]}"
reject 2 'two joined' run --seats 4 --player 'heuristic & random & lowest' --player random "${O[@]}"
reject 2 'needs two seats' run --seats 4 --target 0 --control-variate on "${P[@]}" "${O[@]}"
reject 2 'a sweep changes one' run --seats 4 --target 0 --player 'playout & heuristic' --player random --sweep 1.playouts=10,20 "${O[@]}"
reject 2 'a sweep changes one' run --seats 4 --target 0 --player 'playout & heuristic' --player random --sweep-param playouts --sweep-values 10,20 "${O[@]}"
reject 2 seats check-bot 'python3 x.py' --seats 1
reject 2 sweep-player run --sweep-param playouts --sweep-values 1,2 --sweep-player 3 "${P[@]}" "${O[@]}"
reject 2 sweep run --sweep-param playouts "${P[@]}" "${O[@]}"
reject 2 'has no parameter' run --sweep-param depth --sweep-values 1 "${P[@]}" "${O[@]}"
# The sequential test: its settings, and head-to-head only.
reject 2 'sprt needs format head-to-head' run --sprt p0=0,p1=0.5 "${P[@]}" "${O[@]}"
reject 2 'p1 must be greater' run --sprt p0=0.5,p1=0 --format head-to-head "${P[@]}" "${O[@]}"
reject 2 'p0 and p1 are required' run --sprt p1=1 --format head-to-head "${P[@]}" "${O[@]}"
reject 2 'unknown key' run --sprt p0=0,p1=1,gamma=2 --format head-to-head "${P[@]}" "${O[@]}"
reject 2 'alpha and beta' run --sprt p0=0,p1=1,alpha=1 --format head-to-head "${P[@]}" "${O[@]}"
reject 2 'without a sweep' run --sprt p0=0,p1=0.5 --format head-to-head --player random --player 'playout(playouts=3)' --sweep 2.playouts=1,2 "${O[@]}"
# Grid sweeps (issue 10): bad form, player, parameter, value, list; a parameter twice; mixed keys.
G=(--player random --player 'playout(playouts=3)')
reject 2 bogus run --sweep 2.bogus=1,2 "${G[@]}" "${O[@]}"
reject 2 playouts run --sweep 2.playouts=1,many "${G[@]}" "${O[@]}"
reject 2 '1..2' run --sweep 3.playouts=1,2 "${G[@]}" "${O[@]}"
reject 2 player run --sweep 0.playouts=1,2 "${G[@]}" "${O[@]}"
reject 2 'no values' run --sweep 2.playouts= "${G[@]}" "${O[@]}"
reject 2 'empty value' run --sweep 2.playouts=1,,2 "${G[@]}" "${O[@]}"
reject 2 P.PARAM run --sweep playouts=1,2 "${G[@]}" "${O[@]}"
reject 2 twice run --sweep 2.playouts=1 --sweep 2.playouts=2 "${G[@]}" "${O[@]}"
reject 2 sweep-param run --sweep 2.playouts=1 --sweep-param playouts --sweep-values 2 "${G[@]}" "${O[@]}"
reject 2 twice run "$(cfg twice.cfg 'player = random\nplayer = playout\nsweep = 2.playouts=1\nsweep = 2.playouts=4\n')" "${O[@]}"
reject 2 name run --name 'a/b' "${P[@]}" "${O[@]}"
reject 2 name run --name $'two\nlines' "${P[@]}" "${O[@]}"
reject 2 out run --out $'dir\nname' "${P[@]}" --quiet
reject 2 '#' run --games-out 'games#1.jsonl' "${P[@]}" "${O[@]}"
reject 2 'out is empty' run --out '' "${P[@]}" --quiet
reject 2 'games-out is empty' run --games-out '' "${P[@]}" "${O[@]}"
reject 2 'takes no value' run --restart=yes "${P[@]}" "${O[@]}"
# Players and strategy specs.
reject 2 nosuch run --player nosuch --player random "${O[@]}"
reject 2 '"x"' run --player 'random(x=1)' --player random "${O[@]}"
reject 2 'heuristic(' run --player 'heuristic(' --player random "${O[@]}"
reject 2 'given twice' run --player 'minimax(depth=1,depth=2)' --player random "${O[@]}"
reject 2 playouts run --player 'playout(playouts=0)' --player random "${O[@]}"
reject 2 scenarios run --player 'minimax(scenarios=1.5)' --player random "${O[@]}"
reject 2 rollout run --player 'playout(rollout=smart)' --player random "${O[@]}"
# The equilibrium strategy (issue 13): no file, a missing one, a device, a malformed one; and a file
# for another variant, refused when the spec is resolved, before any game.
reject 2 'file=PATH is required' run --player equilibrium --player random "${O[@]}"
reject 2 'cannot read' run --player "equilibrium(file=$tmp/missing)" --player random "${O[@]}"
reject 2 'not a regular file' run --player 'equilibrium(file=/dev/zero)' --player random "${O[@]}"
reject 2 'not a strategy file' run --player "equilibrium(file=$(cfg notes.txt 'hello\n'))" --player random "${O[@]}"
reject 2 'this game is double-6' run --player "equilibrium(file=$(cfg d3h2.strategy 'dominoes-equilibrium v1\ndouble 3\nhand 2\n'))" --player random --deals 4 "${O[@]}"
# Budgets per decision (strategies/decision_budget.h): negative, fractional or not numbers.
reject 2 time-ms run --player 'minimax(time-ms=-1)' --player random "${O[@]}"
# Display names (NAME: SPEC): bad characters, too long, empty, no spec, another strategy's name,
# a name given twice; also in a config file and for dominoes label.
reject 2 'letters, digits' run --player 'my bot: random' --player heuristic "${O[@]}"
reject 2 '25 characters' run --player 'abcdefghijklmnopqrstuvwxy: random' --player heuristic "${O[@]}"
reject 2 'empty' run --player ': random' --player heuristic "${O[@]}"
reject 2 'no strategy spec' run --player 'R:' --player heuristic "${O[@]}"
reject 2 'strategy it does not play' run --player 'lowest: random' --player heuristic "${O[@]}"
reject 2 'its own name' run --player 'A: random' --player 'A: heuristic' "${O[@]}"
reject 2 'letters, digits' run "$(cfg names.cfg 'player = a b: random\nplayer = random\n')" "${O[@]}"
reject 2 'its own name' run "$(cfg names2.cfg 'player = X: random\nplayer = X: lowest\n')" "${O[@]}"
reject 2 'one or more players' label
reject 2 'letters, digits' label 'a/b: random'
reject 2 'no closing parenthesis' label 'minimax('
reject 2 'not a player' label 'heuristic' 'random(x=1,x=2)'
reject 2 'no closing parenthesis' label 'heuristic & minimax('
reject 2 'names 3 specs' label 'random & lowest & heuristic'
# A spec is written into config.cfg ('#' a comment, a newline the value's end) and into
# summary.md's cells ('|'): none may appear in one, even inside a path.
reject 2 "'#'" run --player "equilibrium(file=$tmp/a#b.strategy)" --player random "${O[@]}"
reject 2 "'|'" run --player "equilibrium(file=$tmp/a|b.strategy)" --player random "${O[@]}"
reject 2 'newlines' run --player $'equilibrium(file=a\nb.strategy)' --player random "${O[@]}"
reject 2 nodes run --player 'minimax(nodes=-5)' --player random "${O[@]}"
reject 2 time-ms run --player 'playout(time-ms=-1)' --player random "${O[@]}"
reject 2 nodes run --player 'playout(nodes=-1)' --player random "${O[@]}"
reject 2 time-ms run --player 'ismcts(time-ms=-20)' --player random "${O[@]}"
reject 2 nodes run --player 'ismcts(nodes=-1)' --player random "${O[@]}"
reject 2 time-ms run --player 'inference(time-ms=-1)' --player random "${O[@]}"
reject 2 nodes run --player 'inference(nodes=-100)' --player random "${O[@]}"
reject 2 nodes run --player 'minimax(nodes=1.5)' --player random "${O[@]}"
reject 2 time-ms run --player 'ismcts(time-ms=fast)' --player random "${O[@]}"
reject 2 head-to-head run --format head-to-head --player random --player lowest --player heuristic "${O[@]}"
reject 2 'at least 2' run --player random "${O[@]}"
# Huge inputs: the message echoes at most about 80 characters of them.
huge=$(head -c 100000 /dev/zero | tr '\0' 'x')
reject 2 'more bytes' run --player "$huge" --player random "${O[@]}"
reject 2 'more bytes' run --name "$huge" "${P[@]}" "${O[@]}"
reject 2 'more bytes' run "$(cfg huge.cfg "player = random\nplayer = lowest\nformat = $huge\n")" "${O[@]}"
reject 2 'more bytes' run "$(cfg huge_key.cfg "player = random\n$huge = 1\n")" "${O[@]}"
# Config files: missing, a directory, malformed lines, unknown keys, bad values.
reject 2 /nonexistent.cfg run /nonexistent.cfg "${O[@]}"
reject 2 'is a directory' run "$tmp" "${O[@]}"
reject 2 bogus_key run "$(cfg bad_key.cfg 'player = random\nplayer = lowest\nbogus_key = 1\n')" "${O[@]}"
reject 2 '%canonical_option%' run "$(cfg placeholder.cfg 'player = random\n%%canonical_option%% = 1\n')" "${O[@]}"
reject 2 'key = value' run "$(cfg no_equals.cfg 'player = random\njust words\n')" "${O[@]}"
reject 2 deals run "$(cfg bad_value.cfg 'player = random\nplayer = lowest\ndeals = -1\n')" "${O[@]}"
reject 2 deals run "$(cfg twice.cfg 'player = random\nplayer = lowest\ndeals = 1\ndeals = 2\n')" "${O[@]}"
# Paths the run would have to write over: its own files, the config itself, a directory.
reject 2 summary.csv run "${P[@]}" "${O[@]}" --games-out "$tables/summary.csv"
reject 2 journal.txt run "${P[@]}" "${O[@]}" --games-out "$tables/journal.txt"
reject 2 summary.csv.partial run "${P[@]}" "${O[@]}" --games-out "$tables/summary.csv.partial"
reject 2 'config file being read' run "$(cfg self.cfg "player = random\nplayer = lowest\ngames-out = $tmp/self.cfg\n")" "${O[@]}"
reject 2 'is a directory' run "${P[@]}" "${O[@]}" --games-out "$tmp"
# ... or replace what they name (issue 20): only a regular file or a new path; never try /dev here.
mkfifo "$tmp/games-fifo" && ln -s /dev/null "$tmp/games-to-device"
reject 2 'FIFO' run "${P[@]}" "${O[@]}" --games-out "$tmp/games-fifo"
reject 2 'symbolic link' run "${P[@]}" "${O[@]}" --games-out "$tmp/games-to-device"
check 'games-out FIFO is still a FIFO' test -p "$tmp/games-fifo"
check 'games-out link is still a link' test -L "$tmp/games-to-device"
: >"$tmp/plain_file"
reject 2 'not a directory' run "${P[@]}" --quiet --out "$tmp/plain_file"
reject 1 'Not a directory' run "${P[@]}" --quiet --out "$tmp/plain_file/sub" --deals 10
# ... or over a file the run reads (issue 20): a player's strategy file or model, the config file
# with a table. Each input must survive the refusal.
"$bin" run "${P[@]}" --deals 10 --quiet --out "$tmp/rec" --games-out "$tmp/rec.jsonl" >/dev/null 2>&1
"$bin" fit-model --games "$tmp/rec.jsonl" --player heuristic --out "$tmp/rec-model.txt" >/dev/null
cp "$tmp/rec.jsonl" "$tmp/rec.copy" && cp "$tmp/rec-model.txt" "$tmp/rec-model.copy"
reject 2 'reads' run --player "inference(model=fitted:$tmp/rec-model.txt)" --player random "${O[@]}" --games-out "$tmp/./rec-model.txt"
strategy=$(cfg d3h2-b.strategy 'dominoes-equilibrium v1\ndouble 3\nhand 2\n')
reject 2 'reads' run --player "equilibrium(file=$strategy)" --player random --double 3 --hand 2 "${O[@]}" --games-out "$strategy"
check 'strategy unchanged' test "$(cat "$strategy")" = "$(printf 'dominoes-equilibrium v1\ndouble 3\nhand 2')"
mkdir -p "$tmp/own" && cp "$(cfg self2.cfg 'player = random\nplayer = lowest\n')" "$tmp/own/summary.md"
reject 2 'writes over' run "$tmp/own/summary.md" --out "$tmp/own" --quiet
check 'config unchanged' cmp -s "$tmp/own/summary.md" "$tmp/self2.cfg"
reject 2 'games file' fit-model --games "$tmp/rec.jsonl" --player heuristic --out "$tmp/../$(basename "$tmp")/rec.jsonl"
check 'records unchanged' cmp -s "$tmp/rec.jsonl" "$tmp/rec.copy"
check 'model unchanged' cmp -s "$tmp/rec-model.txt" "$tmp/rec-model.copy"
"$bin" run "${P[@]}" --deals 20 --chunk 10 --quiet --out "$tmp/self-merge" --shard 0/1 \
  --games-out "$tmp/self-merge/shard-0-of-1/games.jsonl" 2>/dev/null
cp "$tmp/self-merge/shard-0-of-1/games.jsonl" "$tmp/self-merge.copy"
reject 2 'merge reads' merge "$tmp/self-merge"
check 'shard records unchanged' cmp -s "$tmp/self-merge/shard-0-of-1/games.jsonl" "$tmp/self-merge.copy"
# Text that summary.json could not hold (issue 20): refused before the first game, not after the
# last one.
reject 2 'UTF-8' run "${P[@]}" "${O[@]}" --name "$(printf 'caf\xe9')"
reject 2 'UTF-8' run "${P[@]}" --quiet --out "$tmp/$(printf 'out\xff')"
reject 2 'UTF-8' run "${P[@]}" "${O[@]}" --games-out "$tmp/$(printf 'g\xfe.jsonl')"
reject 2 'UTF-8' run --bot "mybot=$(printf 'echo \xe9')" --player mybot --player random "${O[@]}"
"$bin" run "${P[@]}" --deals 20 --chunk 10 --quiet --out "$tmp/utf8-shards" --shard 0/1 2>/dev/null
mv "$tmp/utf8-shards" "$tmp/$(printf 'shards\xff')"
reject 2 'UTF-8' merge "$tmp/$(printf 'shards\xff')"
# dominoes advise: impossible positions and bad options (issue 9). L4 is a line of 4 tiles with
# open ends 3 and 6; with --hand-size 3 a hand of one tile leaves the opponent one.
A=(advise --hand-size 3)
L4=3-4,4-4,4-1,1-6
reject 2 'hand is required' advise
reject 2 'hand is empty' advise --hand -
reject 2 'twice' advise --hand 1-2,2-1
reject 2 '7-7' advise --hand 7-7
reject 2 'twice' "${A[@]}" --hand 3-4 --line $L4
reject 2 'does not join' "${A[@]}" --hand 2-3 --line 3-4,5-6
reject 2 'hand-size 3' "${A[@]}" --hand 0-0,0-1,0-2,0-3
reject 2 'more than the 6 dealt' "${A[@]}" --hand 0-0,0-1,0-2 --line $L4
reject 2 'no tile' "${A[@]}" --hand 0-0,0-1 --line $L4
reject 2 'more than the line holds' "${A[@]}" --hand 2-3 --line 3-4
reject 2 'opp-count' "${A[@]}" --hand 2-3 --line $L4 --opp-count 2
reject 2 'opp-count' "${A[@]}" --hand 2-3 --line $L4 --opp-count x
reject 2 'lacks' "${A[@]}" --hand 2-3 --line $L4 --lacks 7
reject 2 'lacks' "${A[@]}" --hand 2-3 --line $L4 --lacks 1,,2
reject 2 'nobody passes' "${A[@]}" --hand 0-0,1-1,2-2 --lacks 4
reject 2 'fits' "${A[@]}" --hand 2-3 --line $L4 --lacks 0,1,2,3,4,5,6
reject 2 'blocked' "${A[@]}" --hand 0-0 --line $L4 --lacks 3,6
reject 2 'sees both hands' "${A[@]}" --hand 2-3 --line $L4 --with omniscient
reject 2 nosuch "${A[@]}" --hand 2-3 --line $L4 --with nosuch
reject 2 samples "${A[@]}" --hand 2-3 --line $L4 --samples 0
reject 2 seed "${A[@]}" --hand 2-3 --line $L4 --seed -1
reject 2 double advise --double 1 --hand 1-2
reject 2 leader advise --leader random --hand 1-2
reject 2 bogus advise --bogus
reject 2 'more bytes' advise --hand "$huge"
# dominoes play: bad options are refused before any game starts.
reject 2 games play --games -1
reject 2 games play --games 100001
reject 2 seed play --seed x
reject 2 nosuch play --against nosuch
reject 2 'sees both hands' play --hint --with omniscient
reject 2 leader play --leader youngest
reject 2 'hand-size' play --hand-size 15
reject 2 samples play --samples 0
reject 2 'takes no value' play --hint=yes
reject 2 'not options' play extra
# dominoes play and advise at three and four seats (issue 22): a strategy that does not play the
# seat count (resolve plays two seats only), --partner where there is none, the counts and passes
# of the other seats. L4 as above; with --hand-size 3, 12 tiles are dealt at four seats.
reject 2 'plays 2 seats, not 4' play --seats 4 --partner resolve
reject 2 'plays 2 seats, not 4' play --seats 4 --against resolve
reject 2 'plays 2 seats, not 3' play --seats 3 --hint --with resolve
reject 2 'needs a four-seat partnership' play --seats 3 --partner heuristic
reject 2 'needs a four-seat partnership' play --seats 4 --no-partners --partner heuristic
# --partners is spelt as dominoes run spells it, a flag pair, at every command: a value is refused.
reject 2 'is a flag and takes no value' play --seats 4 --partners true
reject 2 'is a flag and takes no value' play --seats 4 --partners=false
reject 2 'is a flag and takes no value' advise --seats 4 --no-partners false --hand 2-3
reject 2 'is a flag and takes no value' run --seats 4 --partners true "${P[@]}" "${O[@]}"
reject 2 'needs a four-seat partnership' play --partner heuristic
reject 2 nosuch play --seats 4 --partner nosuch
reject 2 seats play --seats 5
T=(advise --seats 4 --hand-size 3 --line "$L4")
reject 2 'opp-count is for two seats' "${T[@]}" --hand 2-3 --opp-count 2
reject 2 'counts is for three or four seats' "${A[@]}" --hand 2-3 --line $L4 --counts 1
reject 2 'give 3 counts' "${T[@]}" --hand 2-3 --counts 2,2
reject 2 'each count is 1 to hand-size 3' "${T[@]}" --hand 2-3 --counts 2,2,9
reject 2 'each count is 1 to hand-size 3' "${T[@]}" --hand 2-3 --counts 2,2,x
reject 2 'add up to 6' "${T[@]}" --hand 2-3 --counts 2,2,2
reject 2 'lists split by /' "${T[@]}" --hand 2-3 --counts 2,2,3 --lacks 3
reject 2 'values 0..6' "${T[@]}" --hand 2-3 --counts 2,2,3 --lacks -/-/9
reject 2 'counts is needed with --lacks' "${T[@]}" --hand 2-3 --lacks -/-/3
reject 2 'someone has passed' "${T[@]}" --hand 2-3
reject 2 'no deal of the other hands fits' "${T[@]}" --hand 2-3 --counts 2,2,3 --lacks -/-/0,1,2,3,4,5,6
reject 2 'blocked' "${T[@]}" --hand 0-1 --counts 2,2,3 --lacks 3,6/3,6/3,6
reject 2 'plays 2 seats, not 4' "${T[@]}" --hand 2-3 --counts 2,2,3 --with resolve
reject 2 'more than the 12 dealt' advise --seats 4 --hand-size 3 --hand 0-0,0-1,0-2 --line $L4,6-6,6-2,2-2,2-5,5-5,5-0
reject 2 'nobody passes' advise --seats 3 --hand-size 3 --hand 0-0 --lacks 1/
# External bots (docs/protocol.md): declarations on the command line and in [bot.NAME] sections, and
# check-bot's arguments. No bot is started for any of these.
B=(--player mybot --player random "${O[@]}")
reject 2 'NAME=COMMAND' run --bot nocommand "${B[@]}"
reject 2 'name' run --bot '=python3 x.py' "${B[@]}"
reject 2 'not valid' run --bot 'my bot=python3 x.py' "${B[@]}"
reject 2 'command is empty' run --bot 'mybot=' "${B[@]}"
reject 2 'taken' run --bot 'random=python3 x.py' "${B[@]}"
reject 2 'twice' run --bot 'mybot=a' --bot 'mybot=b' "${B[@]}"
reject 2 'mybot' run --player mybot --player random "${O[@]}"
reject 2 'time-ms' run "$(cfg b1.cfg '[bot.mybot]\ncommand = python3 x.py\ntime-ms = 0\n')" "${B[@]}"
reject 2 'restarts' run "$(cfg b2.cfg '[bot.mybot]\ncommand = python3 x.py\nrestarts = many\n')" "${B[@]}"
reject 2 'unknown key' run "$(cfg b3.cfg '[bot.mybot]\ncommand = python3 x.py\ncolour = red\n')" "${B[@]}"
reject 2 'no command' run "$(cfg b4.cfg '[bot.mybot]\ntime-ms = 500\n')" "${B[@]}"
reject 2 "'#'" run --bot 'mybot=python3 x.py # note' "${B[@]}"
reject 2 'unknown key' run "$(cfg b5.cfg '[robot.mybot]\ncommand = x\n')" "${B[@]}"
reject 2 'not valid' run "$(cfg b6.cfg '[bot.my.bot]\ncommand = x\n')" "${B[@]}"
reject 2 'given twice' run "$(cfg b7.cfg '[bot.mybot]\ncommand = python3 x.py\ncommand = python3 y.py\n')" "${B[@]}"
reject 2 'given twice' run "$(cfg b8.cfg '[bot.mybot]\ncommand = python3 x.py\n[bot.other]\ncommand = z\n[bot.mybot]\ntime-ms = 5\n')" "${B[@]}"
reject 2 '-1e6..1e6' run --format head-to-head "${P[@]}" "${O[@]}" --sprt p0=1e308,p1=1.7e308
reject 2 "bot's command" check-bot
reject 2 games check-bot 'python3 x.py' --games 0
reject 2 time-ms check-bot 'python3 x.py' --time-ms 0
reject 2 seed check-bot 'python3 x.py' --seed x
reject 2 bogus check-bot 'python3 x.py' --bogus
reject 2 'is a flag' check-bot 'python3 x.py' --seats 4 --partners false
reject 2 double check-bot 'python3 x.py' --double 12
# Journals that cannot be resumed.
mkdir -p "$tmp/j1" && echo 'garbage' >"$tmp/j1/journal.txt"
reject 2 'damaged' run "${P[@]}" --quiet --out "$tmp/j1" --deals 10
mkdir -p "$tmp/j2" && echo 'dominoes-journal v1 0123456789abcdef' >"$tmp/j2/journal.txt"
reject 2 'older version' run "${P[@]}" --quiet --out "$tmp/j2" --deals 10
"$bin" run "${P[@]}" --quiet --out "$tmp/j3" --deals 100 --chunk 10 >/dev/null 2>&1
head -n 20 "$tmp/j3/config.cfg" >/dev/null
"$bin" run "${P[@]}" --quiet --out "$tmp/j4" --deals 3000000 --chunk 1000 >/dev/null 2>&1 &
pid=$!
wait_until 5 grep -qs '^chunk ' "$tmp/j4/journal.txt"
kill -9 "$pid"; wait "$pid" 2>/dev/null
reject 2 'seed is' run "${P[@]}" --quiet --out "$tmp/j4" --deals 3000000 --chunk 1000 --seed 9

# Shards and the merge (issue 11).
reject 2 'shard' run "${P[@]}" "${O[@]}" --shard 2/2
reject 2 'shard' run "${P[@]}" "${O[@]}" --shard x
reject 2 'shard' run "${P[@]}" "${O[@]}" --shard 1/0
reject 2 'shard' run "${P[@]}" "${O[@]}" --shard 1/2 --mpi
reject 2 'games-out' run "${P[@]}" "${O[@]}" --mpi --games-out "$tmp/g.jsonl"
reject 2 'directory' merge
reject 2 'not a directory' merge "$tmp/no-such-dir"
reject 2 'not a directory' merge "$(cfg merge-file.txt 'x')"
mkdir -p "$tmp/empty-run"
reject 2 'no shard directories' merge "$tmp/empty-run"
reject 2 'unknown option' merge "$tmp/empty-run" --bogus
mkdir -p "$tmp/half-run/shard-0-of-2"
reject 2 'config.cfg' merge "$tmp/half-run"
"$bin" run "${P[@]}" --deals 40 --chunk 10 --quiet --out "$tmp/half-run" --shard 0/2 2>/dev/null
reject 2 'shard-1-of-2 is absent' merge "$tmp/half-run"
# A shard journal whose second chunk line fails its check (issue 20): its chunks from there on
# are missing, and the refusal says why.
"$bin" run "${P[@]}" --deals 40 --chunk 10 --quiet --out "$tmp/damaged-run" --shard 0/1 2>/dev/null
awk '/^chunk/ { if (++n == 2) { c = substr($0, length($0)); $0 = substr($0, 1, length($0) - 1) (c == "0" ? "1" : "0") } } { print }' \
  "$tmp/damaged-run/shard-0-of-1/journal.txt" >"$tmp/damaged.txt"
mv "$tmp/damaged.txt" "$tmp/damaged-run/shard-0-of-1/journal.txt"
reject 2 'fails its check' merge "$tmp/damaged-run"
# fit-model (strategies/inference) and the model files inference(model=fitted:FILE) reads.
reject 2 'required' fit-model --games "$tmp/none.jsonl" --player heuristic
reject 2 'cannot read' fit-model --games "$tmp/none.jsonl" --player heuristic --out "$tmp/m.txt"
reject 2 'not a game record' fit-model --games "$(cfg bad-games.jsonl '{"deal":1}\n')" --player heuristic --out "$tmp/m.txt"
reject 2 'ridge' fit-model --games "$(cfg bad-games2.jsonl '')" --player heuristic --out "$tmp/m.txt" --ridge 0
reject 2 'no decision' fit-model --games "$(cfg empty-games.jsonl '')" --player heuristic --out "$tmp/m.txt"
reject 2 'model file' run --player "inference(model=fitted:$tmp/no-model.txt)" --player random "${O[@]}"
reject 2 'model file' run --player "inference(model=fitted:$(cfg bad-model.txt 'dominoes-move-softmax 1\nheuristic x\n'))" --player random "${O[@]}"
reject 2 'fitted:FILE' run --player "inference(model=best)" --player random "${O[@]}"
# Fixed-width stopping.
reject 2 'precision' run "${P[@]}" "${O[@]}" --precision -1
reject 2 'precision' run "${P[@]}" "${O[@]}" --precision x
reject 2 'precision' run "${P[@]}" "${O[@]}" --precision nan
# epimc (issue 12, strategy-fusion repair).
reject 2 'from 0 to 2' run --player "epimc(postpone=3)" --player random "${O[@]}"
reject 2 'from 0' run --player "epimc(exhaustive=-1)" --player random "${O[@]}"
reject 2 'fitted:FILE' run --player "epimc(model=best)" --player random "${O[@]}"
reject 2 'reply=model needs an opponent model' run --player "epimc(model=none)" --player random "${O[@]}"
reject 2 'model file' run --player "epimc(model=fitted:$tmp/no-model.txt)" --player random "${O[@]}"
reject 2 'partner=model needs an opponent model' run --player "epimc(partner=model,model=none,reply=min)" --player random "${O[@]}"
reject 2 'the partner' run --player "epimc(partner-model=none)" --player random "${O[@]}"
# Endless, non-regular and binary inputs (issue 20): every reader of a file refuses anything but
# a regular file before reading a byte, and caps its lines and size (engine/common/limited_file.h).
mkfifo "$tmp/fifo"
reject 2 'character device' run /dev/zero "${O[@]}"
reject 2 'FIFO' run "$tmp/fifo" "${O[@]}"
reject 2 'character device' strategies /dev/zero
reject 2 'character device' fit-model --games /dev/zero --player heuristic --out "$tmp/m.txt"
reject 2 'FIFO' fit-model --games "$tmp/fifo" --player heuristic --out "$tmp/m.txt"
reject 2 'UTF-8' fit-model --games "$(cfg latin1.jsonl '{"players":["caf\xe9"]}\n')" --player heuristic --out "$tmp/m.txt"
reject 2 'character device' run --player 'inference(model=fitted:/dev/zero)' --player random "${O[@]}"
reject 2 'FIFO' run --player "inference(model=fitted:$tmp/fifo)" --player random "${O[@]}"
reject 2 'FIFO' run --player "equilibrium(file=$tmp/fifo)" --player random "${O[@]}"
{ printf 'player = random\nname = '; head -c 2000000 /dev/zero | tr '\0' x; } >"$tmp/long-line.cfg"
reject 2 'longer than' run "$tmp/long-line.cfg" "${O[@]}"
reject 2 'UTF-8' run "$(cfg latin1.cfg 'player = random\nplayer = lowest\nname = caf\xe9\n')" "${O[@]}"
mkdir -p "$tmp/j5" && ln -s /dev/zero "$tmp/j5/journal.txt"
reject 2 'character device' run "${P[@]}" --quiet --out "$tmp/j5" --deals 10
"$bin" run "${P[@]}" --deals 20 --chunk 10 --quiet --out "$tmp/zero-shard" --shard 0/1 2>/dev/null
rm -f "$tmp/zero-shard/shard-0-of-1/journal.txt"
ln -s /dev/zero "$tmp/zero-shard/shard-0-of-1/journal.txt"
reject 2 'character device' merge "$tmp/zero-shard"
# play reads what a person types: an endless line ends with one line of error, exit 2 (its
# prompts are on stdout, so this is not `reject`).
timeout "$time_limit" "$bin" play --seed 1 </dev/zero >"$tmp/out" 2>"$tmp/err"
rc=$?
check "play < /dev/zero (exit $rc): $(head -c 200 "$tmp/err")" \
  test "$rc" -eq 2 -a "$(wc -l <"$tmp/err")" -eq 1 -a -n "$(grep 'longer than' "$tmp/err")"

finish
