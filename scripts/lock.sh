#!/usr/bin/env bash
# Regenerate the lock files that scripts/serve.sh and scripts/test.sh install from: exact versions, each with
# the hashes of every file PyPI has for it (any platform), so that an install today and one in a year get the
# same packages.
#
#   requirements/pip.txt    the pip that installs the others
#   requirements/test.txt   pyproject.toml's dependencies with the test (cluster too) and gevent extras, and the
#                           build backend
#   requirements/serve.txt  the dependencies alone (what `gamenight serve` needs on SQLite), at test.txt's versions
#   requirements/cluster.txt  the dependencies with the cluster extra (PostgreSQL, a cluster's node), likewise
#
# When to run it: after changing a dependency in pyproject.toml (the versions already locked are kept
# wherever they still fit), or to move to newer releases on purpose (--upgrade, or --upgrade-package NAME).
# Then run bash scripts/test.sh, and commit the lock files with the change. Any arguments go to
# `uv pip compile` (e.g. --upgrade-package eventlet, -c CONSTRAINTS). It needs the internet (PyPI).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
UV_VERSION=0.13.9  # the resolver: pinned, so that the same inputs give the same lock files
PYTHON_VERSION=3.11  # the oldest Python pyproject.toml allows; the resolution is universal (every platform)

TOOLS=$(mktemp -d)
trap 'rm -rf "$TOOLS"' EXIT
python3 -m venv "$TOOLS/venv"  # a throwaway environment: the resolver is no dependency of gamenight
"$TOOLS/venv/bin/python" -m pip install -q "uv==$UV_VERSION"

cd "$ROOT"
# The build backend (pyproject.toml's [build-system] requires) is locked too: the checkout and the example
# packages are installed without build isolation, which would download it unchecked.
mkdir -p "$TOOLS/in"
"$TOOLS/venv/bin/python" -c '
import sys, tomllib
with open("pyproject.toml", "rb") as f:
    print("\n".join(tomllib.load(f)["build-system"]["requires"]))
' >"$TOOLS/in/build-system.txt"
echo pip >"$TOOLS/in/pip.txt"

compile() {  # compile OUTPUT INPUTS... [OPTIONS]
    local output=$1
    shift
    UV_NO_CONFIG=1 "$TOOLS/venv/bin/uv" pip compile --quiet --universal --python-version "$PYTHON_VERSION" \
        --generate-hashes --index-url https://pypi.org/simple --custom-compile-command "bash scripts/lock.sh" \
        --output-file "$output" "$@"
}

(cd "$TOOLS/in" && compile "$ROOT/requirements/pip.txt" pip.txt "$@")
(cd "$TOOLS/in" && compile "$ROOT/requirements/test.txt" "$ROOT/pyproject.toml" build-system.txt \
    --extra test --extra gevent "$@")
(cd "$TOOLS/in" && compile "$ROOT/requirements/serve.txt" "$ROOT/pyproject.toml" build-system.txt \
    -c "$ROOT/requirements/test.txt" "$@")
(cd "$TOOLS/in" && compile "$ROOT/requirements/cluster.txt" "$ROOT/pyproject.toml" build-system.txt \
    --extra cluster -c "$ROOT/requirements/test.txt" "$@")
# uv names the inputs as given: the checkout's absolute path would differ from one clone to the next.
sed -i "s|$ROOT/||g" requirements/pip.txt requirements/test.txt requirements/serve.txt requirements/cluster.txt
echo "locked: $(grep -c '==' requirements/serve.txt) packages to serve, $(grep -c '==' requirements/test.txt) to test"
