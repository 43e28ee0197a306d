#!/usr/bin/env bash
# `dominoes dataset` as a person runs it: its help, bad options and refused folders (one line,
# exit 2, nothing written), the files of a finished dataset, and SIGTERM during the conversion:
# exit 143, the resume hint, and a resumed dataset byte-identical to an uninterrupted one.
# Usage: dataset_cli_test.sh PATH/TO/dominoes
set -u

bin=$(realpath "${1:?usage: $0 PATH/TO/dominoes}")
max_error_bytes=400  # an unknown option lists every option, as run's does
source "$(dirname "$0")/cli_lib.sh"

"$bin" dataset --help >"$tmp/out" 2>"$tmp/err"
check "--help exits 0" test $? -eq 0
for word in "Example: dominoes dataset" "--move-values" "--player" "--deals" "dataset.json"; do
  check "--help mentions $word" grep -qF -- "$word" "$tmp/out"
done
check "the usage lists dataset" grep -qF "dataset [CONFIG.cfg]" <("$bin" --help)

# Bad options and configs: one line each, exit 2, and no folder made.
small=(--player random --player heuristic --deals 20 --quiet)
expect_error "an option of run only" 2 'unknown option "--shard"' dataset --shard 0/2 --out "$tmp/x"
expect_error "a bad key value" 2 "deals" dataset --deals 0 --out "$tmp/x"
expect_error "four seats play matches unless told" 2 "give --target 0" dataset "${small[@]}" \
  --seats 4 --out "$tmp/x"
expect_error "games-out" 2 "games-out" dataset "${small[@]}" --games-out "$tmp/g.jsonl" --out "$tmp/x"
expect_error "a missing config file" 2 "nope.cfg" dataset "$tmp/nope.cfg" --out "$tmp/x"
expect_error "a flag with a value" 2 "move-values" dataset --move-values=yes --out "$tmp/x"
check "no bad invocation made a folder" test ! -e "$tmp/x"

# A finished dataset: its files, nothing half-written, the summary on stderr.
"$bin" dataset "${small[@]}" --chunk 10 --out "$tmp/d" >"$tmp/out" 2>"$tmp/err"
check "a dataset is made (exit 0)" test $? -eq 0
for f in dataset.json chunk-000000.safetensors chunk-000001.safetensors games.jsonl journal.txt; do
  check "it has $f" test -s "$tmp/d/$f"
done
check "nothing half-written or locked" test -z "$(find "$tmp/d" -name '*.partial' -o -name run.lock)"
check "it says where the rows are" grep -qE "^dataset: [0-9]+ rows of 40 games in 2 chunk files" "$tmp/err"
check "and the conversion's rate" grep -qE "^conversion: [0-9]+ rows in .* per second" "$tmp/err"

# Folders that are not this dataset's: refused in one line, left as they were.
mkdir "$tmp/mine" && echo notes >"$tmp/mine/notes.txt"
expect_error "a folder of other files" 2 "did not write" dataset "${small[@]}" --out "$tmp/mine"
check "the folder is left alone" test "$(find "$tmp/mine" -type f)" = "$tmp/mine/notes.txt"
cp -r "$tmp/d" "$tmp/d.before"
expect_error "a dataset of another configuration" 2 'deals is "20" there and "30" now' \
  dataset --player random --player heuristic --deals 30 --quiet --chunk 10 --out "$tmp/d"
expect_error "the same with move values" 2 'move-values is "false" there and "true" now' \
  dataset "${small[@]}" --chunk 10 --move-values --out "$tmp/d"
check "the refused dataset is unchanged" diff -r "$tmp/d" "$tmp/d.before"

# SIGTERM while the chunks convert (four seats with move values: a few tenths of a second a chunk),
# then the same command again: the files of an uninterrupted dataset.
slow=(--player random --player heuristic --seats 4 --target 0 --deals 400 --chunk 25 --seed 3
  --move-values --quiet)
"$bin" dataset "${slow[@]}" --out "$tmp/whole" >/dev/null 2>&1
check "the uninterrupted dataset is made" test -s "$tmp/whole/dataset.json"
"$bin" dataset "${slow[@]}" --out "$tmp/cut" >"$tmp/out" 2>"$tmp/err" &
pid=$!; pids+=("$pid")
wait_until 60 test -e "$tmp/cut/chunk-000001.safetensors"
kill -TERM "$pid"; wait "$pid"; rc=$?
check "SIGTERM exits 143 (exit $rc)" test "$rc" -eq 143
check "it says how to resume" grep -qF "resume with: $bin dataset" "$tmp/err"
check "not every chunk was converted" test ! -e "$tmp/cut/chunk-000015.safetensors"
"$bin" dataset "${slow[@]}" --out "$tmp/cut" >/dev/null 2>&1
check "the resumed dataset finishes" test $? -eq 0
for f in "$tmp"/whole/*; do
  name=$(basename "$f")
  [ "$name" = journal.txt ] && continue  # its lines hold each chunk's wall seconds
  check "$name is the same as uninterrupted" cmp -s "$f" "$tmp/cut/$name"
done
check "and no file more or less" \
  test "$(find "$tmp/whole" -type f | wc -l)" -eq "$(find "$tmp/cut" -type f | wc -l)"

finish
