#!/usr/bin/env bash
# Runs one Python test of tests/venv/ with the virtual environment's python (build/venv, made by
# scripts/python-env: gymnasium, pettingzoo, open-spiel, numpy) and the build tree's package
# first on the path (PYTHONPATH=BUILD/python), so a test sees the code just built. Exits 77
# (CTest: skipped) with one line when the venv is missing.
# Usage: run_venv_test.sh VENV_DIR BUILD_PYTHON_DIR TEST_FILE
set -u
venv=${1:?usage: $0 VENV_DIR BUILD_PYTHON_DIR TEST_FILE}
build_python=${2:?usage: $0 VENV_DIR BUILD_PYTHON_DIR TEST_FILE}
test_file=${3:?usage: $0 VENV_DIR BUILD_PYTHON_DIR TEST_FILE}
if [ ! -x "$venv/bin/python" ]; then
  echo "SKIP: no virtual environment at $venv (scripts/python-env makes it)"
  exit 77
fi
cd "$(mktemp -d)" || exit 1  # outside the repository: nothing is imported from the source tree
PYTHONPATH=$build_python exec "$venv/bin/python" "$test_file"
