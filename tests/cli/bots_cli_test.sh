#!/usr/bin/env bash
# External bots through the command line (docs/protocol.md; issue 9): --bot and [bot.NAME] sections
# seat a bot by name, config.cfg keeps the section, `strategies` lists declared bots, check-bot
# passes a good bot and names a bad one's problems, a bot that cannot start stops the run naming
# it, and no bot process outlives a run that ends, fails or is interrupted (also inside a long
# decision).
# Usage: bots_cli_test.sh PATH/TO/dominoes PYTHON3 SOURCE_DIR
set -u
bin=${1:?usage: $0 PATH/TO/dominoes PYTHON3 SOURCE_DIR}
py=${2:?python3}
src=${3:?source dir}
source "$(dirname "$0")/cli_lib.sh"
unset PYTHONUNBUFFERED  # bots must flush by themselves
cd "$src" || exit 1
tag="dominoes_cli_tag=$$"

# Succeeds when a process (not a zombie) carries `$1` in its command line.
alive() { [ "$(alive_with "$1")" -gt 0 ]; }

# Returns how many processes (not zombies) carry `$1` in their command line.
alive_with() {
  local n=0 f
  for f in /proc/[0-9]*/cmdline; do
    if tr '\0' ' ' <"$f" 2>/dev/null | grep -qF -- "$1"; then
      [ "$(awk '{print $3}' "${f%cmdline}stat" 2>/dev/null)" = Z ] || n=$((n + 1))
    fi
  done
  echo "$n"
}

# 1. --bot on the command line: the table has a row for the bot and its forfeit columns.
"$bin" run --bot "fl=$py clients/python/firstlegal.py" --player fl --player random \
  --format head-to-head --deals 200 --chunk 50 --quiet --out "$tmp/a" >"$tmp/out" 2>"$tmp/err"
check "run with --bot succeeds" test $? -eq 0
check "summary names the bot" grep -q '^fl,random,400,' "$tmp/a/summary.csv"
check "summary has forfeit columns" grep -q 'a_forfeits,b_forfeits,.*,seconds$' "$tmp/a/summary.csv"
check "config.cfg keeps the bot section" grep -qx '\[bot.fl\]' "$tmp/a/config.cfg"
check "the bot's log is in OUT/bots" test -f "$tmp/a/bots/fl.log"

# 2. A config file with a [bot.NAME] section; its written config.cfg runs again to the same table.
printf 'name = withbot\nplayer = gr\nplayer = lowest\nformat = head-to-head\ndeals = 150\nquiet = true\nout = %s\n\n[bot.gr]\ncommand = %s clients/python/greedy.py\ntime-ms = 500\n' \
  "$tmp/b" "$py" >"$tmp/b.cfg"
"$bin" run "$tmp/b.cfg" >/dev/null 2>"$tmp/err"
check "run from a [bot.gr] section succeeds" test $? -eq 0
check "time-ms is kept" grep -qx 'time-ms = 500' "$tmp/b/config.cfg"
"$bin" run "$tmp/b/config.cfg" --out "$tmp/b2" >/dev/null 2>&1
check "config.cfg reruns to the same table" \
  diff <(cut -d, -f1-15 "$tmp/b/summary.csv") <(cut -d, -f1-15 "$tmp/b2/summary.csv")

# 3. `strategies` lists declared bots, from --bot and from a config's sections.
"$bin" strategies --bot "mine=$py clients/python/randombot.py" >"$tmp/out" 2>&1
check "strategies lists a --bot" grep -q 'external bot (DBP 1): .*randombot.py' "$tmp/out"
"$bin" strategies "$tmp/b.cfg" >"$tmp/out" 2>&1
check "strategies lists a [bot.NAME] section" grep -q 'external bot (DBP 1): .*greedy.py' "$tmp/out"

# 4. check-bot: a good bot passes; a bot with illegal answers is named with its problem.
"$bin" check-bot "$py clients/python/greedy.py" --games 6 >"$tmp/out" 2>&1
check "check-bot passes greedy.py" test $? -eq 0
check "check-bot's verdict is ok" grep -qx 'verdict: ok' "$tmp/out"
"$bin" check-bot "$py tests/bots/illegal.py" --games 4 >"$tmp/out" 2>&1
check "check-bot fails illegal.py" test $? -eq 1
check "check-bot says what was illegal" grep -q 'PROBLEM: illegal: answered "move' "$tmp/out"
# At three and four seats: the example bots pass, and the messages have the fields of
# docs/protocol.md, "Three and four seats" (read from a bot that logs what it gets).
for seats in 3 4; do
  "$bin" check-bot "$py clients/python/greedy.py" --games 8 --seats $seats >"$tmp/out" 2>&1
  check "check-bot passes greedy.py at $seats seats" test $? -eq 0
