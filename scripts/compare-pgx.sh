#!/usr/bin/env bash
# Batched stepping against Pgx, in one run on this machine: tabula's VectorEnv on Abagio
# against Pgx's backgammon, both on the CPU at batch 1024 (scripts/compare_pgx.py).
# Installs jax (its CPU build), pgx and tabula (pip install ./crates/python) from PyPI into a
# throwaway virtual environment, removed at exit.
#
#   scripts/compare-pgx.sh [--batch N] [--seconds S] [--threads T] [--json]
#
# Needs python3 with venv, a Rust toolchain, and network access to PyPI. See
# docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet "jax==${JAX_VERSION:-0.10.2}" "pgx==${PGX_VERSION:-2.6.0}" numpy
"$venv/bin/pip" install --quiet ./crates/python
"$venv/bin/python" scripts/compare_pgx.py "$@"
