# Shared by serve.sh and test.sh: a virtual environment in .venv with gamenight installed.
# On a fresh Debian, python3 -m venv needs the python3-venv package; it is installed when missing.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV="$ROOT/.venv"

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

require_python() {
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
        echo "gamenight needs Python 3.11 or newer; this python3 is $(python3 --version 2>&1)" >&2
        exit 1
    }
}

# What an install was made from: pyproject.toml and the lock files, hashed together. The checkout is installed
# in editable mode, so code changes need no reinstall; only a changed pyproject.toml (entry points) or lock does.
STAMP="$VENV/.gamenight-installed"

install_hash() {
    cat "$ROOT/pyproject.toml" "$ROOT"/requirements/*.txt | sha256sum | cut -d' ' -f1
}

installed_already() {  # installed_already LOCK: these files were installed, from requirements/LOCK.txt
    local hash
    hash=$(install_hash)
    [ -x "$VENV/bin/gamenight" ] && [ -f "$STAMP" ] || return 1
    if [ "$1" = serve ]; then
        grep -q "^$hash " "$STAMP"  # any install has what serving needs (test.txt holds serve.txt, same versions)
    elif [ "$1" = cluster ]; then
        grep -qE "^$hash (cluster|test)$" "$STAMP"  # test.txt holds cluster.txt too
    else
        grep -qxF "$hash $1" "$STAMP"
    fi
}

# install_gamenight LOCK: create .venv if needed and install this checkout into it, once, with the exact
# versions of requirements/LOCK.txt (serve: what `gamenight serve` needs on SQLite; cluster: PostgreSQL's and
# Redis's clients too; test: the test and gevent extras too; bash scripts/lock.sh makes them). Every file is
# checked against the lock's hashes. A second start with nothing changed touches no network (the server runs
# on a Wi-Fi without internet).
install_gamenight() {
    local lock=$1
    require_python
    if installed_already "$lock"; then
        return
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
            rm -rf "$VENV"
            apt_install python3-venv
            python3 -m venv "$VENV"
        fi
    fi
    # pip itself at the locked version, hash-checked: the venv's own pip is whatever this Python shipped
    # with, and an unpinned upgrade would be a different pip every month.
    "$VENV/bin/python" -m pip install -q --require-hashes -r "$ROOT/requirements/pip.txt"
    "$VENV/bin/python" -m pip install -q --require-hashes -r "$ROOT/requirements/$lock.txt"
    # The checkout itself: its dependencies are all in the lock (--no-deps), and the locked setuptools builds
    # it (--no-build-isolation: an isolated build would download an unchecked setuptools).
    "$VENV/bin/python" -m pip install -q --no-deps --no-build-isolation -e "$ROOT"
    echo "$(install_hash) $lock" >>"$STAMP"
}
