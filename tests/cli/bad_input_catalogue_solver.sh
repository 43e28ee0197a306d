#!/usr/bin/env bash
# The bad-input catalogue of `solver`: malformed input across every game, each case expecting
# exit 2 (or 1 when a file cannot be read), nothing on stdout, exactly one line on stderr of at
# most 300 bytes that names the problem (the WORD given), and an answer within 20 seconds (a
# hang is a failure). Groups: options, types and ranges, positions, dance-battle files,
# tetromino puzzles, files, huge inputs.
# Usage: bad_input_catalogue_solver.sh PATH/TO/solver
set -u
bin=${1:?usage: $0 PATH/TO/solver}
source "$(dirname "$0")/cli_lib.sh"

hands=(block-dominoes --hands 0-1,2-2/3-4,5-6)
square=(tetromino --size 4 --signature I1,J1,L1,Z1)
# Writes `printf FORMAT` to the file NAME in $tmp and prints its path.
file() {  # file NAME FORMAT [ARGS...]
  local path="$tmp/$1"; shift
  printf "$@" >"$path"
  echo "$path"
}
# Prints the path of a file of N bytes of CHAR (no newline) in $tmp.
huge() {  # huge NAME N CHAR
  head -c "$2" /dev/zero | tr '\0' "$3" >"$tmp/$1"
  echo "$tmp/$1"
}

# --- options: Boost never formats user text; each error names the option -----------------------
expect_error "%canonical_option% long" 2 '%canonical_option%' takeaway --%canonical_option%
expect_error "%canonical_option% short" 2 '%canonical_option%' tetromino -%canonical_option%
expect_error "%value% as a value" 2 '%value%' "${hands[@]}" --to-move %value%
expect_error "%canonical_option% as a value" 2 'size' tetromino --size=%canonical_option% --signature O1
expect_error "unknown game" 2 'unknown game' tic-tac-toe
expect_error "unknown option" 2 'unknown option' dance-battle --bogus
expect_error "no guessing of option names" 2 'unknown option' takeaway --mo 2,3 --n 3
expect_error "option twice" 2 'more than once' takeaway --n 1 --n 2
expect_error "option without its value" 2 'needs a value' tetromino --size
expect_error "flag with a value" 2 'takes no value' magic-fingers --rollover=yes
expect_error "empty value after =" 2 'empty value' takeaway --n=
expect_error "stray word" 2 'argument' "${hands[@]}" extra
expect_error "two files" 2 'at most 1' tetromino a.json b.json

# --- types and ranges ----------------------------------------------------------------------------
expect_error "depth -1" 2 '0..200' "${hands[@]}" --depth -1
expect_error "depth 201" 2 '0..200' "${hands[@]}" --depth 201
expect_error "double 10" 2 '2..9' "${hands[@]}" --double 10
expect_error "to-move 1.5" 2 'to-move' "${hands[@]}" --to-move 1.5
expect_error "scoring unknown" 2 'scoring' "${hands[@]}" --scoring most
expect_error "table-mb 0" 2 'table-mb' "${hands[@]}" --table-mb 0
expect_error "table-mb 65537" 2 '1..' "${hands[@]}" --table-mb 65537
largest=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 2048))
if [ "$largest" -lt 65536 ]; then
  expect_error "table-mb above half the memory" 2 "1..$largest" "${hands[@]}" --table-mb $((largest + 1))
