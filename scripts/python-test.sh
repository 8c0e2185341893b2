#!/usr/bin/env bash
# Builds the tabula Python package the way users install it (`pip wheel ./crates/python`:
# an abi3 wheel built by maturin in pip's isolated build environment, left in target/wheels)
# and installs it into a virtualenv,
# with the test dependencies from PyPI, and runs its tests (crates/python/tests).
#
#   scripts/python-test.sh [pytest arguments...]      (run on every core; `-n 0`: one process)
#
# TABULA_PYTHON_VENV: the virtualenv (default target/python-venv; made if missing).
# PYTHON: the interpreter that makes it (default python3, 3.9 or later).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${TABULA_PYTHON_VENV:-target/python-venv}"
python="${PYTHON:-python3}"

if ! [ -x "$venv/bin/python" ]; then
  echo "== making the virtualenv $venv"
  "$python" -m venv "$venv"
fi
py="$(cd "$venv" && pwd)/bin/python"
"$py" -m pip install -q --upgrade pip
echo "== pip wheel ./crates/python -> target/wheels (the abi3 wheel, kept as an artifact)"
# Built once per run, whatever version is there; then installed from the wheel, with the
# test extras, without building again.
rm -f target/wheels/tabula_games-*.whl
"$py" -m pip wheel -q --no-deps -w target/wheels ./crates/python
"$py" -m pip uninstall -q -y tabula tabula-games >/dev/null 2>&1 || true
wheel="$(ls target/wheels/tabula_games-*.whl)"
echo "$wheel"
# The file itself, never a name an index could answer with someone else's package.
"$py" -m pip install -q "$wheel[test]"
"$py" -c "import tabula; print('tabula', len(tabula.games()), 'games:', ', '.join(tabula.game_ids()))"

echo "== pytest crates/python/tests"
# From the tests' folder, so that `import tabula` is the installed package, not the
# sources in crates/python/python.
cd crates/python/tests
# On every core (pytest-xdist): about 8 minutes on the 2-core machine instead of 15 or more
# one test at a time. `-n 0` among the arguments runs them in one process.
# The slowest tests are listed at the end, so that the log says where the time goes.
exec "$py" -m pytest -q -n auto --durations=15 "$@"