done
"$bin" check-bot "$py tests/bots/transcript.py" --games 4 --seats 4 --log "$tmp/t.log" >"$tmp/out" 2>&1
check "check-bot passes the transcript bot at 4 seats" test $? -eq 0
check "newgame names 4 seats and the partnerships" \
  grep -Eq '^got: newgame game=[0-9]+ seat=[0-3] seats=4 teams=0,1,0,1 rules=double=6,hand=7,seats=4,partners=true,block=team,scoring=losers-pips seed=[0-9]+$' "$tmp/t.log"
check "go lists 4 counts and 4 seats' lacks, and no opp" \
  grep -Eq '^got: go line=[^ ]+ ends=[^ ]+ hand=[^ ]+ counts=[0-9]+,[0-9]+,[0-9]+,[0-9]+ lacks=[-0-9,]+/[-0-9,]+/[-0-9,]+/[-0-9,]+ legal=[^ ]+ time=[0-9]+$' "$tmp/t.log"
check "gameover has 4 points and 4 hands" \
  grep -Eq '^got: gameover points=[0-9]+,[0-9]+,[0-9]+,[0-9]+ hands=[^ /]+/[^ /]+/[^ /]+/[^ /]+$' "$tmp/t.log"
# check-bot at four seats seats the bot as a run seats a side, in both partners' seats (a process
# each), draws the leader so the bot is asked to lead, and takes the rules options.
"$bin" check-bot "$py tests/bots/one_seat.py" --games 8 --seats 4 --log "$tmp/os.log" >"$tmp/out" 2>&1
check "check-bot passes one_seat.py at 4 seats" test $? -eq 0
check "check-bot says the bot holds both partners' seats" grep -q 'the bot in two seats (partners), one process each' "$tmp/out"
check "check-bot asked the bot to lead" grep -Eq 'it chose the lead in [1-9]' "$tmp/out"
check "one_seat.py saw no breach under check-bot" test "$(grep -c VIOLATION "$tmp/os.log")" -eq 0
"$bin" check-bot "$py clients/python/greedy.py" --games 4 --seats 3 --double 9 --hand-size 6 \
  --block lowest-seat --leader alternate >"$tmp/out" 2>&1
check "check-bot takes --double, --leader and --block" test $? -eq 0
# A bot that fills two seats of its side (both partners at four seats; two of the three seats at
# three) gets a process per seat: one newgame and one hand per game, each event once, and go
# lines that agree with its own replay (tests/bots/one_seat.py writes VIOLATION otherwise). One
# process for both seats once sent it its partner's hand and every event twice.
for seats in 3 4; do
  "$bin" run --seats "$seats" --target 0 --bot "os=$py tests/bots/one_seat.py" --player os \
    --player heuristic --format head-to-head --deals 6 --out "$tmp/one$seats" --quiet \
    >"$tmp/out" 2>&1
  check "a bot in two seats of a side at $seats seats: the run ends" test $? -eq 0
  check "each seat its own process at $seats seats: $(grep -m1 VIOLATION "$tmp/one$seats/bots/os.log")" \
    test "$(grep -c VIOLATION "$tmp/one$seats/bots/os.log")" -eq 0
  check "and games were played at $seats seats" grep -q '^os,heuristic,' "$tmp/one$seats/summary.csv"
done
check "events come from all 4 seats" \
  test "$(grep -Eo '^got: event [0-3] ' "$tmp/t.log" | sort -u | wc -l)" -eq 4
# A bot whose answers stay in its output buffer: the time-out asks whether it flushed; a bot that
# is merely slow (it sends info lines, then nothing) is not asked.
"$bin" check-bot "$py tests/bots/unflushed.py" --games 2 --time-ms 100 >"$tmp/out" 2>&1
check "check-bot fails unflushed.py" test $? -eq 1
check "check-bot asks whether the bot flushed, in the problem's one line" \
  grep -qx '  PROBLEM: timeout: did not answer go within 100 ms (+50 ms margin); it sent nothing: did the bot flush its output?' "$tmp/out"
"$bin" check-bot "$py tests/bots/unflushed.py --info" --games 1 --time-ms 100 >"$tmp/out" 2>&1
check "a bot that sent lines but no answer is not asked about flushing" \
  test "$(grep -c 'PROBLEM: timeout' "$tmp/out")" -ge 1 -a "$(grep -c 'did the bot flush' "$tmp/out")" -eq 0
