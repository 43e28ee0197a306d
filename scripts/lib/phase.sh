# shellcheck shell=bash
# Sourced by scripts/setup, scripts/sanitize and scripts/test (not a command of its own).
#
#   phase NAME COMMAND [ARG...]   runs COMMAND; when DOMINOES_PHASE_LOG names a file (scripts/test
#                                 sets it), appends NAME, the wall seconds and the CPU seconds
#                                 (user + system of the processes COMMAND waited for) to it, one
#                                 tab-separated line, so that scripts/test can end with where its
#                                 time went. A failing COMMAND ends the script (set -e) unlogged.

# Writes bash's `times` to FILE. Called in this shell, not in a $(...) subshell, which would
# report its own (empty) children: the second line is every finished child's user and system time.
save_times() { times > "$1"; }

# The user + system seconds of the second line of `times` output in FILE.
children_cpu_seconds() {
  awk 'NR == 2 { s = 0
    for (i = 1; i <= NF; i++) { split($i, ms, "m"); s += ms[1] * 60 + ms[2] }
    printf "%.1f\n", s }' "$1"
}

phase() {
  local name=$1 start=$SECONDS before after
  shift
  if [ -z "${DOMINOES_PHASE_LOG:-}" ]; then "$@"; return; fi
  before=$DOMINOES_PHASE_LOG.before after=$DOMINOES_PHASE_LOG.after
  save_times "$before"
  "$@"
  save_times "$after"
  printf '%s\t%s\t%s\n' "$name" "$((SECONDS - start))" \
    "$(awk -v a="$(children_cpu_seconds "$before")" -v b="$(children_cpu_seconds "$after")" \
         'BEGIN { printf "%.0f", b - a }')" >> "$DOMINOES_PHASE_LOG"
  rm -f "$before" "$after"
}
