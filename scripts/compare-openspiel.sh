#!/usr/bin/env bash
# Measures every tabula game against the OpenSpiel game closest in kind, in one run on
# this machine: random-playout actions per second and MCTS simulations per second.
# Installs open_spiel from PyPI into a throwaway virtual environment (removed at exit).
#
#   scripts/compare-openspiel.sh [--quick]
#
# Needs python3 with venv, and network access to PyPI. See docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p tabula-cli
venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet "open_spiel==${OPEN_SPIEL_VERSION:-2.0.2}"
"$venv/bin/python" scripts/compare_openspiel.py target/release/tabula "$@"