fi
expect_error "dance-battle n 33" 2 '1..32' dance-battle --n 33
expect_error "dance-battle n not a number" 2 '--n' dance-battle --n x
expect_error "dance-battle table-mb 2^67" 2 'table-mb' dance-battle --n 3 --table-mb 99999999999999999999
expect_error "takeaway n -5" 2 '--n' takeaway --n -5
expect_error "takeaway n 1e3" 2 'whole number' takeaway --n 1e3
expect_error "takeaway move 0" 2 'move' takeaway --moves 0,2 --n 3
expect_error "takeaway empty move" 2 'move' takeaway --moves 2,,3 --n 3
expect_error "takeaway table 0" 2 'table' takeaway --table 0
expect_error "takeaway bound 0" 2 'bound' takeaway --n 3 --bound 0
expect_error "takeaway neither n nor table" 2 '--table' takeaway --moves 2,3
expect_error "tetromino seed -1" 2 '0..18446744073709551615' tetromino --random 8 --seed -1
expect_error "tetromino random odd" 2 'even' tetromino --random 5
expect_error "tetromino random 2002" 2 '4..2000' tetromino --random 2002
expect_error "tetromino size 0" 2 'size' tetromino --size 0 --signature O1
expect_error "tetromino size 2001" 2 '1..2000' tetromino --size 2001 --signature O1
expect_error "tetromino size without signature" 2 'together' tetromino --size 4
expect_error "time-limit 0" 2 'time-limit' "${square[@]}" --time-limit 0
expect_error "time-limit nan" 2 'time-limit' "${square[@]}" --time-limit nan
expect_error "time-limit 1e300" 2 'time-limit' "${square[@]}" --time-limit 1e300
expect_error "signature unknown letter" 2 'figure' tetromino --size 4 --signature X1
expect_error "signature letter twice" 2 'twice' tetromino --size 4 --signature I1,I3
expect_error "signature negative count" 2 'count' tetromino --size 4 --signature I-1

# --- positions -------------------------------------------------------------------------------------
expect_error "tile twice" 2 'twice' block-dominoes --hands 0-1/0-1
expect_error "tile in a hand and the line" 2 'twice' block-dominoes --hands 0-1/2-2 --line 0-1
expect_error "tile outside the set" 2 '0-7' block-dominoes --hands 0-7/1-1
expect_error "double-9 tile in double-6" 2 '9-9' block-dominoes --hands 9-9/1-1
expect_error "impossible ends" 2 'ends' block-dominoes --hands 0-0,0-1,0-2,0-3/0-4,0-5,0-6 --ends 0,2
expect_error "ends out of range" 2 'ends' block-dominoes --hands 0-1/2-2 --ends 3,9
expect_error "broken line" 2 'join' block-dominoes --hands 0-1/2-2 --line 3-5,1-6
expect_error "one hand only" 2 'hands' block-dominoes --hands 0-1,2-2
expect_error "five hands" 2 'hands' block-dominoes --hands 0-1/2-2/3-3/4-4/5-5
expect_error "partners with three hands" 2 'partners' block-dominoes --hands 0-1/2-2/3-3 --partners
expect_error "partners not a boolean" 2 'partners' block-dominoes --hands 0-1/2-2/3-3/4-4 --partners maybe
expect_error "block-dominoes --time-limit 0" 2 'time-limit' block-dominoes --hands 0-1/2-2 --time-limit 0
expect_error "block-dominoes --max-nodes 0" 2 'max-nodes' block-dominoes --hands 0-1/2-2 --max-nodes 0
expect_error "partners given a value, as a flag" 2 'is a flag and takes no value' block-dominoes --hands 0-1/2-2/3-3/4-4 --partners true
expect_error "unknown block rule" 2 'block' block-dominoes --hands 0-1/2-2/3-3 --block bogus
expect_error "to-move past three seats" 2 'to-move' block-dominoes --hands 0-1/2-2/3-3 --to-move 3
expect_error "line and ends" 2 'not both' block-dominoes --hands 0-1/2-2 --line 3-5 --ends 3,5
expect_error "no hands" 2 '--hands' block-dominoes --ends 3,5
expect_error "to-move 2" 2 '0..1' block-dominoes --hands 0-1/2-2 --to-move 2

