# shellcheck shell=bash
# Sourced by the bash scripts in scripts/ (not a command of its own).
#
#   help_if_asked "$@"   when the first argument is -h or --help, prints the calling script's
#                        header comment (from its second line to the first line that is not a
#                        comment, each without its "# ") and exits 0, before the script does
#                        anything else: asking a script what it does never starts a build or a run.
help_if_asked() {
  case "${1:-}" in
    -h | --help)
      awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"
      exit 0
      ;;
  esac
}
