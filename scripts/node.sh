#!/usr/bin/env bash
# Install gamenight with PostgreSQL's and Redis's clients into .venv and start the server: a server on
# PostgreSQL, or a cluster's node (docs/deploy.md). Any arguments go to `gamenight serve` (try --help).
set -euo pipefail
source "$(dirname "$0")/bootstrap.sh"
install_gamenight cluster  # requirements/cluster.txt: the exact versions, hash-checked
exec "$VENV/bin/gamenight" serve "$@"