# --- dance-battle files ------------------------------------------------------------------------------
expect_error "dance-battle empty" 2 'line 1' dance-battle "$(file empty '')"
expect_error "dance-battle N not a number" 2 'line 1' dance-battle "$(file n-word 'five\n0\n')"
expect_error "dance-battle N 0" 2 'line 1' dance-battle "$(file n0 '0\n0\n')"
expect_error "dance-battle M above the tiles" 2 'line 2' dance-battle "$(file m7 '3\n7\n')"
expect_error "dance-battle turn off the tail" 2 'line 4' dance-battle "$(file tail '5\n2\n0 1\n2 3\n')"
expect_error "dance-battle tile twice" 2 'line 4' dance-battle "$(file twice '5\n2\n0 1\n1 0\n')"
expect_error "dance-battle value not below N" 2 'line 3' dance-battle "$(file range '5\n1\n0 5\n')"
expect_error "dance-battle more turns than M" 2 'line 4' dance-battle "$(file more '5\n1\n0 1\n1 2\n')"
expect_error "dance-battle control bytes" 2 'line 1' dance-battle "$(file binary '\001\002\003\n')"
expect_error_from "$(file stdin-word 'x\n')" "dance-battle bad stdin" 2 'line 1' dance-battle -

# --- tetromino puzzles -------------------------------------------------------------------------------
expect_error "puzzle malformed JSON" 2 'JSON' tetromino "$(file cut.json '{"size":4,')"
expect_error "puzzle key twice" 2 '"size" is given twice' tetromino \
  "$(file twice.json '{"size":4,"size":5,"signature":"I1,J1,L1,Z1"}')"
expect_error "puzzle nested key twice" 2 '"a" is given twice' tetromino \
  "$(file nested.json '{"size":2,"signature":"O1","x":{"a":1,"a":2}}')"
expect_error "puzzle size as a string" 2 'JSON' tetromino "$(file string.json '{"size":"4","signature":"O4"}')"
expect_error "puzzle size 0" 2 'size 0' tetromino "$(file size0.json '{"size":0,"signature":"O1"}')"
expect_error "puzzle size 10^30" 2 'size' tetromino "$(file big.json '{"size":1000000000000000000000000000000,"signature":"O1"}')"
expect_error "puzzle without signature" 2 'signature' tetromino "$(file nosig.json '{"size":4}')"
expect_error "batch bad line" 2 'line 2' tetromino --batch "$(file batch '# a comment\n4 I1 extra\n')"
expect_error "batch size not a number" 2 'line 1' tetromino --batch "$(file batch-size 'four O4\n')"

# --- files ---------------------------------------------------------------------------------------------
expect_error "puzzle is a directory" 2 'is a directory' tetromino "$tmp"
expect_error "batch is a directory" 2 'is a directory' tetromino --batch "$tmp"
expect_error "dance-battle file is a directory" 2 'is a directory' dance-battle "$tmp"
expect_error_from "$tmp" "stdin is a directory" 2 'is a directory' tetromino -
expect_error "missing puzzle" 1 'No such file or directory' tetromino "$tmp/missing.json"
expect_error "missing batch" 1 'No such file or directory' tetromino --batch "$tmp/missing.txt"
expect_error "missing dance-battle file" 1 'No such file or directory' dance-battle "$tmp/missing.txt"
# A read error: the kernel refuses to read address 0 of a process's memory.
expect_error "read error" 1 'Input/output error' tetromino /proc/self/mem
if [ "$(id -u)" -ne 0 ]; then  # root reads any file
  chmod 000 "$(file locked.json '{"size":2,"signature":"O1"}')"
  expect_error "unreadable puzzle" 1 'Permission denied' tetromino "$tmp/locked.json"
fi

