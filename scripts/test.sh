#!/usr/bin/env bash
# Install everything the test suite needs, then run all of it: lint, format check, pytest.
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
install_gamenight "[test]"
cd "$ROOT"
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
"$VENV/bin/python" -m pytest "$@"
