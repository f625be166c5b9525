#!/usr/bin/env bash
# Install everything the test suite needs, then run all of it: lint, format check, pytest.
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
install_gamenight "[test,gevent]"  # gevent: the third async mode is tested too
# The example house variant is an outside package: installed with pip like any plugin, then played by the tests.
"$VENV/bin/python" -m pip install -q "$ROOT/examples/hidden-spies" "$ROOT/examples/double-human"
# Browser tests drive Debian's Chromium through Playwright (Playwright's own browser download cannot work here).
if [ ! -x /usr/bin/chromium ]; then
    apt_install chromium fonts-dejavu-core fonts-liberation
fi
cd "$ROOT"
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
"$VENV/bin/python" -m pytest "$@"
# An outside package keeps its tests inside the package: they run as its author would run them.
"$VENV/bin/python" -m pytest -q "$ROOT/examples/double-human/tests"