# --- equilibrium and exploitability: variants, targets, players, strategy files ------------------
expect_error "equilibrium double-1" 2 'double' equilibrium --double 1
expect_error "equilibrium hand 0" 2 'hand' equilibrium --hand 0
expect_error "equilibrium hand over half the set" 2 'hand' equilibrium --double 3 --hand 6
expect_error "equilibrium target 0" 2 'target' equilibrium --target 0
expect_error "equilibrium target text" 2 'target' equilibrium --target fast
expect_error "equilibrium no iterations" 2 'max-iterations' equilibrium --max-iterations 0
expect_error "equilibrium double-six hand 7" 2 'smaller variant' equilibrium --double 6 --hand 7
expect_error "equilibrium tree over the node limit" 2 'smaller variant' equilibrium --method tree --double 4 --hand 3 --max-nodes 100000
expect_error "equilibrium public tree over --max-memory" 2 'smaller variant' equilibrium --double 4 --hand 4 --max-memory 1
expect_error "equilibrium bad --method" 2 'method' equilibrium --method graph
expect_error "equilibrium bad --regrets" 2 'regrets' equilibrium --regrets cfr
expect_error "equilibrium --max-memory 0" 2 'max-memory' equilibrium --max-memory 0
expect_error "equilibrium --out in a missing folder, before the solve" 2 'does not exist' equilibrium --double 2 --hand 1 --out "$tmp/no/such/dir"
expect_error "exploitability without a player" 2 'player' exploitability --double 2 --hand 2
expect_error "exploitability unknown strategy" 2 'unknown strategy' exploitability --player nosuch
expect_error "exploitability omniscient" 2 'omniscient' exploitability --double 2 --hand 2 --player omniscient
expect_error "exploitability samples 0" 2 'samples' exploitability --player random --samples 0
expect_error "exploitability --positions on the public tree" 2 "method tree" exploitability --double 2 --hand 2 --player random --positions 2
expect_error "exploitability bad --method" 2 "method" exploitability --double 2 --hand 2 --player random --method graph
expect_error "exploitability public tree over --max-memory" 2 "smaller variant" exploitability --double 4 --hand 4 --player random --max-memory 1
expect_error "exploitability missing equilibrium" 2 'cannot read' exploitability --double 2 --hand 2 --player random --equilibrium "$tmp/missing"
expect_error "exploitability equilibrium not a strategy" 2 'not a strategy file' exploitability --double 2 --hand 2 --player random --equilibrium "$(file notes.txt 'hello\n')"
expect_error "posterior without a player" 2 'player' posterior --games 1
expect_error "posterior three players" 2 'twice' posterior --player random --player random --player random
expect_error "posterior searcher without a distribution" 2 'move distribution' posterior --player 'minimax(scenarios=5)' --games 2
expect_error "posterior omniscient" 2 'omniscient' posterior --player omniscient
expect_error "posterior games 0" 2 'games' posterior --player random --games 0
expect_error "posterior unknown model" 2 'bogus' posterior --player random --model bogus
expect_error "posterior missing belief" 2 'missing' posterior --player random --belief "$tmp/missing.safetensors"
expect_error "exploitability equilibrium bad sum" 2 'line 4' exploitability --double 2 --hand 2 --player random --equilibrium "$(file sum.strategy 'dominoes-equilibrium v1\ndouble 2\nhand 2\ninfoset leader 0-1,1-1 - 0-1=0.5 1-1=0.4\n')"
expect_error "exploitability equilibrium from /dev/zero" 2 'not a regular file' exploitability --double 2 --hand 2 --player random --equilibrium /dev/zero
expect_error "exploitability player file from /dev/zero" 2 'not a regular file' exploitability --double 2 --hand 2 --player 'equilibrium(file=/dev/zero)'
# No command writes over its own input (issue 20): --csv naming the strategy file it reads. The
# file must survive the refusal whole.
"$bin" equilibrium --double 2 --hand 2 --out "$tmp/d2.strategy" >/dev/null 2>&1
cp "$tmp/d2.strategy" "$tmp/d2.copy"
expect_error "exploitability --csv is --equilibrium" 2 'input' exploitability --double 2 --hand 2 --player random --equilibrium "$tmp/d2.strategy" --csv "$tmp/./d2.strategy"
expect_error "exploitability --csv is a player's file" 2 'input' exploitability --double 2 --hand 2 --player "equilibrium(file=$tmp/d2.strategy)" --csv "$tmp/d2.strategy"
expect_error "posterior --csv is a player's file" 2 'input' posterior --double 2 --hand 2 --player "equilibrium(file=$tmp/d2.strategy)" --csv "$tmp/d2.strategy"
check "the strategy file is unchanged" cmp -s "$tmp/d2.strategy" "$tmp/d2.copy"
expect_error "exploitability player file of another variant" 2 'this game is double-2' exploitability --double 2 --hand 2 --player random --player "equilibrium(file=$(file other2.strategy 'dominoes-equilibrium v1\ndouble 3\nhand 2\n'))"
expect_error "exploitability equilibrium header twice" 2 'twice' exploitability --double 2 --hand 2 --player random --equilibrium "$(file twice.strategy 'dominoes-equilibrium v1\ndouble 2\nhand 2\nhand 2\n')"
expect_error "exploitability equilibrium endless line" 2 'longer than' exploitability --double 2 --hand 2 --player random --equilibrium "$(huge longline.strategy 100000 x)"
expect_error "equilibrium --out a device (never replaced)" 2 'character device' equilibrium --double 2 --hand 2 --out /dev/full
# A write that fails (here the file-size limit, as a full disk would): exit 1, no file left half
# written, no FILE.partial left behind. SIGXFSZ is ignored so that the write fails with EFBIG.
(trap '' XFSZ; ulimit -f 1; "$bin" equilibrium --double 3 --hand 3 --quiet --out "$tmp/big.strategy" \
  >"$tmp/out" 2>"$tmp/err")