# A bot that writes part of a line (its move, flushed, with no newline) and then hangs or exits
# is told what it sent and that the line was never ended, not that it sent nothing.
unended='it sent part of a line, "move [0-6]-[0-6][LR]?", never ended by a newline'
"$bin" check-bot "$py tests/bots/partial.py" --games 1 --time-ms 100 >"$tmp/out" 2>&1
check "check-bot fails partial.py" test $? -eq 1
check "a hung bot's unended line is shown, in the problem's one line" \
  grep -qE "^  PROBLEM: timeout: did not answer go within 100 ms \(\+50 ms margin\); $unended" "$tmp/out"
check "and it is not told it sent nothing" test "$(grep -c 'it sent nothing' "$tmp/out")" -eq 0
"$bin" check-bot "$py tests/bots/partial.py --exit" --games 1 --time-ms 100 >"$tmp/out" 2>&1
check "check-bot fails partial.py --exit" test $? -eq 1
check "an exited bot's unended line is shown, and not taken as its move" \
  grep -qE "^  PROBLEM: crash: exited during a game \(exited with status 0\); $unended" "$tmp/out"

# 4b. check-bot killed while its bot thinks (SIGTERM): the bot goes with it.
"$bin" check-bot "$py -X ${tag}cb tests/bots/sleeper.py --after 0 --seconds 100" \
  --time-ms 100000 --games 2 >/dev/null 2>&1 &
pid=$!
wait_until 5 alive "${tag}cb"
sleep 0.3
kill -TERM "$pid"
wait "$pid"
check "check-bot ends on SIGTERM (exit 143)" test $? -eq 143
sleep 0.2
check "check-bot's bot does not outlive it" test "$(alive_with "${tag}cb")" -eq 0

# 4d. A bot that floods stderr (50 MiB, issue 20): check-bot shows a few short lines of it, the
#     log stays under its cap (8 MiB, arena/bots/bot_process.h) and says it was cut, and the
#     run's error is short too.
"$bin" check-bot "$py tests/bots/stderr_flood.py" --games 1 --log "$tmp/flood.log" >"$tmp/out" 2>&1
check "check-bot fails the flooding bot" test $? -eq 1
check "check-bot's report stays short ($(wc -c <"$tmp/out") bytes)" test "$(wc -c <"$tmp/out")" -lt 8000
check "the flood log stays under 8 MiB ($(wc -c <"$tmp/flood.log") bytes)" \
  test "$(wc -c <"$tmp/flood.log")" -le $((8 << 20))
check "the flood log says it was cut" grep -q '^# dominoes: this log passed 8 MiB' "$tmp/flood.log"
"$bin" run --bot "fl=$py tests/bots/stderr_flood.py --mib 20" --player fl --player random \
  --deals 4 --quiet --out "$tmp/flood" >/dev/null 2>"$tmp/err"
check "the flooding bot fails the run (exit 1)" test $? -eq 1
check "the run's error stays short ($(wc -c <"$tmp/err") bytes)" test "$(wc -c <"$tmp/err")" -lt 4000

# 4e. A bot that leaves a child running when it quits (issue 20): not "verdict: ok", and the
#     child is killed.
"$bin" check-bot "$py tests/bots/daemon.py --seconds 987.$$" --games 2 >"$tmp/out" 2>&1
check "check-bot fails a bot that leaves a process behind" test $? -eq 1
check "check-bot names what was left" grep -q 'PROBLEM: it left 1 process (sleep) running' "$tmp/out"
check "the verdict is not ok" grep -qx 'verdict: 1 problem' "$tmp/out"
check "the left process was killed" test "$(alive_with "sleep 987.$$")" -eq 0
# The same child started with setsid, out of the bot's process group: check-bot, a child
# subreaper, inherits it when the bot exits, names it and kills it.
"$bin" check-bot "$py tests/bots/daemon.py --setsid --seconds 988.$$" --games 2 >"$tmp/out" 2>&1
check "check-bot fails a bot that leaves a setsid process behind" test $? -eq 1
check "check-bot names the setsid process" \
  grep -q 'PROBLEM: it left 1 process (sleep) running outside its process group' "$tmp/out"
check "the setsid process was killed" test "$(alive_with "sleep 988.$$")" -eq 0

# 4c. A bot sees none of the runner's open files (its journal, its tables): only its pipes.
"$bin" run --bot "fds=ls -l /proc/\$\$/fd >&2; exec $py clients/python/firstlegal.py" \
  --player fds --player random --deals 30 --chunk 5 --quiet --out "$tmp/fd" >/dev/null 2>&1
