"""`python -m dominoes --version`: the package's version (the release, as pip knows it) and the
commit its C++ module was built from (as `dominoes --version` names a build: the commit, with
"-dirty+diff.HASH" for uncommitted changes, or "unknown" when built outside a git checkout).
The programs themselves are `dominoes` and `solver`; docs/python.md teaches the package."""

import sys

import dominoes

HELP = """usage: python -m dominoes --version
  --version  print the package's version and the commit it was built from
  --help     print this help
The programs are `dominoes` and `solver` (each answers --help); `import dominoes` is the package."""


def version_line():
    """Returns "dominoes VERSION, commit COMMIT"."""
    return f"dominoes {dominoes.__version__}, commit {dominoes.build_version()}"


def main(args):
    """Returns the exit status for the command-line words `args`."""
    if args == ["--version"]:
        print(version_line())
        return 0
    if args in (["--help"], ["-h"]):
        print(HELP)
        return 0
    given = " ".join(args) if args else "no arguments"
    print(f"python -m dominoes: got {given}; valid: --version or --help", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
