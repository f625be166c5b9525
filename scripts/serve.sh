#!/usr/bin/env bash
# Install gamenight into .venv and start the server on its embedded SQLite store.
# Any arguments go to `gamenight serve` (try --help).
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
install_gamenight serve  # requirements/serve.txt: the exact versions, hash-checked
exec "$VENV/bin/gamenight" serve "$@"