check "the open-file listing ran" grep -q 'pipe:' "$tmp/fd/bots/fds.log"
check "no journal or table is open in the bot" test "$(grep -c -e journal -e summary "$tmp/fd/bots/fds.log")" -eq 0

# 5a. A run stopped (SIGSTOP, as Ctrl-Z does) while its bot thinks, for longer than the bot's time
#     per move, then continued: the pause is the runner's, not the bot's, and no game is forfeited.
#     The bot takes 0.1 s a move of its 0.3 s (+50 ms); the runner is stopped for 1 s once its
#     progress line (every 0.1 s in a log) counts a finished game: past the handshake, in play.
printf 'name = paused\nplayer = sl\nplayer = random\nformat = head-to-head\ndeals = 3\nout = %s\n\n[bot.sl]\ncommand = %s tests/bots/sleeper.py --seconds 0.1\ntime-ms = 300\n' \
  "$tmp/paused" "$py" >"$tmp/paused.cfg"
DOMINOES_PROGRESS_SECONDS=0.1 "$bin" run "$tmp/paused.cfg" >/dev/null 2>"$tmp/paused.err" &
pid=$!
check "a game of the paused run was over before the pause" \
  wait_until 10 grep -q ' games [1-9]' "$tmp/paused.err"
kill -STOP "$pid"
sleep 1
kill -CONT "$pid"
wait "$pid"
check "the paused run finishes (exit 0)" test $? -eq 0
check "and no game is forfeited" "$py" -c 'import csv, sys
row = next(csv.DictReader(open(sys.argv[1])))
sys.exit(not (row["games"] == "6" and row["a_forfeits"] == row["b_forfeits"] == "0"))' \
  "$tmp/paused/summary.csv"

# 5. A bot that cannot start: the run stops after 3 failures in a row, naming the bot.
"$bin" run --bot 'ghost=/nonexistent/bot' --player ghost --player random --deals 20 --quiet \
  --out "$tmp/c" >"$tmp/out" 2>"$tmp/err"
check "a bot that cannot start fails the run (exit 1)" test $? -eq 1
check "the error names the bot" grep -q 'bot ghost failed 3 games in a row' "$tmp/err"
check "the error shows its log" grep -q 'not found' "$tmp/err"

# 6. Ctrl-C (SIGINT) once: the run kills its bots at once (a stubborn one too: they get no quit),
#    drops the deals they were in, lets the games in play without a bot finish, keeps every
#    finished chunk and says so.
out="$tmp/int1"
"$bin" run --bot "st=$py -X ${tag}1 tests/bots/stubborn.py" --player st --player random \
  --deals 200000 --chunk 20 --threads 2 --quiet --out "$out" >/dev/null 2>"$tmp/err" &
pid=$!
wait_until 10 grep -qs '^chunk ' "$out/journal.txt"
kill -INT "$pid"
wait "$pid"
check "SIGINT once: exit 130" test $? -eq 130
check "SIGINT once: finished chunks kept" grep -q '^chunk ' "$out/journal.txt"
check "SIGINT once: the run says what it kept" grep -q '^interrupted: ' "$tmp/err"
sleep 0.2
check "SIGINT once: no bot left running" test "$(alive_with "${tag}1")" -eq 0

# Inside a long built-in decision (3,000,000 playouts take over a second), with a bot started
# with the run: the first Ctrl-C stops the decision too, so the run ends at once (it used to
# finish the game in play, which a second Ctrl-C cut short), and no bot is left.
out="$tmp/int2"
"$bin" run --bot "st=$py -X ${tag}2 tests/bots/stubborn.py" --player random \
  --player 'playout(playouts=3000000)' --player st --deals 40 --chunk 20 --threads 1 --quiet \
  --out "$out" >/dev/null 2>"$tmp/err" &
pid=$!
check "SIGINT in a long decision: the bot started" wait_until 10 alive "${tag}2"
sleep 0.3
kill -INT "$pid"
wait_until 2 eval '! kill -0 "$pid" 2>/dev/null'
check "SIGINT in a long decision: the run ended within 2 s" eval '! kill -0 "$pid" 2>/dev/null'
kill -INT "$pid" 2>/dev/null  # a second Ctrl-C, had it not ended: exit 130 at once all the same
wait "$pid"
check "SIGINT in a long decision: exit 130" test $? -eq 130
sleep 0.2
check "SIGINT in a long decision: no bot left running" test "$(alive_with "${tag}2")" -eq 0

finish