check "equilibrium --out, the write fails: exit 1" [ $? -eq 1 ]
check "and one line saying so" grep -q '^solver: equilibrium: cannot write' "$tmp/err"
check "a failed write leaves neither the file nor its .partial" test ! -e "$tmp/big.strategy" -a ! -e "$tmp/big.strategy.partial"
expect_error "exploitability equilibrium of another variant" 2 'this game is double-2' exploitability --double 2 --hand 2 --player random --equilibrium "$(file other.strategy 'dominoes-equilibrium v1\ndouble 3\nhand 2\n')"

# --- huge inputs: a short message whatever the size ---------------------------------------------------
expect_error "10 MB puzzle JSON" 2 'JSON' tetromino "$(huge json 10000000 '[')"
huge sig 10000000 I >/dev/null
{ printf '{"size":4,"signature":"'; cat "$tmp/sig"; printf '"}'; } >"$tmp/sig.json"
expect_error "10 MB signature in JSON" 2 'signature' tetromino "$tmp/sig.json"
{ printf '4 '; cat "$tmp/sig"; printf '\n'; } >"$tmp/sig.batch"
expect_error "10 MB batch line" 2 'line 1' tetromino --batch "$tmp/sig.batch"
expect_error "10 MB dance-battle line" 2 'line 1' dance-battle "$(huge dance 10000000 7)"
expect_error "20 MB puzzle" 2 'larger than' tetromino "$(huge json20 20000000 ' ')"
expect_error "endless input" 2 'larger than' tetromino /dev/zero
long=$(head -c 100000 /dev/zero | tr '\0' x)
expect_error "100 kB unknown option" 2 'unknown option' takeaway "--$long"
expect_error "100 kB unknown game" 2 'unknown game' "$long"
expect_error "100 kB hand" 2 'twice' block-dominoes --hands "$(printf '0-1,%.0s' {1..25000})/2-2"
expect_error "100 kB signature" 2 'signature' tetromino --size 4 --signature "I$long"
expect_error "100 kB move list" 2 'move' takeaway --n 3 --moves "2,$long"
expect_error "100 kB scoring" 2 'scoring' "${hands[@]}" --scoring "$long"

finish
