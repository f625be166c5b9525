#!/usr/bin/env bash
# Install everything the test suite needs, then run all of it: lint, format check, pytest.
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
install_gamenight test  # requirements/test.txt: the test and gevent extras too (gevent: the third async mode is tested)
# The example house variants are outside packages: installed with pip like any plugin, then played by the tests.
# Their only dependencies (gamenight, pytest) are installed already, from the lock.
"$VENV/bin/python" -m pip install -q --no-deps --no-build-isolation "$ROOT/examples/hidden-spies" "$ROOT/examples/double-human"
# Debian's packages the tests use: Chromium, driven through Playwright (Playwright's own browser download cannot
# work here); PostgreSQL, Redis and HAProxy for the cluster's tests, each started by the tests themselves.
missing=()
if [ ! -x /usr/bin/chromium ]; then
    missing+=(chromium fonts-dejavu-core fonts-liberation)
fi
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    missing+=(postgresql)
fi
if ! command -v redis-server >/dev/null; then
    missing+=(redis-server)
fi
if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then  # /usr/sbin: not on a user's PATH
    missing+=(haproxy)
fi
if [ ${#missing[@]} -gt 0 ]; then
    apt_install "${missing[@]}"
fi
cd "$ROOT"
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
if [ $# -eq 0 ]; then
    # Outside the browser the suite runs in four workers, a module to a worker (its fixtures start once): much
    # of it waits on real servers, clocks and leases, so four keep two cores busy. The browser tests run after
    # it in two workers, each with its own server and Chromium: a test is one pipeline (pytest, the page, the
    # server) that cannot keep two cores busy by itself. Their slowest are listed, to show where time goes.
    "$VENV/bin/python" -m pytest -n 4 --dist loadfile --ignore=tests/browser
    "$VENV/bin/python" -m pytest -n 2 --dist loadfile tests/browser --durations=12
    # An outside package keeps its tests inside the package: they run as its author would run them, with
    # gamenight's test kit (its pytest plugin is installed with gamenight).
    "$VENV/bin/python" -m pytest -q "$ROOT/examples/double-human/tests" "$ROOT/examples/hidden-spies/tests"
else
    "$VENV/bin/python" -m pytest "$@"
fi
